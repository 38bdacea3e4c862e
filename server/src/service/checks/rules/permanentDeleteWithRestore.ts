// Blob service: `allowPermanentDelete` cannot be used together with a blob restore policy (document 2).
import { find, type Rule } from './ruleContext';

export const permanentDeleteWithRestore: Rule = {
  codes: ['permanent-delete-with-restore'],
  kinds: ['StorageAccountsBlobService'],
  check({ root, out }) {
    const allow = find(root, ['spec', 'deleteRetentionPolicy', 'allowPermanentDelete']);
    const restore = find(root, ['spec', 'restorePolicy', 'enabled']);
    if (allow?.scalar !== true || restore?.scalar !== true) return;
    out.report(
      'permanent-delete-with-restore',
      allow.valueSpan,
      '`spec.deleteRetentionPolicy.allowPermanentDelete` is `true` while `spec.restorePolicy` is enabled; permanent delete cannot be used with a blob restore policy.',
    );
  },
};
