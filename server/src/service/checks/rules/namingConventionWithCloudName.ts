// RoleAssignment, RoleDefinition: `operatorSpec.namingConvention` selects how the uuid is generated "for a role
// that has no explicit `cloudName`" (document 1): with `cloudName` set it has no effect.
import { find, type Rule } from './ruleContext';

export const namingConventionWithCloudName: Rule = {
  codes: ['naming-convention-with-cloud-name'],
  kinds: ['RoleAssignment', 'RoleDefinition'],
  check({ root, out }) {
    const convention = find(root, ['spec', 'operatorSpec', 'namingConvention']);
    if (!convention || !find(root, ['spec', 'cloudName'])) return;
    out.report(
      'naming-convention-with-cloud-name',
      convention.keySpan,
      '`spec.operatorSpec.namingConvention` has no effect while `spec.cloudName` is set: it only chooses how the name is generated when there is no `cloudName`. Remove one of them.',
    );
  },
};
