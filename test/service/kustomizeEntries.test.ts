// What stops `kubectl kustomize` before it renders (issue 45), as the editor and the CLI show it: an entry
// naming nothing on disk, a cycle through overlays or a component, a field Kustomize does not know (at any
// level; names match ignoring case, as Kustomize matches them). Each an Error on the entry or key; where the
// disk is not known, nothing is said.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Analysis } from '../../server/src/service/analysis';
import { applyEdits } from '../../server/src/service/core/edits';
import { severityOf } from '../../server/src/service/core/diag';
import { codeActions } from '../../server/src/service/features/codeActions';
import { account, rg, docs } from '../workspace/helpers';

const BASE = {
  'base/kustomization.yaml': 'resources:\n  - all.yaml\n',
  'base/all.yaml': docs(rg('rg'), account('acct', 'rg')),
};
const u = (p: string) => `file:///repo/${p}`;

/** An analysis of `files`, the disk holding them (and their folders) and nothing else. */
function workspace(files: Record<string, string>, disk = true): Analysis {
  const all: Record<string, string> = { ...BASE, ...files };
  const folders = new Set(
    Object.keys(all).flatMap((p) =>
      p
        .split('/')
        .slice(0, -1)
        .map((_, i, a) => a.slice(0, i + 1).join('/')),
    ),
  );
  const a = new Analysis(
    disk
      ? {
          fileKind: (uri) => {
            const p = uri.replace('file:///repo/', '').replace(/\/$/, '');
            return all[p] !== undefined ? 'file' : folders.has(p) || p === 'file:///repo' ? 'folder' : 'missing';
          },
        }
      : {},
  );
  for (const [p, t] of Object.entries(all)) a.indexFile(u(p), t);
  return a;
}
const errors = (a: Analysis, path: string, text: string) =>
  a
    .fileDiagnostics(u(path), undefined, { complete: true })
    .filter((d) => d.code.startsWith('kustomize-') && severityOf(d) === 'error')
    .map((d) => `${d.code} ${text.slice(d.start, d.end)}: ${d.message}`);

describe('entries naming nothing', () => {
  test('a resource file and a patch file not on disk: an Error on each entry', () => {
    const k = 'resources:\n  - ../base\n  - extra.yaml\npatches:\n  - path: tier.yaml\n';
    const d = errors(workspace({ 'o/kustomization.yaml': k }), 'o/kustomization.yaml', k);
    assert.equal(d.length, 2, d.join('\n'));
    assert.match(d[0], /^kustomize-missing-file extra\.yaml: `extra\.yaml` does not exist/);
    assert.match(d[1], /^kustomize-missing-file tier\.yaml: `tier\.yaml` does not exist/);
  });
  test('a folder without a kustomization', () => {
    const k = 'resources:\n  - ../base\n  - ../empty\n';
    const d = errors(workspace({ 'o/kustomization.yaml': k, 'empty/notes.yaml': 'a: 1\n' }), 'o/kustomization.yaml', k);
    assert.equal(d.length, 1, d.join('\n'));
    assert.match(d[0], /^kustomize-missing-file \.\.\/empty: `\.\.\/empty` is a folder without a kustomization/);
  });
  test('where the disk is not known, nothing is said', () => {
    const k = 'resources:\n  - ../base\n  - extra.yaml\n';
    assert.deepEqual(errors(workspace({ 'o/kustomization.yaml': k }, false), 'o/kustomization.yaml', k), []);
  });
});

describe('cycles', () => {
  test('an overlay listing itself, and two overlays listing each other', () => {
    const self = 'resources:\n  - ../base\n  - .\n';
    assert.match(
      errors(workspace({ 'o/kustomization.yaml': self }), 'o/kustomization.yaml', self)[0],
      /^kustomize-cycle \.: /,
    );
    const a = 'resources:\n  - ../base\n  - ../b\n';
    const b = 'resources:\n  - ../a\n';
    const w = workspace({ 'a/kustomization.yaml': a, 'b/kustomization.yaml': b });
    const d = errors(w, 'a/kustomization.yaml', a);
    assert.ok(
      d.some((x) => /^kustomize-cycle \.\.\/b: `\.\.\/b` leads back/.test(x)),
      d.join('\n'),
    );
    assert.ok(errors(w, 'b/kustomization.yaml', b).some((x) => x.startsWith('kustomize-cycle ../a')));
  });
  test('through a component', () => {
    const o = 'resources:\n  - ../base\ncomponents:\n  - ../c\n';
    const c = 'apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\nresources:\n  - ../o\n';
    const d = errors(workspace({ 'o/kustomization.yaml': o, 'c/kustomization.yaml': c }), 'o/kustomization.yaml', o);
    assert.ok(
      d.some((x) => x.startsWith('kustomize-cycle ../c')),
      d.join('\n'),
    );
  });
});

