// Overlays under hostile input (issue 30): each kustomization rendered once per build, duplicates refused
// as `kubectl kustomize` refuses them (at the first repeat), caps on resources and patches told, target
// patterns matched as Go's RE2 matches them (linear), long values cut in messages. Outcomes are asserted
// (the render's step count, the diagnostics), never times: speed is `npm run bench`'s.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseDocument } from 'yaml';
import { builtinRegistry } from '../../server/src/model/registry';
import { checkOperations } from '../../server/src/service/workspace/kustomize/json6902';
import {
  MAX_PATCHES,
  MAX_RESOURCE_PATCHES,
  renderKustomization,
  type Rendered,
} from '../../server/src/service/workspace/kustomize/render';
import { MAX_PATCH_TEXT } from '../../server/src/service/workspace/kustomize/textLimit';

const account = (name: string) =>
  `apiVersion: storage.cloud.example.com/v20220901\nkind: StorageAccount\nmetadata:\n  name: ${name}\nspec:\n  location: westus2\n`;
const at = (path: string) => `file:///repo/${path}`;
const render = (files: Record<string, string>, root: string): Rendered =>
  renderKustomization(at(root), (u) => files[u.replace('file:///repo/', '')]);
const codes = (r: Rendered) =>
  r.errors.map((e) => `${e.code} ${e.uri.replace('file:///repo/', '')}${e.unsure ? ' (unsure)' : ''}`);

/** l0 holds `l0` (its kustomization's text); each l{i} lists l{i-1} three ways (`../l`, `../l/.`, `../l/./.`). */
function chain(levels: number, l0: string): Record<string, string> {
  const files: Record<string, string> = { 'l0/kustomization.yaml': l0, 'l0/sa.yaml': account('sa') };
  for (let i = 1; i <= levels; i++)
    files[`l${i}/kustomization.yaml`] =
      `namePrefix: p\nresources:\n  - ../l${i - 1}\n  - ../l${i - 1}/.\n  - ../l${i - 1}/./.\n`;
  return files;
}

describe('a base reused by every level of 16 overlays', () => {
  test('refused at the first repeat, as kubectl refuses it: the work does not double per level', () => {
    const files = chain(16, 'resources:\n  - sa.yaml\n');
    const r = render(files, 'l16/kustomization.yaml');
    // The repeats left out: the account once, with each level's prefix.
    assert.deepEqual(
      r.resources.map((x) => (x.metadata as { name: string }).name),
      [`${'p'.repeat(16)}sa`],
    );
    // The repeat, in l1 (its second entry), and every level above names the base that does not build.
    assert.equal(r.errors[0].code, 'kustomize-duplicate-resource');
    assert.equal(r.errors[0].uri, at('l1/kustomization.yaml'));
    const l1 = files['l1/kustomization.yaml'];
    assert.equal(l1.slice(r.errors[0].span[0], r.errors[0].span[1]), '../l0/.');
    assert.match(r.errors[0].message, /may not add resource with an already registered id/);
    assert.equal(r.errors.filter((e) => e.code === 'kustomize-base-fails').length, 15);
    assert.ok(r.steps < 200, `${r.steps} steps`);
  });

  test('a base that renders nothing is rendered once, however often it is listed', () => {
    const r = render(chain(16, 'resources: []\n'), 'l16/kustomization.yaml');
    assert.deepEqual(codes(r), []);
    // 17 kustomizations, each read once, and the entries that hand back the kept (empty) result.
    assert.ok(r.steps < 100, `${r.steps} steps`);
  });
});

test('one file listed 4,096 times: refused at its second entry, the repeats left out', () => {
  const files = {
    'o/kustomization.yaml': `resources:\n${'  - sa.yaml\n'.repeat(4096)}`,
    'o/sa.yaml': account('sa'),
  };
  const r = render(files, 'o/kustomization.yaml');
  assert.deepEqual(codes(r), ['kustomize-duplicate-resource o/kustomization.yaml']);
  assert.equal(r.errors[0].span[0], files['o/kustomization.yaml'].indexOf('  - sa.yaml\n  - sa.yaml') + 16);
  assert.equal(r.resources.length, 1);
  assert.ok(r.steps < 3 * 4096, `${r.steps} steps`);
});

