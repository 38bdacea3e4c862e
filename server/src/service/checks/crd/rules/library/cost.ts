// What a library function costs at run time, declared by the library that defines the function: each library
// file exports, beside its definitions, the cost of every function it defines (`LibraryCosts`), and the
// meter's prices (cost/ruleCallCost.ts) are read from there. A function whose cost depends on its values
// (Kubernetes' `CostEstimator.CallCost`, k8s.io/apiserver/pkg/cel/library/cost.go, and cel-go's extensions'
// trackers) gets that cost here; any other is `FLAT`. A function defined with no entry would be charged the
// flat 1 whatever it is given, and a rule using it would escape the cost limit the API server applies:
// test/service/crd-library/costs.test.ts fails on such a function. The helpers are cel-go's and cost.go's
// sizes and factors, computed from the same values in the same double arithmetic.

/** A call's cost from its operands' values (a member call's receiver first) and its result; undefined: flat. */
export type Cost = (args: readonly unknown[], result: unknown) => number | undefined;

/**
 * A function charged the flat 1 of any call: what cost.go gives its nominal functions (accessors,
 * comparisons of Kubernetes' values), and, for a function priced by nothing we port, the least it can cost
 * (the meter never counts more than the API server).
 */
export const FLAT = 'flat';

/** The runtime cost of each function a library defines, by how a rule calls it. */
export interface LibraryCosts {
  /** `x.name(…)`, by name (any receiver type: cost.go prices by name). */
  readonly member?: Readonly<Record<string, Cost | typeof FLAT>>;
  /** `name(…)`. */
  readonly global?: Readonly<Record<string, Cost | typeof FLAT>>;
  /** `namespace.name(…)` (`sets.contains`), by `namespace.name`: `args[0]` is the namespace (its value unused). */
  readonly namespaced?: Readonly<Record<string, Cost | typeof FLAT>>;
}

/** cel-go's common.StringTraversalCostFactor and RegexStringLengthCostFactor. */
export const TRAVERSAL = 0.1;
export const REGEX_LENGTH = 0.25;

/**
 * cel-go's `actualSize`: a string's code points, bytes', a list's or a map's entries, an optional's value's;
 * anything else 1. An object read from the manifest counts 0 here (the escaping of reserved names may name
 * one field twice in ours).
 */
export function actualSize(v: unknown): number {
  if (typeof v === 'string') return codePoints(v);
  if (Array.isArray(v) || v instanceof Uint8Array) return v.length;
  if (v instanceof Map || v instanceof Set) return v.size;
  if (typeof v === 'object' && v !== null) {
    if (v.constructor === Object) return 0;
    const o = v as { hasValue?: unknown; value?: unknown };
    if (typeof o.hasValue === 'function' && typeof o.value === 'function')
      return (o.hasValue as () => boolean)() ? actualSize((o.value as () => unknown)()) : 1;
  }
  return 1;
}

function codePoints(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

/**
 * cost.go's `traversalCost`: a string's UTF-8 bytes (Go's `len`) a tenth, rounded down; a list's items summed;
 * a map's entries summed (counted 0 here: our objects may name a field twice); anything else 1.
 */
export function traversalCost(v: unknown): number {
  if (typeof v === 'string') return Math.floor(Buffer.byteLength(v, 'utf8') * TRAVERSAL);
  if (v instanceof Uint8Array) return Math.floor(v.length * TRAVERSAL);
  if (Array.isArray(v)) {
    let cost = 0;
    for (const x of v) cost += traversalCost(x);
    return cost;
  }
  if (v instanceof Map || (typeof v === 'object' && v !== null && v.constructor === Object)) return 0;
  return 1;
}

/** A tenth of a value's size, rounded up: one traversal of a string. */
export const traversal = (v: unknown) => Math.ceil(actualSize(v) * TRAVERSAL);

/** A regex over a string: the string's traversal (one more) times a quarter of the pattern's size. */
export const regexCost = (s: unknown, re: unknown) =>
  Math.ceil((1.0 + actualSize(s)) * TRAVERSAL) * Math.ceil(actualSize(re) * REGEX_LENGTH);

/** A parser of a string argument (`args[0]`, or `args[1]` after a namespace): its traversal; else flat. */
export const parseCost =
  (at = 0): Cost =>
  (a) =>
    typeof a[at] === 'string' ? traversal(a[at]) : undefined;

/** Twice a tenth of a value's size, rounded up: a traversal and the construction of a result as long. */
export const doubleTraversal = (v: unknown) => Math.ceil(actualSize(v) * 2 * TRAVERSAL);
