// A CEL rule run on a manifest's value, as the API server runs a CRD's `x-kubernetes-validations` rule: the
// MCP server's `eval_cel` (mcp/). The rule is the one given, or each rule the kind's schema puts on the
// value; `self` (and `oldSelf`, from an old manifest) typed by the kind's schema where the workspace knows
// the kind (checks/crd/rules/validations.ts `celValue`), run with the same engine, libraries and cost limits as
// the manifests' checks (checks/crd/rules/celRules.ts: per-call limit, the object's runtime budget, the estimated
// cost a CRD is refused for).
import type { Registry } from '../../model/registry';
import { envelopeOf } from '../../model/envelope';
import { resolvePath, pathLabel } from '../../model/typePath';
import type { CelValidation, Type } from '../../model/types';
import { compiledOf, isTransitionRule, newBudget, transitionVerdict, verdict } from '../checks/crd/rules/celRules';
import { celValue } from '../checks/crd/rules/validations';
import { splitFieldPath } from './kindFacts';

export interface RuleQuery {
  /** The expression; absent: every rule the kind's schema puts on the value at `path`. */
  rule?: string;
  message?: string;
  messageExpression?: string;
  /** The manifest, as plain data (parsed YAML). */
  manifest: unknown;
  /** The object stored before the change: a transition rule (`oldSelf`) is run against it. */
  oldManifest?: unknown;
  /** Keys from the manifest's root to the value the rule sits on (`spec`); empty: the root. */
  path?: string;
}

export type RuleOutcome = 'holds' | 'fails' | 'error' | 'invalid' | 'notRun';

export interface RuleResult {
  rule: string;
  outcome: RuleOutcome;
  /** The API server's message when the rule fails or its evaluation errs; why, when invalid or not run. */
  message?: string;
}

export interface RuleAnswer {
  /** Whether `self` was typed by a schema the workspace knows (a CRD's kind, a built-in or Kubernetes' kind). */
  typed: boolean;
  /** The path the rules ran at. */
  path: string;
  results: RuleResult[];
  /** Why nothing was run (no value at the path, no rule there). */
  note?: string;
}

/** The value at a path of keys (`[]` steps are not followed: a rule sits on one value). */
function valueAt(root: unknown, path: readonly string[]): unknown {
  let v = root;
  for (const k of path) {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return undefined;
    v = (v as Record<string, unknown>)[k];
  }
  return v;
}

const field = (v: unknown, k: string) =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>)[k] : undefined;

/** Runs the rule (or the schema's rules) on the manifest: each one's verdict, as the API server gives it. */
export function evalRule(registry: Registry, q: RuleQuery): RuleAnswer {
  const path = splitFieldPath((q.path ?? '').trim());
  const shown = pathLabel(path) || '(the root)';
  if (path.includes('[]'))
    return {
      typed: false,
      path: shown,
      results: [],
      note: 'a path into a list item is not supported: give its index-free object path',
    };
  const lk = registry.lookup(field(q.manifest, 'apiVersion'), field(q.manifest, 'kind'));
  const resolved = lk.status === 'ok' ? resolvePath(envelopeOf(lk.def), path) : undefined;
  const type: Type | undefined = path.length === 0 && lk.status === 'ok' ? envelopeOf(lk.def) : resolved?.type;
  const self = valueAt(q.manifest, path);
  if (self === undefined)
    return { typed: !!type, path: shown, results: [], note: `the manifest has no value at ${shown}` };
  const rules: CelValidation[] =
    q.rule !== undefined
      ? [
          {
            rule: q.rule,
            ...(q.message ? { message: q.message } : {}),
            ...(q.messageExpression ? { messageExpression: q.messageExpression } : {}),
          },
        ]
      : [...(type?.kind === 'object' ? (type.validations ?? []) : []), ...(resolved?.field?.validations ?? [])];
  if (rules.length === 0)
    return { typed: !!type, path: shown, results: [], note: `the kind's schema puts no rule on ${shown}` };
  const selfValue = celValue(self, type);
  const old = q.oldManifest === undefined ? undefined : valueAt(q.oldManifest, path);
  const oldValue = old === undefined ? undefined : celValue(old, type);
  // One object's rules share its runtime cost budget, as the API server's do.
  const budget = newBudget();
  const results = rules.map((v): RuleResult => {
    const c = compiledOf(v);
    if (!c.rule.ok)
      return {
        rule: v.rule,
        outcome: c.rule.engineLimit ? 'notRun' : 'invalid',
        message: c.rule.engineLimit ? `this engine cannot parse it: ${c.rule.error}` : c.rule.error,
      };
    if (c.refused)
      return {
        rule: v.rule,
        outcome: 'invalid',
        message: "its estimated cost exceeds the API server's limit: a CRD holding it is refused",
      };
    const transition = isTransitionRule(v.rule);
    if (transition && oldValue === undefined)
      return {
        rule: v.rule,
        outcome: 'notRun',
        message: 'a transition rule (oldSelf) runs only against an old object: give oldManifest',
      };
    const r = transition
      ? transitionVerdict(v, selfValue, oldValue, budget)
      : verdict(v, selfValue, budget, path.length === 0);
    switch (r.kind) {
      case 'holds':
        return { rule: v.rule, outcome: 'holds' };
      case 'fails':
      case 'error':
        return { rule: v.rule, outcome: r.kind, message: r.message };
      case 'unknown':
        return { rule: v.rule, outcome: 'notRun', message: r.why };
      case 'stopped':
        return { rule: v.rule, outcome: 'error', message: budget.stopped ?? 'the cost budget ran out' };
      default:
        return { rule: v.rule, outcome: 'notRun', message: 'not run' };
    }
  });
  return { typed: !!type, path: shown, results };
}
