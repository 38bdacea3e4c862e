// A file share's access tier must be one its storage account's kind offers: Premium on FileStorage
// accounts only, and only Premium there.
import { accountOf, type CrossFileRule } from './crossFileContext';

export const shareAccessTierAccountKind: CrossFileRule = {
  codes: ['share-access-tier-account-kind'],
  kinds: ['StorageAccountsFileServicesShare'],
  tracks: { StorageAccountsFileServicesShare: [['spec', 'accessTier']], StorageAccount: [['spec', 'kind']] },
  check({ index, m: share, report, where }) {
    const tier = share.values['spec.accessTier'];
    if (!tier || typeof tier.value !== 'string') return;
    const account = accountOf(index, share);
    const kind = account?.values['spec.kind']?.value;
    if (!account || typeof kind !== 'string') return;
    const acct = `StorageAccount \`${account.name}\` (${where(account)})`;
    const t = tier.value.toLowerCase();
    if (kind === 'FileStorage' && t !== 'premium') {
      report(
        'share-access-tier-account-kind',
        tier.span,
        `\`accessTier\` ${tier.value} is not offered by the FileStorage account ${acct}: file storage accounts take only \`Premium\`.`,
      );
    } else if (kind === 'StorageV2' && t === 'premium') {
      report(
        'share-access-tier-account-kind',
        tier.span,
        `\`accessTier\` Premium is not offered by the general-purpose v2 (StorageV2) account ${acct}: choose \`TransactionOptimized\` (the default), \`Hot\` or \`Cool\`, or own the share by a FileStorage account.`,
      );
    }
  },
};
