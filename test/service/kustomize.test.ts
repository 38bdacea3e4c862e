// Kustomize: what a kustomization names (kustomize/kustomization.ts), and the analysis reading a file it
// names as a patch: a partial manifest (every field written checked, nothing missing, not a resource of
// the index) or JSON 6902 operations checked against the target's model, whatever order the files come in.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Analysis } from '../../server/src/service/analysis';
import { severityOf } from '../../server/src/service/core/diag';
import { readKustomization } from '../../server/src/service/workspace/kustomize/kustomization';
import { patchedResources } from '../../server/src/service/workspace/kustomize/navigate';
import { renderKustomization } from '../../server/src/service/workspace/kustomize/render';
import { storageAccount } from '../helpers/manifests';
import { account, docs, fileService, rg as rgManifest, share } from '../workspace/helpers';

const K = 'file:///repo/overlays/prod/kustomization.yaml';
const PATCH = 'file:///repo/overlays/prod/patch.yaml';
const BASE = 'file:///repo/base/account.yaml';
const GROUP = 'file:///repo/base/group.yaml';
const group = `apiVersion: resources.example.org/v1api20200601
kind: ResourceGroup
metadata:
  name: rg
spec:
  location: westus2
`;
const kustomization = (patches: string) =>
  `apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources:\n  - ../../base\n${patches}`;
const patch = `apiVersion: storage.example.org/v20220901
kind: StorageAccount
metadata:
  name: acct
spec:
  owner:
    name: rg
  $patch: merge
  tags:
    $retainKeys: [team]
    team: storage
  minimumTlsVersion: TLS1_9
  networkAcls:
    resourceAccessRules:
      - tenantId: t
        resourceReference:
          group: storage.example.org
`;

const shown = (a: Analysis, uri: string, text: string) =>
  a.fileDiagnostics(uri, undefined, { complete: true }).map((d) => `${d.code} ${text.slice(d.start, d.end)}`);

describe('reading a kustomization', () => {
  test('names patch files (patches, patchesStrategicMerge, patchesJson6902), inline patches and what is not rendered', () => {
    const k = readKustomization(`resources:
  - ../base
  - github.com/org/repo//app?ref=v1
patches:
  - path: a.yaml
  - path: b.yaml
    target: { kind: StorageAccount, name: acct }
  - patch: |-
      - op: remove
        path: /spec/accessTier
    target: { group: storage.example.org, version: v20220901, kind: StorageAccount }
patchesStrategicMerge:
  - c.yaml
patchesJson6902:
  - path: d.yaml
    target: { kind: StorageAccount }
secretGenerator:
  - name: s
helmCharts:
  - name: x
`);
    assert.deepEqual(k.resources, ['../base']);
    assert.deepEqual(
      k.patchFiles.map((p) => [p.path, p.target?.kind]),
      [
        ['a.yaml', undefined],
        ['b.yaml', 'StorageAccount'],
        ['c.yaml', undefined],
        ['d.yaml', 'StorageAccount'],
      ],
    );
    assert.equal(k.inlinePatches.length, 1);
    assert.deepEqual(
      k.unrendered.map((u) => u.what),
      // Generators are rendered (kustomize/generators.ts): not named.
      ['the remote resource github.com/org/repo//app?ref=v1', 'helmCharts'],
    );
  });

  test('what is not a kustomization reads as one with nothing in it', () => {
    for (const text of ['', '- a\n- b\n', 'patches: 3\nresources: {a: 1}\n', '{{ .x }}: [']) {
      const k = readKustomization(text);
      assert.deepEqual([k.resources, k.patchFiles, k.inlinePatches, k.unrendered], [[], [], [], []]);
    }
  });
});

