// BatchAccount: a customer-managed key (`encryption.keyVaultProperties`) is usable only if the account
// has a system-assigned identity (document 3, KeyVaultProperties).
import { find, type Rule } from './ruleContext';

export const customerKeyNeedsIdentity: Rule = {
  codes: ['customer-key-needs-identity'],
  kinds: ['BatchAccount'],
  check({ root, out }) {
    const key = find(root, ['spec', 'encryption', 'keyVaultProperties']);
    if (!key) return;
    const type = find(root, ['spec', 'identity', 'type'])?.scalar;
    if (typeof type === 'string' && type.includes('SystemAssigned')) return;
    const found = type === undefined ? 'no `spec.identity`' : `\`spec.identity.type\` "${String(type)}"`;
    out.report(
      'customer-key-needs-identity',
      key.keySpan,
      `\`spec.encryption.keyVaultProperties\` (a customer-managed key) needs a system-assigned identity; found ${found}. Set \`spec.identity.type: SystemAssigned\`.`,
    );
  },
};
