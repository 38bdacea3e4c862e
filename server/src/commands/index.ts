// The server side of the VS Code extension's commands: two custom requests registered on the connection.
//   cloudManifests/checkWorkspace — "Check Workspace Manifests": every file's diagnostics, for Problems;
//   cloudManifests/ownerGraph     — the explorer's owner tree.
// They read the workspace through `CommandDeps`: the server gives its workspace index; `createDefaultDeps`
// builds one by walking the workspace folders. See protocol.ts for the messages.
import {
  ProtocolRequestType,
  type CancellationToken,
  type Connection,
  type Diagnostic,
  type Disposable,
} from 'vscode-languageserver';
import type { WorkspaceIndex } from '../service/workspace/index';
import { ownerGraph } from './graph';
import {
  CHECK_WORKSPACE,
  OWNER_GRAPH,
  type CheckedFile,
  type CheckWorkspaceParams,
  type CheckWorkspaceResult,
  type OwnerGraphParams,
  type OwnerGraphResult,
} from './protocol';

export * from './protocol';
export { createDefaultDeps, type DefaultDepsOptions } from './defaultDeps';
export { ownerGraph } from './graph';

type MaybePromise<T> = T | Promise<T>;

/** What the handlers need from the server. */
export interface CommandDeps {
  /** URIs of every YAML file of the workspace, `cloudManifests.exclude` applied (open or not). */
  listFiles(): MaybePromise<readonly string[]>;
  /** The workspace index, current with open documents: the owner tree resolves owners through it. */
  index(): MaybePromise<WorkspaceIndex>;
  /**
   * The diagnostics of a file exactly as the server publishes them for an open document (settings and
   * cross-file checks applied); undefined when the file cannot be read.
   */
  diagnostics(uri: string): MaybePromise<Diagnostic[] | undefined>;
}

export const checkWorkspaceRequest = new ProtocolRequestType<
  CheckWorkspaceParams,
  CheckWorkspaceResult,
  never,
  void,
  void
>(CHECK_WORKSPACE);
export const ownerGraphRequest = new ProtocolRequestType<OwnerGraphParams, OwnerGraphResult, never, void, void>(
  OWNER_GRAPH,
);

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

export async function checkWorkspace(
  deps: CommandDeps,
  params: CheckWorkspaceParams,
  token?: CancellationToken,
  progress?: (done: number, total: number) => void,
): Promise<CheckWorkspaceResult> {
  const uris = params.uris ?? [...(await deps.listFiles())];
  const files: CheckedFile[] = [];
  const unreadable: string[] = [];
  const done = await eachSliced(uris, token, async (uri, i) => {
    let diagnostics: Diagnostic[] | undefined;
    try {
      diagnostics = await deps.diagnostics(uri);
    } catch {
      diagnostics = undefined;
    }
    if (diagnostics) files.push({ uri, diagnostics });
    else unreadable.push(uri);
    progress?.(i + 1, uris.length);
  });
  return { files, unreadable, cancelled: !done };
}

export async function buildOwnerGraph(deps: CommandDeps): Promise<OwnerGraphResult> {
  const uris = await deps.listFiles();
  return { nodes: ownerGraph(await deps.index(), uris) };
}

/** Registers both requests; call before `connection.listen()`. */
export function registerCommands(connection: Connection, deps: CommandDeps): Disposable {
  const log = (e: unknown) => connection.console.error(`cloud-manifests: ${(e as Error)?.stack ?? String(e)}`);
  const a = connection.onRequest(checkWorkspaceRequest, async (params, token) => {
    const reporter = connection.window.attachWorkDoneProgress(params?.workDoneToken);
    reporter.begin('Checking manifests', 0, undefined, false);
    let lastReport = 0;
    try {
      return await checkWorkspace(deps, params ?? {}, token, (n, total) => {
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
  const b = connection.onRequest(ownerGraphRequest, async () => {
    try {
      return await buildOwnerGraph(deps);
    } catch (e) {
      log(e);
      throw e;
    }
  });
  return { dispose: () => (a.dispose(), b.dispose()) };
}
