// The VS Code client: starts the bundled language server over IPC for YAML documents (files and
// untitled) and forwards the `cloudManifests` settings. vscode-languageclient restarts a crashed server.
import * as path from 'node:path';
import { workspace, type ExtensionContext } from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';

let client: LanguageClient | undefined;

export async function activate(context: ExtensionContext): Promise<void> {
  const module = context.asAbsolutePath(path.join('dist', 'server.js'));
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc },
    debug: { module, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6009'] } },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'yaml' },
      { scheme: 'untitled', language: 'yaml' },
    ],
    synchronize: {
      configurationSection: 'cloudManifests',
      fileEvents: workspace.createFileSystemWatcher('**/*.{yaml,yml}'),
    },
    initializationOptions: { settings: workspace.getConfiguration('cloudManifests') },
  };
  client = new LanguageClient('cloudManifests', 'Cloud Resource Manifests', serverOptions, clientOptions);
  await client.start();
  context.subscriptions.push({ dispose: () => void client?.stop() });
}

export async function deactivate(): Promise<void> {
  await client?.stop();
}
