import assert from 'node:assert/strict';
import { test } from 'node:test';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { SHAPES } from './helmLinearShapes';

/** Four times the input may cost this many times the time: linear is 4, quadratic 16. */
const RATIO = 6;

const MEASURE = join(__dirname, 'helmLinearMeasure.ts');

/** The fastest CPU times (ms) of lexing and masking `n` and `4n` repetitions of shape `k`, in a child process. */
function fastest(k: number, n: number): [number, number] {
  const r = spawnSync(process.execPath, ['--single-threaded-gc', '--import', 'tsx', MEASURE, String(k), String(n)], {
    encoding: 'utf8',
  });
  assert.equal(r.status, 0, `the measuring process failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as [number, number];
}

SHAPES.forEach(([name, make, n], k) =>
  test(`lexing and masking are linear: ${name}`, () => {
    let ratio = Infinity;
    let times = '';
    for (let attempt = 0; attempt < 10 && ratio > RATIO; attempt++) {
      const [a, b] = fastest(k, n);
      ratio = Math.min(ratio, b / a);
      times += ` ${a.toFixed(1)} ms → ${b.toFixed(1)} ms;`;
    }
    assert.ok(
      ratio <= RATIO,
      `four times the input (${make(4 * n).length} characters) cost ${ratio.toFixed(2)} times:${times}`,
    );
  }),
);
