// StorageAccount: `activeDirectoryProperties` is required when `directoryServiceOptions` is `AD` (document 2,
// CloudFilesIdentityBasedAuthentication); for `AADKERB` it is optional.
import { find, type Rule } from './ruleContext';

const BASE = ['spec', 'cloudFilesIdentityBasedAuthentication'];

export const activeDirectoryPropertiesRequired: Rule = {
  codes: ['active-directory-properties-required'],
  kinds: ['StorageAccount'],
  check({ root, out }) {
    const options = find(root, [...BASE, 'directoryServiceOptions']);
    if (options?.scalar !== 'AD' || find(root, [...BASE, 'activeDirectoryProperties'])) return;
    out.report(
      'active-directory-properties-required',
      options.valueSpan,
      '`spec.cloudFilesIdentityBasedAuthentication.activeDirectoryProperties` is required when `directoryServiceOptions` is `AD`; add it with at least `domainName` and `domainGuid`.',
    );
  },
};
