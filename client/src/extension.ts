// The VS Code client: starts the bundled language server (`dist/server.js`) over IPC for YAML documents
// (files and untitled), forwards the `cloudManifests` settings (a change re-validates at once), and adds
// the commands and the owner tree (features.ts, shared with the web extension: web/extension.ts). vscode-languageclient restarts a crashed server (its default error
// handler: up to 4 restarts within 3 minutes), so no errorHandler is set here.
import * as path from 'node:path';
import { window, workspace, type ExtensionContext, type LogOutputChannel } from 'vscode';
import { SERVER_ENV, SERVER_NODE_ARGS } from '../../server/src/protocol/launch';
import {
  LanguageClient,
  TransportKind,
  type LanguageClientOptions,
  type ServerOptions,
} from 'vscode-languageclient/node';
import { registerFeatures } from './features';
import { registerMcpServer } from './mcpServer';

let client: LanguageClient | undefined;

/** What the extension exports (for tests and other extensions). */
export interface CloudManifestsApi {
  /** Resolves once the language server is running. */
  ready: Promise<void>;
  client: LanguageClient;
}

export async function activate(context: ExtensionContext): Promise<CloudManifestsApi> {
  const module = context.asAbsolutePath(path.join('dist', 'server.js'));
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc, options: { execArgv: [...SERVER_NODE_ARGS], env: { ...SERVER_ENV } } },
    debug: {
      module,
      transport: TransportKind.ipc,
      options: { execArgv: [...SERVER_NODE_ARGS, '--nolazy', '--inspect=6009'], env: { ...SERVER_ENV } },
    },
  };
  const output: LogOutputChannel = window.createOutputChannel('Cloud Resource Manifests', { log: true });
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'yaml' },
      { scheme: 'untitled', language: 'yaml' },
    ],
    synchronize: {
      // Pushes `workspace/didChangeConfiguration` with the section on every change: the server re-validates.
      configurationSection: 'cloudManifests',
      // Kustomize's extensionless `Kustomization` decides which files are patches: watched too.
      fileEvents: workspace.createFileSystemWatcher('**/{*.yaml,*.yml,Kustomization}'),
    },
    // `indexChanged`: the server notifies index changes (cloudManifests/indexChanged), for the owner tree.
    // `trusted`: a restricted workspace's own folder is not where the server reads its facts cache from.
    initializationOptions: {
      settings: workspace.getConfiguration('cloudManifests'),
      indexChanged: true,
      trusted: workspace.isTrusted,
    },
    // One channel for the server's log and, with `cloudManifests.trace.server`, the protocol trace.
    outputChannel: output,
    traceOutputChannel: output,
  };
  // The id `cloudManifests` makes the client read `cloudManifests.trace.server`.
  const lc = new LanguageClient('cloudManifests', 'Cloud Resource Manifests', serverOptions, clientOptions);
  client = lc;
  const ready = lc.start();
  ready.catch((e) => output.error(`the language server did not start: ${e instanceof Error ? e.stack : String(e)}`));

  registerFeatures(context, lc, ready, output, () => lc.restart());
  // Agent mode finds the MCP server (VS Code 1.101 and later; nothing on older ones).
  const mcp = registerMcpServer(context.extensionPath, String(context.extension.packageJSON.version ?? ''));
  if (mcp) context.subscriptions.push(mcp);
  await ready.catch(() => undefined);
  return { ready, client: lc };
}

export async function deactivate(): Promise<void> {
  await client?.stop();
}
