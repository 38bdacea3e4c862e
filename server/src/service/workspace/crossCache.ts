// The cross-document diagnostics of one manifest, kept while what they were computed from is the same: the
// manifest (its chunk's content; it may have moved), the names its rules looked up (each name's version in
// the index: a manifest of that name added, removed or moved to another line changes it) and how the
// manifests those messages place are written ("line 12", "account.yaml:12", asked again). An edit of one
// document of a 5,000-resource file checks that document's manifests again, not the file's.
import type { Diag } from '../diag';
import type { Manifest } from './manifest';
import type { WorkspaceIndex } from './workspaceIndex';
import { FileManifest } from './extract';

interface CrossEntry {
  scope: string;
  reportMissing: boolean;
  keys: string[];
  versions: number[];
  /** Each manifest a message placed, and how it was placed. */
  places: [Manifest, string][];
  /** Diagnostics relative to the manifest's chunk offset when they were computed. */
  diags: Diag[];
}

/**
 * The diagnostics `check` reports for manifest `m`, from the cache when they hold. `where` is how the
 * checks place a manifest (recorded and compared); every span reported must be the manifest's own (else
 * the result is not kept).
 */
export function crossOf(
  index: WorkspaceIndex,
  m: Manifest,
  scope: string,
  reportMissing: boolean,
  where: (m: Manifest) => string,
  check: (where: (m: Manifest) => string) => Diag[],
): Diag[] {
  if (!(m instanceof FileManifest)) return check(where);
  const hit = index.crossResults.get(m) as CrossEntry | undefined;
  if (hit && hit.scope === scope && hit.reportMissing === reportMissing && holds(index, hit, where))
    return hit.diags.length === 0 ? hit.diags : hit.diags.map((d) => moved(d, m.base));
  const places: [Manifest, string][] = [];
  const base = m.base;
  const { result, keys } = index.readsOf(() =>
    check((o) => {
      const at = where(o);
      places.push([o, at]);
      return at;
    }),
  );
  const [start, end] = m.span;
  if (result.every((d) => d.start >= start && d.end <= end)) {
    const unique = [...new Set(keys)];
    index.crossResults.set(m, {
      scope,
      reportMissing,
      keys: unique,
      versions: unique.map((k) => index.versionOf(k)),
      places,
      diags: result.length === 0 ? [] : result.map((d) => moved(d, -base)),
    } satisfies CrossEntry);
  } else index.crossResults.delete(m);
  return result;
}

const moved = (d: Diag, by: number): Diag => ({ ...d, start: d.start + by, end: d.end + by });

function holds(index: WorkspaceIndex, e: CrossEntry, where: (m: Manifest) => string): boolean {
  for (let i = 0; i < e.keys.length; i++) if (index.versionOf(e.keys[i]) !== e.versions[i]) return false;
  for (const [o, at] of e.places) if (where(o) !== at) return false;
  return true;
}