describe('a patch file', () => {
  const workspace = (order: 'kustomization first' | 'patch first') => {
    const a = new Analysis();
    a.indexFile(GROUP, group);
    a.indexFile(BASE, storageAccount());
    if (order === 'patch first') a.indexFile(PATCH, patch);
    a.indexFile(K, kustomization('patches:\n  - path: patch.yaml\n'));
    if (order === 'kustomization first') a.indexFile(PATCH, patch);
    return a;
  };

  for (const order of ['kustomization first', 'patch first'] as const)
    test(`is partial: what it writes is checked, nothing is missing, no duplicate of its base (${order})`, () => {
      const a = workspace(order);
      // The list a merge patch writes replaces the base's whole: its items are complete.
      assert.deepEqual(shown(a, PATCH, patch), ['enum-value TLS1_9', 'reference-shape resourceReference']);
      assert.deepEqual(shown(a, BASE, storageAccount()), []);
    });

  test('is a manifest again when no kustomization names it', () => {
    const a = workspace('kustomization first');
    a.unindexFile(K);
    const codes = shown(a, PATCH, patch).map((d) => d.split(' ')[0]);
    assert.ok(codes.includes('missing-required'), codes.join());
  });

  test('an edit of the kustomization tells which files read differently', () => {
    const a = workspace('kustomization first');
    const affected = a.updateFile(K, kustomization(''));
    assert.ok(affected.has(PATCH));
  });

  test("an edit of a base file tells which overlays' files show its rendered problems", () => {
    const a = workspace('kustomization first');
    a.indexFile('file:///repo/base/kustomization.yaml', 'resources:\n  - account.yaml\n');
    a.fileDiagnostics(PATCH, undefined, { complete: true });
    const affected = a.updateFile(BASE, storageAccount({ accessTier: 'Cool' }));
    assert.ok(affected.has(PATCH) && affected.has(K), [...affected].join());
  });

  test('JSON 6902 operations: the path exists in the target kind, the value fits', () => {
    const ops = `- op: replace
  path: /spec/minimumTlsVersion
  value: TLS1_2
- op: add
  path: /spec/sku
  value:
    nam: Standard_LRS
- op: remove
  path: /spec/nope
- op: add
  path: /spec/networkAcls/ipRules/-
  value: { value: 10.0.0.0/8, action: Allow }
`;
    const a = new Analysis();
    a.indexFile(K, kustomization('patches:\n  - path: patch.yaml\n    target:\n      kind: StorageAccount\n'));
    a.indexFile(PATCH, ops);
    // `nam` for the required `name`: one mistake, said by the unknown key (not also a missing `name`).
    assert.deepEqual(shown(a, PATCH, ops), ['unknown-field nam', 'unknown-field /spec/nope']);
    // Without a target of ours, operations may patch anybody's resource: unchecked.
    const b = new Analysis();
    b.indexFile(K, kustomization('patches:\n  - path: patch.yaml\n    target:\n      kind: Deployment\n'));
    b.indexFile(PATCH, ops);
    assert.deepEqual(shown(b, PATCH, ops), []);
  });

  test('JSON 6902 operations shared by overlays that target other kinds: checked against each, naming the overlay', () => {
    const SHARED = 'file:///repo/shared/ops.yaml';
    const ops = '- op: add\n  path: /spec/minimumTlsVersion\n  value: TLS1_2\n';
    const named = (kind: string) =>
      kustomization(`patches:\n  - path: ../../shared/ops.yaml\n    target:\n      kind: ${kind}\n`);
    const a = new Analysis();
    a.indexFile(K, named('StorageAccount'));
    a.indexFile('file:///repo/overlays/dev/kustomization.yaml', named('ResourceGroup'));
    a.indexFile(SHARED, ops);
    const found = a.fileDiagnostics(SHARED, undefined, { complete: true });
    // A StorageAccount has `minimumTlsVersion`; a ResourceGroup, which dev's target names, does not.
    assert.deepEqual(
      found.map((d) => `${d.code} ${ops.slice(d.start, d.end)}`),
      ['unknown-field /spec/minimumTlsVersion'],
    );
    assert.match(found[0].message, /does not exist in ResourceGroup.*\(in overlays\/dev\)$/);
    // Both overlays target StorageAccounts: one check, no overlay named, nothing wrong.
    a.indexFile('file:///repo/overlays/dev/kustomization.yaml', named('StorageAccount'));
    assert.deepEqual(a.fileDiagnostics(SHARED, undefined, { complete: true }), []);
  });
});

describe('the kustomization file', () => {
  test('one Information names everything not rendered; inline patches are checked in place', () => {
    const text = kustomization(`transformers:
  - t.yaml
components:
  - ../c
patches:
  - patch: |-
      apiVersion: storage.example.org/v20220901
      kind: StorageAccount
      metadata:
        name: acct
      spec:
        accessTier: Warm
`);
    const a = new Analysis();
    a.indexFile(K, text);
    const d = a.fileDiagnostics(K, undefined, { complete: true });
    assert.deepEqual(
      d.map((x) => `${x.code} ${text.slice(x.start, x.end)}`),
      ['kustomize-not-rendered transformers', 'enum-value Warm'],
    );
    // Components are rendered (render.ts): not named.
    assert.match(d[0].message, /Not rendered here: transformers\./);
  });
});

