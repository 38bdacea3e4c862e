// Rename in the kustomizations that build a resource (kustomize/renameInOverlays.ts), over the analysis: what
// is rewritten (only where kind, group and namespace are the resource's, only in the kustomizations whose
// tree holds its file), what is left (a pattern that still selects the new name), and what refuses, with the
// reason (a pattern that would no longer select it, a name written with escapes, a generator's output).
// test/lsp/renameOverlays.test.ts proves the rewritten workspace with kubectl kustomize.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Analysis } from '../../server/src/service/analysis';
import { prepareRenameAt, renameAt } from '../../server/src/service/workspace/navigate';

const API = 'storage.cloud.example.com/v20220901';
const ACCOUNT = 'file:///r/base/account.yaml';
const account = `apiVersion: ${API}\nkind: StorageAccount\nmetadata:\n  name: ingeststore\nspec:\n  location: westus\n  owner:\n    name: rg\n`;
const smp = (kind = 'StorageAccount', api = API) =>
  `apiVersion: ${api}\nkind: ${kind}\nmetadata:\n  name: ingeststore\nspec:\n  accessTier: Cool\n`;

function workspace(files: Record<string, string>): Analysis {
  const a = new Analysis();
  a.indexFile('file:///r/base/kustomization.yaml', 'resources:\n  - account.yaml\n');
  a.indexFile(ACCOUNT, account);
  for (const [u, t] of Object.entries(files)) a.indexFile(`file:///r/${u}`, t);
  return a;
}

const NAME_AT = account.indexOf('ingeststore') + 2;

/** The rename's result: each file's text with its edits applied, or the refusal. */
function rename(a: Analysis, newName = 'lakestore'): Record<string, string> | string {
  const ws = a.overlayWorkspace();
  const r = renameAt(a.index, ACCOUNT, NAME_AT, newName, ws);
  if ('error' in r) return r.error;
  const out: Record<string, string> = {};
  for (const [u, edits] of r) {
    let text = ws.read(u)!;
    for (const e of [...edits].reverse()) text = text.slice(0, e.span[0]) + e.newText + text.slice(e.span[1]);
    out[u.slice('file:///r/'.length)] = text;
  }
  return out;
}

const K = (body: string) => `resources:\n  - ../../base\nnamePrefix: dev\n${body}`;

