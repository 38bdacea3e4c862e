// Runs inside VS Code's extension host (started by @vscode/test-electron from ../electron.test.ts), against
// the extension under development (the repository, with dist/ built). Through the VS Code API: activation,
// diagnostics, completion, hover, settings, and the commands. Bundled by esbuild before the run; no mocha:
// each check is a plain async function, and `run` throws when any fails.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import * as vscode from 'vscode';

const EXTENSION_ID = 'cloud-manifests.cloud-manifests';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(
  what: string,
  fn: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 20_000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < end) {
    try {
      const v = await fn();
      if (v !== undefined && v !== false) return v as T;
    } catch (e) {
      last = e;
    }
    await sleep(100);
  }
  throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
}

const folder = () => vscode.workspace.workspaceFolders![0].uri.fsPath;
const fileUri = (rel: string) => vscode.Uri.file(join(folder(), rel));
const codes = (uri: vscode.Uri) =>
  vscode.languages
    .getDiagnostics(uri)
    .filter((d) => d.source === 'cloud-manifests')
    .map((d) => String(typeof d.code === 'object' ? d.code.value : d.code));
const hoverText = (hovers: vscode.Hover[]) =>
  hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : 'value' in c ? c.value : ''))).join('\n');

const tests: [string, () => Promise<void>][] = [
  [
    'the extension activates and its server starts',
    async () => {
      const ext = vscode.extensions.getExtension<{ ready: Promise<void> }>(EXTENSION_ID);
      assert.ok(ext, `${EXTENSION_ID} is not loaded`);
      const api = await ext.activate();
      await api.ready;
    },
  ],
  [
    'a manifest with mistakes gets its diagnostics',
    async () => {
      const uri = fileUri('mistakes.yaml');
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
      const got = await until('enum-value, enum-case and value-range', () => {
        const c = codes(uri);
        return ['enum-value', 'enum-case', 'value-range'].every((x) => c.includes(x)) ? c : undefined;
      });
      assert.equal(got.length, 3, got.join(', '));
    },
  ],
  [
    'completion in an empty document offers a snippet per kind',
    async () => {
      const doc = await vscode.workspace.openTextDocument({ language: 'yaml', content: '' });
      const labels = await until('resource snippets', async () => {
        const list = await vscode.commands.executeCommand<vscode.CompletionList>(
          'vscode.executeCompletionItemProvider',
          doc.uri,
          new vscode.Position(0, 0),
        );
        const l = list.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
        return l.includes('StorageAccount (storage v20220901)') ? l : undefined;
      });
      assert.ok(labels.includes('PrometheusRuleGroup (alertsmanagement v20230301)'));
    },
  ],
  [
    'hover on apiVersion shows the API version value',
    async () => {
      const uri = fileUri('mistakes.yaml');
      const text = await until('a hover', async () => {
        const h = hoverText(
          await vscode.commands.executeCommand<vscode.Hover[]>(
            'vscode.executeHoverProvider',
            uri,
            new vscode.Position(1, 16),
          ),
        );
        return h.includes('2022-09-01') ? h : undefined;
      });
      assert.match(text, /StorageAccount/);
    },
  ],
  [
    'a settings change re-validates at once',
    async () => {
      const uri = fileUri('mistakes.yaml');
      const config = vscode.workspace.getConfiguration('cloudManifests');
      await config.update('rules', { 'enum-case': 'off' }, vscode.ConfigurationTarget.Workspace);
      try {
        await until('enum-case to go away', () =>
          !codes(uri).includes('enum-case') && codes(uri).includes('enum-value') ? true : undefined,
        );
      } finally {
        await config.update('rules', undefined, vscode.ConfigurationTarget.Workspace);
      }
      await until('enum-case to come back', () => (codes(uri).includes('enum-case') ? true : undefined));
    },
  ],
  [
    '"New Cloud Resource Manifest…" opens a new document with the kind\'s snippet',
    async () => {
      const editor = await vscode.commands.executeCommand<vscode.TextEditor>(
        'cloudManifests.newManifest',
        'StorageAccount',
      );
      assert.ok(editor, 'no editor');
      assert.equal(editor.document.isUntitled, true);
      assert.equal(editor.document.languageId, 'yaml');
      const text = editor.document.getText();
      assert.match(text, /^apiVersion: storage\.[^/]+\/v20220901$/m);
      assert.match(text, /^kind: StorageAccount$/m);
    },
  ],
  [
    '"Check Workspace Manifests" reports a file that is not open',
    async () => {
      const uri = fileUri('monitoring/closed-mistakes.yaml');
      assert.deepEqual(codes(uri), []);
      await vscode.commands.executeCommand('cloudManifests.checkWorkspace');
      const got = await until("the closed file's problems", () => {
        const c = codes(uri);
        return c.includes('duration-range') ? c : undefined;
      });
      assert.deepEqual([...got].sort(), ['duration-range', 'value-range']);
    },
  ],
];

export async function run(): Promise<void> {
  const failures: string[] = [];
  for (const [name, fn] of tests) {
    const t0 = Date.now();
    try {
      await fn();
      console.log(`  ok   ${name} (${Date.now() - t0} ms)`);
    } catch (e) {
      console.log(`  FAIL ${name}: ${e instanceof Error ? e.stack : String(e)}`);
      failures.push(name);
    }
  }
  if (failures.length)
    throw new Error(`${failures.length} of ${tests.length} VS Code API checks failed: ${failures.join('; ')}`);
}
