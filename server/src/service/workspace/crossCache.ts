// The cross-document diagnostics of one manifest, kept while what they were computed from is the same: the
// manifest (its chunk's content; it may have moved), the manifests of the names its rules looked up (the
// index marks the result stale when one of those is added, removed or moves to another line) and how the
// manifests its messages place are written ("line 12", "account.yaml:12": asked again, the host may name
// files otherwise). An edit of one document of a 5,000-resource file checks that document's manifests again,
// and reads one field of each other manifest.
import type { Diag } from '../core/diag';
import type { Manifest } from './manifest';
import type { WorkspaceIndex } from './workspaceIndex';
import { FileManifest } from './extract';

interface CrossEntry {
  stale: boolean;
  scope: string;
  reportMissing: boolean;
  /** What else the checks read, compared by identity (checks.ts: the index complete, the overlays' facts). */
  stamp: unknown;
  /** The name keys the rules looked up (the index marks the entry stale when one changes). */
  keys: string[];
  /** Each manifest a message placed, and how it was placed. */
  places: [Manifest, string][];
  /** Diagnostics relative to the manifest's chunk offset when they were computed. */
  diags: Diag[];
  /**
   * `diags` at the file offset `at`, the last time they were asked for there: the same objects while the
   * manifest has not moved, so an edit elsewhere makes no copies of them (and what is converted and
   * serialised once per diagnostic, lsp/diagnosticJson.ts, stays converted).
   */
  placed?: { at: number; diags: Diag[] };
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
  stamp?: unknown,
): Diag[] {
  if (!(m instanceof FileManifest)) return check(where);
  const hit = m.cross as CrossEntry | undefined;
  if (
    hit &&
    !hit.stale &&
    hit.scope === scope &&
    hit.reportMissing === reportMissing &&
    hit.stamp === stamp &&
    placedAlike(hit, where)
  )
    return hit.diags.length === 0 ? hit.diags : placedAt(hit, m.base);
  if (hit) index.unwatch(hit.keys, hit);
  return checkAgain(index, m, scope, reportMissing, where, check, stamp);
}

/**
 * `crossOf` on a miss: the checks run and their result kept. A function of its own because its closures
 * capture its variables: V8 makes their context on entry, which on the path of a hit (every manifest but
 * those edited) was an object per manifest per edit.
 */
function checkAgain(
  index: WorkspaceIndex,
  m: FileManifest,
  scope: string,
  reportMissing: boolean,
  where: (m: Manifest) => string,
  check: (where: (m: Manifest) => string) => Diag[],
  stamp: unknown,
): Diag[] {
  index.crossChecks++;
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
    const entry: CrossEntry = {
      stale: false,
      scope,
      reportMissing,
      stamp,
      keys: [...new Set(keys)],
      // Most manifests place none and report nothing: one shared empty array for those, not two each.
      places: places.length === 0 ? NO_PLACES : places,
      diags: result.length === 0 ? NO_DIAGS : result.map((d) => moved(d, -base)),
      // Given again while the manifest stays where it is.
      ...(result.length > 0 ? { placed: { at: base, diags: result } } : {}),
    };
    index.watch(entry.keys, entry);
    m.cross = entry;
  } else m.cross = undefined;
  return result;
}

const NO_PLACES = Object.freeze([]) as unknown as [Manifest, string][];
const NO_DIAGS = Object.freeze([]) as unknown as Diag[];

const moved = (d: Diag, by: number): Diag => ({ ...d, start: d.start + by, end: d.end + by });

function placedAt(e: CrossEntry, at: number): Diag[] {
  if (e.placed?.at !== at) e.placed = { at, diags: e.diags.map((d) => moved(d, at)) };
  return e.placed.diags;
}

function placedAlike(e: CrossEntry, where: (m: Manifest) => string): boolean {
  // Indexed, not `for … of`: asked for every manifest of a file at each edit, an iterator each was most of
  // what an edit of a 5,000-resource file allocated here (the loop is not always optimised).
  const places = e.places;
  for (let i = 0; i < places.length; i++) if (where(places[i][0]) !== places[i][1]) return false;
  return true;
}
