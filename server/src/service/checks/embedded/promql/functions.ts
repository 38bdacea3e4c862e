// PromQL's functions, aggregation operators and keywords as data (Prometheus "Query functions" and
// "Operators"): argument and result types for the checks, signatures and docs for completion and hover.
// Argument types: `vector` (instant vector), `matrix` (range vector), `scalar`, `string`.

export type ValueType = 'vector' | 'matrix' | 'scalar' | 'string';

export interface PromFunction {
  name: string;
  args: ValueType[];
  /** -1: the last argument may be repeated; 0: it may not. */
  variadic: number;
  /** The last `optional` of `args` may be left out. */
  optional?: number;
  returns: ValueType;
  doc: string;
}

const f = (
  name: string,
  args: ValueType[],
  returns: ValueType,
  doc: string,
  extra: { optional?: number; variadic?: number } = {},
): PromFunction => ({
  name,
  args,
  variadic: extra.variadic ?? 0,
  optional: extra.optional,
  returns,
  doc,
});

const V: ValueType[] = ['vector'];
const M: ValueType[] = ['matrix'];
const math = (name: string, what: string) => f(name, V, 'vector', `${what} of every sample value.`);
const overTime = (name: string, what: string) =>
  f(name, M, 'vector', `${what} of the samples of each series in the range.`);
const clock = (name: string, what: string) =>
  f(
    name,
    V,
    'vector',
    `${what} of each sample's value read as a Unix timestamp in UTC; without an argument, of the evaluation time (\`vector(time())\`).`,
    { optional: 1 },
  );

