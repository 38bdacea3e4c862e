// Neovim as a second real LSP client: headless Debian Neovim (0.7.2) loads the documented setup (docs/other-editors.md)
// (integrations/neovim/cloud-manifests.lua), which starts `cloud-manifests-language-server` from PATH (linked as
// `npm install -g` links it), opens a manifest, and gets diagnostics, a hover and completions; an edit
// made in the buffer reaches the server as Neovim's incremental changes and the diagnostics follow, and a
// settings change reaches it through Neovim's workspace/configuration handler.
//
// Needs `nvim` (apt-get install neovim; .ci/run installs it). Without it the suite fails, naming
// the command that installs it.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { MANIFEST, repo, scratchWithBins, which } from './tools';

const nvim = which('nvim');

interface Diag {
  lnum: number;
  col: number;
  end_col: number;
  severity: number;
  message: string;
  source: string;
  code: string;
}
interface Item {
  label: string;
}
interface Result {
  steps: string[];
  error?: string;
  filetype: string;
  clients: string[];
  diagnosticsReceived: boolean;
  diagnostics: Diag[];
  hover: { contents: { kind: string; value: string } } | null;
  valueCompletion: Item[] | { items: Item[] } | null;
  diagnosticsAfterEdit: boolean;
  diagnosticsAfter: Diag[];
  keyCompletion: Item[] | { items: Item[] } | null;
  diagnosticsAfterSettings: boolean;
  diagnosticsSettings: Diag[];
}
const labels = (c: Result['keyCompletion']) => (Array.isArray(c) ? c : (c?.items ?? [])).map((i) => i.label);

describe('Neovim (built-in LSP client, headless) with the documented setup', { timeout: 120_000 }, () => {
  let scratch: ReturnType<typeof scratchWithBins>;
  let r: Result;
  let stderr = '';

  before(() => {
    if (!nvim)
      throw new Error(
        'nvim missing: install with `apt-get install neovim` or `bash scripts/editors/install.sh` (npm run test:all and .ci/run do)',
      );
    assert.ok(existsSync(join(repo, 'dist', 'server.js')), 'dist/server.js is missing: npm run build first');
    scratch = scratchWithBins('cloud-manifests-nvim-');
    const ws = join(scratch.dir, 'workspace');
    mkdirSync(ws);
    writeFileSync(join(ws, 'account.yaml'), MANIFEST);
    const outFile = join(scratch.dir, 'result.json');
    const p = spawnSync(
      nvim,
      [
        '--headless',
        '--clean',
        '-n',
        '-c',
        `luafile ${join(repo, 'integrations', 'neovim', 'cloud-manifests.lua')}`,
        '-c',
        `luafile ${join(__dirname, 'neovim-driver.lua')}`,
      ],
      {
        cwd: ws,
        env: { ...scratch.env, CM_FILE: join(ws, 'account.yaml'), CM_OUT: outFile },
        encoding: 'utf8',
        timeout: 90_000,
      },
    );
    stderr = `${p.stdout ?? ''}${p.stderr ?? ''}${p.error ? String(p.error) : ''}`;
    assert.ok(existsSync(outFile), `Neovim wrote no result (exit ${p.status}): ${stderr}`);
    r = JSON.parse(readFileSync(outFile, 'utf8'));
    assert.equal(r.error, undefined, `the driver failed after ${r.steps.join(', ')}: ${r.error}\n${stderr}`);
  });
  after(() => scratch && rmSync(scratch.dir, { recursive: true, force: true }));

  test('the YAML buffer gets the cloud-manifests client', () => {
    assert.equal(r.filetype, 'yaml');
    assert.deepEqual(r.clients, ['cloud-manifests']);
  });

  test('diagnostics arrive with code, source and the range of the value at fault', () => {
    assert.ok(r.diagnosticsReceived, `no diagnostics within 30 s: ${stderr}`);
    const sku = r.diagnostics.find((d) => d.code === 'enum-value');
    assert.ok(sku, JSON.stringify(r.diagnostics));
    assert.equal(sku.source, 'cloud-manifests');
    assert.equal(sku.severity, 1, 'error');
    assert.deepEqual([sku.lnum, sku.col, sku.end_col], [11, 10, 22], 'the value Standard_XYZ');
    assert.match(sku.message, /spec\.sku\.name.*Standard_XYZ.*Standard_LRS/);
    const tier = r.diagnostics.find((d) => d.code === 'enum-case');
    assert.ok(tier, JSON.stringify(r.diagnostics));
    assert.equal(tier.severity, 1, 'error: the API server rejects a case variant');
    assert.deepEqual([tier.lnum, tier.col, tier.end_col], [12, 14, 17]);
  });

  test('hover on a key describes the field', () => {
    assert.ok(r.hover, 'no hover');
    assert.match(r.hover.contents.value, /spec\.kind/);
    assert.match(r.hover.contents.value, /StorageV2/);
  });

  test('completion offers the enum values of a field and the missing keys of spec', () => {
    assert.ok(labels(r.valueCompletion).includes('Hot'), labels(r.valueCompletion).join(', '));
    const keys = labels(r.keyCompletion);
    assert.ok(keys.includes('minimumTlsVersion'), keys.join(', '));
    assert.ok(!keys.includes('location'), `a present key offered again: ${keys.join(', ')}`);
  });

  test("an edit in the buffer reaches the server: the fixed SKU's error goes, the case error stays", () => {
    // owner-not-found (information) comes once the workspace is indexed: rg-app is not in it.
    assert.ok(r.diagnosticsAfterEdit, `diagnostics did not follow the edit: ${JSON.stringify(r.diagnosticsAfter)}`);
    assert.deepEqual(r.diagnosticsAfter.map((d) => `${d.lnum}:${d.col} ${d.code}`).sort(), [
      '13:14 enum-case',
      '9:10 owner-not-found',
    ]);
  });

  test('settings reach the server through the client: ownerResolution off silences owner-not-found', () => {
    assert.ok(r.diagnosticsAfterSettings, JSON.stringify(r.diagnosticsSettings));
    assert.deepEqual(
      r.diagnosticsSettings.map((d) => `${d.lnum}:${d.col} ${d.code}`),
      ['13:14 enum-case'],
    );
  });
});
