// A list or map literal whose elements (or keys, or values) are of different types: the API server's CEL
// environment checks aggregate literals as homogeneous (cel-go's HomogeneousAggregateLiterals), so
// `[1, 'a']` or `{'a': 1, 'b': 'x'}` refuses the CRD ("expected type 'int' but found 'string'", at the
// first element that differs). cel-js, set as lenient as Kubernetes' runtime, types them `list<dyn>`. Only
// types whose assignability is plain equality are judged: int, uint, double, string, bool, bytes, and lists
// and maps of them (an element typed `dyn`, `null`, a duration, a timestamp or an object is left alone).
// A literal anywhere inside a `format` call is exempt, as cel-go's strings extension configures the check
// (HomogeneousAggregateLiteralExemptFunctions): `'%d %s'.format([1, 'a'])` is accepted.
import type { ASTNode } from '@marcbachmann/cel-js';
import { forEachNode } from '../celAst';

type Checked = ASTNode & { checkedType?: { name: string } };
type Range = { start: number; end: number };

const PLAIN = /^(?:int|uint|double|string|bool|bytes|list|map|[<>, ])+$/;

/** The first mixed literal of a checked rule: cel-go's message and the element's range (in `source`). */
export function mixedLiteral(
  ast: ASTNode,
  source: string,
  sameText: boolean,
  shown: (type: string) => string,
): { message: string; range?: [number, number] } | undefined {
  let found: { message: string; range?: [number, number] } | undefined;
  /** Joins the types of `nodes` as cel-go does: the first that differs from the first one is the error. */
  const join = (nodes: Checked[]) => {
    const first = nodes[0]?.checkedType?.name;
    if (!first || !PLAIN.test(first)) return;
    for (const n of nodes.slice(1)) {
      const t = n.checkedType?.name;
      if (!t || !PLAIN.test(t)) return; // cel-go may assign it (dyn): not judged
      if (t === first) continue;
      const message = `expected type '${shown(first)}' but found '${shown(t)}'`;
      const r = (n as { range?: Range }).range;
      if (!r || !sameText) found = { message };
      else {
        const part = source.slice(r.start, r.end);
        found = { message: part.length <= 80 ? `\`${part}\`: ${message}` : message, range: [r.start, r.end] };
      }
      return;
    }
  };
  // The nodes under a `format` call (a node is visited before those below it: each subtree walked once).
  const exempt = new Set<unknown>();
  forEachNode(ast, (n) => {
    if (exempt.has(n) || !(n.op === 'call' || n.op === 'rcall') || !Array.isArray(n.args)) return;
    if (n.args[0] === 'format') forEachNode(n.args, (m) => void exempt.add(m));
  });
  forEachNode(ast, (n) => {
    if (found || exempt.has(n) || !Array.isArray(n.args)) return;
    if (n.op === 'list') join(n.args as Checked[]);
    else if (n.op === 'map') {
      const entries = n.args as [Checked, Checked][];
      join(entries.map((e) => e[0]));
      if (!found) join(entries.map((e) => e[1]));
    }
  });
  return found;
}
