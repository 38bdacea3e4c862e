// A file share's quota above 5 TiB needs large file shares enabled on the storage account above it.
import { accountOf, type CrossFileRule } from './crossFileContext';

const LARGE_SHARE = 5120;
const MAX_SHARE = 102400;

export const shareQuotaLargeFileShares: CrossFileRule = {
  codes: ['share-quota-large-file-shares'],
  kinds: ['StorageAccountsFileServicesShare'],
  tracks: {
    StorageAccountsFileServicesShare: [['spec', 'shareQuota']],
    StorageAccount: [['spec', 'largeFileSharesState']],
  },
  check({ index, m: share, report, where }) {
    const quota = share.values['spec.shareQuota'];
    if (!quota || typeof quota.value !== 'number' || quota.value <= LARGE_SHARE || quota.value > MAX_SHARE) return;
    const account = accountOf(index, share);
    if (!account || account.values['spec.largeFileSharesState']?.value === 'Enabled') return;
    report(
      'share-quota-large-file-shares',
      quota.span,
      `\`shareQuota\` ${quota.value} is above ${LARGE_SHARE} GB, but the account StorageAccount \`${account.name}\` (${where(account)}) does not enable large file shares: set \`largeFileSharesState: Enabled\` on the account (up to ${MAX_SHARE} GB) or lower the quota.`,
    );
  },
};
