// `allowPermanentDelete` of a DeleteRetentionPolicy applies to blob soft delete only ("blob service only",
// document 2): on container or share soft delete it has no effect.
import { find, type Rule } from './ruleContext';

const WHERE: Record<string, string> = {
  StorageAccountsBlobService: 'containerDeleteRetentionPolicy',
  StorageAccountsFileService: 'shareDeleteRetentionPolicy',
};

export const permanentDeleteBlobOnly: Rule = {
  codes: ['permanent-delete-blob-only'],
  kinds: Object.keys(WHERE),
  check({ root, out, def }) {
    const policy = WHERE[def.kind];
    const allow = find(root, ['spec', policy, 'allowPermanentDelete']);
    if (allow?.scalar !== true) return;
    out.report(
      'permanent-delete-blob-only',
      allow.keySpan,
      `\`spec.${policy}.allowPermanentDelete\` has no effect: permanent delete applies to blob soft delete only (a blob service's \`deleteRetentionPolicy\`). Remove it.`,
    );
  },
};
