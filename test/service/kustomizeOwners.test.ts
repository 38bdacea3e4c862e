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

const renamedOn = (a: Analysis, uri: string) =>
  a.fileDiagnostics(uri, undefined, { complete: true }).filter((d) => d.code === 'kustomize-owner-renamed');

describe('an owner renamed by an overlay', () => {
  test('namePrefix renames the group but not the owner name: one warning on the overlay’s namePrefix line', () => {
    const a = overlay('namePrefix: prod-\n');
    assert.deepEqual(shown(a, ALL, base), [], 'nothing on the base lines');
    const text = `resources:\n  - ../../base\nnamePrefix: prod-\n`;
    const d = renamedOn(a, K);
    assert.deepEqual(
      d.map((x) => `${x.severity ?? 'default'} ${text.slice(x.start, x.end)}`),
      ['default namePrefix: prod-'],
    );
    assert.match(
      d[0].message,
      /^`namePrefix: prod-` renames a resource that a reference of the overlay names, and Kustomize does not rewrite/,
    );
    assert.match(
      d[0].message,
      /StorageAccount `prod-acct` `spec\.owner\.name: rg` \(the ResourceGroup is now `prod-rg`\)/,
    );
    assert.match(d[0].message, /list a configuration file with `nameReference` entries under `configurations:`/);
  });

  test('renamed in two overlays: one warning in each overlay, none on the base', () => {
    const DEV = 'file:///repo/overlays/dev/kustomization.yaml';
    const a = overlay('namePrefix: prod-\n', { [DEV]: 'resources:\n  - ../../base\nnameSuffix: -dev\n' });
    assert.deepEqual(shown(a, ALL, base), []);
    assert.match(renamedOn(a, K)[0].message, /`prod-rg`/);
    assert.match(renamedOn(a, DEV)[0].message, /^`nameSuffix: -dev` renames .*`rg-dev`/);
  });

  test('a base that renames: told on the base’s kustomization, where the renaming is, not again on its overlay', () => {
    const a = new Analysis();
    const text = 'resources:\n  - all.yaml\nnamePrefix: shop\n';
    a.indexFile(BASE_K, text);
    a.indexFile(ALL, base);
    a.indexFile(K, 'resources:\n  - ../../base\nnamespace: prod\n');
    assert.deepEqual(
      renamedOn(a, BASE_K).map((d) => text.slice(d.start, d.end)),
      ['namePrefix: shop'],
    );
    assert.deepEqual(renamedOn(a, K), []);
  });

  test('many references: listed, the list cut after five', () => {
    const many = docs(rg('rg'), ...['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7'].map((n) => account(n, 'rg')));
    const a = new Analysis();
    a.indexFile(BASE_K, 'resources:\n  - all.yaml\n');
    a.indexFile(ALL, many);
    a.indexFile(K, 'resources:\n  - ../../base\nnamePrefix: p\n');
    const d = renamedOn(a, K);
    assert.equal(d.length, 1);
    assert.match(d[0].message, /renames resources that 7 references of the overlay name/);
    assert.match(d[0].message, /`pa5` .*; and 2 more\./);
    assert.doesNotMatch(d[0].message, /`pa6`/);
  });

  test('nameSuffix too', () => {
    assert.deepEqual(renamedOn(overlay('nameSuffix: -prod\n'), K).length, 1);
  });

  test('a patch writing the renamed owner name: nothing', () => {
    const fix =
      'apiVersion: storage.cloud.example.com/v20220901\nkind: StorageAccount\nmetadata:\n  name: acct\nspec:\n  owner:\n    name: prod-rg\n';
    const a = overlay('namePrefix: prod-\npatches:\n  - path: patch.yaml\n', { [PATCH]: fix });
    assert.deepEqual(shown(a, ALL, base), []);
    assert.deepEqual(shown(a, PATCH, fix), []);
    assert.deepEqual(renamedOn(a, K), []);
  });

  test('a namespace alone moves owner and child together: nothing', () => {
    assert.deepEqual(renamedOn(overlay('namespace: prod\n'), K), []);
  });

  test('an owner outside the overlay (in the cluster) is not the overlay’s business: nothing', () => {
    const a = new Analysis();
    const only = account('acct', 'rg');
    a.indexFile(BASE_K, 'resources:\n  - all.yaml\n');
    a.indexFile(ALL, only);
    a.indexFile(K, 'resources:\n  - ../../base\nnamePrefix: prod-\n');
    // The workspace's own Information stays (no group rg anywhere); the overlay adds nothing.
    assert.deepEqual(shown(a, ALL, only), ['owner-not-found rg']);
    assert.deepEqual(renamedOn(a, K), []);
  });

  const CONFIG = 'file:///repo/overlays/prod/owner-names.yaml';
  const teaching = (fieldSpecs: string) =>
    `nameReference:\n  - kind: ResourceGroup\n    group: resources.cloud.example.com\n    fieldSpecs:\n${fieldSpecs}`;

  test('configurations teaching Kustomize the owner field (nameReference): nothing', () => {
    const a = overlay('namePrefix: prod-\nconfigurations:\n  - owner-names.yaml\n', {
      [CONFIG]: teaching('      - kind: StorageAccount\n        path: spec/owner/name\n'),
    });
    assert.deepEqual(renamedOn(a, K), []);
  });

  test('the configuration file edited: the kustomization listing it is among the files to check again', () => {
    const a = overlay('namePrefix: prod-\nconfigurations:\n  - owner-names.yaml\n', {
      [CONFIG]: teaching('      - kind: StorageAccount\n        path: spec/owner/name\n'),
    });
    assert.deepEqual(renamedOn(a, K), []);
    const affected = a.updateFile(
      CONFIG,
      teaching('      - kind: StorageAccountsBlobService\n        path: spec/owner/name\n'),
    );
    assert.ok(affected.has(K), [...affected].join(', '));
    assert.equal(renamedOn(a, K).length, 1);
  });

  test('configurations teaching other kinds or fields only: still reported (Kustomize leaves this one as written)', () => {
    for (const specs of [
      '      - kind: StorageAccountsBlobService\n        path: spec/owner/name\n',
      '      - kind: StorageAccount\n        path: spec/owner/armId\n',
      '      - kind: StorageAccount\n        group: other.example.com\n        path: spec/owner/name\n',
    ]) {
      const a = overlay('namePrefix: prod-\nconfigurations:\n  - owner-names.yaml\n', { [CONFIG]: teaching(specs) });
      assert.equal(renamedOn(a, K).length, 1, specs);
    }
    // A configuration file that is missing teaches nothing.
    assert.equal(renamedOn(overlay('namePrefix: prod-\nconfigurations:\n  - owner-names.yaml\n'), K).length, 1);
  });

  test('CRD schemas given to Kustomize (crds) are not second-guessed: nothing', () => {
    assert.deepEqual(renamedOn(overlay('namePrefix: prod-\ncrds:\n  - crd.json\n'), K), []);
  });
});
