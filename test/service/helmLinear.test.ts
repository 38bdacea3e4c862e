// Issue 43: lexing and masking a Helm template is linear in its size, whatever its shape. Each hostile shape
// is lexed and masked at a size and at four times that size; four times the input must cost at most 6 times
// the time (a quadratic path costs 16 times; the slack is for the garbage collector, whose threads count in
// the process's CPU time and whose work grows with the heap: at twice the input and a 2.2 bound it failed
// now and then with no change to the code). Measured in-process, the fastest of several runs at each size,
// and measured again (up to 10 times) before failing: the machine may be shared and busy, but a quadratic
// path is over the ratio every time.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lexTemplate } from '../../server/src/service/workspace/helm/lex';
import { maskTemplate } from '../../server/src/service/workspace/helm/mask';

/** Four times the input may cost this many times the time: linear is 4, quadratic 16. */
const RATIO = 6;

const HEAD = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\ndata:\n';

/** The shapes of the campaign (and the per-action reads of the mask), each made of `n` repetitions. */
const SHAPES: [string, (n: number) => string, number][] = [
  ['`{{- -}}` repeated on one line', (n) => '{{- -}}'.repeat(n), 20_000],
  ['`}}` repeated', (n) => '}}'.repeat(n), 800_000],
  ['an unclosed `{{/*` followed by lines', (n) => `{{/*\n${'name: x\n'.repeat(n)}`, 100_000],
  ['`{{-3}}` (a number, not a trim marker) repeated', (n) => '{{-3}}'.repeat(n), 20_000],
  [
    'output actions alone on one indented line',
    (n) => `${HEAD}  {{ include "a" . }}` + ' {{ include "a" . }}'.repeat(n),
    20_000,
  ],
  [
    '`key: {{ include … | nindent 2 }}` repeated on one line',
    (n) => HEAD + 'k: {{ include "a" . | nindent 2 }}'.repeat(n),
    10_000,
  ],
  ['`k: {{ x | nindent 2 }} #` comments on one line', (n) => HEAD + 'k: {{ x | nindent 2 }} #'.repeat(n), 16_000],
  [
    'actions alone on lines under 500 blank lines',
    (n) => `${HEAD}  a:\n${'\n'.repeat(500)}${'    {{ x }}\n'.repeat(n)}`,
    8_000,
  ],
];

/**
 * The CPU time of one lexing and masking of a text, in milliseconds: the process's own time, not the wall
 * clock, so that other processes on a loaded machine do not count.
 */
function time(text: string): number {
  const t0 = process.cpuUsage();
  lexTemplate(text);
  maskTemplate(text);
  const t = process.cpuUsage(t0);
  return (t.user + t.system) / 1000;
}

/** The fastest of 9 runs at each size, the two sizes taking turns (so both see the machine alike). */
function fastest(small: string, large: string): [number, number] {
  let a = Infinity;
  let b = Infinity;
  for (let r = 0; r < 9; r++) {
    a = Math.min(a, time(small));
    b = Math.min(b, time(large));
  }
  return [a, b];
}

for (const [name, make, n] of SHAPES)
  test(`lexing and masking are linear: ${name}`, () => {
    const small = make(n);
    const large = make(4 * n);
    time(small); // warm up the compiler
    let ratio = Infinity;
    let times = '';
    for (let attempt = 0; attempt < 10 && ratio > RATIO; attempt++) {
      const [a, b] = fastest(small, large);
      ratio = Math.min(ratio, b / a);
      times += ` ${a.toFixed(1)} ms → ${b.toFixed(1)} ms;`;
    }
    assert.ok(
      ratio <= RATIO,
      `four times the input (${large.length} characters) cost ${ratio.toFixed(2)} times:${times}`,
    );
  });