describe('files a kustomization reads from outside its folder', () => {
  test('a file outside is an Error on its entry (kubectl refuses it); a folder with a kustomization is not', () => {
    const a = new Analysis();
    const text =
      'resources:\n  - ../../base\n  - ../../shared/group.yaml\n  - ../../shared\npatches:\n  - path: ../../shared/ops.yaml\n    target:\n      kind: StorageAccount\n  - path: local.yaml\n';
    a.indexFile('file:///repo/shared/group.yaml', group);
    a.indexFile('file:///repo/shared/kustomization.yaml', 'resources:\n  - group.yaml\n');
    a.indexFile('file:///repo/shared/ops.yaml', '- op: add\n  path: /spec/minimumTlsVersion\n  value: TLS1_2\n');
    a.indexFile('file:///repo/overlays/prod/local.yaml', patch);
    a.indexFile(K, text);
    const found = a
      .fileDiagnostics(K, undefined, { complete: true })
      .filter((d) => d.code === 'kustomize-outside-root');
    assert.deepEqual(
      found.map((d) => text.slice(d.start, d.end)),
      ['../../shared/group.yaml', '../../shared/ops.yaml'],
    );
    assert.match(found[0].message, /^`\.\.\/\.\.\/shared\/group\.yaml` is outside this kustomization's folder/);
    assert.deepEqual(
      found.map((d) => severityOf(d)),
      ['error', 'error'],
    );
    // A path to nothing known (maybe a folder outside the workspace): nothing said.
    const b = new Analysis();
    b.indexFile(K, 'resources:\n  - ../../elsewhere/app.yaml\n');
    assert.deepEqual(
      b.fileDiagnostics(K, undefined, { complete: true }).filter((d) => d.code === 'kustomize-outside-root'),
      [],
    );
  });
});

describe('rendering an overlay (compared with kubectl in test/kustomize/differential.test.ts)', () => {
  test('a loop of kustomizations, a missing file and a text that is not YAML end, with what can be rendered', () => {
    const files: Record<string, string> = {
      'file:///r/a/kustomization.yaml': 'resources:\n  - ../b\n  - missing.yaml\n  - one.yaml\n',
      'file:///r/b/kustomization.yaml': 'resources:\n  - ../a\n',
      'file:///r/a/one.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: one\n',
      'file:///r/c/kustomization.yaml': '{{ [',
    };
    const read = (u: string) => files[u];
    const r = renderKustomization('file:///r/a/kustomization.yaml', read);
    assert.deepEqual(
      r.resources.map((x) => (x.metadata as { name: string }).name),
      ['one'],
    );
    assert.deepEqual(renderKustomization('file:///r/c/kustomization.yaml', read).resources, []);
  });
});

describe("the overlay's rendered result", () => {
  test('a patch setting kind: BlobStorage on a base without accessTier: found on the patch line, naming the overlay', () => {
    const blob = `apiVersion: storage.example.org/v20220901
kind: StorageAccount
metadata:
  name: acct
spec:
  kind: BlobStorage
`;
    const a = new Analysis();
    a.indexFile(GROUP, group);
    a.indexFile('file:///repo/base/kustomization.yaml', 'resources:\n  - account.yaml\n  - group.yaml\n');
    a.indexFile(BASE, storageAccount({ accessTier: null }));
    a.indexFile(K, kustomization('patches:\n  - path: patch.yaml\n'));
    a.indexFile(PATCH, blob);
    const d = a.fileDiagnostics(PATCH, undefined, { complete: true });
    assert.deepEqual(
      d.map((x) => `${x.code} ${blob.slice(x.start, x.end)}`),
      ['access-tier-required kind'],
    );
    assert.equal(d[0].start, blob.indexOf('  kind: BlobStorage') + 2);
    assert.match(d[0].message, /\(in overlays\/prod\)$/);
    // The base alone is fine: the problem is the overlay's.
    assert.deepEqual(shown(a, BASE, storageAccount({ accessTier: null })), []);
  });
});

describe("the overlay's rendered result when the base renames or moves its resources", () => {
  // Kustomize matches an overlay's patch by the name and namespace the base's file wrote as well as by the
  // rendered ones (test/kustomize/differential.test.ts, 26-original-names, checks it against kubectl).
  const renamingBase = (a: Analysis) => {
    a.indexFile(GROUP, group);
    a.indexFile(
      'file:///repo/base/kustomization.yaml',
      'resources:\n  - account.yaml\n  - group.yaml\nnamePrefix: shop\nnamespace: apps\n',
    );
    a.indexFile(BASE, storageAccount({ accessTier: null }));
  };
  const toBlob = (selector: string) =>
    `patches:\n  - path: patch.yaml\n  - target:\n${selector}    patch: |-\n      - op: replace\n        path: /spec/kind\n        value: BlobStorage\n`;

  test('a patch naming the resource as the base wrote it is applied: the problem it makes is found', () => {
    const blob =
      'apiVersion: storage.example.org/v20220901\nkind: StorageAccount\nmetadata:\n  name: acct\nspec:\n  kind: BlobStorage\n';
    const a = new Analysis();
    renamingBase(a);
    a.indexFile(K, kustomization('patches:\n  - path: patch.yaml\n'));
    a.indexFile(PATCH, blob);
    assert.deepEqual(shown(a, PATCH, blob), ['access-tier-required kind']);
  });

  test('a patch naming it as written fixes what another patch needs: no false error', () => {
    const tier =
      'apiVersion: storage.example.org/v20220901\nkind: StorageAccount\nmetadata:\n  name: acct\n  namespace: default\nspec:\n  accessTier: Cool\n';
    const a = new Analysis();
    renamingBase(a);
    const k = kustomization(toBlob('      kind: StorageAccount\n'));
    a.indexFile(K, k);
    a.indexFile(PATCH, tier);
    assert.deepEqual(shown(a, K, k), []);
    assert.deepEqual(shown(a, PATCH, tier), []);
  });

  test('set-based and negated label selectors select as Kubernetes parses them', () => {
    const a = new Analysis();
    renamingBase(a);
    // The account has no labels: `notin`, `!key` and `!=` select it, `in` does not. The problem is on the
    // operation's value, where the rendered kind was written. The group is selected too: a `replace` of a
    // key its map lacks sets it, as kubectl does (`spec.kind` is no field of a ResourceGroup).
    const k = (sel: string) =>
      kustomization(toBlob(`      labelSelector: "${sel}"\n`).replace('  - path: patch.yaml\n', ''));
    for (const sel of ['tier notin (gold)', '!tier', 'tier!=gold']) {
      const text = k(sel);
      a.indexFile(K, text);
      assert.deepEqual(shown(a, K, text), ['access-tier-required value', 'unknown-field value'], sel);
    }
    const text = k('tier in (gold, silver)');
    a.indexFile(K, text);
    assert.deepEqual(shown(a, K, text), [], 'in');
  });
});

describe('go to definition from a patch', () => {
  test("the patch's name leads to the resource it patches; other positions lead nowhere", () => {
    const a = new Analysis();
    a.indexFile(GROUP, group);
    a.indexFile(BASE, storageAccount());
    a.indexFile(K, kustomization('patches:\n  - path: patch.yaml\n'));
    a.indexFile(PATCH, patch);
    const file = a.openFile(PATCH, 1, patch);
    const locs = patchedResources(a.index, file, patch.indexOf('name: acct') + 7);
    assert.deepEqual(
      locs.map((l) => [l.uri, storageAccount().slice(l.span[0], l.span[1])]),
      [[BASE, 'acct']],
    );
    assert.deepEqual(patchedResources(a.index, file, patch.indexOf('TLS1_9')), []);
  });
});

describe('hover in a patch', () => {
  test('a field the patch writes shows its rendered value in the overlay: maps merged with the base', () => {
    const tags = `apiVersion: storage.example.org/v20220901
kind: StorageAccount
metadata:
  name: acct
spec:
  tags:
    env: prod
  minimumTlsVersion: TLS1_1
`;
    const base = storageAccount().replace('  owner:', '  tags:\n    team: storage\n  owner:');
    const a = new Analysis();
    a.indexFile('file:///repo/base/kustomization.yaml', 'resources:\n  - account.yaml\n');
    a.indexFile(BASE, base);
    a.indexFile(K, kustomization('namePrefix: prod-\npatches:\n  - path: patch.yaml\n'));
    a.indexFile(PATCH, tags);
    const file = a.openFile(PATCH, 1, tags);
    const md = a.renderedHover(PATCH, file, tags.indexOf('tags:') + 1);
    assert.ok(md, 'a rendered value');
    assert.match(md, /In `overlays\/prod`, rendered:/);
    assert.match(md, /team: storage/);
    assert.match(md, /env: prod/);
    assert.match(a.renderedHover(PATCH, file, tags.indexOf('TLS1_1')) ?? '', /TLS1_1/);
    // Not a patch: nothing rendered to show.
    assert.equal(a.renderedHover(BASE, a.openFile(BASE, 1, base), base.indexOf('tags:') + 1), undefined);
  });
});

describe("the overlay's rendered result across resources", () => {
  test('a patch raising a share quota over what the base account allows: found on the patch line', () => {
    const base = docs(
      rgManifest('rg'),
      account('files', 'rg'),
      fileService('default', 'files'),
      share('data', 'default', '  shareQuota: 100\n'),
    );
    const quota = `apiVersion: storage.cloud.example.com/v20220901
kind: StorageAccountsFileServicesShare
metadata:
  name: data
spec:
  shareQuota: 10240
`;
    const a = new Analysis();
    a.indexFile('file:///repo/base/kustomization.yaml', 'resources:\n  - all.yaml\n');
    a.indexFile('file:///repo/base/all.yaml', base);
    a.indexFile(K, kustomization('namespace: prod\npatches:\n  - path: patch.yaml\n'));
    a.indexFile(PATCH, quota);
    const d = a.fileDiagnostics(PATCH, undefined, { complete: true });
    assert.deepEqual(
      d.map((x) => `${x.code} ${quota.slice(x.start, x.end)}`),
      ['share-quota-large-file-shares shareQuota'],
    );
    assert.match(d[0].message, /\(in overlays\/prod\)$/);
    // The base alone is fine, and so is the overlay once the account allows large shares.
    assert.deepEqual(shown(a, 'file:///repo/base/all.yaml', base), []);
    a.indexFile(
      'file:///repo/base/all.yaml',
      base.replace('  kind: StorageV2\n', '  kind: StorageV2\n  largeFileSharesState: Enabled\n'),
    );
    assert.deepEqual(shown(a, PATCH, quota), []);
  });
});

describe("the overlay's rendered result on the base's lines", () => {
  test("a patch turning large file shares off: the base share's quota is shown on the base's line, naming the overlay", () => {
    const base = docs(
      rgManifest('rg'),
      account('files', 'rg', '  largeFileSharesState: Enabled\n'),
      fileService('default', 'files'),
      share('data', 'default', '  shareQuota: 10240\n'),
    );
    const off = `apiVersion: storage.cloud.example.com/v20220901
kind: StorageAccount
metadata:
  name: files
spec:
  largeFileSharesState: null
`;
    const all = 'file:///repo/base/all.yaml';
    const a = new Analysis();
    a.indexFile('file:///repo/base/kustomization.yaml', 'resources:\n  - all.yaml\n');
    a.indexFile(all, base);
    // The base alone is fine.
    assert.deepEqual(shown(a, all, base), []);
    a.indexFile(K, kustomization('patches:\n  - path: patch.yaml\n'));
    a.indexFile(PATCH, off);
    const d = a.fileDiagnostics(all, undefined, { complete: true });
    assert.deepEqual(
      d.map((x) => `${x.code} ${base.slice(x.start, x.end)}`),
      ['share-quota-large-file-shares shareQuota'],
    );
    assert.match(d[0].message, /\(in overlays\/prod\)$/);
    // Without rendering, nothing.
    const b = new Analysis({ renderOverlays: false });
    for (const [u, t] of [
      ['file:///repo/base/kustomization.yaml', 'resources:\n  - all.yaml\n'],
      [all, base],
      [K, kustomization('patches:\n  - path: patch.yaml\n')],
      [PATCH, off],
    ])
      b.indexFile(u, t);
    assert.deepEqual(shown(b, all, base), []);
  });
});
