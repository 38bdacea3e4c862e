// A kustomization's `replacements` rendered as `kubectl kustomize` renders them (issue 45), as the user
// sees it: where kubectl stops (a source that selects nothing, a target field missing without `create`, a
// delimiter index out of range, a failing replacement read from a `path:` file) an Error on the part of the
// replacement at fault, with kubectl's words; where it builds, the values written are checked in the
// rendered result, at the replacement that wrote them. Kustomize's own table is replacementFilter.test.ts;
// kubectl itself is the oracle in differential.test.ts (overlay 41, builds/*replacement*).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Analysis } from '../../server/src/service/analysis';
import { severityOf } from '../../server/src/service/core/diag';

const BASE = {
  'base/kustomization.yaml': 'resources:\n  - group.yaml\n  - storage.yaml\n',
  'base/group.yaml':
    'apiVersion: resources.cloud.example.com/v1api20200601\nkind: ResourceGroup\nmetadata:\n  name: rg\nspec:\n  location: westus2\n',
  'base/storage.yaml':
    'apiVersion: storage.cloud.example.com/v20220901\nkind: StorageAccount\nmetadata:\n  name: appstore\nspec:\n  location: westus2\n  kind: StorageV2\n  sku:\n    name: Standard_LRS\n  owner:\n    name: rg\n  accessTier: Hot\n',
};

/** The diagnostics of the overlay's kustomization. */
function diagnostics(kustomization: string, more: Record<string, string> = {}) {
  const a = new Analysis();
  const files: Record<string, string> = { ...BASE, ...more, 'o/kustomization.yaml': kustomization };
  for (const [p, t] of Object.entries(files)) a.indexFile(`file:///repo/${p}`, t);
  return a.fileDiagnostics('file:///repo/o/kustomization.yaml', undefined, { complete: true });
}

/** The same as `code severity "text at its range" message`. */
const overlay = (kustomization: string, more: Record<string, string> = {}): string[] =>
  diagnostics(kustomization, more).map(
    (d) => `${d.code} ${severityOf(d)} ${JSON.stringify(kustomization.slice(d.start, d.end))} ${d.message}`,
  );

const SOURCE_NOTHING = `resources:
  - ../base
replacements:
  - source:
      kind: ResourceGroup
      name: rgg
      fieldPath: spec.location
    targets:
      - select:
          kind: StorageAccount
        fieldPaths:
          - spec.location
`;

describe('replacements: where kubectl stops, an Error on the part at fault', () => {
  test('a source that selects nothing: on its name, the nearest suggested; nothing said "not rendered"', () => {
    const got = overlay(SOURCE_NOTHING);
    assert.equal(got.length, 1, got.join('\n'));
    assert.match(got[0], /^kustomize-replacement-failed error "rgg" The replacement's source selects nothing/);
    assert.match(
      got[0],
      /stops with "nothing selected by ResourceGroup\.\[noVer\]\.\[noGrp\]\/rgg\.\[noNs\]:spec\.location"\. Did you mean `rg`\?/,
    );
    // The quick fix writes the nearest name over the value.
    const fix = diagnostics(SOURCE_NOTHING)[0].data as { candidates?: { text: string }[] } | undefined;
    assert.deepEqual(
      fix?.candidates?.map((c) => c.text),
      ['rg'],
    );
  });

  test('a target field missing: on the field path; with `create: true` it builds', () => {
    const k = SOURCE_NOTHING.replace('name: rgg', 'name: rg').replace('- spec.location\n', '- spec.tags.region\n');
    const got = overlay(k);
    assert.equal(got.length, 1, got.join('\n'));
    assert.match(
      got[0],
      /^kustomize-replacement-failed error "spec\.tags\.region" StorageAccount `appstore` has no `spec\.tags\.region`/,
    );
    assert.match(got[0], /add `options: {create: true}`/);
    assert.deepEqual(
      overlay(k.replace('- spec.tags.region\n', '- spec.tags.region\n        options:\n          create: true\n')),
      [],
    );
  });

  test('a delimiter index past the parts: on the index', () => {
    const k = `resources:
  - ../base
replacements:
  - source:
      kind: StorageAccount
      fieldPath: spec.sku.name
      options:
        delimiter: _
        index: 2
    targets:
      - select:
          kind: ResourceGroup
        fieldPaths:
          - spec.location
`;
    const got = overlay(k);
    assert.equal(got.length, 1, got.join('\n'));
    assert.match(
      got[0],
      /^kustomize-replacement-failed error "2" `index: 2` is past the parts of `Standard_LRS`.*write an index from 0 to 1\.$/,
    );
  });

  test('a replacement read from a `path:` file: on the path, naming the file', () => {
    const got = overlay('resources:\n  - ../base\nreplacements:\n  - path: more.yaml\n', {
      'o/more.yaml':
        'source:\n  kind: ResourceGroup\n  fieldPath: spec.nosuch\ntargets:\n  - select:\n      kind: StorageAccount\n',
    });
    assert.equal(got.length, 1, got.join('\n'));
    assert.match(
      got[0],
      /^kustomize-replacement-failed error "more\.yaml" In `more\.yaml`: ResourceGroup `rg` has no `spec\.nosuch`/,
    );
  });

  test('a build that asks for what is not rendered: the same mistake is Information', () => {
    const got = overlay(`${SOURCE_NOTHING}transformers:\n  - t.yaml\n`, { 'o/t.yaml': 'kind: X\n' });
    const replacement = got.filter((d) => d.startsWith('kustomize-replacement-failed'));
    assert.equal(replacement.length, 1, got.join('\n'));
    assert.match(replacement[0], /^kustomize-replacement-failed info "rgg" Cannot be sure/);
  });
});

describe('replacements: what they write is checked as rendered', () => {
  test('a value copied into a field it does not fit: at the replacement', () => {
    const k = `resources:
  - ../base
  - tier.yaml
replacements:
  - source:
      kind: ConfigMap
      name: tier
      fieldPath: data.tier
    targets:
      - select:
          kind: StorageAccount
        fieldPaths:
          - spec.accessTier
`;
    const tier = (v: string) => ({
      'o/tier.yaml': `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: tier\ndata:\n  tier: ${v}\n`,
    });
    const got = overlay(k, tier('Warm'));
    assert.equal(got.length, 1, got.join('\n'));
    assert.match(got[0], /^enum-value error "source" `spec\.accessTier` does not allow "Warm"/);
    assert.deepEqual(overlay(k, tier('Cool')), []);
  });

  test('`vars` are rendered (varsRendered.test.ts): a var that resolves says nothing', () => {
    const got = overlay(
      'resources:\n  - ../base\nvars:\n  - name: RG\n    objref:\n      kind: ResourceGroup\n      name: rg\n      apiVersion: resources.cloud.example.com/v1api20200601\n',
    );
    assert.deepEqual(got, []);
  });
});
