// PrometheusRule `labels` and `annotations` values may be Go templates (`{{ $labels.instance }}`): braces
// that do not balance make the template fail when the alert fires. A warning: the API does not say when
// it parses them.
import { isMap, isScalar, isSeq, type Scalar } from 'yaml';
import { reportInside } from '../embedded/reportInside';
import type { EmbeddedProblem } from '../embedded/problem';
import { entry, keyName } from '../../core/yamlNodes';
import { find, type Rule } from './ruleContext';

/** The first `{{` never closed, or `}}` that closes nothing. */
export function templateProblem(v: string): EmbeddedProblem | undefined {
  let open = -1;
  for (let i = 0; i < v.length - 1; i++) {
    const two = v.slice(i, i + 2);
    if (two === '{{') {
      if (open >= 0)
        return {
          code: 'rule-template',
          from: open,
          to: open + 2,
          message: 'template action `{{` is not closed by `}}` before the next `{{`.',
        };
      open = i;
      i++;
    } else if (two === '}}') {
      if (open < 0) return { code: 'rule-template', from: i, to: i + 2, message: 'template `}}` closes no `{{`.' };
      open = -1;
      i++;
    }
  }
  if (open >= 0)
    return {
      code: 'rule-template',
      from: open,
      to: open + 2,
      message: 'template action `{{` is never closed: expected `}}`, e.g. `{{ $labels.instance }}`.',
    };
  return undefined;
}

export const ruleTemplates: Rule = {
  codes: ['rule-template'],
  kinds: ['PrometheusRuleGroup'],
  check({ root, out, text }) {
    const rules = find(root, ['spec', 'rules']);
    if (!rules || !isSeq(rules.value)) return;
    rules.value.items.forEach((rule, i) => {
      if (!isMap(rule)) return;
      for (const field of ['labels', 'annotations']) {
        const m = entry(rule, field)?.value;
        if (!isMap(m)) continue;
        for (const item of m.items) {
          const v = item.value;
          if (!isScalar(v) || typeof v.value !== 'string' || !/[{}]{2}/.test(v.value)) continue;
          const p = templateProblem(v.value);
          if (p) reportInside(out, text, v as Scalar, [p], `spec.rules[${i}].${field}.${keyName(item)}`);
        }
      }
    });
  },
};
