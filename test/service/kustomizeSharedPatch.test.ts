// One patch file named by several kustomizations (overlays sharing a patch: `kubectl kustomize
// --load-restrictor LoadRestrictionsNone`, as Argo CD's and Flux's build options allow): the patch is checked
// against each overlay's rendered result, a problem names the overlays it is found in, and one found alike
// in several is shown once. The same for a base file's values in several overlays.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Analysis } from '../../server/src/service/analysis';
import { account, docs, rg } from '../workspace/helpers';

const ALL = 'file:///repo/base/all.yaml';
const SHARED = 'file:///repo/overlays/shared/blob.yaml';
const k = (name: string) => `file:///repo/overlays/${name}/kustomization.yaml`;
const blob = `apiVersion: storage.cloud.example.com/v20220901
kind: StorageAccount
metadata:
  name: acct
spec:
  kind: BlobStorage
`;
const hot =
  'apiVersion: storage.cloud.example.com/v20220901\nkind: StorageAccount\nmetadata:\n  name: acct\nspec:\n  accessTier: Hot\n';

/** A base account without accessTier; overlays dev, prod and staging all patch it with the shared file. */
function workspace(order: string[]): Analysis {
  const a = new Analysis();
  const files: Record<string, string> = {
    'file:///repo/base/kustomization.yaml': 'resources:\n  - all.yaml\n',
    [ALL]: docs(rg('rg'), account('acct', 'rg')),
    [SHARED]: blob,
    // prod also sets the tier: the shared patch is fine there.
    [k('prod')]: 'resources:\n  - ../../base\npatches:\n  - path: ../shared/blob.yaml\n  - path: hot.yaml\n',
    'file:///repo/overlays/prod/hot.yaml': hot,
    [k('staging')]: 'resources:\n  - ../../base\npatches:\n  - path: ../shared/blob.yaml\n',
    [k('dev')]: 'resources:\n  - ../../base\nnamespace: dev\npatches:\n  - path: ../shared/blob.yaml\n',
  };
  for (const u of order) a.indexFile(u, files[u]);
  for (const [u, t] of Object.entries(files)) if (!order.includes(u)) a.indexFile(u, t);
  return a;
}

const shown = (a: Analysis, uri: string, text: string) =>
  a
    .fileDiagnostics(uri, undefined, { complete: true })
    .map((d) => `${d.code} ${text.slice(d.start, d.end)}: ${d.message}`);

describe('a patch file several overlays name', () => {
  test('checked in each overlay; the problem shown once, naming the overlays it is found in', () => {
    const d = shown(workspace([]), SHARED, blob);
    assert.equal(d.length, 1, d.join('\n'));
    assert.match(d[0], /^access-tier-required kind: /);
    assert.match(d[0], /\(in overlays\/dev and overlays\/staging\)$/);
  });

  test('whatever order the kustomizations were read in (the first no longer decides alone)', () => {
    for (const order of [[k('prod')], [k('staging'), k('prod')], [k('dev'), k('staging')]]) {
      const d = shown(workspace(order), SHARED, blob);
      assert.deepEqual(
        d.map((x) => x.replace(/:.*\(in /, ' (in ')),
        ['access-tier-required kind (in overlays/dev and overlays/staging)'],
        order.join(' '),
      );
    }
  });

  test('fixed in every overlay: nothing', () => {
    const a = workspace([]);
    a.indexFile(ALL, docs(rg('rg'), account('acct', 'rg', '  accessTier: Cool\n')));
    assert.deepEqual(shown(a, SHARED, blob), []);
  });

  test('hover shows the rendered value in each overlay', () => {
    const a = workspace([]);
    const file = a.openFile(SHARED, 1, blob);
    const md = a.renderedHover(SHARED, file, blob.indexOf('kind: BlobStorage') + 1) ?? '';
    for (const o of ['dev', 'prod', 'staging']) assert.match(md, new RegExp(`In \`overlays/${o}\`, rendered`));
  });
});