describe('rename in the kustomizations that build the resource', () => {
  test('a patch of another kind, of another group, or in a kustomization that does not build it: left as written', () => {
    const a = workspace({
      'overlays/dev/kustomization.yaml': K('patches:\n  - path: blob.yaml\n  - path: other.yaml\n'),
      'overlays/dev/blob.yaml': smp('StorageAccountsBlobService'),
      'overlays/dev/other.yaml': smp('StorageAccount', 'storage.other.example.com/v1'),
      'elsewhere/kustomization.yaml': 'resources:\n  - mine.yaml\npatches:\n  - path: p.yaml\n',
      'elsewhere/mine.yaml': account,
      'elsewhere/p.yaml': smp(),
    });
    assert.deepEqual(Object.keys(rename(a) as object), ['base/account.yaml']);
  });

  test('a namespace a kustomization on the way sets: a patch naming the resource in it is the resource’s; in another, not', () => {
    const inNs = (ns: string) =>
      `apiVersion: ${API}\nkind: StorageAccount\nmetadata:\n  name: ingeststore\n  namespace: ${ns}\nspec:\n  accessTier: Cool\n`;
    const a = workspace({
      'overlays/dev/kustomization.yaml': K('patches:\n  - path: apps.yaml\n  - path: other.yaml\n'),
      'overlays/dev/apps.yaml': inNs('apps'),
      'overlays/dev/other.yaml': inNs('other'),
    });
    a.indexFile('file:///r/base/kustomization.yaml', 'resources:\n  - account.yaml\nnamespace: apps\n');
    const r = rename(a) as Record<string, string>;
    assert.deepEqual(Object.keys(r).sort(), ['base/account.yaml', 'overlays/dev/apps.yaml']);
    assert.equal(r['overlays/dev/apps.yaml'], inNs('apps').replace('ingeststore', 'lakestore'));
  });

  test('target selectors: a literal name rewritten; a pattern that selects the new name too left; one that would not, refused', () => {
    const a = workspace({
      'overlays/dev/kustomization.yaml': K(
        'patches:\n  - path: ops.yaml\n    target:\n      kind: StorageAccount\n      name: ingeststore\n  - path: ops.yaml\n    target:\n      name: .*store\n',
      ),
      'overlays/dev/ops.yaml': '- op: add\n  path: /spec/accessTier\n  value: Cool\n',
    });
    const r = rename(a) as Record<string, string>;
    assert.equal(
      r['overlays/dev/kustomization.yaml'],
      K(
        'patches:\n  - path: ops.yaml\n    target:\n      kind: StorageAccount\n      name: lakestore\n  - path: ops.yaml\n    target:\n      name: .*store\n',
      ),
    );
    const refused = workspace({
      'overlays/dev/kustomization.yaml': K('patches:\n  - path: ops.yaml\n    target:\n      name: ingest.*\n'),
      'overlays/dev/ops.yaml': '- op: add\n  path: /spec/accessTier\n  value: Cool\n',
    });
    assert.match(
      rename(refused) as string,
      /^`patches\.target\.name: ingest\.\*` in dev\/kustomization\.yaml selects `ingeststore` by a pattern that does not select `lakestore`/,
    );
    // A pattern selecting another kind is not about this resource.
    const other = workspace({
      'overlays/dev/kustomization.yaml': K(
        'patches:\n  - path: ops.yaml\n    target:\n      kind: ResourceGroup\n      name: ingest.*\n',
      ),
      'overlays/dev/ops.yaml': '- op: add\n  path: /spec/location\n  value: eastus\n',
    });
    assert.deepEqual(Object.keys(rename(other) as object), ['base/account.yaml']);
  });

  test('inline patches edited in their own style: folded block, single-quoted, CRLF literal block; the rest byte for byte', () => {
    const folded = K(
      `patchesStrategicMerge:\n  - >-\n    apiVersion: ${API}\n\n    kind: StorageAccount\n\n    metadata: {name: ingeststore}\n`,
    );
    const quoted = K(
      `patches:\n  - patch: 'apiVersion: ${API}\n\n      kind: StorageAccount\n\n      metadata: {name: ''ingeststore''}'\n`,
    );
    const crlf = K(
      `patches:\n  - patch: |\n      apiVersion: ${API}\n      kind: StorageAccount\n      metadata:\n        name: ingeststore # the account\n`,
    ).replace(/\n/g, '\r\n');
    for (const text of [folded, quoted, crlf]) {
      const r = rename(workspace({ 'overlays/dev/kustomization.yaml': text })) as Record<string, string>;
      assert.equal(r['overlays/dev/kustomization.yaml'], text.replace('ingeststore', 'lakestore'), text);
    }
  });

  test('a name written with an escape in an inline patch: refused, saying where', () => {
    const text = K(
      `patches:\n  - patch: "apiVersion: ${API}\\nkind: StorageAccount\\nmetadata:\\n  name: \\x69ngeststore\\n"\n`,
    );
    assert.match(
      rename(workspace({ 'overlays/dev/kustomization.yaml': text })) as string,
      /`ingeststore` in an inline patch of dev\/kustomization\.yaml is not written as it reads/,
    );
  });

  test('replacements: source, select and reject names, inline and in a replacement file', () => {
    const sel = (n: string) => `kind: StorageAccount\n        name: ${n}`;
    const a = workspace({
      'overlays/dev/kustomization.yaml': K(
        `replacements:\n  - source:\n      kind: StorageAccount\n      name: ingeststore\n      fieldPath: spec.location\n    targets:\n      - select:\n          ${sel('ingeststore').replace('\n        ', '\n          ')}\n        reject:\n          - name: ingeststore\n        fieldPaths: [metadata.annotations.region]\n  - path: region.yaml\n`,
      ),
      'overlays/dev/region.yaml': `source:\n  kind: StorageAccount\n  name: ingeststore\n  fieldPath: spec.location\ntargets:\n  - select:\n      kind: ResourceGroup\n      name: ingeststore\n    fieldPaths: [spec.location]\n`,
    });
    const r = rename(a) as Record<string, string>;
    assert.equal((r['overlays/dev/kustomization.yaml'].match(/lakestore/g) ?? []).length, 3);
    assert.doesNotMatch(r['overlays/dev/kustomization.yaml'], /ingeststore/);
    // The file's source names the account; its select names a ResourceGroup of that name: left.
    assert.equal(
      r['overlays/dev/region.yaml'],
      `source:\n  kind: StorageAccount\n  name: lakestore\n  fieldPath: spec.location\ntargets:\n  - select:\n      kind: ResourceGroup\n      name: ingeststore\n    fieldPaths: [spec.location]\n`,
    );
  });

  test('a field a configurations nameReference entry teaches as a name of the kind: rewritten in the resources it builds', () => {
    const user = `apiVersion: ${API}\nkind: StorageAccountsBlobService\nmetadata:\n  name: blobs\n  annotations:\n    backup: ingeststore\nspec:\n  owner:\n    name: ingeststore\n`;
    const a = workspace({
      'overlays/dev/kustomization.yaml': K('resources:\n  - user.yaml\nconfigurations:\n  - names.yaml\n').replace(
        'resources:\n  - ../../base\n',
        'resources:\n  - ../../base\n  - user.yaml\n',
      ),
      'overlays/dev/user.yaml': user,
      'overlays/dev/names.yaml':
        'nameReference:\n  - kind: StorageAccount\n    fieldSpecs:\n      - kind: StorageAccountsBlobService\n        path: metadata/annotations/backup\n',
    });
    const r = rename(a) as Record<string, string>;
    assert.equal(r['overlays/dev/user.yaml'], user.replaceAll('ingeststore', 'lakestore'));
  });

  test('a kustomization building resources with helmCharts and naming the resource: refused before a name is asked', () => {
    const a = workspace({
      'overlays/dev/kustomization.yaml': K(
        'helmCharts:\n  - name: storage\n    repo: https://example.com/charts\npatches:\n  - path: tier.yaml\n',
      ),
      'overlays/dev/tier.yaml': smp(),
    });
    const p = prepareRenameAt(a.index, ACCOUNT, NAME_AT, a.overlayWorkspace());
    assert.ok(p && 'error' in p);
    assert.match(
      p.error,
      /^overlays\/dev names `ingeststore` and builds resources with `helmCharts`, which are not read here/,
    );
    // Without a patch naming it, the chart is no reason to refuse.
    const b = workspace({ 'overlays/dev/kustomization.yaml': K('helmCharts:\n  - name: storage\n') });
    assert.ok(!('error' in prepareRenameAt(b.index, ACCOUNT, NAME_AT, b.overlayWorkspace())!));
  });
});
