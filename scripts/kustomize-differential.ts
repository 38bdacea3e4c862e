// The overlay differential at length (issue 45): thousands of generated overlays (test/kustomize/mutations.ts),
// each built by `kubectl kustomize` and checked by the CLI's analysis; prints every disagreement (its seed
// and the whole overlay) and the error classes kubectl's refusals fell in.
//
//   npx tsx scripts/kustomize-differential.ts [--seed N] [--count N] [--jobs N]
//
// Exits 1 on any disagreement. `npm test` runs 500 of them (test/kustomize/mutationDifferential.test.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compare, errorClass, generate } from '../test/kustomize/mutations';

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};

async function main(): Promise<void> {
  const seed = arg('seed', 45);
  const count = arg('count', 3000);
  const jobs = arg('jobs', 4);
  const cases = generate(seed, count);
  const dir = mkdtempSync(join(tmpdir(), 'kustomize-differential-'));
  const classes = new Map<string, number>();
  const failures: string[] = [];
  let next = 0;
  const started = Date.now();
  const worker = async () => {
    while (next < cases.length) {
      const i = next++;
      const at = join(dir, String(i));
      const { why, real } = await compare(cases[i], at, seed);
      if (why) failures.push(`case ${i}: ${why}`);
      const c = real.ok ? 'builds' : errorClass(real.stderr);
      classes.set(c, (classes.get(c) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: jobs }, worker));
  rmSync(dir, { recursive: true, force: true });
  for (const f of failures) console.log(f);
  console.log(`seed ${seed}: ${cases.length} overlays, ${failures.length} differences, ${Date.now() - started} ms`);
  for (const [c, n] of [...classes].sort((a, b) => b[1] - a[1])) console.log(`  ${String(n).padStart(5)}  ${c}`);
  process.exitCode = failures.length > 0 ? 1 : 0;
}

void main();
