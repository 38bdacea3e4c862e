// Operator destination expressions: every value the model marks `format: 'cel'`
// (`operatorSpec.configMapExpressions[].value` and `secretExpressions[].value`) is CEL over `self` (and
// `secret` in the secret list), checked against the model (see embedded/cel); `key` must be set for a
// string result and absent for a map result.
import { isScalar, type YAMLMap } from 'yaml';
import { envelopeOf } from '../../../model/envelope';
import type { FixData } from '../../core/fixData';
import { afterEntry, eolOf, lineStartOf } from '../../core/spans';
import { checkCel, whereOf } from '../embedded/cel/celCheck';
import { formatSites } from '../embedded/formatSites';
import { reportInside } from '../embedded/reportInside';
import { entry, isNullish, spanOf, type Entry } from '../../core/yamlNodes';
import type { Rule } from './ruleContext';

/**
 * The missing `key` of a string result, inserted after `value` at its indentation and named after the last
 * field the expression selects (`self.status.endpoint` → `endpoint`); none when the expression ends otherwise
 * (a name would be a guess) or the item is written in flow style.
 */
function addKeyFix(text: string, item: YAMLMap, value: Entry): FixData | undefined {
  if (value.merged) return undefined;
  if (item.flow || !isScalar(value.value) || typeof value.value.value !== 'string') return undefined;
  const name = /\.([A-Za-z_][A-Za-z0-9_]*)\s*$/.exec(value.value.value)?.[1];
  if (!name) return undefined;
  const keyStart = spanOf(value.key)[0];
  const indent = ' '.repeat(keyStart - lineStartOf(text, keyStart));
  const at = afterEntry(text, value);
  const eol = eolOf(text);
  // The last line of the file may have no line break: the new line then starts with one.
  const lead = at === text.length && at > 0 && !/[\r\n]$/.test(text) ? eol : '';
  return {
    fix: 'insert',
    title: `Add \`key: ${name}\``,
    edits: [{ at, text: `${lead}${indent}key: ${name}${lead ? '' : eol}` }],
  };
}

export const celExpression: Rule = {
  codes: [
    'cel-syntax',
    'cel-unknown-field',
    'cel-unknown-function',
    'cel-undeclared',
    'cel-type',
    'cel-result-type',
    'cel-key',
  ],
  check({ def, root, out, text, memo }) {
    for (const site of formatSites(root, envelopeOf(def), 'cel')) {
      const where = whereOf(site.path);
      const label = site.label;
      const r = checkCel(def, where, site.node.value as string, memo);
      reportInside(out, text, site.node, r.problems, label);
      const key = entry(site.parent, 'key');
      const value = entry(site.parent, 'value');
      const hasKey = key !== undefined && !isNullish(key.value);
      if (r.result === 'string' && !hasKey)
        out.report(
          'cel-key',
          spanOf(value?.key ?? site.node),
          `\`${label}\` yields a string, so \`key\` is required: the key of the ${where === 'secretExpressions' ? 'secret' : 'config map'} to write it to.`,
          undefined,
          key === undefined && value ? addKeyFix(text, site.parent, value) : undefined,
        );
      else if (r.result === 'map' && hasKey)
        out.report(
          'cel-key',
          spanOf(key.key),
          `\`${label.replace(/\.value$/, '.key')}\` must not be set: \`value\` yields a map, whose entries are the keys written.`,
        );
    }
  },
};
