// PrometheusRule `expression`: PromQL, checked where it is written (syntax, functions, arguments, operators,
// selectors, durations; see embedded/promql).
import { isMap, isScalar, isSeq } from 'yaml';
import { checkPromql } from '../embedded/promql/check';
import { reportInside } from '../embedded/report';
import { entry } from '../yamlNodes';
import { find, type Rule } from './context';

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
  kinds: ['PrometheusRuleGroup'],
  check({ root, out, text, memo }) {
    const rules = find(root, ['spec', 'rules']);
    if (!rules || !isSeq(rules.value)) return;
    rules.value.items.forEach((rule, i) => {
      const e = isMap(rule) ? entry(rule, 'expression') : undefined;
      if (!e || !isScalar(e.value) || typeof e.value.value !== 'string') return;
      reportInside(out, text, e.value, checkPromql(e.value.value, memo), `spec.rules[${i}].expression`);
    });
  },
};
