// Operator destination expressions: `operatorSpec.configMapExpressions[].value` and
// `secretExpressions[].value` are CEL over `self` (and `secret`), checked against the model (see
// embedded/cel); `key` must be set for a string result and absent for a map result.
import { isMap, isScalar, isSeq, type YAMLMap } from 'yaml';
import type { FixData } from '../fixes/data';
import { afterEntry, eolOf, lineStartOf } from '../fixes/spans';
import { checkCel, type Where } from '../embedded/cel/check';
import { reportInside } from '../embedded/report';
import { entry, isNullish, spanOf, type Entry } from '../yamlNodes';
import { find, type Rule } from './context';

const LISTS: Where[] = ['configMapExpressions', 'secretExpressions'];

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
  check({ def, root, out, text }) {
    for (const where of LISTS) {
      const list = find(root, ['spec', 'operatorSpec', where]);
      if (!list || !isSeq(list.value)) continue;
      list.value.items.forEach((item, i) => {
        if (!isMap(item)) return;
        const value = entry(item, 'value');
        if (!value || !isScalar(value.value) || typeof value.value.value !== 'string') return;
        const label = `spec.operatorSpec.${where}[${i}].value`;
        const r = checkCel(def, where, value.value.value);
        reportInside(out, text, value.value, r.problems, label);
        const key = entry(item, 'key');
        const hasKey = key !== undefined && !isNullish(key.value);
        if (r.result === 'string' && !hasKey)
          out.report(
            'cel-key',
            spanOf(value.key),
            `\`${label}\` yields a string, so \`key\` is required: the key of the ${where === 'secretExpressions' ? 'secret' : 'config map'} to write it to.`,
            undefined,
            key === undefined ? addKeyFix(text, item, value) : undefined,
          );
        else if (r.result === 'map' && hasKey)
          out.report(
            'cel-key',
            spanOf(key.key),
            `\`spec.operatorSpec.${where}[${i}].key\` must not be set: \`value\` yields a map, whose entries are the keys written.`,
          );
      });
    }
  },
};