test(`past ${MAX_PATCHES.toLocaleString('en-US')} patches in a kustomization: an Information, the rest not applied`, () => {
  // Each patch in a file of its own: written inline, they would make the kustomization longer than is read
  // at all (MAX_PATCH_TEXT).
  const patch = (i: number) =>
    `apiVersion: storage.cloud.example.com/v20220901\nkind: StorageAccount\nmetadata:\n  name: sa\n  labels:\n    n: "${i}"\n`;
  const files: Record<string, string> = {
    'o/kustomization.yaml': `resources:\n  - sa.yaml\npatches:\n${Array.from({ length: MAX_PATCHES + 5 }, (_, i) => `  - path: p${i}.yaml\n`).join('')}`,
    'o/sa.yaml': account('sa'),
  };
  for (let i = 0; i < MAX_PATCHES + 5; i++) files[`o/p${i}.yaml`] = patch(i);
  assert.ok(files['o/kustomization.yaml'].length < MAX_PATCH_TEXT);
  const r = render(files, 'o/kustomization.yaml');
  // One resource patched past its own bound first (each step copies where its values were written), then
  // the kustomization past its bound: each told once.
  assert.deepEqual(codes(r), [
    'kustomize-render-limit o/kustomization.yaml (unsure)',
    'kustomize-render-limit o/kustomization.yaml (unsure)',
  ]);
  assert.match(r.errors[0].message, /first 1,000 patches of StorageAccount `sa`/);
  assert.match(r.errors[1].message, /first 10,000 patches of this kustomization/);
  assert.deepEqual((r.resources[0].metadata as { labels: unknown }).labels, { n: String(MAX_RESOURCE_PATCHES - 1) });
  assert.ok(r.steps < 3 * MAX_PATCHES, `${r.steps} steps`);
});

test('a JSON 6902 patch written on one line that does not apply: the Error is on its entry', () => {
  const text =
    "resources:\n  - sa.yaml\npatches:\n  - target: {kind: StorageAccount}\n    patch: '[{op: remove, path: /spec/tags}]'\n";
  const r = render({ 'o/kustomization.yaml': text, 'o/sa.yaml': account('sa') }, 'o/kustomization.yaml');
  assert.deepEqual(codes(r), ['kustomize-patch-failed o/kustomization.yaml']);
  assert.equal(
    text.slice(...r.errors[0].span).trimEnd(),
    "target: {kind: StorageAccount}\n    patch: '[{op: remove, path: /spec/tags}]'",
  );
});

describe("a patch target's patterns, as Go's RE2 matches them (anchored)", () => {
  const withTarget = (name: string) => ({
    'o/kustomization.yaml': `resources:\n  - sa.yaml\npatches:\n  - target:\n      kind: StorageAccount\n      name: ${JSON.stringify(name)}\n    patch: |-\n      - op: replace\n        path: /spec/location\n        value: eastus\n`,
    'o/sa.yaml': account('a'.repeat(40)),
  });
  const location = (r: Rendered) => (r.resources[0]?.spec as { location?: string } | undefined)?.location;

  test('a pattern that backtracks in JavaScript ends at once, matching nothing', () => {
    const r = render(withTarget('(a|a)*b'), 'o/kustomization.yaml');
    assert.deepEqual(codes(r), []);
    assert.equal(location(r), 'westus2');
  });

  test("Go's syntax: (?i) flags, anchored match of the whole name", () => {
    assert.equal(location(render(withTarget(`(?i)${'A'.repeat(40)}`), 'o/kustomization.yaml')), 'eastus');
    assert.equal(location(render(withTarget('a{20}'), 'o/kustomization.yaml')), 'westus2');
  });

  test("an invalid pattern stops the build with Go's own error, on the target", () => {
    for (const [pattern, words] of [
      ['a{2000}', 'invalid repeat count: `{2000}`'],
      ['(a', 'missing closing ): `^(?:(a)$`'],
    ]) {
      const files = withTarget(pattern);
      const r = render(files, 'o/kustomization.yaml');
      assert.deepEqual(codes(r), ['kustomize-patch-invalid o/kustomization.yaml'], pattern);
      assert.ok(r.errors[0].message.includes(`error parsing regexp: ${words}`), r.errors[0].message);
      assert.equal(files['o/kustomization.yaml'].slice(...r.errors[0].span), 'target');
    }
  });
});

