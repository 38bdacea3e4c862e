// Every cross-file rule, one file each, in the order their diagnostics are reported for a manifest. A new
// rule is one new file listed here: its `tracks` reach the index's extraction through TRACKED_VALUES.
import type { CrossFileRule } from './crossFileContext';
import { duplicateResource } from './duplicateResource';
import { multichannelAccountKind } from './multichannelAccountKind';
import { kubeReferences } from './kubeReferences';
import { ownerReferences } from './ownerReferences';
import { ownershipCycle } from './ownershipCycle';
import { shareAccessTierAccountKind } from './shareAccessTierAccountKind';
import { shareQuotaLargeFileShares } from './shareQuotaLargeFileShares';

export const CROSS_FILE_RULES: readonly CrossFileRule[] = [
  ownerReferences,
  kubeReferences,
  duplicateResource,
  ownershipCycle,
  shareQuotaLargeFileShares,
  shareAccessTierAccountKind,
  multichannelAccountKind,
];

/** Values each kind contributes to cross-file rules (key paths), gathered from the rules' `tracks`. */
export const TRACKED_VALUES: Readonly<Record<string, string[][]>> = (() => {
  const out: Record<string, string[][]> = {};
  for (const rule of CROSS_FILE_RULES) {
    for (const [kind, paths] of Object.entries(rule.tracks ?? {})) {
      const list = (out[kind] ??= []);
      for (const p of paths) if (!list.some((q) => q.join('.') === p.join('.'))) list.push(p);
    }
  }
  return out;
})();
