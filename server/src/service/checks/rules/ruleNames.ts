// PrometheusRule `record` is a metric name and `labels` keys are label names (reference-shapes.md,
// "Languages inside manifests"). The API states these loosely, so they are warnings.
import { isMap, isScalar, isSeq } from 'yaml';
import { entry, keyName, spanOf } from '../../core/yamlNodes';
import { find, type Rule } from './ruleContext';

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

export const ruleNames: Rule = {
  codes: ['rule-record-name', 'rule-label-name'],
  kinds: ['PrometheusRuleGroup'],
  check({ root, out }) {
    const rules = find(root, ['spec', 'rules']);
    if (!rules || !isSeq(rules.value)) return;
    rules.value.items.forEach((rule, i) => {
      if (!isMap(rule)) return;
      const record = entry(rule, 'record')?.value;
      if (
        isScalar(record) &&
        typeof record.value === 'string' &&
        record.value !== '' &&
        !METRIC_NAME.test(record.value)
      )
        out.report(
          'rule-record-name',
          spanOf(record),
          `\`spec.rules[${i}].record\` "${record.value}" is not a metric name: letters, digits, \`_\` and \`:\`, not starting with a digit (e.g. \`${record.value.replace(/[^a-zA-Z0-9_:]/g, '_').replace(/^(?=\d)/, '_')}\`).`,
        );
      const labels = entry(rule, 'labels')?.value;
      if (!isMap(labels)) return;
      for (const item of labels.items) {
        const name = keyName(item);
        if (name === undefined || name === '') continue;
        if (!LABEL_NAME.test(name))
          out.report(
            'rule-label-name',
            spanOf(item.key),
            `\`spec.rules[${i}].labels\` key "${name}" is not a label name: letters, digits and \`_\`, not starting with a digit (e.g. \`${name.replace(/[^a-zA-Z0-9_]/g, '_').replace(/^(?=\d)/, '_')}\`).`,
          );
        else if (name.startsWith('__'))
          out.report(
            'rule-label-name',
            spanOf(item.key),
            `\`spec.rules[${i}].labels\` key "${name}" starts with \`__\`, which Prometheus reserves for its own labels.`,
          );
      }
    });
  },
};
