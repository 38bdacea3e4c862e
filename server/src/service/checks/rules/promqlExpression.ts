// PromQL, checked where it is written (syntax, functions, arguments, operators, selectors, durations; see
// embedded/promql): every value the model marks `format: 'promql'` (a PrometheusRule's `expression`).
import { envelopeOf } from '../../../model/envelope';
import { checkPromql } from '../embedded/promql/promqlCheck';
import { formatSites } from '../embedded/formatSites';
import { reportInside } from '../embedded/reportInside';
import type { Rule } from './ruleContext';

export const promqlExpression: Rule = {
  codes: [
    'promql-syntax',
    'promql-unknown-function',
    'promql-arguments',
    'promql-operator',
    'promql-selector',
    'promql-duration',
    'promql-type',
  ],
  check({ def, root, out, text, memo }) {
    for (const site of formatSites(root, envelopeOf(def), 'promql'))
      reportInside(out, text, site.node, checkPromql(site.node.value as string, memo), site.label);
  },
};