test('JSON 6902: 3,000 operations apply, each value placed at its path', () => {
  // As many as fit in a kustomization that is read (MAX_PATCH_TEXT): a quadratic apply would show.
  const n = 3_000;
  const ops = Array.from(
    { length: n },
    (_, i) => `      - op: add\n        path: /spec/tags/t${i}\n        value: v${i}\n`,
  );
  const files = {
    'o/kustomization.yaml': `resources:\n  - sa.yaml\npatches:\n  - target:\n      kind: StorageAccount\n    patch: |-\n      - op: add\n        path: /spec/tags\n        value: {}\n${ops.join('')}`,
    'o/sa.yaml': account('sa'),
  };
  assert.ok(files['o/kustomization.yaml'].length < MAX_PATCH_TEXT);
  const r = render(files, 'o/kustomization.yaml');
  assert.deepEqual(codes(r), []);
  const tags = (r.resources[0].spec as { tags: Record<string, string> }).tags;
  assert.equal(Object.keys(tags).length, n);
  const text = files['o/kustomization.yaml'];
  const o = r.origins[0].get('/spec/tags/t7');
  assert.equal(o?.uri, at('o/kustomization.yaml'));
  assert.equal(text.slice(o.span[0], o.span[1]), 'value');
  assert.ok(o.span[0] > text.indexOf('/spec/tags/t7\n') && o.span[0] < text.indexOf('/spec/tags/t8\n'));
});

test('a label selector of 20,000 terms is read whole (and selects as it says)', () => {
  // As many as fit in a kustomization that is read (MAX_PATCH_TEXT).
  const terms = Array.from({ length: 20_000 }, (_, i) => `k${i}!=x`).join(',');
  const files = {
    'o/kustomization.yaml': `resources:\n  - sa.yaml\npatches:\n  - target:\n      labelSelector: "${terms}"\n    patch: |-\n      - op: replace\n        path: /spec/location\n        value: eastus\n`,
    'o/sa.yaml': account('sa'),
  };
  assert.ok(files['o/kustomization.yaml'].length < MAX_PATCH_TEXT);
  const r = render(files, 'o/kustomization.yaml');
  assert.deepEqual(codes(r), []);
  assert.equal((r.resources[0].spec as { location: string }).location, 'eastus');
});

test('a 200,000-segment patch path is cut in the message', () => {
  const path = `/spec/nothere${'/x'.repeat(200_000)}`;
  const text = `- op: replace\n  path: ${path}\n  value: 1\n`;
  const found = checkOperations(
    parseDocument(text),
    text,
    { group: 'storage.cloud.example.com', version: 'v20220901', kind: 'StorageAccount' },
    builtinRegistry(),
  );
  assert.equal(found.length, 1);
  assert.ok(found[0].message.length < 600, `${found[0].message.length} characters`);
  assert.match(found[0].message, /…/);
});

test('replacements times resources past their bound: the rest not rendered, told once, no Error', () => {
  // 3,000 resources and 1,000 replacements each reading them all: 3,000,000 looks, past MAX_REPLACEMENT_WORK.
  const n = 3_000;
  const files: Record<string, string> = {
    'o/sa.yaml': Array.from({ length: n }, (_, i) => account(`sa${i}`)).join('---\n'),
    'o/kustomization.yaml': `resources:\n  - sa.yaml\nreplacements:\n${'  - source: {kind: StorageAccount, name: sa0, fieldPath: spec.location}\n    targets:\n      - select: {name: sa1}\n        fieldPaths: [spec.location]\n'.repeat(1_000)}`,
  };
  const r = render(files, 'o/kustomization.yaml');
  assert.deepEqual(codes(r), ['kustomize-render-limit o/kustomization.yaml (unsure)']);
  assert.equal(r.resources.length, n);
  assert.ok(
    r.unsure.every((u) => u !== undefined),
    'what the replacements past the bound change is not checked',
  );
});
