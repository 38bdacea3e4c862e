// Operator destination expressions: `operatorSpec.configMapExpressions[].value` and
// `secretExpressions[].value` are CEL over `self` (and `secret`), checked against the model (see
// embedded/cel); `key` must be set for a string result and absent for a map result.
import { isMap, isScalar, isSeq } from 'yaml';
import { checkCel, type Where } from '../embedded/cel/check';
import { reportInside } from '../embedded/report';
import { entry, isNullish, spanOf } from '../yamlNodes';
import { find, type Rule } from './context';

const LISTS: Where[] = ['configMapExpressions', 'secretExpressions'];

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
    for (const where of LISTS) {
      const list = find(root, ['spec', 'operatorSpec', where]);
      if (!list || !isSeq(list.value)) continue;
      list.value.items.forEach((item, i) => {
        if (!isMap(item)) return;
        const value = entry(item, 'value');
        if (!value || !isScalar(value.value) || typeof value.value.value !== 'string') return;
        const label = `spec.operatorSpec.${where}[${i}].value`;
        const r = checkCel(def, where, value.value.value, memo);
        reportInside(out, text, value.value, r.problems, label);
        const key = entry(item, 'key');
        const hasKey = key !== undefined && !isNullish(key.value);
        if (r.result === 'string' && !hasKey)
          out.report(
            'cel-key',
            spanOf(value.key),
            `\`${label}\` yields a string, so \`key\` is required: the key of the ${where === 'secretExpressions' ? 'secret' : 'config map'} to write it to.`,
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
