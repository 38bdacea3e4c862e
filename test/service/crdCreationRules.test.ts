// A CRD rule with `optionalOldSelf: true` on a manifest the file has no committed version of: the API server
// runs it on the create, with `oldSelf` an empty optional, so a manifest that breaks it is refused. OpenShift's
// MachineOSConfig case (openshift/api machineconfiguration/v1 tests, "Should fail when MachineOSConfig name does
// not match MachineConfigPool name": `self.metadata.name == self.spec.machineConfigPool.name ||
// oldSelf.hasValue() && …`). A transition rule without `optionalOldSelf` does not run on a create.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Analysis } from '../../server/src/service/analysis';
import { severityOf } from '../../server/src/service/core/diag';
import { rootCrdText } from '../helpers/manifests';

const CRD = rootCrdText({
  group: 'example.org',
  kind: 'MachineOSConfig',
  plural: 'machineosconfigs',
  scope: 'Cluster',
  root: `          type: object
          x-kubernetes-validations:
            - message: MachineOSConfig name must match the referenced MachineConfigPool name; can only have one MachineOSConfig per MachineConfigPool
              optionalOldSelf: true
              rule: self.metadata.name == self.spec.machineConfigPool.name || oldSelf.hasValue() && oldSelf.spec.machineConfigPool.name.value() == self.spec.machineConfigPool.name
            - message: pool is immutable
              rule: self.spec.machineConfigPool.name == oldSelf.spec.machineConfigPool.name
          properties:
            spec:
              type: object
              properties:
                machineConfigPool:
                  type: object
                  properties:
                    name: {type: string}
`,
});

const manifest = (name: string, pool = 'worker') =>
  `apiVersion: example.org/v1\nkind: MachineOSConfig\nmetadata:\n  name: ${name}\nspec:\n  machineConfigPool:\n    name: ${pool}\n`;

/** The diagnostics of `text` in a file whose committed version (HEAD) is `committed`, if any. */
function diagnostics(name: string, committed?: string, text = manifest(name)) {
  const a = new Analysis();
  a.indexFile('file:///w/crd.yaml', CRD);
  a.applyCrds();
  if (committed !== undefined) a.setBase('file:///w/mosc.yaml', { text: committed, ref: 'HEAD', commit: 'abc1234' });
  return a
    .fileDiagnostics('file:///w/mosc.yaml', a.parse(text))
    .map((d) => ({ code: d.code, severity: severityOf(d), at: text.slice(d.start, d.end), message: d.message }));
}

test('a new object that breaks an optionalOldSelf rule is refused on its creation, with the rule message', () => {
  const got = diagnostics('different-name');
  assert.equal(got.length, 1, JSON.stringify(got));
  assert.equal(got[0].code, 'crd-transition-rule');
  assert.equal(got[0].severity, 'error');
  assert.equal(got[0].at, 'apiVersion');
  assert.match(
    got[0].message,
    /^The manifest: MachineOSConfig name must match the referenced MachineConfigPool name; can only have one MachineOSConfig per MachineConfigPool\. \(The CRD's transition rule .* does not hold against its creation/,
  );
});

test('a new object that keeps it gets nothing, and the rule without optionalOldSelf does not run on a create', () => {
  assert.deepEqual(diagnostics('worker'), []);
});

// A file with a committed version: an object added to it, or renamed in it, is created by the change.
const OTHER = `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata: {}\n`;

test('an object added to a committed file that breaks an optionalOldSelf rule is refused on its creation', () => {
  const got = diagnostics('', OTHER, `${OTHER}---\n${manifest('different-name')}`);
  assert.equal(got.length, 1, JSON.stringify(got));
  assert.equal(got[0].code, 'crd-transition-rule');
  assert.equal(got[0].severity, 'error');
  assert.equal(got[0].at, 'apiVersion');
  assert.match(got[0].message, /does not hold against its creation \(HEAD \(abc1234\) has no such object/);
});

test('a renamed object is a new one: its creation runs the optionalOldSelf rule', () => {
  const got = diagnostics('', manifest('worker'), manifest('different-name'));
  assert.deepEqual(
    got.map((d) => d.code),
    ['crd-transition-rule'],
  );
  assert.match(got[0].message, /against its creation/);
});

test('an object the committed version has is updated, not created: the rule reads oldSelf', () => {
  // The name differs from the pool's, which only a create refuses: an update that keeps the pool holds.
  const changed = manifest('different-name').replace('metadata:\n', 'metadata:\n  labels: {team: a}\n');
  assert.deepEqual(diagnostics('', manifest('different-name'), changed), []);
  // And the update runs the transition rules: a changed pool breaks both.
  const moved = diagnostics('', manifest('different-name', 'old'), changed);
  assert.deepEqual(
    moved.map((d) => d.message.match(/^The manifest: (\w+ \w+)/)?.[1]),
    ['MachineOSConfig name', 'pool is'],
  );
  assert.ok(moved.every((d) => !/creation/.test(d.message)));
});

test('an added object that keeps the optionalOldSelf rule gets nothing', () => {
  assert.deepEqual(diagnostics('', OTHER, `${OTHER}---\n${manifest('worker')}`), []);
});
