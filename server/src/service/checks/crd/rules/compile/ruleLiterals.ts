// What cel-go refuses in a CRD rule without looking at types: Kubernetes (1.29 on) compiles rules with
// cel-go's literal validators, so a `matches()` pattern Go cannot compile (or a `find`/`findAll` one: Kubernetes'
// regex library compiles it when the program is built), a `duration('…')` Go cannot parse
// or a `timestamp('…')` that is not RFC 3339 makes the CRD refused ("invalid matches argument"); and a name
// no CRD rule declares (`authorizer`, `request`, `object`… of admission policies) is an "undeclared
// reference". Only literal arguments are judged: a computed one is the run's business.
import type { ASTNode } from '@marcbachmann/cel-js';
import { compileGoRegexp } from '../../../../core/goRegexp';
import { forEachNode, type CelNode } from '../celAst';
import { isGoDuration, isRfc3339 } from '../literals';

/** Variables of admission policies and webhooks' match conditions, never declared for a CRD rule. */
const ADMISSION_VARIABLES: ReadonlySet<string> = new Set([
  'authorizer',
  'request',
  'object',
  'oldObject',
  'params',
  'namespaceObject',
  'variables',
]);

/** A problem as ruleTypes.ts's TypeProblem of kind `type` (declared here: ruleTypes.ts imports this file). */
export interface LiteralProblem {
  kind: 'type';
  message: string;
  range?: [number, number];
}

type Ranged = CelNode & { range?: { start: number; end: number }; input?: string };

const literalString = (n: unknown): string | undefined => {
  const x = n as CelNode | undefined;
  return x?.op === 'value' && typeof x.args === 'string' ? x.args : undefined;
};

/** The literal argument of a call named `name` (`s.matches(p)`, `matches(s, p)`, `duration(d)`), if any. */
function literalArgument(n: CelNode, name: string): { text: string; node: Ranged } | undefined {
  if (!Array.isArray(n.args) || n.args[0] !== name) return undefined;
  const args = (n.op === 'rcall' ? n.args[2] : n.args[1]) as unknown[] | undefined;
  if (!Array.isArray(args)) return undefined;
  const arg = n.op === 'call' && name === 'matches' ? args[1] : args[0];
  const text = literalString(arg);
  return text === undefined ? undefined : { text, node: arg as Ranged };
}

/**
 * The first literal or name in `ast` the API server refuses (`sameText`: the AST's offsets are the
 * rule's as written, so the problem can point at the part).
 */
export function literalProblem(ast: ASTNode, sameText: boolean): LiteralProblem | undefined {
  let found: LiteralProblem | undefined;
  const at = (node: Ranged, message: string) => {
    const r = node.range;
    found = { kind: 'type', message, ...(r && sameText ? { range: [r.start, r.end] as [number, number] } : {}) };
  };
  const text = (ast as unknown as { input?: string }).input ?? '';
  forEachNode(ast, (n) => {
    if (found) return;
    if (n.op === 'id' && typeof n.args === 'string' && ADMISSION_VARIABLES.has(n.args)) {
      // A macro or `cel.bind` may name its own variable so: then it is declared.
      if (new RegExp(`[(,]\\s*${n.args}\\s*,`).test(text)) return;
      return at(
        n as Ranged,
        `undeclared reference to '${n.args}': a CRD rule has \`self\` (and \`oldSelf\`) only; \`${n.args}\` belongs to admission policies`,
      );
    }
    if (n.op !== 'call' && n.op !== 'rcall') return;
    const pattern = literalArgument(n, 'matches');
    if (pattern) {
      const re = compileGoRegexp(pattern.text);
      if ('error' in re) return at(pattern.node, `invalid matches argument: ${re.error} (Go's RE2 syntax)`);
    }
    // Kubernetes' regex library compiles a literal pattern of `find`/`findAll` when the program is built, so a
    // pattern Go cannot compile refuses the CRD ("program instantiation failed").
    for (const name of n.op === 'rcall' ? ['find', 'findAll'] : []) {
      const p = literalArgument(n, name);
      const re = p && compileGoRegexp(p.text);
      if (p && re && 'error' in re)
        return at(p.node, `program instantiation failed: ${re.error} (Go's RE2 syntax, in ${name})`);
    }
    if (n.op !== 'call') return;
    const duration = literalArgument(n, 'duration');
    if (duration && !isGoDuration(duration.text))
      return at(
        duration.node,
        `invalid duration argument: '${duration.text}' is not a Go duration (write e.g. '1h30m')`,
      );
    const timestamp = literalArgument(n, 'timestamp');
    if (timestamp && !isRfc3339(timestamp.text))
      return at(
        timestamp.node,
        `invalid timestamp argument: '${timestamp.text}' is not RFC 3339 (write e.g. '2024-01-01T00:00:00Z')`,
      );
  });
  return found;
}
