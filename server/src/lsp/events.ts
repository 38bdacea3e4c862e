// Document and file events: edits, closes, files created, changed or deleted on disk, and pulled diagnostics.
import { baseOnOpenOrSave } from './gitBases';
import { isFolder } from '../io/fileKind';
import { uriOf } from '../io/paths';
import {
  DocumentDiagnosticReportKind,
  DocumentDiagnosticRequest,
  WorkspaceDiagnosticRequest,
  FileChangeType,
  type DocumentDiagnosticParams,
  type DocumentDiagnosticReport,
  type WorkspaceDiagnosticParams,
  type WorkspaceDiagnosticReport,
} from 'vscode-languageserver';
import { workspaceDiagnostics } from './workspaceDiagnostics';
import { sameDiagnostics } from './diagnosticJson';
import { isYamlName } from '../io/folderWalk';
import { guarded } from './lifecycle';
import { documentParams, watchedFileChanges, workspaceDiagnosticParams } from './params';
import { awaitsKinds, diagnosticsOf, documentChanged, kindsSettled, markDirty } from './publish';
import { crdFileChanged } from './crdFiles';
import { forgetLarge } from './largeDocs';
import { forget as forgetOffThread } from './offThread';
import { isYaml, openDoc, safely, type ServerState } from './state';
import { containedPath, enqueue, inWorkspace, listYamlFiles, readText, reportSkipped } from './workspaceFolders';

