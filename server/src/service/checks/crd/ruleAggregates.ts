// Kubernetes' list aggregates on a list whose element type they do not take: `sum()` is declared for lists
// of int, uint, double and duration, `min()`/`max()`/`isSorted()` for lists of comparable scalars
// (k8s.io/apiserver/pkg/cel/library/lists.go), so cel-go's checker refuses `['a'].sum()` or `[[1]].min()`
// when the CRD is applied ("found no matching overload for 'sum' applied to 'list(string).()'"). Our library
// declares the same overloads (library/lists.ts): where cel-js's checker finds none for a list of a known
// element type (nothing `dyn` in it), the API server finds none either.
import type { ASTNode } from '@marcbachmann/cel-js';

/** The aggregates whose overloads are exactly Kubernetes' (indexOf/lastIndexOf are declared generic here). */
const AGGREGATES: ReadonlySet<string> = new Set(['sum', 'min', 'max', 'isSorted']);

type Checked = ASTNode & { checkedType?: { name: string } };

/** A failed check as cel-js reports it. */
interface Failure {
  code: string;
  node?: ASTNode;
  range?: { start: number; end: number };
}

/**
 * The API server's refusal of `source` where cel-js's check failed with `e`, in cel-go's words, leading with
 * the part at fault (`range`, offsets in `source`, when `sameText`: the checked text is the user's);
 * `undefined` when the failure is not a list aggregate the API server surely refuses.
 */
export function aggregateRefusal(
  e: Failure | undefined,
  source: string,
  sameText: boolean,
  shown: (type: string) => string,
): { message: string; range?: [number, number] } | undefined {
  const node = e?.node;
  if (e?.code !== 'no_matching_overload' || !node || node.op !== 'rcall' || !Array.isArray(node.args)) return undefined;
  const [name, receiver, args] = node.args as [unknown, Checked | undefined, unknown];
  if (typeof name !== 'string' || !AGGREGATES.has(name)) return undefined;
  if (!Array.isArray(args) || args.length !== 0) return undefined;
  const type = receiver?.checkedType?.name;
  if (!type || !/^list<.*>$/.test(type) || /\bdyn\b/.test(type)) return undefined;
  const message = `found no matching overload for '${name}' applied to '${shown(type)}.()'`;
  const r = e.range ?? (node as { range?: { start: number; end: number } }).range;
  if (!r || !sameText) return { message };
  const part = source.slice(r.start, r.end);
  return { message: part.length <= 80 ? `\`${part}\`: ${message}` : message, range: [r.start, r.end] };
}
