// The editor compares each file with its committed version as the CLI does: a closed file's change is
// published after the scan, an opened one gets the same diagnostics, hover and code lens say what it was
// compared with ("Compared with HEAD (abc1234)"), and `compareWith: ""` turns it all off.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { committedRepository, git, hasGit } from '../helpers/git';
import { WorkspaceClient } from './workspaceClient';

const dirs: string[] = [];
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const ACCOUNT = `apiVersion: storage.cloud.example.com/v20220901
kind: StorageAccount
metadata:
  name: ingeststore
spec:
  location: westeurope
  kind: StorageV2
  sku:
    name: Standard_LRS
  owner:
    name: rg
`;
const MOVED = ACCOUNT.replace('westeurope', 'northeurope');

function workspace(): string {
  const dir = committedRepository({ 'account.yaml': ACCOUNT });
  dirs.push(dir);
  writeFileSync(join(dir, 'account.yaml'), MOVED);
  return dir;
}

describe(
  'changes against the committed version in the editor',
  { skip: !hasGit && !process.env.CI && 'no git' },
  () => {
    test('closed and open files say what the CLI says; hover and lens name HEAD and its commit', async () => {
      const dir = workspace();
      const commit = git(dir, 'rev-parse', '--short', 'HEAD');
      const c = new WorkspaceClient({ rootDir: dir });
      try {
        await c.initialize();
        await c.waitForScans(1);
        const uri = c.uri('account.yaml');
        const closed = await c.waitForDiagnostics(uri, (p) =>
          p.diagnostics.some((d) => d.code === 'create-only-changed'),
        );
        const d = closed.diagnostics.find((x) => x.code === 'create-only-changed')!;
        assert.equal(d.range.start.line, 5);
        assert.ok(String(d.message).includes(`it was 'westeurope' at HEAD (${commit})`), String(d.message));
        // The CLI says the same of the file.
        const cli = spawnSync(
          process.execPath,
          [join(__dirname, '..', '..', 'dist', 'cli.js'), 'check', '--format', 'json'],
          {
            cwd: dir,
            encoding: 'utf8',
          },
        );
        const problems = JSON.parse(cli.stdout).problems as { code: string; message: string; line: number }[];
        assert.deepEqual(
          problems.map((p) => [p.code, p.line - 1, p.message]),
          // owner-not-found needs the whole workspace: the editor's alone, by design.
          closed.diagnostics
            .filter((x) => x.code !== 'owner-not-found')
            .map((x) => [x.code, x.range.start.line, x.message]),
        );
        const opened = await c.open(uri, MOVED);
        assert.ok(opened.some((x) => x.code === 'create-only-changed' && String(x.message) === String(d.message)));
        const hover = (await c.conn.sendRequest('textDocument/hover', {
          textDocument: { uri },
          position: { line: 5, character: 4 },
        })) as { contents: { value: string } };
        assert.ok(hover.contents.value.includes(`Compared with HEAD (${commit}).`), hover.contents.value);
        const lenses = (await c.conn.sendRequest('textDocument/codeLens', { textDocument: { uri } })) as {
          command: { title: string };
        }[];
        assert.ok(
          lenses.some((l) => l.command.title === `Compared with HEAD (${commit})`),
          JSON.stringify(lenses),
        );
        // Back to what is committed: nothing to say, no lens.
        const same = await c.change(uri, ACCOUNT);
        assert.ok(!same.some((x) => x.code === 'create-only-changed'));
        const none = (await c.conn.sendRequest('textDocument/codeLens', { textDocument: { uri } })) as {
          command: { title: string };
        }[];
        assert.ok(!none.some((l) => l.command.title.startsWith('Compared with')));
      } finally {
        await c.stop();
      }
    });

    test('an unchanged Helm template: hover says nothing of a comparison, as on a plain file and in its lens', async () => {
      const template = ACCOUNT.replace('name: ingeststore', 'name: {{ .Release.Name }}store');
      const dir = committedRepository({
        'chart/Chart.yaml': 'apiVersion: v2\nname: chart\nversion: 0.1.0\n',
        'chart/templates/account.yaml': template,
      });
      dirs.push(dir);
      const c = new WorkspaceClient({ rootDir: dir });
      try {
        await c.initialize();
        await c.waitForScans(1);
        const uri = c.uri('chart/templates/account.yaml');
        await c.open(uri, template);
        const hover = (await c.conn.sendRequest('textDocument/hover', {
          textDocument: { uri },
          position: { line: 5, character: 4 },
        })) as { contents: { value: string } } | null;
        assert.ok(hover, 'a hover on location');
        assert.doesNotMatch(hover.contents.value, /Compared with/);
        const lenses = (await c.conn.sendRequest('textDocument/codeLens', { textDocument: { uri } })) as {
          command: { title: string };
        }[];
        assert.ok(!lenses.some((l) => l.command.title.startsWith('Compared with')));
      } finally {
        await c.stop();
      }
    });

    test('compareWith "" turns the comparison off', async () => {
      const dir = workspace();
      const c = new WorkspaceClient({ rootDir: dir, settings: { compareWith: '' } });
      try {
        await c.initialize();
        await c.waitForScans(1);
        const opened = await c.open(c.uri('account.yaml'), MOVED);
        assert.ok(!opened.some((x) => x.code === 'create-only-changed'));
      } finally {
        await c.stop();
      }
    });
  },
);
