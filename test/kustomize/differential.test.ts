// Our in-memory rendering of an overlay (service/kustomize/render.ts) against the real tool: every overlay
// of test/fixtures/kustomize/overlays is rendered by `kubectl kustomize` and by ours, and the resources must
// be the same (order aside: Kustomize sorts its output). Without kubectl this fails, naming how to get it.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { before, describe, test } from 'node:test';
import { parseAllDocuments } from 'yaml';
import { renderKustomization, type JsonObject } from '../../server/src/service/kustomize/render';

const OVERLAYS = join(__dirname, '..', 'fixtures', 'kustomize', 'overlays');
const INSTALL =
  'kubectl (with Kustomize v5) is needed: https://kubernetes.io/docs/tasks/tools/ (on Debian/Ubuntu: `apt-get install kubectl` from the Kubernetes apt repository)';

/** Reads a file by its URI; undefined for a folder or a missing file (as the renderer expects). */
const read = (uri: string): string | undefined => {
  const path = fileURLToPath(uri);
  return existsSync(path) && statSync(path).isFile() ? readFileSync(path, 'utf8') : undefined;
};

const key = (r: JsonObject) => {
  const m = (r.metadata ?? {}) as JsonObject;
  return `${String(r.apiVersion)} ${String(r.kind)} ${String(m.namespace ?? '')}/${String(m.name)}`;
};
const sorted = (rs: JsonObject[]) => [...rs].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));

describe('overlays rendered as kubectl kustomize renders them', () => {
  before(() => {
    const r = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' });
    if (r.error || r.status !== 0) throw new Error(INSTALL);
  });

  const cases = readdirSync(OVERLAYS).sort();
  test('at least 20 overlays', () => assert.ok(cases.length >= 20, `${cases.length} overlays`));

  // The fact kustomize-owner-renamed (kustomize/renamedReferences.ts) rests on: Kustomize renames the group
  // but leaves the owner name a custom resource wrote, so the reference no longer names it.
  test('namePrefix leaves spec.owner.name of custom resources as written', () => {
    const real = spawnSync('kubectl', ['kustomize', join(OVERLAYS, '02-prefix')], { encoding: 'utf8' });
    assert.equal(real.status, 0, real.stderr);
    const out = parseAllDocuments(real.stdout).map((d) => d.toJS() as JsonObject);
    const named = (kind: string) =>
      out.find((r) => r.kind === kind) as { metadata: { name: string }; spec: JsonObject };
    assert.equal(named('ResourceGroup').metadata.name, 'prod-rg');
    assert.equal(named('StorageAccount').metadata.name, 'prod-appstore');
    assert.deepEqual(named('StorageAccount').spec.owner, { name: 'rg' });
  });

  for (const name of cases) {
    test(name, () => {
      const dir = join(OVERLAYS, name);
      const real = spawnSync('kubectl', ['kustomize', dir], { encoding: 'utf8' });
      assert.equal(real.status, 0, real.stderr);
      const theirs = parseAllDocuments(real.stdout).map((d) => d.toJS() as JsonObject);
      assert.ok(theirs.length > 0, 'kubectl rendered resources');
      const ours = renderKustomization(pathToFileURL(join(dir, 'kustomization.yaml')).href, read).resources;
      assert.deepEqual(sorted(ours), sorted(theirs));
    });
  }
});
