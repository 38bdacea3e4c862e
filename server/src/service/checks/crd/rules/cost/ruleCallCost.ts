// What the API server's runtime cost tracker charges for a call whose cost depends on its values: Kubernetes'
// `CostEstimator.CallCost` (k8s.io/apiserver/pkg/cel/library/cost.go) for its libraries and the string
// functions it prices, then cel-go's own `costCall` (interpreter/runtimecost.go) for `matches`, `contains`,
// `startsWith`, `endsWith`, `string.format`, `in` of a list, string comparisons and `+`. Each cost is computed
// from the same values (a member call's receiver first, as cel-go passes it) in the same double arithmetic,
// so it equals the API server's; where our values cannot tell it exactly (an object's entries, which the
// escaping of reserved names doubles here) the cost is the lower of the candidates, never more than cel-go's:
// the meter (ruleMeter.ts) must stop a rule only where the API server stops it. The functions of our libraries
// are priced where each is defined (library/cost.ts); the tables here hold cel-go's own and the operators.

import { LIBRARIES } from '../library';
import {
  actualSize,
  doubleTraversal,
  FLAT,
  regexCost,
  traversal,
  traversalCost,
  TRAVERSAL,
  type Cost,
  type LibraryCosts,
} from '../library/cost';
import { KubernetesFormat } from '../library/format';
import { KubernetesCidr, KubernetesIp } from '../library/ip';
import { KubernetesQuantity } from '../library/quantity';
import { KubernetesSemver } from '../library/semver';
import { KubernetesUrl } from '../library/urls';

export { actualSize } from '../library/cost';

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

/**
 * The functions cel-js and cel-go have of their own (no library of ours defines them) that cost.go or cel-go's
 * `costCall` price by their values. The libraries' functions are priced by their own declarations (LIBRARIES).
 */
const BUILT_IN: LibraryCosts = {
  member: {
    includes: (a) => traversalCost(a[0]),
    lowerAscii: (a) => traversal(a[0]),
    upperAscii: (a) => traversal(a[0]),
    substring: (a) => traversal(a[0]),
    trim: (a) => traversal(a[0]),
    split: (a) => doubleTraversal(a[0]),
    join: (_, r) => doubleTraversal(r),
    matches: (a) => regexCost(a[0], a[1]),
    startsWith: (a) => traversal(a[0]),
    endsWith: (a) => traversal(a[0]),
    contains: (a) => (typeof a[0] === 'string' ? traversal(a[0]) * traversal(a[1]) : undefined),
  },
  global: {
    matches: (a) => regexCost(a[0], a[1]),
    // Conversions between strings and bytes traverse them.
    string: (a) => (a[0] instanceof Uint8Array ? traversal(a[0]) : undefined),
    bytes: (a) => (typeof a[0] === 'string' ? traversal(a[0]) : undefined),
  },
};

/** The priced calls of one form, from the built-ins and every library (a `FLAT` one is charged 1: left out). */
function priced(form: keyof LibraryCosts): ReadonlyMap<string, Cost> {
  const out = new Map<string, Cost>();
  for (const costs of [BUILT_IN, ...LIBRARIES.map((l) => l.costs)])
    for (const [name, cost] of Object.entries(costs[form] ?? {}))
      if (cost !== FLAT && !out.has(name)) out.set(name, cost);
  return out;
}

/** Member calls, by name: `args[0]` is the receiver. */
const MEMBER = priced('member');

/** Global calls, by name. */
const GLOBAL = priced('global');

/** Calls in a namespace (`strings.quote(s)`), by `namespace.name`: `args[0]` is the namespace (its value unused). */
const NAMESPACED = priced('namespaced');

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
