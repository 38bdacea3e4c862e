// The extension's own requests, registered on the connection next to the standard ones:
//   cloudManifests/checkWorkspace — "Check Workspace Manifests": every file's diagnostics, for Problems;
//   cloudManifests/ownerGraph     — the explorer's owner tree (service/workspace/ownerGraph.ts).
// Both read the server's workspace index, current with the open documents. See ../protocol/customRequests.ts for the
// messages, which the client shares.
import {
  ErrorCodes,
  ProtocolRequestType,
  ResponseError,
  type CancellationToken,
  type Diagnostic,
} from 'vscode-languageserver';
import {
  CHECK_WORKSPACE,
  OWNER_GRAPH,
  type CheckedFile,
  type CheckWorkspaceParams,
  type CheckWorkspaceResult,
  type OwnerGraphParams,
  type OwnerGraphResult,
} from '../protocol/customRequests';
import { WORKSPACE_SCOPE } from '../service/core/scope';
import { resourceGraph } from '../service/host/navigation';
import { isLargeDoc, largeDiagnosticsWhenDone } from './largeDocs';
import { checkLife } from './lifecycle';
import { checkWorkspaceParams } from './params';
import { diagnosticsOf, syncAll } from './publish';
import { allDiagnostics } from './fileDiagnostics';
import { logError, type ServerState } from './state';
import { readText } from './workspaceFolders';

const checkWorkspaceRequest = new ProtocolRequestType<CheckWorkspaceParams, CheckWorkspaceResult, never, void, void>(
  CHECK_WORKSPACE,
);
const ownerGraphRequest = new ProtocolRequestType<OwnerGraphParams, OwnerGraphResult, never, void, void>(OWNER_GRAPH);

/** URIs of every YAML file of the workspace, `cloudManifests.exclude` applied, and of the open documents. */
async function listFiles(s: ServerState): Promise<string[]> {
  await s.ws.scanDone;
  syncAll(s);
  return s.host.files().filter((u) => s.host.file(u).scope === WORKSPACE_SCOPE || s.documents.get(u));
}

/**
 * The diagnostics of a file exactly as the server publishes them for an open document (settings and
 * cross-file checks applied); undefined when the file cannot be read.
 */
async function fileDiagnostics(s: ServerState, uri: string): Promise<Diagnostic[] | undefined> {
  const doc = s.documents.get(uri);
  // Too large to check in full: its message and syntax errors, once they are known (largeDocs.ts).
  if (doc && isLargeDoc(s, doc)) return largeDiagnosticsWhenDone(s, uri, doc.getText());
  if (doc) return diagnosticsOf(s, doc);
  const file = s.host.file(uri);
  const indexed = file.indexed !== undefined;
  // Read from disk only inside the workspace folders (readText refuses anything else).
  const text = indexed ? file.userText() : await readText(s, uri);
  if (text === undefined) return undefined;
  if (file.entry(text) === 'tooLarge') return largeDiagnosticsWhenDone(s, uri, text);
  return allDiagnostics(s, uri, indexed ? undefined : s.host.parse(text, { as: uri }));
}

/** Lets other requests in between: a 10,000-file check must not make the editor wait for hover. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
const SLICE_MS = 15;

/** Runs `fn` over items, yielding to the event loop every few milliseconds; stops when cancelled. */
async function eachSliced<T>(
  items: readonly T[],
  token: CancellationToken | undefined,
  fn: (item: T, i: number) => Promise<void>,
): Promise<boolean> {
  let sliceStart = Date.now();
  for (let i = 0; i < items.length; i++) {
    if (Date.now() - sliceStart > SLICE_MS) {
      await yieldToEventLoop();
      sliceStart = Date.now();
    }
    if (token?.isCancellationRequested) return false;
    await fn(items[i], i);
  }
  return true;
}

async function checkWorkspace(
  s: ServerState,
  params: CheckWorkspaceParams,
  token?: CancellationToken,
  progress?: (done: number, total: number) => void,
): Promise<CheckWorkspaceResult> {
  const uris = params.uris ?? (await listFiles(s));
  const files: CheckedFile[] = [];
  const unreadable: string[] = [];
  const done = await eachSliced(uris, token, async (uri, i) => {
    let diagnostics: Diagnostic[] | undefined;
    try {
      diagnostics = await fileDiagnostics(s, uri);
    } catch {
      diagnostics = undefined;
    }
    if (diagnostics) files.push({ uri, diagnostics });
    else unreadable.push(uri);
    progress?.(i + 1, uris.length);
  });
  return { files, unreadable, cancelled: !done };
}

async function buildOwnerGraph(s: ServerState): Promise<OwnerGraphResult> {
  const uris = await listFiles(s);
  syncAll(s);
  // The workspace's manifests as written, then each overlay's rendered result under its own node; a
  // template's names as written (`{{ .Values.name }}-blob`), not its mask.
  return { nodes: resourceGraph(s.host, uris) };
}

export function registerCommands(s: ServerState): void {
  const { connection } = s;
  const log = (e: unknown) => logError(s, e);
  // Like every request: refused before `initialize` and after `shutdown` (lifecycle.ts).
  connection.onRequest(checkWorkspaceRequest, async (params, token) => {
    checkLife(s.life);
    const problem = checkWorkspaceParams(params);
    if (problem) throw new ResponseError(ErrorCodes.InvalidParams, problem);
    const reporter = connection.window.attachWorkDoneProgress(params?.workDoneToken);
    reporter.begin('Checking manifests', 0, undefined, false);
    let lastReport = 0;
    try {
      return await checkWorkspace(s, params ?? {}, token, (n, total) => {
        const now = Date.now();
        if (now - lastReport < 100 && n < total) return;
        lastReport = now;
        reporter.report(Math.floor((n / Math.max(1, total)) * 100), `${n}/${total} files`);
      });
    } catch (e) {
      log(e);
      throw e;
    } finally {
      reporter.done();
    }
  });
  connection.onRequest(ownerGraphRequest, async () => {
    checkLife(s.life);
    try {
      return await buildOwnerGraph(s);
    } catch (e) {
      log(e);
      throw e;
    }
  });
}
