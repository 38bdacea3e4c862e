// Fixes that remove entries: an unknown field (or rename it to a near known name), members of a group
// that allows one (one action per member kept), a read-only `status` block.
import type { Node, YAMLMap } from 'yaml';
import { spanOf, type Span } from '../../core/yamlNodes';
import type { FixData, RemoveOption } from '../../core/fixData';
import { entryRemoval, removalOfKey } from '../../core/spans';

const names = (xs: string[]) => xs.map((x) => `\`${x}\``).join(', ');

/** An unknown key: rename to each near name not already present; remove the entry where that is clean. */
export function unknownFieldFix(
  text: string,
  map: YAMLMap,
  key: Node,
  name: string,
  near: string[],
  present: (k: string) => boolean,
): FixData | undefined {
  const candidates = near.filter((c) => !present(c));
  const remove = removalOfKey(text, map, key);
  if (candidates.length === 0 && !remove) return undefined;
  const pair = map.items.find((p) => p.key === key);
  const reveals: Span = pair?.value ? spanOf(pair.value) : [spanOf(key)[1], spanOf(key)[1]];
  return { fix: 'field', key: spanOf(key), name, candidates, ...(remove ? { remove } : {}), reveals };
}

/**
 * Members set together where one is allowed: one option per way to keep a consistent set. `sets` are the
 * alternatives (each a list of member names to keep); every other present member is removed.
 */
export function keepOneFix(
  text: string,
  map: YAMLMap,
  present: { name: string; key: Node }[],
  sets: string[][],
): FixData | undefined {
  const options: RemoveOption[] = [];
  for (const keep of sets) {
    const drop = present.filter((p) => !keep.includes(p.name));
    if (drop.length === 0 || drop.length === present.length) continue;
    const spans: Span[] = [];
    for (const d of drop) {
      const s = removalOfKey(text, map, d.key);
      if (!s) break;
      spans.push(s);
    }
    if (spans.length !== drop.length) continue;
    options.push({
      title: `Keep ${names(keep.filter((k) => present.some((p) => p.name === k)))}, remove ${names(drop.map((d) => d.name))}`,
      spans,
    });
  }
  return options.length > 0 ? { fix: 'remove', options } : undefined;
}

/** Remove the entry `i` of `map` (a read-only `status`). */
export function removeEntryFix(text: string, map: YAMLMap, i: number, title: string): FixData | undefined {
  const span = entryRemoval(text, map, i);
  return span ? { fix: 'remove', options: [{ title, spans: [span] }] } : undefined;
}
