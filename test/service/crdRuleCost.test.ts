// The estimated cost of CRD rules against Kubernetes' own expectations: the cases of TestCostEstimation
// (apiextensions-apiserver pkg/apiserver/schema/cel/compilation_test.go), each rule on its schema without
// and with the size limits set. Ours must never exceed the API server's estimate (a rule it accepts is
// never refused here), and equals it where the rule uses what the estimate follows.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compileRule, judge, newBudget } from '../../server/src/service/checks/crd/rules/celRules';
import { cardinality, estimateCost, TotalCost } from '../../server/src/service/checks/crd/rules/cost/ruleCost';

type Schema = Record<string, unknown>;
type Gen = (max?: number) => Schema;

const prim = (type: string): Schema =>
  type === 'int-or-string'
    ? { 'x-kubernetes-int-or-string': true }
    : ['duration', 'date', 'date-time'].includes(type)
      ? { type: 'string', format: type }
      : { type };
const maxOf = (key: string, max?: number) => (max === undefined ? {} : { [key]: max });
const array =
  (item: string): Gen =>
  (max) => ({ type: 'array', items: prim(item), ...maxOf('maxItems', max) });
const arrayOfArrays =
  (item: string): Gen =>
  (max) => ({
    type: 'array',
    items: { type: 'array', items: prim(item) },
    ...maxOf('maxItems', max),
  });
const OBJECT: Schema = {
  type: 'object',
  required: ['required'],
  properties: { required: { type: 'string' }, optional: { type: 'string' } },
};
const objectArray: Gen = (max) => ({ type: 'array', items: OBJECT, ...maxOf('maxItems', max) });
const mapArray =
  (item: string): Gen =>
  (max) => ({
    type: 'array',
    items: { type: 'object', additionalProperties: prim(item) },
    ...maxOf('maxItems', max),
  });
const map =
  (item: string): Gen =>
  (max) => ({
    type: 'object',
    additionalProperties: prim(item),
    ...maxOf('maxProperties', max),
  });
const mapOf =
  (item: Schema): Gen =>
  (max) => ({ type: 'object', additionalProperties: item, ...maxOf('maxProperties', max) });
const string: Gen = (max) => ({ type: 'string', ...maxOf('maxLength', max) });
const nestedSpec: Gen = (max) => ({
  type: 'object',
  additionalProperties: { type: 'string', ...maxOf('maxLength', max) },
  ...maxOf('maxProperties', max),
});
const allMaxNested: Gen = (max) => ({
  type: 'array',
  items: {
    type: 'object',
    additionalProperties: { ...OBJECT, ...maxOf('maxProperties', max) },
    ...maxOf('maxProperties', max),
  },
  ...maxOf('maxItems', max),
});

/**
 * [name, schema, rule, cost unbounded, limit set, cost with it] as Kubernetes expects them (a negative
 * cost: ours is at most that much).
 */