export const FUNCTIONS: PromFunction[] = [
  math('abs', 'The absolute value'),
  f(
    'absent',
    V,
    'vector',
    'A 1-element vector with value 1 when the argument has no elements, empty otherwise: alerts on missing series.',
  ),
  f('absent_over_time', M, 'vector', 'A 1-element vector with value 1 when the range has no samples, empty otherwise.'),
  math('acos', 'The arccosine'),
  math('acosh', 'The inverse hyperbolic cosine'),
  math('asin', 'The arcsine'),
  math('asinh', 'The inverse hyperbolic sine'),
  math('atan', 'The arctangent'),
  math('atanh', 'The inverse hyperbolic tangent'),
  overTime('avg_over_time', 'The average value'),
  math('ceil', 'Rounds up to the nearest integer'),
  f('changes', M, 'vector', 'How many times the value of each series changed within the range.'),
  f('clamp', ['vector', 'scalar', 'scalar'], 'vector', 'Clamps every value to the range `[min, max]`.'),
  f('clamp_max', ['vector', 'scalar'], 'vector', 'Clamps every value to at most `max`.'),
  f('clamp_min', ['vector', 'scalar'], 'vector', 'Clamps every value to at least `min`.'),
  math('cos', 'The cosine'),
  math('cosh', 'The hyperbolic cosine'),
  overTime('count_over_time', 'The count'),
  clock('day_of_month', 'The day of the month (1–31)'),
  clock('day_of_week', 'The day of the week (0 = Sunday)'),
  clock('day_of_year', 'The day of the year (1–366)'),
  clock('days_in_month', 'The number of days in the month'),
  math('deg', 'Radians converted to degrees'),
  f('delta', M, 'vector', 'The difference between the first and last value of each series in the range (for gauges).'),
  f('deriv', M, 'vector', 'The per-second derivative of each series, by simple linear regression (for gauges).'),
  f(
    'double_exponential_smoothing',
    ['matrix', 'scalar', 'scalar'],
    'vector',
    'A smoothed value of each series from a smoothing factor and a trend factor (both between 0 and 1).',
  ),
  math('exp', 'e raised to the power'),
  overTime('first_over_time', 'The first value'),
  math('floor', 'Rounds down to the nearest integer'),
  f('histogram_avg', V, 'vector', 'The arithmetic average of the observed values of native histograms.'),
  f('histogram_count', V, 'vector', 'The count of observations of native histograms.'),
  f(
    'histogram_fraction',
    ['scalar', 'scalar', 'vector'],
    'vector',
    'The estimated fraction of observations between a lower and an upper bound (native histograms).',
  ),
  f(
    'histogram_quantile',
    ['scalar', 'vector'],
    'vector',
    'The φ-quantile (0 ≤ φ ≤ 1) from the buckets of a histogram: `histogram_quantile(0.9, sum by (le) (rate(x_bucket[5m])))`.',
  ),
  f('histogram_stddev', V, 'vector', 'The estimated standard deviation of observations of native histograms.'),
  f('histogram_stdvar', V, 'vector', 'The estimated standard variance of observations of native histograms.'),
  f('histogram_sum', V, 'vector', 'The sum of observations of native histograms.'),
  clock('hour', 'The hour of the day (0–23)'),
  f('idelta', M, 'vector', 'The difference between the last two samples of each series in the range.'),
  f('increase', M, 'vector', 'The increase of each counter over the range, adjusted for resets: `increase(x[1h])`.'),
  f('irate', M, 'vector', 'The per-second instant rate of each counter from its last two samples.'),
  f(
    'label_join',
    ['vector', 'string', 'string', 'string'],
    'vector',
    'Joins the values of source labels with a separator into a destination label: `label_join(v, "dst", ",", "src1", "src2")`.',
    { optional: 1, variadic: -1 },
  ),
  f(
    'label_replace',
    ['vector', 'string', 'string', 'string', 'string'],
    'vector',
    'Sets a destination label from a regular expression over a source label: `label_replace(v, "dst", "$1", "src", "(.*)")`.',
  ),
  overTime('last_over_time', 'The most recent value'),
  math('ln', 'The natural logarithm'),
  math('log10', 'The decimal logarithm'),
  math('log2', 'The binary logarithm'),
  overTime('mad_over_time', 'The median absolute deviation'),
  overTime('max_over_time', 'The maximum value'),
  overTime('min_over_time', 'The minimum value'),
  clock('minute', 'The minute of the hour (0–59)'),
  clock('month', 'The month of the year (1–12)'),
  f('pi', [], 'scalar', 'The number π.'),
  f(
    'predict_linear',
    ['matrix', 'scalar'],
    'vector',
    'The value of each series `t` seconds from now, by simple linear regression: `predict_linear(x[6h], 4 * 3600)`.',
  ),
  overTime('present_over_time', 'The value 1 for any series that has a sample'),
  f(
    'quantile_over_time',
    ['scalar', 'matrix'],
    'vector',
    'The φ-quantile (0 ≤ φ ≤ 1) of the values of each series in the range.',
  ),
  math('rad', 'Degrees converted to radians'),
  f(
    'rate',
    M,
    'vector',
    'The per-second average rate of increase of each counter over the range, adjusted for resets: `rate(http_requests_total[5m])`.',
  ),
  f('resets', M, 'vector', 'How many times each counter reset within the range.'),
  f(
    'round',
    ['vector', 'scalar'],
    'vector',
    'Rounds to the nearest integer, or to the nearest multiple of `to_nearest`.',
    { optional: 1 },
  ),
  f('scalar', V, 'scalar', 'The value of a single-element vector as a scalar; NaN otherwise.'),
  math('sgn', 'The sign (1, 0 or -1)'),
  math('sin', 'The sine'),
  math('sinh', 'The hyperbolic sine'),
  f('sort', V, 'vector', 'The elements sorted by value, ascending (instant queries only).'),
  f(
    'sort_by_label',
    ['vector', 'string'],
    'vector',
    'The elements sorted by the values of the given labels, ascending.',
    { optional: 1, variadic: -1 },
  ),
  f(
    'sort_by_label_desc',
    ['vector', 'string'],
    'vector',
    'The elements sorted by the values of the given labels, descending.',
    { optional: 1, variadic: -1 },
  ),
  f('sort_desc', V, 'vector', 'The elements sorted by value, descending (instant queries only).'),
  math('sqrt', 'The square root'),
  overTime('stddev_over_time', 'The population standard deviation'),
  overTime('stdvar_over_time', 'The population standard variance'),
  overTime('sum_over_time', 'The sum'),
  math('tan', 'The tangent'),
  math('tanh', 'The hyperbolic tangent'),
  f('time', [], 'scalar', 'The evaluation time as seconds since the Unix epoch.'),
  f('timestamp', V, 'vector', 'The timestamp of each sample, as seconds since the Unix epoch.'),
  overTime('ts_of_first_over_time', 'The timestamp of the first sample'),
  overTime('ts_of_last_over_time', 'The timestamp of the last sample'),
  overTime('ts_of_max_over_time', 'The timestamp of the maximum value'),
  overTime('ts_of_min_over_time', 'The timestamp of the minimum value'),
  f('vector', ['scalar'], 'vector', 'The scalar as a vector with no labels.'),
  clock('year', 'The year'),
];

