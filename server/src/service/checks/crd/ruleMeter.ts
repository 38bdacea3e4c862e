// The API server's runtime cost limits on a CRD rule, for cel-js, which counts no cost: every node of a
// parsed rule (its macros' loop steps included) is wrapped to charge what cel-go's interpreter charges at
// least (an identifier, a selection, an index, a call, an operator 1; a constant, `&&`, `||`, `?:` and `==`
// nothing; each step of a loop 1; a string or list built by `+` a tenth of its size), and evaluation stops
// past the limit. Counting no more than cel-go, a rule stopped here is stopped there too: past
// PerCallLimit (1,000,000) in one evaluation, or past RuntimeCELCostBudget (10,000,000) over one object.
// The wrap is bounded by the rule's parsed size; the meter is reset before each evaluation.
import type { ASTNode } from '@marcbachmann/cel-js';
import { forEachNode, type CelNode } from './celAst';

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
}

export const newMeter = (): Meter => ({ used: 0, limit: PER_CALL_LIMIT, exceeded: false });

export function resetMeter(m: Meter, limit: number): void {
  m.used = 0;
  m.limit = limit;
  m.exceeded = false;
}

const FREE: ReadonlySet<string> = new Set(['value', '&&', '||', '?:', '==', '!=', 'list', 'map', 'comprehension']);

type Node = CelNode;
type Evaluate = (ev: unknown, ast: unknown, ctx: unknown) => unknown;

/** The size `+` built: a string's length, a list's items. */
const builtSize = (v: unknown): number => (typeof v === 'string' || Array.isArray(v) ? v.length : 0);

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
export function meterAst(root: ASTNode, m: Meter): void {
  const steps = new Set<unknown>();
  // A comprehension is visited before its step: the step is known as one when it is wrapped.
  forEachNode(root, (x) => {
    if (x.op === 'comprehension' && typeof x.args === 'object' && x.args !== null)
      steps.add((x.args as { step?: unknown }).step);
    wrap(x, m, steps);
  });
}

function wrap(node: Node, m: Meter, steps: ReadonlySet<unknown>): void {
  const cost = steps.has(node) || !FREE.has(node.op) ? 1 : 0;
  const sized = node.op === '+';
  const evaluate: Evaluate = function (this: Node, ev, ast, ctx) {
    charge(m, steps.has(this) ? 1 : cost);
    const meta = this.meta;
    const alt = meta.alternate as Node | undefined;
    const macro = meta.macro as Node | undefined;
    const v = alt
      ? (alt.evaluate as Evaluate).call(alt, ev, alt, ctx)
      : macro
        ? (macro.evaluate as Evaluate).call(macro, ev, macro, ctx)
        : (meta.evaluate as Evaluate).call(this, ev, ast, ctx);
    if (sized) charge(m, Math.ceil(builtSize(v) * 0.1));
    return v;
  };
  Object.defineProperty(node, 'evaluate', { value: evaluate, writable: true, configurable: true });
}
