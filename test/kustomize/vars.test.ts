// `vars` (deprecated in Kustomize, still built by kubectl) as far as they decide whether `kubectl kustomize`
// builds (issue 45): an objref naming no resource (its apiVersion, kind and name must all match), a fieldref
// the resource does not have, a name declared twice: an Error on the part at fault, with kubectl's words. A
// `$(NAME)` no var declares is left as written by kubectl: no Error. The substitution is rendered
// (varsRendered.test.ts): no Information says it is not. kubectl is the oracle in differential.test.ts
// (builds/*var-*).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Analysis } from '../../server/src/service/analysis';
import { severityOf } from '../../server/src/service/core/diag';

const BASE = {
  'base/kustomization.yaml': 'resources:\n  - storage.yaml\n',
  'base/storage.yaml':
    'apiVersion: storage.cloud.example.com/v20220901\nkind: StorageAccount\nmetadata:\n  name: appstore\nspec:\n  location: westus2\n  kind: StorageV2\n  sku:\n    name: Standard_LRS\n  owner:\n    name: rg\n  accessTier: Hot\n',
};

/** The kustomization's diagnostics as `code severity "text at its range" message`. */
function overlay(kustomization: string): string[] {
  const a = new Analysis();
  for (const [p, t] of Object.entries({ ...BASE, 'o/kustomization.yaml': kustomization }))
    a.indexFile(`file:///repo/${p}`, t);
  return a
    .fileDiagnostics('file:///repo/o/kustomization.yaml', undefined, { complete: true })
    .map((d) => `${d.code} ${severityOf(d)} ${JSON.stringify(kustomization.slice(d.start, d.end))} ${d.message}`);
}

const VAR = (objref: string, fieldref = '') =>
  `resources:\n  - ../base\nvars:\n  - name: TIER\n    objref:\n${objref}${fieldref}`;
const STORE =
  '      apiVersion: storage.cloud.example.com/v20220901\n      kind: StorageAccount\n      name: appstore\n';

describe('vars: where kubectl stops, an Error on the part at fault', () => {
  test('an objref naming nothing: on its name', () => {
    const got = overlay(VAR(STORE.replace('name: appstore', 'name: appstor')));
    assert.equal(got.length, 1, got.join('\n'));
    assert.match(
      got[0],
      /^kustomize-var-failed error "appstor" The var `TIER`'s objref names no resource .*stops with "var '\{TIER StorageAccount\.v20220901\.storage\.cloud\.example\.com \{metadata\.name\}\}' cannot be mapped to a field in the set of known resources"/,
    );
  });

  test('an objref without its apiVersion names nothing, as kubectl matches it', () => {
    const got = overlay(VAR('      kind: StorageAccount\n      name: appstore\n'));
    assert.match(got[0], /^kustomize-var-failed error "appstore" .*StorageAccount\.\[noVer\]\.\[noGrp\]/);
  });

  test('a fieldref the resource does not have: on the path', () => {
    const got = overlay(VAR(STORE, '    fieldref:\n      fieldPath: spec.acessTier\n'));
    assert.equal(got.length, 1, got.join('\n'));
    assert.match(got[0], /^kustomize-var-failed error "spec\.acessTier" StorageAccount `appstore` has no field/);
  });

  test('a name declared twice: on the second', () => {
    const k = `${VAR(STORE)}  - name: TIER\n    objref:\n${STORE}`;
    const got = overlay(k);
    assert.equal(got.length, 1, got.join('\n'));
    assert.match(got[0], /^kustomize-var-failed error "TIER" .*"var 'TIER' already encountered"/);
  });

  test('a var that resolves, and a `$(NAME)` no var declares: no Error, nothing said', () => {
    const k = `${VAR(STORE, '    fieldref:\n      fieldPath: spec.accessTier\n')}patches:\n  - target:\n      kind: StorageAccount\n    patch: |-\n      - op: replace\n        path: /spec/location\n        value: $(TIER) and $(NOSUCH)\n`;
    assert.deepEqual(overlay(k), []);
  });
});
