// StorageAccount: `accessTier` is needed when `kind` is `BlobStorage` (document 2).
import { find, type Rule } from './ruleContext';

export const accessTierRequired: Rule = {
  codes: ['access-tier-required'],
  kinds: ['StorageAccount'],
  check({ root, out }) {
    const kind = find(root, ['spec', 'kind']);
    if (kind?.scalar !== 'BlobStorage' || find(root, ['spec', 'accessTier'])) return;
    out.report(
      'access-tier-required',
      kind.valueSpan,
      '`spec.accessTier` is required when `spec.kind` is `BlobStorage`; set it to `Hot`, `Cool` or `Premium`.',
    );
  },
};
