// The hostile shapes of a Helm template that helmLinear.test.ts measures (helmLinearMeasure.ts builds them).

const HEAD = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\ndata:\n';

/** The shapes of the campaign (and the per-action reads of the mask), each made of `n` repetitions. */
export const SHAPES: [string, (n: number) => string, number][] = [
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
