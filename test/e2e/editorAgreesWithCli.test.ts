// The editor and the CLI say the same thing about every file (issue 32's "one diagnostics query"): for each
// workspace we keep (overlays, a chart, CRDs, plain manifests), the server's diagnostics of every file — with
// none open (`workspace/diagnostic`) and with every one open (`textDocument/diagnostic`) — equal what
// `check --format json` reports for it. The one difference the editor is allowed: `owner-not-found` and
// `reference-not-found`, which need the whole workspace (the CLI checks the files it is given).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, test } from 'node:test';
import type {
  Diagnostic,
  DocumentDiagnosticReport,
  WorkspaceDiagnosticReport,
} from 'vscode-languageserver-protocol/node';
import { account, docs, fileService, rg, share } from '../workspace/helpers';
import { WorkspaceClient } from './workspaceClient';

const FIXTURES = join(__dirname, '..', 'fixtures');
const CLI = join(__dirname, '..', '..', 'dist', 'cli.js');
const EDITOR_ONLY = new Set(['owner-not-found', 'reference-not-found', 'object-not-found']);
const SEVERITY = ['', 'error', 'warning', 'info', 'hint'];

/** Every YAML file below a folder (a `Kustomization` too), relative, with `/`. */
function yamlFiles(root: string, dir = root): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...yamlFiles(root, full));
    else if (/\.ya?ml$|^[Kk]ustomization$/.test(name)) out.push(relative(root, full).split(sep).join('/'));
  }
  return out;
}

interface CliProblem {
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  severity: string;
  code: string;
  message: string;
}

const key = (file: string, p: { line: number; column: number; endLine: number; endColumn: number }, rest: string) =>
  `${file}:${p.line}:${p.column}-${p.endLine}:${p.endColumn} ${rest}`;

function cliProblems(root: string): string[] {
  const r = spawnSync(process.execPath, [CLI, 'check', '--format', 'json', '.'], { cwd: root, encoding: 'utf8' });
  assert.ok(r.status === 0 || r.status === 1, r.stderr);
  const problems = (JSON.parse(r.stdout) as { problems: CliProblem[] }).problems;
  return problems
    .filter((p) => !EDITOR_ONLY.has(p.code))
    .map((p) => key(p.file, p, `${p.severity} ${p.code} ${p.message}`))
    .sort();
}

function editorProblems(root: string, uri: string, ds: readonly Diagnostic[]): string[] {
  const file = relative(root, fileURLToPath(uri)).split(sep).join('/');
  return ds
    .filter((d) => !EDITOR_ONLY.has(String(d.code)))
    .map((d) =>
      key(
        file,
        {
          line: d.range.start.line + 1,
          column: d.range.start.character + 1,
          endLine: d.range.end.line + 1,
          endColumn: d.range.end.character + 1,
        },
        `${SEVERITY[d.severity ?? 1]} ${d.code} ${d.message}`,
      ),
    );
}

/** A copy of a fixture folder (the server and the CLI read the same files; nothing beside them). */
function copy(rel: string): string {
  const root = mkdtempSync(join(tmpdir(), 'cm-agree-'));
  cpSync(join(FIXTURES, rel), root, { recursive: true });
  return root;
}

/** A workspace whose overlay renames what an owner reference names, a template, and a large file. */
function mixed(): string {
  const root = mkdtempSync(join(tmpdir(), 'cm-agree-mixed-'));
  cpSync(join(FIXTURES, 'repositories', 'overlays'), join(root, 'kustomize'), { recursive: true });
  cpSync(join(FIXTURES, 'repositories', 'chart'), join(root, 'chart'), { recursive: true });
  // Over maxDocumentSize (set below): a syntax error silenced by a disable comment, and one not.
  const big =
    'kind: StorageAccount\nmetadata:\n  # cloud-manifests-disable-next-line yaml-syntax\n  name: a: b\n---\nfiller: "' +
    'x'.repeat(3000) +
    '"\n---\nkind: StorageAccount\nmetadata:\n  name: c: d\n';
  writeFileSync(join(root, 'big.yaml'), big);
  writeFileSync(join(root, '.cloud-manifests.json'), JSON.stringify({ maxDocumentSize: 2000 }));
  return root;
}

/** A base whose share is fine, and an overlay whose patch takes large file shares from its account. */
function brokenBase(): string {
  const root = mkdtempSync(join(tmpdir(), 'cm-agree-base-'));
  const put = (rel: string, text: string) => {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  };
  put('base/kustomization.yaml', 'resources:\n  - group.yaml\n  - account.yaml\n  - share.yaml\n');
  put('base/group.yaml', rg('rg'));
  put('base/account.yaml', account('appstore', 'rg', '  largeFileSharesState: Enabled\n'));
  put(
    'base/share.yaml',
    docs(fileService('appstore-file', 'appstore'), share('docs', 'appstore-file', '  shareQuota: 10240\n')),
  );
  put('overlays/small/kustomization.yaml', 'resources:\n  - ../../base\npatches:\n  - path: lfs.yaml\n');
  put(
    'overlays/small/lfs.yaml',
    account('appstore', 'rg').replace(/spec:[\s\S]*/, 'spec:\n  largeFileSharesState: Disabled\n'),
  );
  return root;
}

