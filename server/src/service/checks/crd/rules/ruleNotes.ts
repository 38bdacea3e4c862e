// What a manifest is told about a CRD rule that gives it no verdict (said once, as information: never a
// silent pass), and the schema type the API server names in a rule's field error.
import type { CelValidation, Type } from '../../../../model/types';
import { compiledOf, isTransitionRule } from './celRules';

/**
 * The schema's `type` as the API server's field error shows it (`Invalid value: "object": …`): the type of
 * the node the rule sits on (empty for int-or-string, as there).
 */
export function schemaTypeName(t: Type): string {
  switch (t.kind) {
    case 'object':
    case 'map':
      return 'object';
    case 'array':
      return 'array';
    case 'int':
      return 'integer';
    case 'number':
      return 'number';
    case 'bool':
      return 'boolean';
    case 'string':
      return t.intOrString ? '' : 'string';
    case 'open':
      return '';
  }
}

/** The longest rule quoted whole in a message of ours; a longer one is cut (`…`). */
export const MAX_QUOTED_RULE = 200;

/**
 * A rule as our messages quote it, cut past MAX_QUOTED_RULE characters: a CRD's rule may be a megabyte
 * (bench/hostile.ts crd-rules-new-libraries), and a message holding it whole froze VS Code for the web's tab
 * as it drew the Problems panel (bench/hostileWeb.ts).
 */
export function quotedRule(rule: string): string {
  const r = rule.trim();
  return r.length > MAX_QUOTED_RULE ? `${r.slice(0, MAX_QUOTED_RULE - 1)}…` : r;
}

/**
 * Why `v` is not evaluated on the manifest, as information (`why`: what our engine could not do), or
 * `undefined` for a transition rule (run against the committed version: changes/transitions.ts).
 */
export function notRunNote(v: CelValidation, why?: string): string | undefined {
  if (isTransitionRule(v.rule)) return undefined;
  const c = compiledOf(v);
  if (why === undefined && !c.rule.ok && c.rule.engineLimit)
    return `The CRD's rule \`${quotedRule(v.rule)}\` is not evaluated: it uses optional entries (\`[?x]\`, \`{?'k': v}\`), which the product's CEL engine cannot parse. The API server runs it; the manifest is not checked against it.`;
  if (why === undefined && !c.rule.ok)
    return `The CRD's rule \`${quotedRule(v.rule)}\` is not evaluated: it does not compile (${c.rule.error}; see the CRD). The manifest is not checked against it.`;
  const reason =
    why !== undefined
      ? `the product's CEL engine cannot evaluate it here (${why.trim().replace(/\s+/g, ' ')})`
      : 'it is not run';
  return `The CRD's rule \`${quotedRule(v.rule)}\` is not evaluated: ${reason}. The API server runs it; the manifest is not checked against it.`;
}