export function registerDocumentEvents(s: ServerState): void {
  const { client, connection, documents, publish } = s;
  // TextDocuments fires onDidOpen, then onDidChangeContent, for one didOpen.
  let opening: string | undefined;
  documents.onDidOpen((e) => {
    opening = e.document.uri;
    baseOnOpenOrSave(s, e.document.uri);
  });
  documents.onDidSave((e) => baseOnOpenOrSave(s, e.document.uri));
  documents.onDidChangeContent((e) => {
    documentChanged(s, e.document.uri, opening === e.document.uri);
    opening = undefined;
  });

  documents.onDidClose((e) => {
    const uri = e.document.uri;
    s.host.apply({ kind: 'close', uri });
    forgetLarge(s, uri);
    forgetOffThread(s, uri);
    s.openDocs.delete(uri);
    publish.changedDocs.delete(uri);
    publish.closedPublished.delete(uri);
    if (!client.pullDiagnostics) void connection.sendDiagnostics({ uri, diagnostics: [] });
    // The file falls back to its content on disk (or leaves the index).
    enqueue(s, async () => {
      if (documents.get(uri)) return;
      const text = inWorkspace(s, uri) && isYamlName(uri) ? await readText(s, uri) : undefined;
      if (documents.get(uri)) return;
      markDirty(s, s.host.apply({ kind: 'file', uri, file: text }));
    });
  });

  connection.onDidChangeWatchedFiles((params) => {
    const { changes, problem } = watchedFileChanges(params);
    if (problem) connection.console.warn(`cloud-manifests: workspace/didChangeWatchedFiles: ${problem}; ignored`);
    enqueue(s, async () => {
      // What the changes may affect (each change's own answer: dependents, overlays, files it re-roles).
      const touched = new Set<string>();
      const affects = (uri: string, text: string | undefined) => {
        for (const u of s.host.apply({ kind: 'file', uri, file: text })) touched.add(u);
      };
      let crds = false;
      for (const change of changes) {
        const uri = change.uri;
        // A file of the `crds` setting the index does not hold (outside the workspace, or left out by the scan).
        if (await crdFileChanged(s, uri, change.type === FileChangeType.Deleted)) {
          crds = true;
          continue;
        }
        if (change.type === FileChangeType.Deleted) {
          // A file, or a folder: every indexed file below it.
          const prefix = uri.endsWith('/') ? uri : `${uri}/`;
          // Queued to be indexed again (new kinds of CRDs, publish.ts) counts as indexed: it must not come back.
          for (const u of [uri, ...s.host.files().filter((x) => x.startsWith(prefix))]) {
            if (s.host.file(u).held && !documents.get(u)) affects(u, undefined);
          }
          continue;
        }
        if (documents.get(uri)) continue; // the open document's content wins
        // Only a path inside a workspace folder, links resolved (a link to / or /dev/zero is never read).
        const path = await containedPath(s, uri);
        if (!path) {
          // Indexed before (a file since removed, or replaced by a link leading out): it leaves the index.
          if (s.host.file(uri).held && !documents.get(uri)) affects(uri, undefined);
          continue;
        }
        let found: string[] = [];
        if (isYamlName(path)) found = [path];
        else {
          // A folder created or moved in: its YAML files.
          if (await isFolder(path)) {
            const listed = await listYamlFiles(s, path, s.ws.scanGeneration);
            reportSkipped(s, listed.skipped);
            found = listed.files;
          }
        }
        for (const p of found) {
          const u = uriOf(p);
          if (documents.get(u)) continue;
          // A kustomization or Chart.yaml: the files it makes (or stops making) patches or templates, open or
          // not, read differently now (the change's answer holds them).
          affects(u, await readText(s, u));
        }
      }
      if (touched.size > 0) markDirty(s, touched);
      // The publish flush builds the registry again from the CRDs read, and re-publishes what that changes.
      else if (crds) markDirty(s, []);
    });
  });

  const pullDocument = guarded(
    s.life,
    documentParams,
    (params: DocumentDiagnosticParams, token): DocumentDiagnosticReport | Promise<DocumentDiagnosticReport> => {
      const waiting = documents.get(params.textDocument.uri);
      // A manifest of a kind the workspace's CRDs may define is answered once they are read (publish.ts).
      if (waiting && isYaml(waiting) && safely(s, () => awaitsKinds(s, waiting), false))
        return kindsSettled(s, token).then(() => pullReport(params));
      return pullReport(params);
    },
  );
  // Through `onRequest` for the reason given in requests.ts (null params answered -32602, not a TypeError);
  // `guarded` passes a promise through.
  connection.onRequest(
    DocumentDiagnosticRequest.type,
    (params, token) => pullDocument(params, token) as DocumentDiagnosticReport | Promise<DocumentDiagnosticReport>,
  );

  /** An open document's pull: its diagnostics now, or `unchanged` when the client has them already. */
  const pullReport = (params: DocumentDiagnosticParams): DocumentDiagnosticReport => {
    const uri = params.textDocument.uri;
    const doc = documents.get(uri);
    const items = doc ? safely(s, () => diagnosticsOf(s, doc), []) : [];
    if (!doc) return { kind: DocumentDiagnosticReportKind.Full, items };
    // The client has the last report and nothing in it changed: it is not sent again (an edit of a large
    // file that changes none of its problems costs no serialising of them, nor the client's reading).
    const record = openDoc(s, uri);
    const last = record.pulled;
    if (last && params.previousResultId === last.resultId && sameDiagnostics(last.items, items))
      return { kind: DocumentDiagnosticReportKind.Unchanged, resultId: last.resultId };
    const resultId = String(++s.publish.pullResults);
    record.pulled = { resultId, items };
    return { kind: DocumentDiagnosticReportKind.Full, resultId, items };
  };

  const pullWorkspace = guarded(s.life, workspaceDiagnosticParams, (params: WorkspaceDiagnosticParams, token) =>
    workspaceDiagnostics(s, params, token),
  );
  // `guarded` passes a promise through (its type says "a result or a promise of it"). Through `onRequest`
  // as above: `onWorkspace` reads `params.workDoneToken` before the check.
  connection.onRequest(
    WorkspaceDiagnosticRequest.type,
    (params, token) => pullWorkspace(params, token) as Promise<WorkspaceDiagnosticReport>,
  );
}
