// kustomize-owner-renamed through the server: once per overlay, on its kustomization's `namePrefix`, with
// the references listed, and its quick fix (a Kustomize configuration file of `nameReference` entries,
// created and listed under `configurations:` in one workspace edit) proved by `kubectl kustomize`: after it
// the owner names follow the prefix, and the overlay checks clean.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { kubectlKustomize } from '../helpers/kubectl';
import { parseAllDocuments } from 'yaml';
import type { CodeAction, Diagnostic } from 'vscode-languageserver-protocol';
import { applyWorkspaceEdit } from '../e2e/applyWorkspaceEdit';
import { SERVER } from '../e2e/lspClient';
import { WorkspaceClient } from '../e2e/workspaceClient';
import { account, blobService, docs, rg } from '../workspace/helpers';

const CLI = join(dirname(SERVER), 'cli.js');
const FILES: Record<string, string> = {
  'base/kustomization.yaml': 'resources:\n  - all.yaml\n',
  'base/all.yaml': docs(rg('rg'), account('acct', 'rg'), account('logs', 'rg'), blobService('default', 'acct')),
  'overlays/dev/kustomization.yaml': 'resources:\n  - ../../base\nnamePrefix: dev\n',
  'overlays/prod/kustomization.yaml': 'resources:\n  - ../../base\nnamePrefix: prod\ncommonLabels:\n  env: prod\n',
};

const RENAMED = 'kustomize-owner-renamed';

describe('owner references an overlay renames: one warning per overlay, and the configuration that fixes them', () => {
  const root = mkdtempSync(join(tmpdir(), 'cm-owner-config-'));
  const uri = (rel: string) => pathToFileURL(join(root, rel)).href;
  const client = new WorkspaceClient({
    rootDir: root,
    workspaceEdit: { documentChanges: true, resourceOperations: ['create'] },
  });
  before(async () => {
    for (const [rel, text] of Object.entries(FILES)) {
      mkdirSync(dirname(join(root, rel)), { recursive: true });
      writeFileSync(join(root, rel), text);
    }
    await client.initialize();
    await client.waitForScans(1);
  });
  after(async () => {
    await client.stop();
    rmSync(root, { recursive: true, force: true });
  });

  const kubectl = (rel: string) => {
    return parseAllDocuments(kubectlKustomize(join(root, rel))).map(
      (d) => d.toJS() as { kind: string; metadata: { name: string }; spec: { owner?: { name: string } } },
    );
  };
  const renamed = (ds: Diagnostic[]) => ds.filter((d) => d.code === RENAMED);

  let warning: Diagnostic & { message: string };
  test('one warning on the overlay’s namePrefix line, listing its three references; none on the base', async () => {
    const text = FILES['overlays/dev/kustomization.yaml'];
    const ds = renamed(await client.open(uri('overlays/dev/kustomization.yaml'), text, 'yaml', 2));
    assert.equal(ds.length, 1, JSON.stringify(ds));
    warning = ds[0] as Diagnostic & { message: string };
    assert.equal(text.split('\n')[warning.range.start.line], 'namePrefix: dev');
    assert.match(warning.message, /^'namePrefix: dev' renames resources that 3 references of the overlay name/);
    assert.match(
      warning.message,
      /StorageAccount 'devacct' 'spec\.owner\.name: rg' \(the ResourceGroup is now 'devrg'\)/,
    );
    assert.match(
      warning.message,
      /StorageAccountsBlobService 'devdefault' 'spec\.owner\.name: acct' \(the StorageAccount is now 'devacct'\)/,
    );
    const base = await client.open(uri('base/all.yaml'), FILES['base/all.yaml'], 'yaml', 2);
    assert.deepEqual(renamed(base), []);
  });

  test('kubectl agrees: the overlay’s owner names are as the base wrote them', () => {
    const out = kubectl('overlays/dev');
    const acct = out.find((r) => r.metadata.name === 'devacct');
    assert.equal(acct?.spec.owner?.name, 'rg');
  });

  test('the quick fix creates the configuration and lists it; kubectl then renames the owner names, and the warning goes', async () => {
    const k = uri('overlays/dev/kustomization.yaml');
    const actions = await client.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri: k },
      range: warning.range,
      context: { diagnostics: [warning], only: ['quickfix'] },
    });
    const fix = actions.find((a) => /^Teach Kustomize/.test(a.title));
    assert.ok(fix?.edit, JSON.stringify(actions));
    const config = uri('overlays/dev/kustomizeconfig/owner-references.yaml');
    assert.deepEqual(applyWorkspaceEdit(fix.edit).sort(), [k, config, config].sort());
    const text = readFileSync(join(root, 'overlays/dev/kustomization.yaml'), 'utf8');
    assert.equal(
      text,
      `${FILES['overlays/dev/kustomization.yaml']}configurations:\n  - kustomizeconfig/owner-references.yaml\n`,
    );

    const out = kubectl('overlays/dev');
    const owner = (name: string) => out.find((r) => r.metadata.name === name)?.spec.owner?.name;
    assert.equal(owner('devacct'), 'devrg');
    assert.equal(owner('devlogs'), 'devrg');
    assert.equal(owner('devdefault'), 'devacct');

    await client.filesChanged({ uri: config, type: 1 });
    await client.open(config, readFileSync(join(root, 'overlays/dev/kustomizeconfig/owner-references.yaml'), 'utf8'));
    // The edit's first publish carries the overlay's last problems over; the next one is the overlay's afresh.
    await client.change(k, text);
    const after = await client.waitForDiagnostics(k, (p) => p.version === 2 && renamed(p.diagnostics).length === 0);
    // Clean: what remains is the Information that configurations are not rendered here.
    assert.deepEqual(
      after.diagnostics.map((d) => `${d.severity} ${String(d.code)}`),
      ['3 kustomize-not-rendered'],
    );
  });

  test('the CLI re-checks it clean: the fixed overlay has no warning, the other keeps its one', () => {
    const r = spawnSync(process.execPath, [CLI, 'check', '.'], { encoding: 'utf8', cwd: root });
    const lines = r.stdout.split('\n').filter((l) => l.includes(RENAMED));
    assert.equal(lines.length, 1, r.stdout);
    assert.match(
      lines[0],
      /^overlays\/prod\/kustomization\.yaml:3:1 warning kustomize-owner-renamed 'namePrefix: prod'/,
    );
    assert.doesNotMatch(r.stdout, /\berror\b/);
  });
});