/**
 * CRDs that do not parse (issue 43): a duplicate key under `properties` (its header still reads), and a syntax
 * error in the header; a manifest of each one's kind.
 */
function unreadableCrds(): string {
  const root = mkdtempSync(join(tmpdir(), 'cm-agree-unreadable-'));
  const crd = readFileSync(join(FIXTURES, 'crds', 'widgets', 'crd.yaml'), 'utf8');
  writeFileSync(join(root, 'widgets.yaml'), crd.replace('                ratio:\n', '                size: {}\n$&'));
  writeFileSync(
    join(root, 'gadgets.yaml'),
    crd
      .replace(/widgets?/g, 'gadgets')
      .replace(/Widget/g, 'Gadget')
      .replace('  scope: Namespaced', '  scope: [Namespaced'),
  );
  writeFileSync(
    join(root, 'w.yaml'),
    'apiVersion: example.org/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  size: 15\n',
  );
  writeFileSync(
    join(root, 'g.yaml'),
    'apiVersion: example.org/v1\nkind: Gadget\nmetadata:\n  name: g\nspec:\n  size: 15\n',
  );
  return root;
}

const WORKSPACES: [string, () => string, unknown?][] = [
  ['overlays', () => copy('repositories/overlays')],
  ['a Helm chart', () => copy('repositories/chart')],
  ['Kustomize bases and overlays', () => copy('kustomize')],
  ['CRDs and their kinds', () => copy('crds/widgets')],
  ['plain manifests', () => copy('diagnostics/storage')],
  ['owners across files', () => copy('workspace/owners')],
  // The base's share is wrong in the overlay: shown on the base file, closed or open (it was shown only open).
  ['a base its overlay breaks', brokenBase],
  ['overlays, a chart and a large file', mixed, { maxDocumentSize: 2000 }],
  ['CRDs that do not parse and manifests of their kinds', unreadableCrds],
  // Kubernetes' own kinds: kubeconform's fixtures (test/e2e/kubeconformFixtures.test.ts).
  ["kubeconform's fixtures of built-in kinds", () => copy('kubeconform')],
];

describe('the editor says what the CLI says about every file', () => {
  for (const [name, make, settings] of WORKSPACES)
    test(name, async () => {
      const root = make();
      const client = new WorkspaceClient({ rootDir: root, pull: true, settings });
      try {
        const expected = cliProblems(root);
        assert.ok(expected.length > 0, 'the workspace has problems to compare');
        // A CRD that does not parse: its syntax error on it, and once on each manifest of its kind that it
        // could not be read; nothing else on them.
        if (name.startsWith('CRDs that do not parse'))
          assert.deepEqual(
            expected.map((p) => p.replace(/ .*? (\S+) .*$/, ' $1').replace(/-\d+:\d+/, '')),
            [
              'g.yaml:2:7 crd-unreadable',
              'gadgets.yaml:12:3 yaml-syntax',
              'w.yaml:2:7 crd-unreadable',
              'widgets.yaml:36:17 yaml-syntax',
            ],
          );
        // The large file's silenced syntax error is left out, the other shown.
        if (expected.some((p) => p.startsWith('big.yaml:')))
          assert.deepEqual(
            expected
              .filter((p) => p.startsWith('big.yaml:') && p.includes(' yaml-syntax '))
              .map((p) => p.split(' ')[0]),
            ['big.yaml:10:9-10:10'],
          );
        await client.initialize();
        // None open: every file from workspace/diagnostic.
        const report = await client.request<WorkspaceDiagnosticReport>('workspace/diagnostic', {
          previousResultIds: [],
        });
        const closed = report.items
          .flatMap((i) => (i.kind === 'full' ? editorProblems(root, i.uri, i.items) : []))
          .sort();
        assert.deepEqual(closed, expected, 'every file closed');
        // Every file open: each one's own report.
        const files = yamlFiles(root);
        for (const f of files)
          await client.conn.sendNotification('textDocument/didOpen', {
            textDocument: {
              uri: pathToFileURL(join(root, f)).href,
              languageId: 'yaml',
              version: 1,
              text: readFileSync(join(root, f), 'utf8'),
            },
          });
        const open: string[] = [];
        for (const f of files) {
          const uri = pathToFileURL(join(root, f)).href;
          // A document too large to check in full gets its syntax errors once their check (in slices) is done:
          // the server then asks the client to pull again. Pulled until the answer stays the same.
          let last = '';
          let items: Diagnostic[] = [];
          for (let i = 0; i < 100; i++) {
            const r = await client.request<DocumentDiagnosticReport>('textDocument/diagnostic', {
              textDocument: { uri },
            });
            items = r.kind === 'full' ? r.items : [];
            const now = JSON.stringify(items);
            if (now === last) break;
            last = now;
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
          for (const p of editorProblems(root, uri, items)) open.push(p);
        }
        assert.deepEqual(open.sort(), expected, 'every file open');
      } finally {
        await client.stop();
        rmSync(root, { recursive: true, force: true });
      }
    });
});
