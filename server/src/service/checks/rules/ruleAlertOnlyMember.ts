// PrometheusRule: `actions`, `resolveConfiguration`, `for` and `severity` apply to alerts only.
import { isMap, isSeq } from 'yaml';
import { entry, isNullish, spanOf } from '../../core/yamlNodes';
import { find, type Rule } from './ruleContext';

const ALERT_ONLY = ['actions', 'resolveConfiguration', 'for', 'severity'];

export const ruleAlertOnlyMember: Rule = {
  codes: ['rule-alert-only-member'],
  kinds: ['PrometheusRuleGroup'],
  check({ root, out }) {
    const rules = find(root, ['spec', 'rules']);
    if (!rules || !isSeq(rules.value)) return;
    rules.value.items.forEach((rule, i) => {
      const record = entry(rule, 'record');
      if (!isMap(rule) || !record || isNullish(record.value) || entry(rule, 'alert')) return;
      for (const m of ALERT_ONLY) {
        const e = entry(rule, m);
        if (e)
          out.report(
            'rule-alert-only-member',
            spanOf(e.key),
            `\`spec.rules[${i}].${m}\` applies to alerting rules only, and this is a recording rule (\`record\`); remove it or make the rule an alert.`,
          );
      }
    });
  },
};
