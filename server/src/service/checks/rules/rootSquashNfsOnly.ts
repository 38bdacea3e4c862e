// File share: `rootSquash` applies to NFS shares only (document 2). An SMB share (`enabledProtocols: SMB`)
// with it is wrong; a share that does not say `NFS` gets a warning, since the spec does not state the default.
import { find, type Rule } from './ruleContext';

export const rootSquashNfsOnly: Rule = {
  codes: ['root-squash-nfs-only'],
  kinds: ['StorageAccountsFileServicesShare'],
  check({ root, out }) {
    const squash = find(root, ['spec', 'rootSquash']);
    if (!squash) return;
    const protocols = find(root, ['spec', 'enabledProtocols'])?.scalar;
    // A case variant (`nfs`) is reported by enum-case; the share is meant to be NFS.
    if (typeof protocols === 'string' && protocols.toUpperCase() === 'NFS') return;
    if (protocols === undefined)
      out.report(
        'root-squash-nfs-only',
        squash.keySpan,
        '`spec.rootSquash` applies to NFS shares only, and this share does not set `spec.enabledProtocols: NFS`; set it (only at share creation) or remove `rootSquash`.',
        'warning',
      );
    else
      out.report(
        'root-squash-nfs-only',
        squash.keySpan,
        `\`spec.rootSquash\` applies to NFS shares only, and this share has \`spec.enabledProtocols\` "${String(protocols)}"; remove \`rootSquash\` or make the share \`NFS\`.`,
      );
  },
};
