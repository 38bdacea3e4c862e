// Emacs as a third real LSP client: Debian's Emacs 28 (batch) with the eglot package and yaml-mode loads
// the documented setup (integrations/emacs/cloud-manifests.el), opens a manifest in yaml-mode (whose hook
// runs eglot-ensure, starting `cloud-manifests-language-server` from PATH), and gets the diagnostics in
// Flymake, a hover and completions at point; an edit and a settings change reach the server.
//
// Needs emacs with eglot and yaml-mode (apt-get install emacs-nox elpa-eglot elpa-yaml-mode; .ci/run
// installs them). Without them the suite fails, naming the command that installs them.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { MANIFEST, repo, scratchWithBins, which } from './tools';

const emacs = which('emacs');
const hasPackages =
  !!emacs &&
  spawnSync(emacs, ['--batch', '--eval', "(progn (package-initialize) (require 'eglot) (require 'yaml-mode))"], {
    encoding: 'utf8',
  }).status === 0;

interface Diag {
  line: number;
  col: number;
  type: string;
  text: string;
}
interface Result {
  error?: string;
  mode: string;
  server: boolean;
  diagnostics: Diag[] | null;
  hover: string;
  completions: string[] | null;
  'after-edit': Diag[] | null;
  'after-settings': Diag[] | null;
}
const brief = (ds: Diag[] | null) =>
  (ds ?? []).map((d) => `${d.line}:${d.col} ${d.type} ${/\[([\w-]+)\]/.exec(d.text)?.[1]}`);

describe('Emacs (Eglot, batch) with the documented setup', { timeout: 120_000 }, () => {
  let scratch: ReturnType<typeof scratchWithBins>;
  let r: Result;
  let log = '';

  before(() => {
    if (!hasPackages)
      throw new Error(
        'emacs, eglot or yaml-mode missing: install with `apt-get install emacs-nox elpa-eglot elpa-yaml-mode` or `bash scripts/editors/install.sh` (npm run test:all and .ci/run do)',
      );
    assert.ok(existsSync(join(repo, 'dist', 'server.js')), 'dist/server.js is missing: npm run build first');
    scratch = scratchWithBins('cloud-manifests-emacs-');
    const ws = join(scratch.dir, 'workspace');
    mkdirSync(ws);
    writeFileSync(join(ws, 'account.yaml'), MANIFEST);
    const outFile = join(scratch.dir, 'result.json');
    const p = spawnSync(emacs!, ['--batch', '-l', join(__dirname, 'emacs-driver.el')], {
      cwd: ws,
      env: {
        ...scratch.env,
        CM_CONFIG: join(repo, 'integrations', 'emacs', 'cloud-manifests.el'),
        CM_FILE: join(ws, 'account.yaml'),
        CM_OUT: outFile,
      },
      encoding: 'utf8',
      timeout: 100_000,
    });
    log = `${p.stdout ?? ''}${p.stderr ?? ''}${p.error ? String(p.error) : ''}`;
    assert.ok(existsSync(outFile), `Emacs wrote no result (exit ${p.status}): ${log}`);
    r = JSON.parse(readFileSync(outFile, 'utf8'));
    assert.equal(r.error, undefined, `the driver failed: ${r.error}\n${log}`);
  });
  after(() => scratch && rmSync(scratch.dir, { recursive: true, force: true }));

  test('the file opens in yaml-mode and Eglot connects to cloud-manifests', () => {
    assert.equal(r.mode, 'yaml-mode');
    assert.equal(r.server, true, log);
    assert.match(log, /Server `cloud-manifests' now managing/);
  });

  test('diagnostics reach Flymake at the value at fault, with code and message', () => {
    // (owner-not-found, information, comes once the workspace is indexed: rg-app is not in it)
    const got = brief(r.diagnostics).filter((d) => !d.endsWith('owner-not-found'));
    assert.deepEqual(got, ['11:10 eglot-error enum-value', '12:14 eglot-error enum-case']);
    assert.match(
      r.diagnostics!.find((d) => d.text.includes('[enum-value]'))!.text,
      /'spec\.sku\.name' does not allow "Standard_XYZ"/,
    );
  });

  test('hover on a key describes the field; completion at point offers the enum values', () => {
    assert.match(r.hover, /spec\.kind/);
    assert.match(r.hover, /StorageV2/);
    assert.ok(r.completions?.includes('Hot'), String(r.completions));
  });

  test('an edit reaches the server: the fixed SKU’s error goes', () => {
    assert.deepEqual(brief(r['after-edit']), ['8:10 eglot-note owner-not-found', '12:14 eglot-error enum-case']);
  });

  test('settings reach the server: ownerResolution off silences owner-not-found', () => {
    assert.deepEqual(brief(r['after-settings']), ['12:14 eglot-error enum-case']);
  });
});