const CASES: [string, Gen, string, number | 'over', number, number][] = [
  ['number array with all', array('number'), 'self.all(x, true)', 4718591, 10, 32],
  ['string array with all', array('string'), 'self.all(x, true)', 3145727, 20, 62],
  ['boolean array with all', array('boolean'), 'self.all(x, true)', 1887437, 5, 17],
  ['array of number arrays with all', arrayOfArrays('number'), 'self.all(x, true)', 3145727, 100, 302],
  ['array of objects with all', objectArray, 'self.all(x, true)', 555128, 50, 152],
  ['map of numbers with all', map('number'), 'self.all(x, true)', 1348169, 10, 32],
  ['map of numbers with has', map('number'), 'has(self.x)', 0, 100, 0],
  ['map of strings with all', map('string'), 'self.all(x, true)', 1179647, 3, 11],
  ['map of booleans with all', map('boolean'), 'self.all(x, true)', 943718, 100, 302],
  ['string with contains', string, "self.contains('test')", 314574, 10, 5],
  ['string with startsWith', string, "self.startsWith('test')", 2, 15, 2],
  ['string with endsWith', string, "self.endsWith('test')", 2, 30, 2],
  ['concat string', string, 'size(self + "hello") > size("hello")', 314578, 4, 7],
  ['index of array with numbers', array('number'), 'self[1] == 0.0', 2, 5000, 2],
  ['index of array with strings', array('string'), 'self[1] == self[1]', 314577, 8, 314577],
  ['O(n^2) loop with numbers', array('number'), 'self.all(x, self.all(y, true))', 'over', 10, 352],
  ['O(n^3) loop with numbers', array('number'), 'self.all(x, self.all(y, self.all(z, true)))', 'over', 10, 3552],
  ['regex matches simple', string, 'self.matches("x")', 314574, 50, 22],
  ['regex matches empty string', string, '"".matches("(((((((((())))))))))[0-9]")', 7, 10, 7],
  ['regex matches empty regex', string, 'self.matches("")', 1, 100, 1],
  ['map of strings with value length', nestedSpec, 'self.all(x, x.contains(self[x]))', 2752507, 10, 72],
  ['set array maxLength to zero', array('number'), 'self[3] == 0.0', 2, 0, 2],
  ['set map maxLength to zero', map('number'), 'self["x"] == 0.0', 2, 0, 2],
  ['set string maxLength to zero', string, 'self == "x"', 2, 0, 1],
  [
    'set maxLength greater than estimated maxLength',
    array('number'),
    'self.all(x, x == 0.0)',
    6291454,
    3 * 1024 * 2048,
    25165826,
  ],
  ['nested types with root rule', allMaxNested, 'self.all(x, x["y"].required == "z")', 7340027, 10, 72],
  ['int-or-string array with all', array('int-or-string'), 'self.all(x, true)', 4718591, 10, 32],
  ['index of array with booleans', array('boolean'), 'self[0] == false', 2, 25, 2],
  ['index of array of objects', objectArray, 'self[0] == null', 2, 422, 2],
  ['index of array of array of numbers', arrayOfArrays('number'), 'self[0][0] == -1.0', 3, 51, 3],
  // Ours counts less here (a map's `x.y` is an index for cel-go): never more than the API server.
  ['array of number maps with all', mapArray('number'), 'self.all(x, x.y == 25.2)', -6291452, 12, -74],
  ['index of array of number maps', mapArray('number'), 'self[0].x > 2.0', 4, 3000, 4],
  ['duration array with all', array('duration'), 'self.all(x, true)', 2359295, 5, 17],
  ['date array with all', array('date'), 'self.all(x, true)', 725936, 15, 47],
  ['date-time array with all', array('date-time'), 'self.all(x, true)', 428963, 25, 77],
  ['map of int-or-strings with all', map('int-or-string'), 'self.all(x, true)', 1348169, 15, 47],
  ['map of objects with all', mapOf(OBJECT), 'self.all(x, true)', 428963, 20, 62],
  [
    'map of number arrays with all',
    mapOf({ type: 'array', items: { type: 'number' } }),
    'self.all(x, true)',
    1179647,
    25,
    77,
  ],
  ['map of durations with all', map('duration'), 'self.all(x, true)', 1048577, 5, 17],
  ['map of dates with all', map('date'), 'self.all(x, true)', 524288, 10, 32],
  ['map of date-times with all', map('date-time'), 'self.all(x, true)', 349526, 25, 77],
];

const cost = (rule: string, schema: Schema): number => {
  const c = compileRule(rule);
  assert.ok(c.ok, rule);
  return estimateCost(c.ast, schema);
};

test("crd rule cost: Kubernetes' TestCostEstimation cases, without and with the size limits", () => {
  const wrong: string[] = [];
  for (const [name, gen, rule, unbounded, max, bounded] of CASES) {
    const fits = (got: number, want: number) => (want < 0 ? got <= -want : got === want);
    const u = cost(rule, gen());
    if (unbounded === 'over' ? u <= 100_000_000 : !fits(u, unbounded))
      wrong.push(`${name}: ${u}, expected ${unbounded}`);
    const b = cost(rule, gen(max));
    if (!fits(b, bounded)) wrong.push(`${name} (limit ${max}): ${b}, expected ${bounded}`);
  }
  assert.deepEqual(wrong, []);
});

