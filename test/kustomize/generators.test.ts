// ConfigMap and Secret generators rendered as `kubectl kustomize` (Kustomize v5.5.0) renders them (issue
// 45): the content hash of the name (values checked with kubectl: Kustomize hashes the data with an empty
// name, so the suffix depends on the content alone), the prefix before it, options, and `behavior: merge`
// without a base generator refused on the entry. Rendered output against kubectl's own is in
// differential.test.ts (overlays 28-30).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  renderKustomization,
  type JsonObject,
  type Rendered,
} from '../../server/src/service/workspace/kustomize/render';

const render = (files: Record<string, string>): Rendered =>
  renderKustomization('file:///repo/o/kustomization.yaml', (u) => files[u.replace('file:///repo/', '')]);
const names = (r: Rendered) => r.resources.map((x) => `${String(x.kind)} ${String((x.metadata as JsonObject).name)}`);

describe('generators', () => {
  test("names carry kubectl's hash, after the prefix", () => {
    const r = render({
      'o/kustomization.yaml':
        'namePrefix: p-\nconfigMapGenerator:\n  - name: c\n    literals: [a=b, "q=\\"x<y&z\\""]\n  - name: e\n    options: {disableNameSuffixHash: true}\nsecretGenerator:\n  - name: s\n    literals: [pw=secret]\n',
    });
    assert.deepEqual(r.errors, []);
    // As `kubectl kustomize` (v5.5.0) names them.
    assert.deepEqual(names(r), ['ConfigMap p-c-ctkc7d9657', 'ConfigMap p-e', 'Secret p-s-dtgd52765c']);
    assert.deepEqual(r.resources[0].data, { a: 'b', q: 'x<y&z' });
    assert.equal(r.resources[1].data, undefined);
    assert.deepEqual(r.resources[2].data, { pw: 'c2VjcmV0' });
  });

  test('env files, files and literals; merge in an overlay changes the hash', () => {
    const files = {
      'b/kustomization.yaml': 'configMapGenerator:\n  - name: app\n    envs: [app.env]\n    files: [k=v.txt]\n',
      'b/app.env': '# c\nA=1\n  B=2\nC\n',
      'b/v.txt': 'text\n',
      'o/kustomization.yaml':
        'resources: [../b]\nconfigMapGenerator:\n  - name: app\n    behavior: merge\n    literals: [A=9]\n',
    };
    const base = renderKustomization(
      'file:///repo/b/kustomization.yaml',
      (u) => files[u.replace('file:///repo/', '') as keyof typeof files],
    );
    assert.deepEqual(base.resources[0].data, { A: '1', B: '2', C: '', k: 'text\n' });
    const r = render(files);
    assert.deepEqual(r.resources[0].data, { A: '9', B: '2', C: '', k: 'text\n' });
    assert.notEqual(names(r)[0], names(base)[0]);
  });

  test('`behavior: merge` with nothing to merge into: an Error on the entry', () => {
    const text = 'configMapGenerator:\n  - name: nosuch\n    behavior: merge\n    literals: [a=b]\n';
    const r = render({ 'o/kustomization.yaml': text });
    assert.deepEqual(
      r.errors.map((e) => `${e.code} ${e.unsure} ${text.slice(...e.span).split('\n')[0]}`),
      ['kustomize-generator-no-base false name: nosuch'],
    );
    assert.match(r.errors[0].message, /cannot merge or replace/);
  });
});
