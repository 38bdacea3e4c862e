// What the API server's runtime cost tracker charges for a call whose cost depends on its values: Kubernetes'
// `CostEstimator.CallCost` (k8s.io/apiserver/pkg/cel/library/cost.go) for its libraries and the string
// functions it prices, then cel-go's own `costCall` (interpreter/runtimecost.go) for `matches`, `contains`,
// `startsWith`, `endsWith`, `string.format`, `in` of a list, string comparisons and `+`. Each cost is computed
// from the same values (a member call's receiver first, as cel-go passes it) in the same double arithmetic,
// so it equals the API server's; where our values cannot tell it exactly (an object's entries, which the
// escaping of reserved names doubles here) the cost is the lower of the candidates, never more than cel-go's:
// the meter (ruleMeter.ts) must stop a rule only where the API server stops it.

import { KubernetesFormat } from '../library/format';
import { KubernetesCidr, KubernetesIp } from '../library/ip';
import { KubernetesQuantity } from '../library/quantity';
import { KubernetesSemver } from '../library/semver';
import { KubernetesUrl } from '../library/urls';

/** cel-go's common.StringTraversalCostFactor and RegexStringLengthCostFactor. */
const TRAVERSAL = 0.1;
const REGEX_LENGTH = 0.25;

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

/** Kubernetes' own types, whose `==` cost.go prices 1 (cel.Quantity, IP, CIDR, Format, URL, Semver). */
const KUBERNETES_TYPES = [
  KubernetesQuantity,
  KubernetesIp,
  KubernetesCidr,
  KubernetesFormat,
  KubernetesUrl,
  KubernetesSemver,
];

