// Ownership cycles through owners given by name: none of the manifests of the cycle can be created.
import type { WorkspaceIndex } from '../workspaceIndex';
import type { Manifest } from '../manifest';
import type { CrossFileRule } from './crossFileContext';

export const ownershipCycle: CrossFileRule = {
  codes: ['ownership-cycle'],
  check({ index, m, report }) {
    if (!m.owner?.nameSpan) return;
    const cycle = cycleThrough(index, m);
    if (!cycle) return;
    const path = [...cycle, m].map((x) => `${x.kind} \`${x.name}\``).join(' → ');
    report(
      'ownership-cycle',
      m.owner.nameSpan,
      `Ownership cycle: ${path}. An owner must exist before what it owns, so none of them can be created.`,
    );
  },
};

/** The owner chain of `m` when it comes back to `m` (owners given by name), without `m` at the end. */
function cycleThrough(index: WorkspaceIndex, m: Manifest): Manifest[] | undefined {
  const chain: Manifest[] = [m];
  let cur = m;
  for (let i = 0; i < 64; i++) {
    const o = index.ownerOf(cur);
    if (!o) return undefined;
    if (o === m) return chain;
    if (chain.includes(o)) return undefined; // a cycle further up, reported on its own members
    chain.push(o);
    cur = o;
  }
  return undefined;
}
