// StorageAccount: the SKU tier "is derived from the name" (document 2): a `tier` that contradicts the name is
// ignored, so it misleads the reader.
import { valueFix } from '../fixes/values';
import { find, type Rule } from './ruleContext';

export const skuTierMismatch: Rule = {
  codes: ['sku-tier-mismatch'],
  kinds: ['StorageAccount'],
  check({ root, out, text }) {
    const name = find(root, ['spec', 'sku', 'name'])?.scalar;
    const tier = find(root, ['spec', 'sku', 'tier']);
    if (typeof name !== 'string' || typeof tier?.scalar !== 'string') return;
    const derived = /^(Premium|Standard)_/.exec(name)?.[1];
    if (!derived || tier.scalar === derived || !['Premium', 'Standard'].includes(tier.scalar)) return;
    out.report(
      'sku-tier-mismatch',
      tier.valueSpan,
      `\`spec.sku.tier\` is "${tier.scalar}", but the tier is derived from \`spec.sku.name\` "${name}", which is \`${derived}\`; write \`${derived}\` or remove \`tier\`.`,
      undefined,
      // The first of the two ways the message names; removing `tier` is the other (not fix-all: either is right).
      valueFix(text, tier.valueSpan, [derived], false),
    );
  },
};
