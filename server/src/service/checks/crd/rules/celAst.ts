// cel-js's parsed rules as the product reads them: a node of the AST as it is at run time, and a walk over
// every node of a rule once (its arguments, and the alternate and macro expansion the parser and the type
// check attach), without recursion: a rule may nest deeply. The RE2 `matches` (celRegex.ts) and the cost
// meter (ruleMeter.ts) both rewrite the nodes they visit.

/** A node of cel-js's AST as it is at run time (its meta: what the parser and the type check attached). */
export type CelNode = { op: string; args: unknown; meta: Record<string, unknown>; evaluate: unknown };

export const isCelNode = (x: unknown): x is CelNode =>
  typeof x === 'object' && x !== null && typeof (x as { op?: unknown }).op === 'string' && 'meta' in x;

/** Calls `visit` on every node reachable from `root`, each once, a node before the nodes below it. */
export function forEachNode(root: unknown, visit: (node: CelNode) => void): void {
  const seen = new Set<unknown>();
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const x = stack.pop();
    if (typeof x !== 'object' || x === null || seen.has(x)) continue;
    seen.add(x);
    if (Array.isArray(x)) {
      for (const y of x) stack.push(y);
      continue;
    }
    if (!isCelNode(x)) {
      for (const y of Object.values(x)) stack.push(y);
      continue;
    }
    visit(x);
    if (x.meta.alternate) stack.push(x.meta.alternate);
    if (x.meta.macro && typeof x.meta.macro === 'object') stack.push(x.meta.macro);
    stack.push(x.args);
  }
}
