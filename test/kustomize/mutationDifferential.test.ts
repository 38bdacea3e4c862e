// The overlay differential by mutation (issue 45): 500 overlays made by the seeded generator of
// mutations.ts from realistic ones (a listed file dropped or renamed, a field misspelt or added at any
// level, cycles through overlays and components, entries repeated, absolute and outside paths, JSON 6902
// paths broken, replacements and vars added with a mistake or none, odd lines in env files, JSON 6902
// patches of Kubernetes' own kinds, components and bases listed in each other's place, and look-alikes that
// build), each built by `kubectl kustomize` and checked by the CLI's analysis: an Error from us exactly when
// kubectl refuses it, and at the line of the mistake; where a replacement or a var was added and kubectl
// builds, our rendered resources are its own. A difference prints the seed, the mutation and the whole
// overlay. `scripts/kustomize-differential.ts` runs thousands.
// Without kubectl: skipped, naming how to install it; under CI (CI=true) it fails.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { inCI } from '../editors/tools';
import { hasKubectl, KUBECTL_INSTALL } from '../helpers/kubectl';
import { compare, errorClass, generate } from './mutations';

const SEED = 45;
const COUNT = 500;
/** kubectl builds run at once (each a process of its own; ours run between). */
const JOBS = 4;

const absent = !hasKubectl;
const skip = absent && !inCI ? `skipped: ${KUBECTL_INSTALL}` : false;

describe(`${COUNT} generated overlays: our verdict is kubectl's`, { skip }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'cm-kustomize-mutations-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  before(() => {
    if (absent) throw new Error(KUBECTL_INSTALL);
  });

  test(`seed ${SEED}: no difference, every error class reached`, async () => {
    const cases = generate(SEED, COUNT);
    assert.equal(cases.length, COUNT, 'the generator makes as many distinct overlays as asked');
    const differences: string[] = [];
    const classes = new Map<string, number>();
    let next = 0;
    const worker = async () => {
      while (next < cases.length) {
        const i = next++;
        const { why, real } = await compare(cases[i], join(dir, String(i)), SEED);
        if (why) differences.push(`case ${i}: ${why}`);
        const c = real.ok ? 'builds' : errorClass(real.stderr);
        classes.set(c, (classes.get(c) ?? 0) + 1);
        rmSync(join(dir, String(i)), { recursive: true, force: true });
      }
    };
    await Promise.all(Array.from({ length: JOBS }, worker));
    assert.deepEqual(differences, [], `${differences.length} differences:\n${differences.slice(0, 5).join('\n')}`);
    // The mistakes reach kubectl's refusals of every class we generate, and look-alikes it builds.
    for (const c of [
      'builds',
      'unknown field',
      'cycle',
      'missing file',
      'folder without kustomization',
      'absolute folder',
      'load restrictor',
      'duplicate resource',
      'generator key twice',
      'generator merge without base',
      'replacement fails',
      'var fails',
      'component kind',
      'JSON 6902 operation fails',
    ])
      assert.ok((classes.get(c) ?? 0) >= 5, `${c}: ${classes.get(c) ?? 0} overlays (${JSON.stringify([...classes])})`);
  });
});
