// StorageAccount: an account-level immutability policy is created `Disabled` or `Unlocked`; `Locked` is reached
// only by an update of an `Unlocked` policy (document 2, States and transitions). Creation cannot be told from an
// update in a manifest, so this is a warning.
import { valueFix } from '../fixes/values';
import { find, type Rule } from './ruleContext';

export const immutabilityPolicyLocked: Rule = {
  codes: ['immutability-policy-locked'],
  kinds: ['StorageAccount'],
  check({ root, out, text }) {
    const state = find(root, ['spec', 'immutableStorageWithVersioning', 'immutabilityPolicy', 'state']);
    if (state?.scalar !== 'Locked') return;
    out.report(
      'immutability-policy-locked',
      state.valueSpan,
      '`spec.immutableStorageWithVersioning.immutabilityPolicy.state` is `Locked`: a policy can only be created `Disabled` or `Unlocked`, and `Locked` (set by a later update) cannot be reverted. Create it `Unlocked` first.',
      undefined,
      // Not fix-all: a manifest of a policy already locked in the cloud is right as it is (a warning).
      valueFix(text, state.valueSpan, ['Unlocked'], false),
    );
  },
};
