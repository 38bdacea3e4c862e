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

/**
 * Why `v` is not evaluated on the manifest, as information (`why`: what our engine could not do), or
 * `undefined` for a transition rule (run against the committed version: changes/transitions.ts).
 */
export function notRunNote(v: CelValidation, why?: string): string | undefined {
  if (isTransitionRule(v.rule)) return undefined;
  const c = compiledOf(v);
  if (why === undefined && !c.rule.ok && c.rule.engineLimit)
    return `The CRD's rule \`${v.rule.trim()}\` is not evaluated: it uses optional entries (\`[?x]\`, \`{?'k': v}\`), which the product's CEL engine cannot parse. The API server runs it; the manifest is not checked against it.`;
  if (why === undefined && !c.rule.ok)
    return `The CRD's rule \`${v.rule.trim()}\` is not evaluated: it does not compile (${c.rule.error}; see the CRD). The manifest is not checked against it.`;
  const reason =
    why !== undefined
      ? `the product's CEL engine cannot evaluate it here (${why.trim().replace(/\s+/g, ' ')})`
      : 'it is not run';
  return `The CRD's rule \`${v.rule.trim()}\` is not evaluated: ${reason}. The API server runs it; the manifest is not checked against it.`;
}
