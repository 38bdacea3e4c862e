// The web extension (vscode.dev, github.dev): the language server runs in a Web Worker (dist/web/server.js,
// server/src/webServer.ts) and reads the workspace through this client (files.ts). The features are the
// desktop's (../features.ts). What needs a process is absent: git (no comparison with the committed
// version: said once, in a status item), and the MCP server for agent mode.
import { StatusBarAlignment, Uri, window, workspace, type ExtensionContext, type LogOutputChannel } from 'vscode';
import {
  BrowserMessageReader,
  BrowserMessageWriter,
  LanguageClient,
  type LanguageClientOptions,
  type MessageTransports,
} from 'vscode-languageclient/browser';
import { registerFeatures } from '../features';
import { serveFiles } from './files';

let client: LanguageClient | undefined;

/** The schemes of the documents the server is given (`*`: any, when no folder is open). */
function folderSchemes(): string[] {
  const schemes = new Set((workspace.workspaceFolders ?? []).map((f) => f.uri.scheme));
  return schemes.size === 0 ? ['*'] : [...schemes, 'untitled'];
}

export async function activate(context: ExtensionContext): Promise<{ ready: Promise<void>; client: LanguageClient }> {
  const output: LogOutputChannel = window.createOutputChannel('Cloud Resource Manifests', { log: true });
  const clientOptions: LanguageClientOptions = {
    // The workspace folders' schemes (vscode-vfs: on github.dev, the local folder's on vscode.dev) and
    // untitled documents; not the other side of a diff (a `git:` or a pull request's document). No folder:
    // whatever YAML is opened.
    documentSelector: folderSchemes().map((scheme) => ({ scheme, language: 'yaml' })),
    synchronize: {
      configurationSection: 'cloudManifests',
      fileEvents: workspace.createFileSystemWatcher('**/{*.yaml,*.yml,Kustomization}'),
    },
    // Plain data (a message to a worker is cloned: the configuration object's methods cannot be).
    initializationOptions: {
      settings: JSON.parse(JSON.stringify(workspace.getConfiguration('cloudManifests'))) as unknown,
      indexChanged: true,
    },
    outputChannel: output,
    traceOutputChannel: output,
  };
  const main = Uri.joinPath(context.extensionUri, 'dist', 'web', 'server.js').toString(true);
  const dist = Uri.joinPath(context.extensionUri, 'dist').toString(true);
  // The page's Worker (no DOM types in this project); a new one each start, the last one ended. Transports
  // made here: the extension host's Worker is not always the class the library's `instanceof` expects.
  const { Worker } = globalThis as unknown as { Worker: new (url: string, options: { name: string }) => never };
  let worker: { terminate(): void } | undefined;
  const transports = (): Promise<MessageTransports> => {
    worker?.terminate();
    // Named with dist/'s address: the server finds the files beside it there (server/src/web/editorFiles.ts).
    const w = new Worker(main, { name: dist });
    worker = w;
    return Promise.resolve({ reader: new BrowserMessageReader(w), writer: new BrowserMessageWriter(w) });
  };
  const lc = new LanguageClient('cloudManifests', 'Cloud Resource Manifests', transports, clientOptions);
  client = lc;
  serveFiles(lc);
  const ready = lc.start();
  ready.catch((e) => output.error(`the language server did not start: ${e instanceof Error ? e.stack : String(e)}`));
  registerFeatures(context, lc, ready, output, async () => {
    await lc.stop();
    await lc.start();
  });

  // Said once, where it stays: what the desktop does with git is not done here.
  const status = window.createStatusBarItem('cloudManifests.web', StatusBarAlignment.Right, 0);
  status.name = 'Cloud Resource Manifests';
  status.text = '$(info) Manifests: no git comparison';
  status.tooltip =
    'Cloud Resource Manifests in the browser: every check runs here, but the comparison with the committed ' +
    'version (cloudManifests.compareWith) needs git, which the browser does not have. Use VS Code on the desktop for it.';
  status.show();
  context.subscriptions.push(status);
  await ready.catch(() => undefined);
  return { ready, client: lc };
}

export async function deactivate(): Promise<void> {
  await client?.stop();
}