describe('fields Kustomize does not know', () => {
  test('`patchez`: an Error on the key, and the quick fix writes `patches`', () => {
    const k = 'resources:\n  - ../base\npatchez:\n  - path: p.yaml\n';
    const a = workspace({ 'o/kustomization.yaml': k, 'o/p.yaml': 'kind: StorageAccount\n' });
    const d = errors(a, 'o/kustomization.yaml', k);
    assert.equal(d.length, 1, d.join('\n'));
    assert.match(
      d[0],
      /^kustomize-unknown-field patchez: `patchez` is not a field of a kustomization: .*json: unknown field.*Did you mean `patches`\?/,
    );
    const file = a.parse(k);
    const fixes = codeActions(file, a.fileDiagnostics(u('o/kustomization.yaml'), file)).filter(
      (x) => x.diag.code === 'kustomize-unknown-field' && !x.title.startsWith('Disable'),
    );
    assert.deepEqual(applyEdits(k, fixes[0].edits), k.replace('patchez', 'patches'));
  });
  test('at any level (a target), and a name in another case is the same field (kubectl builds it)', () => {
    const k =
      'resources:\n  - ../base\npatches:\n  - tagret:\n      kind: StorageAccount\n    patch: |-\n      - op: add\n        path: /spec/tags\n        value: {}\n';
    assert.match(
      errors(workspace({ 'o/kustomization.yaml': k }), 'o/kustomization.yaml', k)[0],
      /^kustomize-unknown-field tagret: .*a patch \(`patches\[\]`\)/,
    );
    const ok = k.replace('tagret', 'Target').replace('patches:', 'Patches:');
    assert.deepEqual(errors(workspace({ 'o/kustomization.yaml': ok }), 'o/kustomization.yaml', ok), []);
  });
});

describe('generators and operations kubectl refuses or builds', () => {
  test('a generator given a key twice: an Error on the repeat', () => {
    const k =
      'resources:\n  - ../base\nconfigMapGenerator:\n  - name: app\n    literals:\n      - LEVEL=info\n    envs:\n      - app.env\n';
    const d = errors(
      workspace({ 'o/kustomization.yaml': k, 'o/app.env': '# settings\nPORT=80\nLEVEL=debug\n' }),
      'o/kustomization.yaml',
      k,
    );
    assert.equal(d.length, 1, d.join('\n'));
    assert.match(d[0], /^kustomize-generator-key app\.env: .*key `LEVEL` twice: .*illegally repeats the key/);
  });
  test("`add` under a resource's annotations it does not write builds (kubectl keeps its own there); at `-x` of a list it does not", () => {
    const op = (path: string) =>
      `resources:\n  - ../base\npatches:\n  - target:\n      kind: StorageAccount\n    patch: |-\n      - op: add\n        path: ${path}\n        value: b\n`;
    const ok = op('/metadata/annotations/team');
    assert.deepEqual(errors(workspace({ 'o/kustomization.yaml': ok }), 'o/kustomization.yaml', ok), []);
    const bad = op('/metadata/labels/team');
    assert.match(
      errors(workspace({ 'o/kustomization.yaml': bad }), 'o/kustomization.yaml', bad)[0] ?? '',
      /^kustomize-patch-failed/,
    );
  });
});

describe('the load restrictor (kustomizeLoadRestrictor, `--load-restrictor`)', () => {
  const k = 'resources:\n  - ../base/all.yaml\n';
  test("`rootOnly` (kubectl's default): a file outside the kustomization's folder is an Error", () => {
    const d = errors(workspace({ 'o/kustomization.yaml': k }), 'o/kustomization.yaml', k);
    assert.deepEqual(
      d.map((x) => x.split(':')[0]),
      ['kustomize-outside-root ../base/all.yaml'],
    );
  });
  test('`none` (Flux, LoadRestrictionsNone): accepted', () => {
    const a = workspace({ 'o/kustomization.yaml': k });
    a.apply({ kind: 'settings', settings: { ...a.settings, kustomizeLoadRestrictor: 'none' } });
    assert.deepEqual(errors(a, 'o/kustomization.yaml', k), []);
  });
});

describe('a component and a kustomization in each other’s list', () => {
  const COMPONENT = 'apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\ncommonAnnotations:\n  c: "1"\n';
  test('a component under `resources`: an Error on the entry, in kubectl’s words', () => {
    const k = 'resources:\n  - ../base\n  - ../comp\n';
    const d = errors(
      workspace({ 'o/kustomization.yaml': k, 'comp/kustomization.yaml': COMPONENT }),
      'o/kustomization.yaml',
      k,
    );
    assert.equal(d.length, 1, d.join('\n'));
    assert.match(
      d[0],
      /^kustomize-component-kind \.\.\/comp: `\.\.\/comp` is a component .*"expected kind != 'Component'/,
    );
  });
  test('a kustomization under `components`: an Error on the entry, and only that one', () => {
    const k = 'resources:\n  - ../base\ncomponents:\n  - ../base\n';
    const d = errors(workspace({ 'o/kustomization.yaml': k }), 'o/kustomization.yaml', k);
    assert.equal(d.length, 1, d.join('\n'));
    assert.match(
      d[0],
      /^kustomize-component-kind \.\.\/base: .*"expected kind 'Component' for path … but got 'Kustomization'"/,
    );
  });
  test('each where it belongs: nothing said', () => {
    const k = 'resources:\n  - ../base\ncomponents:\n  - ../comp\n';
    const d = errors(
      workspace({ 'o/kustomization.yaml': k, 'comp/kustomization.yaml': COMPONENT }),
      'o/kustomization.yaml',
      k,
    );
    assert.deepEqual(d, []);
  });
});

describe("an env file's lines as kubectl reads them", () => {
  test('lines with nothing before `=` are skipped, not a key given twice', () => {
    const k = 'resources:\n  - ../base\nconfigMapGenerator:\n  - name: settings\n    envs:\n      - app.env\n';
    const d = errors(
      workspace({ 'o/kustomization.yaml': k, 'o/app.env': 'A=1\n=x\n=y\n1BAD=ok\n' }),
      'o/kustomization.yaml',
      k,
    );
    assert.deepEqual(d, []);
  });
});
