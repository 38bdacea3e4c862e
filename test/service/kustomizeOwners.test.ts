// Owner names in rendered overlays (kustomize/renamedReferences.ts): Kustomize renames resources but not the
// `spec.owner.name` of custom resources (test/kustomize/differential.test.ts shows kubectl's output), so a
// prefix breaks an owner reference the base wrote; the analysis says so where sure, and nowhere else.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Analysis } from '../../server/src/service/analysis';
import { account, docs, rg } from '../workspace/helpers';

const BASE_K = 'file:///repo/base/kustomization.yaml';
const ALL = 'file:///repo/base/all.yaml';
const K = 'file:///repo/overlays/prod/kustomization.yaml';
const PATCH = 'file:///repo/overlays/prod/patch.yaml';
const base = docs(rg('rg'), account('acct', 'rg'));

const shown = (a: Analysis, uri: string, text: string) =>
  a.fileDiagnostics(uri, undefined, { complete: true }).map((d) => `${d.code} ${text.slice(d.start, d.end)}`);

function overlay(kustomization: string, files: Record<string, string> = {}): Analysis {
  const a = new Analysis();
  a.indexFile(BASE_K, 'resources:\n  - all.yaml\n');
  a.indexFile(ALL, base);
  a.indexFile(K, `resources:\n  - ../../base\n${kustomization}`);
  for (const [u, t] of Object.entries(files)) a.indexFile(u, t);
  return a;
}

describe('an owner renamed by an overlay', () => {
  test('namePrefix renames the group but not the owner name: a warning on the base line, naming the overlay', () => {
    const a = overlay('namePrefix: prod-\n');
    const d = a.fileDiagnostics(ALL, undefined, { complete: true });
    assert.deepEqual(
      d.map((x) => `${x.code} ${x.severity ?? 'default'} ${base.slice(x.start, x.end)}`),
      ['kustomize-owner-renamed default name'],
    );
    // On the owner's `name:` key, not the group's.
    assert.equal(d[0].start, base.indexOf('  owner:\n    name: rg') + '  owner:\n    '.length);
    assert.match(
      d[0].message,
      /^`spec\.owner\.name` names `rg`, but this overlay renames that ResourceGroup `prod-rg`/,
    );
    assert.match(d[0].message, /Write `name: prod-rg` in a patch of the overlay/);
    assert.match(d[0].message, /\(in overlays\/prod\)$/);
  });

  test('renamed in two overlays: shown once on the base line, naming both', () => {
    const a = overlay('namePrefix: prod-\n', {
      'file:///repo/overlays/dev/kustomization.yaml': 'resources:\n  - ../../base\nnamePrefix: dev-\n',
    });
    const d = a.fileDiagnostics(ALL, undefined, { complete: true });
    assert.deepEqual(
      d.map((x) => x.code),
      ['kustomize-owner-renamed', 'kustomize-owner-renamed'],
      'the words differ (prod-rg, dev-rg): two problems',
    );
    assert.match(d[0].message, /`dev-rg`.*\(in overlays\/dev\)$/);
    assert.match(d[1].message, /`prod-rg`.*\(in overlays\/prod\)$/);
    const same = overlay('namespace: prod\nnameSuffix: -x\n', {
      'file:///repo/overlays/dev/kustomization.yaml': 'resources:\n  - ../../base\nnameSuffix: -x\n',
    });
    const one = same.fileDiagnostics(ALL, undefined, { complete: true });
    assert.deepEqual(
      one.map((x) => x.message.replace(/^.*\(in /, '(in ')),
      ['(in overlays/dev and overlays/prod)'],
    );
  });

  test('nameSuffix too', () => {
    assert.deepEqual(shown(overlay('nameSuffix: -prod\n'), ALL, base), ['kustomize-owner-renamed name']);
  });

  test('a patch writing the renamed owner name: nothing', () => {
    const fix =
      'apiVersion: storage.cloud.example.com/v20220901\nkind: StorageAccount\nmetadata:\n  name: acct\nspec:\n  owner:\n    name: prod-rg\n';
    const a = overlay('namePrefix: prod-\npatches:\n  - path: patch.yaml\n', { [PATCH]: fix });
    assert.deepEqual(shown(a, ALL, base), []);
    assert.deepEqual(shown(a, PATCH, fix), []);
  });

  test('a namespace alone moves owner and child together: nothing', () => {
    assert.deepEqual(shown(overlay('namespace: prod\n'), ALL, base), []);
  });

  test('an owner outside the overlay (in the cluster) is not the overlay’s business: nothing', () => {
    const a = new Analysis();
    const only = account('acct', 'rg');
    a.indexFile(BASE_K, 'resources:\n  - all.yaml\n');
    a.indexFile(ALL, only);
    a.indexFile(K, 'resources:\n  - ../../base\nnamePrefix: prod-\n');
    // The workspace's own Information stays (no group rg anywhere); the overlay adds nothing.
    assert.deepEqual(shown(a, ALL, only), ['owner-not-found rg']);
  });

  test('a kustomization teaching Kustomize more name fields (configurations) is not second-guessed', () => {
    const a = overlay('namePrefix: prod-\nconfigurations:\n  - owner-names.yaml\n');
    assert.deepEqual(shown(a, ALL, base), []);
  });
});
