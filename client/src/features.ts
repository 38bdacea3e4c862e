// What the desktop and the web extension share once their language client is made (extension.ts starts the
// server as a Node process, web/extension.ts in a Web Worker): the workspace check, the owner tree and the
// commands, all of which speak to the server alone.
import { commands, env, window, type ExtensionContext, type LogOutputChannel } from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import { COPY_RESOURCE_PATH } from '../../server/src/protocol/customRequests';
import { WorkspaceCheck } from './checkWorkspace';
import { newManifest } from './newManifest';
import { registerOwnerTree } from './ownerTree';

/**
 * Registers the features on `lc` (started: `ready`) and stops it when the extension is deactivated.
 * `restart`: the server started again (a process, or a worker).
 */
export function registerFeatures(
  context: ExtensionContext,
  lc: BaseLanguageClient,
  ready: Promise<void>,
  output: LogOutputChannel,
  restart: () => Promise<void>,
): void {
  const check = new WorkspaceCheck(lc, ready);
  const tree = registerOwnerTree(lc, ready);
  context.subscriptions.push(
    output,
    check,
    ...tree.disposables,
    commands.registerCommand('cloudManifests.newManifest', (kind?: unknown) => newManifest(ready, kind)),
    commands.registerCommand('cloudManifests.checkWorkspace', () => check.run(true)),
    commands.registerCommand('cloudManifests.refreshOwners', () => tree.provider.refresh()),
    commands.registerCommand('cloudManifests.restartServer', async () => {
      await ready.catch(() => undefined);
      await restart();
      tree.provider.scheduleRefetch(0);
    }),
    commands.registerCommand('cloudManifests.showOutput', () => output.show(true)),
    // The resource path code lens: its title is short, the whole path is copied.
    commands.registerCommand(COPY_RESOURCE_PATH, async (path?: unknown) => {
      if (typeof path !== 'string') return;
      await env.clipboard.writeText(path);
      window.setStatusBarMessage(`Copied the resource path ${path}`, 5000);
    }),
    { dispose: () => void lc.stop() },
  );
}
