// RoleAssignment: `conditionVersion` qualifies a `condition`; alone it means nothing.
import { find, type Rule } from './ruleContext';

export const conditionVersionWithoutCondition: Rule = {
  codes: ['condition-version-without-condition'],
  kinds: ['RoleAssignment'],
  check({ root, out }) {
    const version = find(root, ['spec', 'conditionVersion']);
    if (!version || find(root, ['spec', 'condition'])) return;
    out.report(
      'condition-version-without-condition',
      version.keySpan,
      '`spec.conditionVersion` is set but `spec.condition` is not; the version applies to a condition. Add `condition` or remove `conditionVersion`.',
    );
  },
};
