// The API server's runtime cost limits on a CRD rule, for cel-js, which counts no cost: every node of a
// parsed rule (its macros' loop steps included) is wrapped to charge what cel-go's interpreter charges at
// least (an identifier, a selection, an index, a call, an operator 1; a constant, `&&`, `||`, `?:` nothing; a
// list literal 10, a map literal 30, unless the rule was rewritten for cel-js (its literals are then not all
// the user's); each step of a loop 1; a call whose cost depends on its values — Kubernetes' libraries, string
// functions, `matches`, `in`, strings joined by `+` — what the API server's tracker computes from the same
// values, ruleCallCost.ts), and evaluation stops past the limit. Counting no more than cel-go, a rule stopped here is stopped there too: past
// PerCallLimit (1,000,000) in one evaluation, or past RuntimeCELCostBudget (10,000,000) over one object.
// The wrap is bounded by the rule's parsed size; the meter is reset before each evaluation.
import type { ASTNode } from '@marcbachmann/cel-js';
import { forEachNode, type CelNode } from '../celAst';
import { sizedCost } from './ruleCallCost';

/** k8s.io/apiserver/pkg/apis/cel/config.go. */
export const PER_CALL_LIMIT = 1_000_000;
export const RUNTIME_CEL_COST_BUDGET = 10_000_000;

/** Thrown inside an evaluation past its limit (cel-go: "operation cancelled: actual cost limit exceeded"). */
export class CostLimitExceeded extends Error {
  constructor() {
    super('operation cancelled: actual cost limit exceeded');
  }
}

/** One rule's meter: `used` since the last `reset`, evaluation stopped past `limit`. */
export interface Meter {
  used: number;
  limit: number;
  exceeded: boolean;
  /** The values of the operands of calls priced by their values, until the call reads them. */
  values: Map<unknown, unknown>;
}

export const newMeter = (): Meter => ({ used: 0, limit: PER_CALL_LIMIT, exceeded: false, values: new Map() });

export function resetMeter(m: Meter, limit: number): void {
  m.used = 0;
  m.limit = limit;
  m.exceeded = false;
  m.values.clear();
}

const FREE: ReadonlySet<string> = new Set(['value', '&&', '||', '?:', '==', '!=', 'list', 'map', 'comprehension']);

type Node = CelNode;

/**
 * The namespaces of functions (`optional.none()`, `format.named(n)`): cel-go resolves such a call when it
 * checks the rule, so the namespace is no identifier it evaluates (cel-js reads one: it costs nothing here).
 */
const NAMESPACES: ReadonlySet<string> = new Set(['optional', 'sets', 'strings', 'format', 'ip', 'lists', 'math']);
type Evaluate = (ev: unknown, ast: unknown, ctx: unknown) => unknown;

function charge(m: Meter, n: number): void {
  if (m.exceeded || (m.used += n) > m.limit) {
    m.exceeded = true;
    throw new CostLimitExceeded();
  }
}

/**
 * Wraps every node reachable from `root` (arguments, a macro's expansion, a loop's step) to charge `m`.
 * The wrapper does what cel-js's own first call does (follow the node's alternate or macro, else run its
 * operator), reading the node's meta at each call: the type check may change it.
 */
/** cel-go's common.ListCreateBaseCost and MapCreateBaseCost: what a list or map literal costs to build. */
const LITERAL_COST: Readonly<Record<string, number>> = { list: 10, map: 30 };

export function meterAst(root: ASTNode, m: Meter, literals = true): void {
  const steps = new Set<unknown>();
  const watched = new Set<unknown>();
  const nodes: Node[] = [];
  // A comprehension is visited before its step: the step is known as one when it is wrapped. The operands of a
  // call priced by its values are watched: each keeps its value until the call reads it.
  const namespaces = new Set<unknown>();
  forEachNode(root, (x) => {
    if (x.op === 'comprehension' && typeof x.args === 'object' && x.args !== null)
      steps.add((x.args as { step?: unknown }).step);
    const receiver = x.op === 'rcall' && Array.isArray(x.args) ? (x.args[1] as Node | undefined) : undefined;
    if (receiver?.op === 'id' && NAMESPACES.has(receiver.args as string)) namespaces.add(receiver);
    for (const o of sizedCost(x.op, x.args)?.operands ?? []) watched.add(o);
    nodes.push(x);
  });
  for (const x of nodes) {
    // cel-go's parser reads `-5` as one constant, which costs nothing; cel-js negates a literal.
    const negated = x.op === '-_' && (x.args as Node | undefined)?.op === 'value';
    const base = steps.has(x) ? 1 : negated ? 0 : literals ? LITERAL_COST[x.op] : undefined;
    wrap(x, m, steps, watched.has(x), namespaces.has(x), base);
  }
}

function wrap(
  node: Node,
  m: Meter,
  steps: ReadonlySet<unknown>,
  watched: boolean,
  namespace: boolean,
  base: number | undefined,
): void {
  const values = m.values;
  const cost = base ?? (!FREE.has(node.op) && !namespace ? 1 : 0);
  // Read when the node is wrapped, before the renames (celStrings.ts, celRegex.ts) give calls our names.
  const sized = steps.has(node) ? undefined : sizedCost(node.op, node.args);
  const evaluate: Evaluate = function (this: Node, ev, ast, ctx) {
    if (!sized) charge(m, cost);
    const meta = this.meta;
    const alt = meta.alternate as Node | undefined;
    const macro = meta.macro as Node | undefined;
    const v = alt
      ? (alt.evaluate as Evaluate).call(alt, ev, alt, ctx)
      : macro
        ? (macro.evaluate as Evaluate).call(macro, ev, macro, ctx)
        : (meta.evaluate as Evaluate).call(this, ev, ast, ctx);
    if (watched) values.set(this, v);
    if (sized) {
      // Each operand's value, taken once (and cleared before each run): never a stale one.
      const operands = sized.operands.map((o) => {
        const x = values.get(o);
        values.delete(o);
        return x;
      });
      charge(m, sized.cost(operands, v) ?? cost);
    }
    return v;
  };
  Object.defineProperty(node, 'evaluate', { value: evaluate, writable: true, configurable: true });
}
