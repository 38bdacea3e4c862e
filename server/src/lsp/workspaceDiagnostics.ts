// Problems for every manifest of the workspace, not only the open files (`cloudManifests.problems.scope`:
// `workspace`, the default): a closed file's own checks and the cross-document ones. A client that pulls
// gets them from `workspace/diagnostic` (LSP 3.17), each file with a result id that changes only when the
// file or what it depends on changed, so a poll answers "unchanged" for the rest; a client that does not
// pull gets them published (publish.ts). Open documents are left to the document's own diagnostics.
import {
  DocumentDiagnosticReportKind,
  type CancellationToken,
  type WorkspaceDiagnosticParams,
  type WorkspaceDiagnosticReport,
  type WorkspaceDocumentDiagnosticReport,
} from 'vscode-languageserver';
import { isYamlName } from '../io/folderWalk';
import { WORKSPACE_SCOPE } from '../service/core/scope';
import { cancelled } from './lifecycle';
import { closedFileDiagnostics, workspaceWide } from './fileDiagnostics';
import { safely, type ServerState } from './state';

/** The files whose problems show while closed: indexed files of the workspace folders, not open. */
export function closedWorkspaceFiles(s: ServerState): string[] {
  return s.host.files(WORKSPACE_SCOPE).filter((u) => !s.documents.get(u) && isYamlName(u) && s.host.file(u).indexed);
}

/** A file's result id: the settings' generation and the file's own (both bumped by publish.ts's markDirty). */
const resultIdOf = (s: ServerState, uri: string) => `${s.publish.epoch}.${s.publish.stamps.get(uri) ?? 0}`;

const yieldNow = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * `workspace/diagnostic`: after the workspace scan, every closed workspace file, unchanged where the client
 * holds the current result; files it holds results for that left the workspace (or every file, with the
 * `openFiles` scope) are emptied. Computed in slices so other requests are answered meanwhile.
 */
export async function workspaceDiagnostics(
  s: ServerState,
  params: WorkspaceDiagnosticParams,
  token?: CancellationToken,
): Promise<WorkspaceDiagnosticReport> {
  // After the first scan (it starts once the settings are read, after `initialized`): a poll before it
  // would compute every file twice.
  const { ws } = s;
  while (ws.folders.length > 0 && (ws.scanGeneration === 0 || !ws.indexComplete)) {
    await (ws.scanGeneration === 0 ? new Promise((r) => setTimeout(r, 20)) : ws.scanDone);
    if (token?.isCancellationRequested) throw cancelled();
  }
  const previous = new Map((params.previousResultIds ?? []).map((p) => [p.uri, p.value]));
  const items: WorkspaceDocumentDiagnosticReport[] = [];
  const uris = workspaceWide(s) ? closedWorkspaceFiles(s) : [];
  const wanted = new Set(uris);
  for (const [uri] of previous)
    if (!wanted.has(uri) && !s.documents.get(uri))
      items.push({ kind: DocumentDiagnosticReportKind.Full, uri, version: null, items: [] });
  let slice = Date.now();
  for (const uri of uris) {
    const resultId = resultIdOf(s, uri);
    if (previous.get(uri) === resultId) {
      items.push({ kind: DocumentDiagnosticReportKind.Unchanged, uri, version: null, resultId });
      continue;
    }
    const diagnostics = safely(s, () => closedFileDiagnostics(s, uri), []);
    items.push({ kind: DocumentDiagnosticReportKind.Full, uri, version: null, resultId, items: diagnostics });
    if (Date.now() - slice > 15) {
      await yieldNow();
      if (token?.isCancellationRequested) throw cancelled();
      slice = Date.now();
    }
  }
  return { items };
}
