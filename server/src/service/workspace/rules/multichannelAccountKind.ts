// SMB multichannel on a file service applies to Premium FileStorage accounts only.
import { accountOf, type CrossFileRule } from './crossFileContext';

export const multichannelAccountKind: CrossFileRule = {
  codes: ['multichannel-account-kind'],
  kinds: ['StorageAccountsFileService'],
  tracks: {
    StorageAccountsFileService: [['spec', 'protocolSettings', 'smb', 'multichannel', 'enabled']],
    StorageAccount: [['spec', 'kind']],
  },
  check({ index, m: service, report, where }) {
    const mc = service.values['spec.protocolSettings.smb.multichannel.enabled'];
    if (!mc || mc.value !== true) return;
    const account = accountOf(index, service);
    const kind = account?.values['spec.kind']?.value;
    if (!account || typeof kind !== 'string' || kind === 'FileStorage') return;
    report(
      'multichannel-account-kind',
      mc.span,
      `SMB multichannel applies to Premium FileStorage accounts only; the account StorageAccount \`${account.name}\` (${where(account)}) is of kind ${kind}.`,
    );
  },
};