/** `==`, `!=`: 1 with a Kubernetes value on the left (cost.go), else a tenth of the smaller side (cel-go). */
const equality: Cost = (a) =>
  KUBERNETES_TYPES.some((t) => a[0] instanceof t)
    ? 1
    : Math.ceil(Math.min(actualSize(a[0]), actualSize(a[1])) * TRAVERSAL);

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
function traversalCost(v: unknown): number {
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

const traversal = (v: unknown) => Math.ceil(actualSize(v) * TRAVERSAL);
const regexCost = (s: unknown, re: unknown) =>
  Math.ceil((1.0 + actualSize(s)) * TRAVERSAL) * Math.ceil(actualSize(re) * REGEX_LENGTH);

/** format.go's MaxRegexSize of the formats whose patterns are apimachinery's (the others: unknown here). */
const FORMAT_REGEX_SIZE: Readonly<Record<string, number>> = {
  dns1123Label: 30,
  dns1123Subdomain: 60,
  dns1035Label: 30,
  qualifiedName: 60,
  dns1123LabelPrefix: 30,
  dns1123SubdomainPrefix: 60,
  dns1035LabelPrefix: 30,
  labelValue: 40,
};

type Cost = (args: readonly unknown[], result: unknown) => number | undefined;

/** Member calls, by name: `args[0]` is the receiver. */
const MEMBER: ReadonlyMap<string, Cost> = new Map<string, Cost>([
  ...['isSorted', 'sum', 'max', 'min', 'indexOf', 'lastIndexOf', 'includes'].map((n): [string, Cost] => [
    n,
    (a) => traversalCost(a[0]),
  ]),
  ...['lowerAscii', 'upperAscii', 'substring', 'trim'].map((n): [string, Cost] => [n, (a) => traversal(a[0])]),
  ...['replace', 'split'].map((n): [string, Cost] => [n, (a) => Math.ceil(actualSize(a[0]) * 2 * TRAVERSAL)]),
  ['join', (_, r) => Math.ceil(actualSize(r) * 2 * TRAVERSAL)],
  ['find', (a) => regexCost(a[0], a[1])],
  ['findAll', (a) => regexCost(a[0], a[1])],
  ['matches', (a) => regexCost(a[0], a[1])],
  [
    'validate',
    (a) => {
      const size = FORMAT_REGEX_SIZE[(a[0] as { name?: string } | null)?.name ?? ''];
      return size === undefined
        ? undefined
        : Math.ceil((1.0 + actualSize(a[1])) * TRAVERSAL) * Math.ceil(size * REGEX_LENGTH);
    },
  ],
  // A CIDR is no Sizer: its size is 1, so comparing costs ceil(2 × 0.1); a string argument is parsed too.
  ['containsIP', (a) => 1 + (typeof a[1] === 'string' ? traversal(a[1]) : 0)],
  ['containsCIDR', (a) => 1 + 2 + (typeof a[1] === 'string' ? traversal(a[1]) : 0)],
  ['startsWith', (a) => traversal(a[0])],
  ['endsWith', (a) => traversal(a[0])],
  ['format', (a) => (typeof a[0] === 'string' ? traversal(a[0]) : undefined)],
  ['contains', (a) => (typeof a[0] === 'string' ? traversal(a[0]) * traversal(a[1]) : undefined)],
]);

/** Global calls, by name. */
const GLOBAL: ReadonlyMap<string, Cost> = new Map<string, Cost>([
  ...['url', 'cidr', 'isIP', 'isCIDR', 'ip', 'quantity', 'isQuantity', 'semver', 'isSemver'].map(
    (n): [string, Cost] => [n, (a) => (typeof a[0] === 'string' ? traversal(a[0]) : undefined)],
  ),
  ['matches', (a) => regexCost(a[0], a[1])],
  // Conversions between strings and bytes traverse them.
  ['string', (a) => (a[0] instanceof Uint8Array ? traversal(a[0]) : undefined)],
  ['bytes', (a) => (typeof a[0] === 'string' ? traversal(a[0]) : undefined)],
]);

/** Calls in a namespace (`strings.quote(s)`), by `namespace.name`: `args[0]` is the namespace (its value unused). */
const NAMESPACED: ReadonlyMap<string, Cost> = new Map<string, Cost>([
  ['strings.quote', (a) => (typeof a[1] === 'string' ? traversal(a[1]) : undefined)],
  ['ip.isCanonical', (a) => (typeof a[1] === 'string' ? Math.ceil(actualSize(a[1]) * 2 * TRAVERSAL) : undefined)],
  // cel-go's sets extension tracks its calls: 1 and the product of the lists' sizes (twice for equivalent).
  ['sets.contains', (a) => setsCost(a, 1)],
  ['sets.intersects', (a) => setsCost(a, 1)],
  ['sets.equivalent', (a) => setsCost(a, 2)],
]);

function setsCost(a: readonly unknown[], factor: number): number | undefined {
  return Array.isArray(a[1]) && Array.isArray(a[2]) ? 1 + Math.floor(a[1].length * a[2].length * factor) : undefined;
}

/** Operators, by cel-js's name. */
const OPERATORS: ReadonlyMap<string, Cost> = new Map<string, Cost>([
  ['==', equality],
  ['!=', equality],
  // `in` of a list looks at every item; of a map, one key (1).
  ['in', (a) => (Array.isArray(a[1]) ? actualSize(a[1]) : undefined)],
  // Two strings (or bytes) compare over the shorter; other operands cost 1.
  ...['<', '<=', '>', '>='].map((op): [string, Cost] => [
    op,
    (a) =>
      (typeof a[0] === 'string' && typeof a[1] === 'string') ||
      (a[0] instanceof Uint8Array && a[1] instanceof Uint8Array)
        ? Math.ceil(Math.min(actualSize(a[0]), actualSize(a[1])) * TRAVERSAL)
        : undefined,
  ]),
  // Strings (bytes) joined by `+` cost a tenth of both; a list concatenation is 1 (cel-go's AddList).
  [
    '+',
    (a) =>
      (typeof a[0] === 'string' && typeof a[1] === 'string') ||
      (a[0] instanceof Uint8Array && a[1] instanceof Uint8Array)
        ? Math.ceil((actualSize(a[0]) + actualSize(a[1])) * TRAVERSAL)
        : undefined,
  ],
]);

/**
 * The cost function of a parsed call or operator whose cost depends on its values, and the nodes whose values
 * it reads (the receiver first); `undefined` for a node charged a flat 1.
 */
export function sizedCost(op: string, args: unknown): { cost: Cost; operands: unknown[] } | undefined {
  if (!Array.isArray(args)) return undefined;
  if (op === 'rcall' && typeof args[0] === 'string' && Array.isArray(args[2])) {
    const receiver = args[1] as { op?: unknown; args?: unknown } | undefined;
    const cost =
      receiver?.op === 'id' && typeof receiver.args === 'string' && NAMESPACED.has(`${receiver.args}.${args[0]}`)
        ? NAMESPACED.get(`${receiver.args}.${args[0]}`)
        : MEMBER.get(args[0]);
    return cost && { cost, operands: [args[1], ...(args[2] as unknown[])] };
  }
  if (op === 'call' && typeof args[0] === 'string' && Array.isArray(args[1])) {
    const cost = GLOBAL.get(args[0]);
    return cost && { cost, operands: args[1] as unknown[] };
  }
  const cost = OPERATORS.get(op);
  return cost && args.length === 2 ? { cost, operands: args } : undefined;
}
