// A patch's content moved under `path:` (a misspelt `patch:`, issue 45) as the CLI reads it from disk: the
// `path:` is a file name that does not exist, never a URL (`apiVersion: v1` has a colon), so kubectl's
// refusal ("failed to get the patch file from path") is an Error on that entry. Found by the overlay
// differential's long run (seed 2).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { materialize, ourErrors } from '../kustomize/mutations';

test('a `path:` holding a patch: an Error on its entry, kustomize-missing-file', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'cm-patch-path-'));
  try {
    const c = {
      seed: 'test',
      what: 'patch → path',
      root: 'o',
      files: {
        'base/kustomization.yaml': 'resources:\n  - svc.yaml\n',
        'base/svc.yaml': 'apiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  ports:\n    - port: 80\n',
        'o/kustomization.yaml':
          'resources:\n  - ../base\npatches:\n  - path: |-\n      apiVersion: v1\n      kind: Service\n      metadata:\n        name: web\n',
      },
    };
    materialize(c, dir);
    const got = await ourErrors(dir, c);
    assert.deepEqual(
      got.map((e) => `${e.file}:${e.line} ${e.text.split(' ')[1]}`),
      ['o/kustomization.yaml:4 kustomize-missing-file:'],
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
