// StorageAccount: `customDomain.useSubDomainName` is "only to be set on updates" (document 2). A manifest does
// not say whether it creates the account or updates it, so this is a warning.
import { find, type Rule } from './ruleContext';

export const subDomainNameOnUpdate: Rule = {
  codes: ['sub-domain-name-on-update'],
  kinds: ['StorageAccount'],
  check({ root, out }) {
    const use = find(root, ['spec', 'customDomain', 'useSubDomainName']);
    if (use?.scalar !== true) return;
    out.report(
      'sub-domain-name-on-update',
      use.keySpan,
      '`spec.customDomain.useSubDomainName` is only to be set on updates: creating the account with it fails. Create the account without it, then add it.',
    );
  },
};
