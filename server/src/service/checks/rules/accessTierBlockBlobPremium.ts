// StorageAccount: `Premium` is the fixed access tier of the premium block blobs type (`BlockBlobStorage`) and
// cannot be changed there (document 2, `accessTier`).
import { valueFix } from '../fixes/values';
import { find, type Rule } from './ruleContext';

export const accessTierBlockBlobPremium: Rule = {
  codes: ['access-tier-block-blob-premium'],
  kinds: ['StorageAccount'],
  check({ root, out, text }) {
    const tier = find(root, ['spec', 'accessTier']);
    if (find(root, ['spec', 'kind'])?.scalar !== 'BlockBlobStorage' || !tier || tier.scalar === 'Premium') return;
    if (typeof tier.scalar !== 'string' || tier.scalar.toLowerCase() === 'premium') return;
    out.report(
      'access-tier-block-blob-premium',
      tier.valueSpan,
      `\`spec.accessTier\` is "${tier.scalar}", but a \`BlockBlobStorage\` account has the fixed tier \`Premium\`, which cannot be changed; write \`Premium\` or remove \`accessTier\`.`,
      undefined,
      valueFix(text, tier.valueSpan, ['Premium'], false),
    );
  },
};
