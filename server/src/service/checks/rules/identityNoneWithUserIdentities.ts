// `identity.type: None` removes identities (document 1, ResourceIdentity): user-assigned identities listed
// beside it have no effect.
import { isMap, isSeq } from 'yaml';
import { find, type Rule } from './ruleContext';

export const identityNoneWithUserIdentities: Rule = {
  codes: ['identity-none-with-user-identities'],
  kinds: ['ConfigurationStore', 'StorageAccount', 'BatchAccount'],
  check({ root, out }) {
    if (find(root, ['spec', 'identity', 'type'])?.scalar !== 'None') return;
    const users = find(root, ['spec', 'identity', 'userAssignedIdentities']);
    if (!users || ((isSeq(users.value) || isMap(users.value)) && users.value.items.length === 0)) return;
    out.report(
      'identity-none-with-user-identities',
      users.keySpan,
      '`spec.identity.userAssignedIdentities` has no effect while `spec.identity.type` is `None`, which removes identities; use `UserAssigned` or remove the list.',
    );
  },
};
