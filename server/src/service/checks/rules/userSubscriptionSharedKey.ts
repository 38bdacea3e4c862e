// BatchAccount: "with `UserSubscription` clients must use directory identity" (document 3, poolAllocationMode):
// `SharedKey` among the allowed authentication modes cannot be used then.
import { isSeq } from 'yaml';
import { scalarValue, spanOf } from '../../core/yamlNodes';
import { find, type Rule } from './ruleContext';

export const userSubscriptionSharedKey: Rule = {
  codes: ['user-subscription-shared-key'],
  kinds: ['BatchAccount'],
  check({ root, out }) {
    if (find(root, ['spec', 'poolAllocationMode'])?.scalar !== 'UserSubscription') return;
    const modes = find(root, ['spec', 'allowedAuthenticationModes']);
    if (!modes || !isSeq(modes.value)) return;
    for (const item of modes.value.items)
      if (scalarValue(item) === 'SharedKey')
        out.report(
          'user-subscription-shared-key',
          spanOf(item),
          '`spec.allowedAuthenticationModes` allows `SharedKey`, but with `spec.poolAllocationMode: UserSubscription` clients must use directory identity (`AAD`); remove `SharedKey`.',
        );
  },
};
