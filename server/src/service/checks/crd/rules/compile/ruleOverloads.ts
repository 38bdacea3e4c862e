// Calls cel-go's checker surely finds no overload for, where cel-js's check knows the same overloads or none:
// - Kubernetes' list aggregates on a list whose element type they do not take: `sum()` is declared for lists
//   of int, uint, double and duration, `min()`/`max()`/`isSorted()` for lists of comparable scalars
//   (k8s.io/apiserver/pkg/cel/library/lists.go), as in our library (library/lists.ts), so `['a'].sum()` or
//   `[[1]].min()` fails both checks when the element type is known (nothing `dyn` in it);
// - `string()` of a type (`string(type(x))`): CEL converts no type to a string;
// - an object of the schema indexed with `[]` (`self.a['b']`): `_[_]` takes lists and maps only, while
//   cel-js lets a declared field be read that way;
// - Kubernetes' parsers and their members given a value of another type (`isQuantity(1)`, `isIP(cidr(s))`,
//   `s.find(1)`): each one-argument parser takes a string only, in every release (ip.go, cidr.go,
//   quantity.go, semverlib.go, urls.go), as in our library; `find`/`findAll` (regex.go), `validate`
//   (format.go), `containsIP`/`containsCIDR` (cidr.go) take their receiver's type with these arguments only.
// The API server refuses such a rule when the CRD is applied; the message is cel-go's.
import type { ASTNode } from '@marcbachmann/cel-js';
import { forEachNode } from '../celAst';

/** The aggregates whose overloads are exactly Kubernetes' (indexOf/lastIndexOf are declared generic here). */
const AGGREGATES: ReadonlySet<string> = new Set(['sum', 'min', 'max', 'isSorted']);

/** Kubernetes' parsers, each declared for one string argument only (`semver(s, normalize)` is versioned: not here). */
const PARSERS: ReadonlySet<string> = new Set([
  'quantity',
  'isQuantity',
  'ip',
  'isIP',
  'cidr',
  'isCIDR',
  'semver',
  'isSemver',
  'url',
  'isURL',
]);

/** Members of Kubernetes' libraries: their receiver's type and the argument types each overload takes. */
const MEMBERS: ReadonlyMap<string, { receiver: string; args: readonly (readonly string[])[] }> = new Map([
  ['find', { receiver: 'string', args: [['string']] }],
  [
    'findAll',
    {
      receiver: 'string',
      args: [['string'], ['string', 'int']],
    },
  ],
  ['validate', { receiver: 'kubernetes.NamedFormat', args: [['string']] }],
  ['containsIP', { receiver: 'net.CIDR', args: [['string'], ['net.IP']] }],
  ['containsCIDR', { receiver: 'net.CIDR', args: [['string'], ['net.CIDR']] }],
]);

type Checked = ASTNode & { checkedType?: { name: string } };

/** The checked types of `args`, when each is known and not `dyn` (cel-go's checker would take a `dyn`). */
function knownTypes(args: unknown): string[] | undefined {
  if (!Array.isArray(args)) return undefined;
  const types = (args as Checked[]).map((a) => a?.checkedType?.name);
  return types.every((t): t is string => typeof t === 'string' && !/\bdyn\b/.test(t)) ? types : undefined;
}
type Range = { start: number; end: number };

/** A failed check as cel-js reports it. */
interface Failure {
  code: string;
  node?: ASTNode;
  range?: Range;
}

/** A refusal in cel-go's words: `message` leads with the part at fault when `range` (in `source`) is known. */
export interface Refusal {
  message: string;
  range?: [number, number];
}

function refusal(message: string, r: Range | undefined, source: string, sameText: boolean): Refusal {
  if (!r || !sameText) return { message };
  const part = source.slice(r.start, r.end);
  return { message: part.length <= 80 ? `\`${part}\`: ${message}` : message, range: [r.start, r.end] };
}

/**
 * The API server's refusal of `source` where cel-js's check failed with `e` (`sameText`: the checked text is
 * the user's, so offsets are theirs); `undefined` when the failure is not one of those above.
 */
