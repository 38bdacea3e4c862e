// Operator destination expressions: every value the model marks `format: 'cel'`
// (`operatorSpec.configMapExpressions[].value` and `secretExpressions[].value`) is CEL over `self` (and
// `secret` in the secret list), checked against the model (see embedded/cel); `key` must be set for a
// string result and absent for a map result.
import { envelopeOf } from '../../model/envelope';
import { checkCel, whereOf } from '../embedded/cel/celCheck';
import { formatSites } from '../embedded/formatSites';
import { reportInside } from '../embedded/reportInside';
import { entry, isNullish, spanOf } from '../yamlNodes';
import type { Rule } from './ruleContext';

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
      const valueEntry = entry(site.parent, 'value');
      const hasKey = key !== undefined && !isNullish(key.value);
      if (r.result === 'string' && !hasKey)
        out.report(
          'cel-key',
          spanOf(valueEntry?.key ?? site.node),
          `\`${label}\` yields a string, so \`key\` is required: the key of the ${where === 'secretExpressions' ? 'secret' : 'config map'} to write it to.`,
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
