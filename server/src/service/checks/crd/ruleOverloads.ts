// Calls cel-go's checker surely finds no overload for, where cel-js's check knows the same overloads or none:
// - Kubernetes' list aggregates on a list whose element type they do not take: `sum()` is declared for lists
//   of int, uint, double and duration, `min()`/`max()`/`isSorted()` for lists of comparable scalars
//   (k8s.io/apiserver/pkg/cel/library/lists.go), as in our library (library/lists.ts), so `['a'].sum()` or
//   `[[1]].min()` fails both checks when the element type is known (nothing `dyn` in it);
// - `string()` of a type (`string(type(x))`): CEL converts no type to a string;
// - an object of the schema indexed with `[]` (`self.a['b']`): `_[_]` takes lists and maps only, while
//   cel-js lets a declared field be read that way.
// The API server refuses such a rule when the CRD is applied; the message is cel-go's.
import type { ASTNode } from '@marcbachmann/cel-js';
import { forEachNode } from './celAst';

/** The aggregates whose overloads are exactly Kubernetes' (indexOf/lastIndexOf are declared generic here). */
const AGGREGATES: ReadonlySet<string> = new Set(['sum', 'min', 'max', 'isSorted']);

type Checked = ASTNode & { checkedType?: { name: string } };
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