export function overloadRefusal(
  e: Failure | undefined,
  source: string,
  sameText: boolean,
  shown: (type: string) => string,
): Refusal | undefined {
  const node = e?.node;
  if (e?.code !== 'no_matching_overload' || !node || !Array.isArray(node.args)) return undefined;
  const r = e.range ?? (node as { range?: Range }).range;
  if (node.op === 'call' && typeof node.args[0] === 'string' && PARSERS.has(node.args[0])) {
    const types = knownTypes(node.args[1]);
    if (!types || types.length !== 1 || types[0] === 'string') return undefined;
    const said = `found no matching overload for '${node.args[0]}' applied to '(${shown(types[0])})'`;
    return refusal(said, r, source, sameText);
  }
  if (node.op === 'rcall' && typeof node.args[0] === 'string' && MEMBERS.has(node.args[0])) {
    const [name, receiver, args] = node.args as [string, Checked | undefined, unknown];
    const member = MEMBERS.get(name);
    const types = knownTypes(args);
    if (!member || !types || receiver?.checkedType?.name !== member.receiver) return undefined;
    if (member.args.some((a) => a.length === types.length && a.every((t, i) => t === types[i]))) return undefined;
    const said = `found no matching overload for '${name}' applied to '${member.receiver}.(${types.map(shown).join(', ')})'`;
    return refusal(said, r, source, sameText);
  }
  if (node.op === 'call') {
    const [name, args] = node.args as [unknown, Checked[] | undefined];
    const type = args?.length === 1 ? args[0].checkedType?.name : undefined;
    if (name !== 'string' || type !== 'type') return undefined;
    return refusal("found no matching overload for 'string' applied to '(type)'", r, source, sameText);
  }
  if (node.op !== 'rcall') return undefined;
  const [name, receiver, args] = node.args as [unknown, Checked | undefined, unknown];
  if (typeof name !== 'string' || !AGGREGATES.has(name)) return undefined;
  if (!Array.isArray(args) || args.length !== 0) return undefined;
  const type = receiver?.checkedType?.name;
  if (!type || !/^list<.*>$/.test(type) || /\bdyn\b/.test(type)) return undefined;
  return refusal(`found no matching overload for '${name}' applied to '${shown(type)}.()'`, r, source, sameText);
}

/** The first `[]` on an object of the schema (`isObject` of its checked type name) in a checked rule. */
export function objectIndexRefusal(
  ast: ASTNode,
  isObject: (type: string) => boolean,
  source: string,
  sameText: boolean,
): Refusal | undefined {
  let found: Refusal | undefined;
  forEachNode(ast, (n) => {
    if (found || n.op !== '[]' || !Array.isArray(n.args)) return;
    const [target, index] = n.args as [Checked | undefined, Checked | undefined];
    const type = target?.checkedType?.name;
    if (!type || !isObject(type)) return;
    const key = index?.checkedType?.name ?? 'dyn';
    const r = (n as unknown as { range?: Range }).range;
    found = refusal(`found no matching overload for '_[_]' applied to '(object, ${key})'`, r, source, sameText);
  });
  return found;
}

/**
 * `reverse()` of a string (`self.name.reverse()`): cel-go's strings extension has it from version 3, which
 * Kubernetes does not enable (version 2), and the lists extension's `reverse` takes lists only; cel-js's
 * environment declares the string one (for the operator's expressions), so it is judged here.
 */
export function stringReverseRefusal(ast: ASTNode, source: string, sameText: boolean): Refusal | undefined {
  let found: Refusal | undefined;
  forEachNode(ast, (n) => {
    if (found || n.op !== 'rcall' || !Array.isArray(n.args) || n.args[0] !== 'reverse') return;
    const [, receiver, args] = n.args as [string, Checked | undefined, unknown];
    if (receiver?.checkedType?.name !== 'string' || !Array.isArray(args) || args.length !== 0) return;
    const r = (n as unknown as { range?: Range }).range;
    found = refusal("found no matching overload for 'reverse' applied to 'string.()'", r, source, sameText);
  });
  return found;
}
