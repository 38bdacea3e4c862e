// PrometheusRule: an alerting rule names `alert`, a recording rule names `record`; never both, never neither.
import { isMap, isSeq } from 'yaml';
import { entry, isNullish, spanOf } from '../../core/yamlNodes';
import { find, type Rule } from './ruleContext';

export const ruleAlertOrRecord: Rule = {
  codes: ['rule-alert-or-record'],
  kinds: ['PrometheusRuleGroup'],
  check({ root, out }) {
    const rules = find(root, ['spec', 'rules']);
    if (!rules || !isSeq(rules.value)) return;
    rules.value.items.forEach((rule, i) => {
      if (!isMap(rule) || rule.items.length === 0) return;
      const alert = entry(rule, 'alert');
      const record = entry(rule, 'record');
      const hasAlert = alert && !isNullish(alert.value);
      const hasRecord = record && !isNullish(record.value);
      if (hasAlert && hasRecord)
        out.report(
          'rule-alert-or-record',
          spanOf(record.key),
          `\`spec.rules[${i}]\` sets both \`alert\` and \`record\`; a rule is either an alerting rule (\`alert\`) or a recording rule (\`record\`).`,
        );
      else if (!alert && !record)
        out.report(
          'rule-alert-or-record',
          spanOf(rule.items[0].key),
          `\`spec.rules[${i}]\` sets neither \`alert\` nor \`record\`; name the alert (\`alert\`) or the recorded metric (\`record\`).`,
        );
    });
  },
};