export const FUNCTION_BY_NAME: ReadonlyMap<string, PromFunction> = new Map(FUNCTIONS.map((x) => [x.name, x]));

/**
 * Functions the grammar knows whose argument rules this table does not state (experimental ones): they are
 * accepted as written, never reported.
 */
export const UNCHECKED_FUNCTIONS: ReadonlySet<string> = new Set([
  'info',
  'histogram_quantiles',
  'start_timestamp',
  'limitk',
  'limit_ratio',
]);

export interface Aggregation {
  name: string;
  /** The type of the parameter before the vector (`topk(5, x)`), if the operator takes one. */
  param?: ValueType;
  doc: string;
}

export const AGGREGATIONS: Aggregation[] = [
  { name: 'sum', doc: 'The sum over dimensions: `sum by (job) (rate(x[5m]))`.' },
  { name: 'avg', doc: 'The average over dimensions.' },
  { name: 'min', doc: 'The minimum over dimensions.' },
  { name: 'max', doc: 'The maximum over dimensions.' },
  { name: 'count', doc: 'The number of elements in the vector.' },
  { name: 'group', doc: 'The value 1 for every group (all values in the resulting vector are 1).' },
  { name: 'stddev', doc: 'The population standard deviation over dimensions.' },
  { name: 'stdvar', doc: 'The population standard variance over dimensions.' },
  { name: 'topk', param: 'scalar', doc: 'The `k` largest elements by sample value: `topk(5, x)`.' },
  { name: 'bottomk', param: 'scalar', doc: 'The `k` smallest elements by sample value: `bottomk(5, x)`.' },
  { name: 'quantile', param: 'scalar', doc: 'The φ-quantile (0 ≤ φ ≤ 1) over dimensions: `quantile(0.9, x)`.' },
  {
    name: 'count_values',
    param: 'string',
    doc: 'The number of elements with the same value, the value in the named label: `count_values("version", build_info)`.',
  },
  { name: 'limitk', param: 'scalar', doc: 'Up to `k` elements, chosen deterministically (experimental).' },
  { name: 'limit_ratio', param: 'scalar', doc: 'A ratio of the elements, chosen deterministically (experimental).' },
];

export const AGGREGATION_BY_NAME: ReadonlyMap<string, Aggregation> = new Map(AGGREGATIONS.map((a) => [a.name, a]));

export const KEYWORDS: { name: string; doc: string }[] = [
  { name: 'by', doc: 'Aggregation modifier: keep only these labels, `sum by (job) (x)`.' },
  { name: 'without', doc: 'Aggregation modifier: drop these labels, `sum without (instance) (x)`.' },
  {
    name: 'bool',
    doc: 'Comparison modifier: return 0 or 1 instead of filtering, `x > bool 0`; required between two scalars.',
  },
  { name: 'on', doc: 'Vector matching on these labels only: `a / on (job) b`.' },
  { name: 'ignoring', doc: 'Vector matching ignoring these labels: `a / ignoring (code) b`.' },
  { name: 'group_left', doc: 'Many-to-one matching: each element on the left may match one on the right.' },
  { name: 'group_right', doc: 'One-to-many matching: each element on the right may match one on the left.' },
  { name: 'offset', doc: 'Shifts the time of a selector back: `rate(x[5m] offset 1h)`.' },
  { name: 'and', doc: 'Set intersection of two instant vectors.' },
  { name: 'or', doc: 'Set union of two instant vectors.' },
  { name: 'unless', doc: 'Set complement: elements of the left vector with no match on the right.' },
  { name: 'atan2', doc: 'Binary arithmetic operator: the arc tangent of the left and right operands.' },
];

const TYPE_WORDS: Record<ValueType, string> = {
  vector: 'instant vector',
  matrix: 'range vector',
  scalar: 'scalar',
  string: 'string',
};
export const typeWord = (t: ValueType | 'none'): string => (t === 'none' ? 'nothing' : TYPE_WORDS[t]);

/** `rate(v range-vector) instant-vector`, the way the Prometheus documentation writes signatures. */
export function signature(fn: PromFunction): string {
  const names = fn.args.map((t, i) => {
    const word = typeWord(t).replace(' ', '-');
    const opt = fn.optional && i >= fn.args.length - fn.optional;
    const rep = fn.variadic < 0 && i === fn.args.length - 1 ? ', ...' : '';
    return `${opt ? '[' : ''}${word}${rep}${opt ? ']' : ''}`;
  });
  return `${fn.name}(${names.join(', ')}) ${typeWord(fn.returns).replace(' ', '-')}`;
}
