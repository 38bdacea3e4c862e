// Whether the API server refuses a CRD's rule when the CRD is applied (its types against the schema, its
// literals: ruleTypes.ts), for the manifests of that kind: such a rule never runs, so it gives them no
// verdict. The same check as the CRD's own (check.ts), on the raw schema the rule sits on (`site`).
import type { CelValidation } from '../../../../../model/types';
import { RuleTypes, type TypeProblem } from './ruleTypes';
import { DYN, SelfTypes, type SelfType } from './selfType';
import { NEWEST_RELEASED_MINOR } from '../../../../core/kubernetesVersion';

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Per rule of the model (an immutable value) and Kubernetes minor targeted, computed once. */
const memo = new WeakMap<CelValidation, Map<number, { problem?: Refusal }>>();

/** A refusal: of the rule, or of its message expression. */
export type Refusal = TypeProblem & { of: 'rule' | 'messageExpression' };

/**
 * The problem that makes the API server of Kubernetes 1.`minor` refuse `v` (its rule or its message
 * expression), if any.
 */
export function refusalOf(v: CelValidation, minor: number = NEWEST_RELEASED_MINOR): Refusal | undefined {
  let byMinor = memo.get(v);
  if (!byMinor) memo.set(v, (byMinor = new Map()));
  let known = byMinor.get(minor);
  if (!known) {
    known = {};
    const problem = compute(v, minor);
    if (problem) known.problem = problem;
    byMinor.set(minor, known);
  }
  return known.problem;
}

/** The label of the schema node at `path` below a version's root (`spec.items[*]`), for messages. */
function labelOf(path: (string | number)[]): string {
  let label = '';
  for (let i = 0; i < path.length; i++) {
    if (path[i] === 'properties' && typeof path[i + 1] === 'string') {
      const name = path[++i] as string;
      label = label ? `${label}.${name}` : name;
    } else if (path[i] === 'items') label += '[*]';
    else if (path[i] === 'additionalProperties') label += '.*';
  }
  return label;
}

/**
 * One checker per schema node and release, shared by the rules written on it: a checker clones the CEL
 * libraries' environment and registers the node's types, which cost more than checking a rule (a CRD of
 * 1,000 versions of 10 rules made 10,000 of them: a quarter of the CLI's time on it).
 */
const checkers = new WeakMap<object, Map<string, { checker: RuleTypes; self: SelfType }>>();

function checkerOf(v: CelValidation, minor: number): { checker: RuleTypes; self: SelfType } {
  const root = v.site?.root;
  if (!v.site || !isObj(root)) {
    return { checker: new RuleTypes([DYN], minor), self: DYN };
  }
  let byNode = checkers.get(root);
  if (!byNode) checkers.set(root, (byNode = new Map()));
  const key = `${minor} ${JSON.stringify(v.site.path)}`;
  let hit = byNode.get(key);
  if (!hit) {
    let schema: unknown = root;
    for (const k of v.site.path) schema = isObj(schema) ? schema[k as string] : undefined;
    const self: SelfType = isObj(schema)
      ? new SelfTypes().of(schema, labelOf(v.site.path), v.site.path.length === 0)
      : DYN;
    hit = { checker: new RuleTypes([self], minor), self };
    byNode.set(key, hit);
  }
  return hit;
}

function compute(v: CelValidation, minor: number): Refusal | undefined {
  const { checker, self } = checkerOf(v, minor);
  const rule = checker.check(v.rule, self, 'bool');
  if (rule) return { ...rule, of: 'rule' };
  const message = v.messageExpression ? checker.check(v.messageExpression, self, 'string') : undefined;
  return message ? { ...message, of: 'messageExpression' } : undefined;
}
