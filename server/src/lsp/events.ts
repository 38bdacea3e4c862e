// Document and file events: edits, closes, files created, changed or deleted on disk, and pulled diagnostics.
import { stat } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import {
  DocumentDiagnosticReportKind,
  DocumentDiagnosticRequest,
  FileChangeType,
  type DocumentDiagnosticParams,
} from 'vscode-languageserver/node';
import { parseFile } from '../service/parse';
import { isYamlName } from '../io/walk';
import { WORKSPACE_SCOPE } from '../service/workspace/manifest';
import { guarded } from './lifecycle';
import { documentParams, watchedFileChanges } from './params';
import { diagnosticsOf, documentChanged, markDirty } from './publish';
import { forgetLarge } from './largeDocs';
import { forgetDoc, safely, type ServerState } from './state';
import { enqueue, inWorkspace, listYamlFiles, pathOf, readText } from './workspace';

export function registerDocumentEvents(s: ServerState): void {
  const { client, connection, documents, index, publish } = s;
  documents.onDidChangeContent((e) => documentChanged(s, e.document.uri));

  documents.onDidClose((e) => {
    const uri = e.document.uri;
    forgetDoc(s, uri);
    forgetLarge(s, uri);
    s.outlined.delete(uri);
    s.indexedVersion.delete(uri);
    publish.changedDocs.delete(uri);
    publish.closedPublished.delete(uri);
    if (!client.pullDiagnostics) void connection.sendDiagnostics({ uri, diagnostics: [] });
    // The file falls back to its content on disk (or leaves the index).
    enqueue(s, async () => {
      if (documents.get(uri)) return;
      const text = inWorkspace(s, uri) && isYamlName(uri) ? await readText(uri) : undefined;
      if (documents.get(uri)) return;
      const keys = text !== undefined ? index.set(uri, parseFile(text), WORKSPACE_SCOPE) : index.remove(uri);
      markDirty(s, index.dependents([uri], keys));
    });
  });

  connection.onDidChangeWatchedFiles((params) => {
    const { changes, problem } = watchedFileChanges(params);
    if (problem) connection.console.warn(`cloud-manifests: workspace/didChangeWatchedFiles: ${problem}; ignored`);
    enqueue(s, async () => {
      const touched = new Set<string>();
      const keys: string[] = [];
      for (const change of changes) {
        const uri = change.uri;
        if (change.type === FileChangeType.Deleted) {
          // A file, or a folder: every indexed file below it.
          const prefix = uri.endsWith('/') ? uri : `${uri}/`;
          for (const u of [uri, ...index.uris().filter((x) => x.startsWith(prefix))]) {
            if (!index.has(u) || documents.get(u)) continue;
            for (const k of index.remove(u)) keys.push(k);
            touched.add(u);
          }
          continue;
        }
        if (documents.get(uri)) continue; // the open document's content wins
        const path = pathOf(uri);
        if (!path || !inWorkspace(s, uri)) continue;
        let found: string[] = [];
        if (isYamlName(path)) found = [path];
        else {
          // A folder created or moved in: its YAML files.
          const st = await stat(path).catch(() => undefined);
          if (st?.isDirectory()) found = await listYamlFiles(s, path, s.ws.scanGeneration);
        }
        for (const p of found) {
          const u = pathToFileURL(p).href;
          if (documents.get(u)) continue;
          const text = await readText(u);
          const changed = text === undefined ? index.remove(u) : index.set(u, parseFile(text), WORKSPACE_SCOPE);
          for (const k of changed) keys.push(k);
          touched.add(u);
        }
      }
      if (touched.size > 0) markDirty(s, index.dependents(touched, keys));
    });
  });

  // Through `onRequest` for the reason given in requests.ts (null params answered -32602, not a TypeError).
  connection.onRequest(
    DocumentDiagnosticRequest.type,
    guarded(s.life, documentParams, (params: DocumentDiagnosticParams) => {
      const doc = documents.get(params.textDocument.uri);
      const items = doc ? safely(s, () => diagnosticsOf(s, doc), []) : [];
      return { kind: DocumentDiagnosticReportKind.Full, items };
    }),
  );
}