test('crd rule cost: a rule run past the per-call limit stops with the API server error, no verdict, at once', () => {
  const xs = Array.from({ length: 1500 }, (_, i) => BigInt(i));
  for (const rule of [
    'self.xs.all(a, self.xs.all(b, self.xs.all(c, a != b || b != c || true)))',
    "size(self.xs.map(a, self.xs.map(b, string(a) + '-' + string(b)))) > 0",
  ]) {
    const budget = newBudget();
    assert.equal(judge({ rule }, { xs }, budget), undefined, rule);
    assert.match(
      budget.stopped ?? '',
      /^'operation cancelled: actual cost limit exceeded': no further validation rules will be run due to call cost exceeds limit for rule: /,
      rule,
    );
    // Once stopped, no further rule runs (a failing one included).
    assert.equal(judge({ rule: 'false', message: 'never' }, {}, budget), undefined);
  }
});

test("crd rule cost: a call is charged from its values as the API server's cost.go does, so a loop over a long string stops", () => {
  // lowerAscii costs a tenth of its string (50,000 characters: 5,000) and `matches` the string times its
  // pattern: 300 calls pass the per-call limit of 1,000,000, as in the API server (before: 1 a call, held).
  const s = 'A'.repeat(50_000);
  const xs = Array.from({ length: 300 }, (_, i) => BigInt(i));
  for (const rule of ["self.xs.all(x, self.s.lowerAscii() != '')", "self.xs.all(x, self.s.matches('^[A-Z]+$'))"]) {
    const budget = newBudget();
    assert.equal(judge({ rule }, { s, xs }, budget), undefined, rule);
    assert.match(budget.stopped ?? '', /call cost exceeds limit for rule/, rule);
  }
  // Under the limit (30 items: 150,000), the rule is judged.
  const budget = newBudget();
  assert.equal(
    judge({ rule: "self.xs.all(x, self.s.lowerAscii() == '')" }, { s, xs: xs.slice(0, 30) }, budget),
    "failed rule: self.xs.all(x, self.s.lowerAscii() == '')",
  );
  assert.equal(budget.stopped, undefined);
});

test('crd rule cost: the runtime budget of one object is spent across its rules', () => {
  const xs = Array.from({ length: 300 }, (_, i) => BigInt(i));
  const rule = 'self.xs.all(a, self.xs.all(b, a != b || true))'; // ≈ 270,000 per run: under the per-call limit
  const budget = newBudget();
  let runs = 0;
  while (!budget.stopped && runs < 1000) {
    assert.equal(judge({ rule }, { xs }, budget), undefined);
    runs++;
  }
  assert.equal(
    budget.stopped,
    'validation failed due to running out of cost budget, no further validation rules will be run',
  );
  assert.ok(runs > 10 && runs < 100, `${runs} runs`);
});

test('crd rule cost: a rule longer than cel-go parses does not compile (the API server refuses the CRD)', () => {
  const c = compileRule(`self.a == 1 ${'&& true '.repeat(20_000)}`);
  assert.equal(c.ok, false);
  assert.match(!c.ok ? c.error : '', /^expression code point size exceeds limit: size: 160012, limit 100000$/);
});

test("crd rule cost: a string(x) joined is a string of unknown size, as cel-go's estimate has it (over any limit)", () => {
  const ast = (rule: string) => {
    const c = compileRule(rule);
    assert.ok(c.ok);
    return c.ast;
  };
  const schema = { type: 'array', maxItems: 3, items: { type: 'string', maxLength: 5 } };
  // validation_test.go "messageExpression exceeding per-CRD estimated cost limit": string(self[0]) + string(self[1]).
  assert.ok(estimateCost(ast("string(self[0]) + '!'"), schema) > 10_000_000);
  // The strings themselves have a size: joining them is cheap.
  assert.ok(estimateCost(ast("self[0] + '!'"), schema) < 100);
  assert.ok(estimateCost(ast("string(self[0]).startsWith('a')"), schema) < 100);
});

