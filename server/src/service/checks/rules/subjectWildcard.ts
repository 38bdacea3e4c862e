// EventSubscription: subject prefix and suffix are literal; wildcards are not supported (document 3).
import { find, type Rule } from './ruleContext';

export const subjectWildcard: Rule = {
  codes: ['subject-wildcard'],
  kinds: ['EventSubscription'],
  check({ root, out }) {
    for (const field of ['subjectBeginsWith', 'subjectEndsWith']) {
      const f = find(root, ['spec', 'filter', field]);
      if (typeof f?.scalar === 'string' && /[*?]/.test(f.scalar))
        out.report(
          'subject-wildcard',
          f.valueSpan,
          `\`spec.filter.${field}\` "${f.scalar}" contains a wildcard; subject ${field === 'subjectBeginsWith' ? 'prefixes' : 'suffixes'} are literal and take no wildcards.`,
        );
    }
  },
};
