// What `kubectl kustomize` stops the build with, shown where it is written (issue 34): on the patch's
// name, the operation's path, the resource entry; a patch file several overlays share, checked against each
// one's own target; and Information, never an Error, where what is not rendered here could change it.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Analysis } from '../../server/src/service/analysis';
import { applyEdits } from '../../server/src/service/core/edits';
import { codeActions } from '../../server/src/service/features/codeActions';
import { severityOf } from '../../server/src/service/core/diag';
import { account, docs, rg } from '../workspace/helpers';

const k = (name: string) => `file:///repo/overlays/${name}/kustomization.yaml`;
const OPS = 'file:///repo/overlays/shared/ops.yaml';
const ops = '- op: remove\n  path: /spec/accessTier\n';

function workspace(files: Record<string, string>): Analysis {
  const a = new Analysis();
  a.indexFile('file:///repo/base/kustomization.yaml', 'resources:\n  - all.yaml\n');
  a.indexFile('file:///repo/base/all.yaml', docs(rg('rg'), account('acct', 'rg', '  accessTier: Hot\n')));
  for (const [u, t] of Object.entries(files)) a.indexFile(u, t);
  return a;
}

const shown = (a: Analysis, uri: string, text: string) =>
  a
    .fileDiagnostics(uri, undefined, { complete: true })
    .filter((d) => d.code.startsWith('kustomize-'))
    .map((d) => `${severityOf(d)} ${d.code} ${text.slice(d.start, d.end)}: ${d.message}`);

describe('a JSON 6902 file several kustomizations name', () => {
  const target = (kind: string) =>
    `resources:\n  - ../../base\npatches:\n  - path: ../shared/ops.yaml\n    target:\n      kind: ${kind}\n`;

  test("checked against each one's own target: the error names the overlay whose target lacks the path", () => {
    // prod removes the account's tier (it has one); dev targets the group, which has none.
    for (const order of [
      [k('prod'), k('dev')],
      [k('dev'), k('prod')],
    ]) {
      const files: Record<string, string> = {
        [k('prod')]: target('StorageAccount'),
        [k('dev')]: target('ResourceGroup'),
        [OPS]: ops,
      };
      const a = new Analysis();
      a.indexFile('file:///repo/base/kustomization.yaml', 'resources:\n  - all.yaml\n');
      a.indexFile('file:///repo/base/all.yaml', docs(rg('rg'), account('acct', 'rg', '  accessTier: Hot\n')));
      for (const u of order) a.indexFile(u, files[u]);
      a.indexFile(OPS, ops);
      const d = shown(a, OPS, ops);
      assert.equal(d.length, 1, d.join('\n'));
      assert.match(d[0], /^error kustomize-patch-failed path: Does not apply to ResourceGroup `rg`/);
      assert.match(d[0], /Unable to remove nonexistent key: accessTier/);
      assert.match(d[0], /\(in overlays\/dev\)$/);
    }
  });
});

describe('build errors where they are written', () => {
  test("a strategic-merge patch's misspelt name: an Error on the name, suggesting the resource's", () => {
    const patch =
      'apiVersion: storage.cloud.example.com/v20220901\nkind: StorageAccount\nmetadata:\n  name: accnt\nspec:\n  accessTier: Cool\n';
    const a = workspace({
      [k('prod')]: 'resources:\n  - ../../base\npatches:\n  - path: tier.yaml\n',
      'file:///repo/overlays/prod/tier.yaml': patch,
    });
    const d = shown(a, 'file:///repo/overlays/prod/tier.yaml', patch);
    assert.equal(d.length, 1, d.join('\n'));
    assert.match(d[0], /^error kustomize-patch-no-match accnt: No StorageAccount named `accnt`/);
    assert.match(d[0], /Did you mean `acct`\?/);
    // The quick fix writes the name it suggests; the overlay then builds.
    const file = a.parse(patch);
    const fixes = codeActions(file, a.fileDiagnostics('file:///repo/overlays/prod/tier.yaml', file)).filter(
      (x) => x.diag.code === 'kustomize-patch-no-match' && !x.title.startsWith('Disable'),
    );
    assert.deepEqual(
      fixes.map((x) => x.title),
      ['Change to `acct`'],
    );
    const fixed = applyEdits(patch, fixes[0].edits);
    assert.equal(fixed, patch.replace('name: accnt', 'name: acct'));
    a.indexFile('file:///repo/overlays/prod/tier.yaml', fixed);
    assert.deepEqual(shown(a, 'file:///repo/overlays/prod/tier.yaml', fixed), []);
  });

  test('a base listed twice: an Error on the second entry; the overlay above names the base that fails', () => {
    const base = 'resources:\n  - ../../base\n  - ../../base/.\n';
    const a = workspace({ [k('mid')]: base, [k('top')]: 'namePrefix: p-\nresources:\n  - ../mid\n' });
    assert.deepEqual(
      shown(a, k('mid'), base).map((x) => x.split(':')[0]),
      ['error kustomize-duplicate-resource ../../base/.'],
    );
    const top = 'namePrefix: p-\nresources:\n  - ../mid\n';
    // The prefix also breaks the account's owner reference (kustomize-owner-renamed, a warning): the errors.
    const d = shown(a, k('top'), top).filter((x) => x.startsWith('error'));
    assert.equal(d.length, 1, d.join('\n'));
    assert.match(d[0], /^error kustomize-base-fails \.\.\/mid: `\.\.\/mid` does not build/);
    assert.match(d[0], /overlays\/mid\/kustomization\.yaml: `\.\.\/\.\.\/base\/\.` lists/);
  });

  test('a transformer plugin could change the result: Information, never an Error', () => {
    const text =
      'resources:\n  - ../../base\ntransformers:\n  - t.yaml\npatches:\n  - target:\n      kind: StorageAccount\n    patch: |-\n      - op: remove\n        path: /spec/encryption\n';
    const a = workspace({ [k('prod')]: text });
    const d = shown(a, k('prod'), text).filter((x) => !x.includes('kustomize-not-rendered'));
    assert.equal(d.length, 1, d.join('\n'));
    assert.match(d[0], /^info kustomize-patch-failed path: Cannot be sure/);
  });
});