// TestPerCRDEstimatedCost (apiextensions validation_test.go): the total of a version's rules, and which of them the
// API server names when that total is over its limit: the 4 costliest over 1% of the limit, costliest first.
// Costs saturate at Number.MAX_SAFE_INTEGER here (math.MaxUint64 in Go).
test("crd rule cost: Kubernetes' TestPerCRDEstimatedCost, the total and the costliest rules named", () => {
  const half = Math.floor(Number.MAX_SAFE_INTEGER / 2) + 1;
  const cases: [string, number[], number[], number][] = [
    ['no costs', [], [], 0],
    ['one cost', [1000000], [1000000], 1000000],
    ['one cost, ignored', [900000], [], 900000],
    ['2 costs', [5000000, 25000000], [25000000, 5000000], 30000000],
    ['3 costs, one ignored', [5000000, 25000000, 900000], [25000000, 5000000], 30900000],
    ['4 costs', [16000000, 50000000, 34000000, 50000000], [50000000, 50000000, 34000000, 16000000], 150000000],
    [
      '5 costs, one trimmed, one ignored',
      [16000000, 50000000, 900000, 34000000, 50000000, 50000001],
      [50000001, 50000000, 50000000, 34000000],
      200900001,
    ],
    ['costs do not overflow', [half, half, 1, 10, 100, 1000], [half, half], Number.MAX_SAFE_INTEGER],
  ];
  for (const [name, costs, expensive, total] of cases) {
    const t = new TotalCost();
    costs.forEach((c, i) => t.observe([i], c));
    assert.deepEqual(
      t.mostExpensive.map((e) => e.cost),
      expensive,
      name,
    );
    assert.equal(t.total, total, name);
  }
});

// TestCostInfo: how many times a rule on a node can run in one object, from the lists and maps above it.
// Unbounded (nil in Go) is, in the estimate, as many of the node as fit in a request (MaxCardinality).
test("crd rule cost: Kubernetes' TestCostInfo, a node's cardinality from the maxItems and maxProperties above it", () => {
  const obj = () => ({ type: 'object' }) as Schema;
  const arr = (max?: number) => ({ type: 'array', ...maxOf('maxItems', max) }) as Schema;
  const map = (max?: number) =>
    ({ type: 'object', additionalProperties: {}, ...maxOf('maxProperties', max) }) as Schema;
  const UNBOUNDED = Math.floor((3 * 1024 * 1024) / 3); // `""` and a comma, per item, in 3 MB
  const cases: [string, Schema[], number][] = [
    ['object', [obj()], 1],
    ['array', [arr(5)], 5],
    ['unbounded array', [arr()], UNBOUNDED],
    ['map', [map(10)], 10],
    ['unbounded map', [map()], UNBOUNDED],
    ['array inside map', [map(5), arr(5)], 25],
    ['unbounded array inside bounded map', [map(5), arr()], UNBOUNDED],
    ['object inside array', [arr(3), obj()], 3],
    ['map inside object inside array', [arr(2), obj(), map(4)], 8],
    ['integer overflow bounds check', [arr(Number.MAX_SAFE_INTEGER), arr(100)], Number.MAX_SAFE_INTEGER],
  ];
  for (const [name, chain, expected] of cases) {
    // Each schema holds the next, the last a string (the leaf the rule is on), as the test's child contexts do.
    const nodes = [...chain.map((s) => structuredClone(s)), { type: 'string' } as Schema];
    const path: string[] = [];
    for (let i = 0; i < nodes.length - 1; i++) {
      const s = nodes[i];
      const step =
        s.type === 'array' ? ['items'] : 'additionalProperties' in s ? ['additionalProperties'] : ['properties', 'c'];
      if (step[0] === 'properties') s.properties = { c: nodes[i + 1] };
      else s[step[0]] = nodes[i + 1];
      path.push(...step);
    }
    assert.equal(cardinality(nodes[0], path), expected, name);
  }
});
