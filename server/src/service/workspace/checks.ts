// Cross-document checks: what a file's manifests get wrong given the rest of the workspace, one rule per
// file under ./rules (owners and references, duplicates, ownership cycles, the limits a child takes from its
// parent). Diagnostics carry file offsets, like validateFile's.
import { builtinRegistry, type Registry } from '../../model/registry';
import type { Diag } from '../core/diag';
import { WorkspaceIndex } from './workspaceIndex';
import { crossOf } from './crossCache';
import type { Manifest } from './manifest';
import { CROSS_FILE_RULES, TRACKED_VALUES } from './rules';
import { NO_OBJECT_FACTS, type CrossFileContext, type ObjectFacts } from './rules/crossFileContext';

export interface WorkspaceCheckOptions {
  /** `cloudManifests.ownerResolution`: report owners and references missing from the workspace (`info`) or not (`off`). */
  ownerResolution?: 'info' | 'off';
  /**
   * The index holds every file of the checked file's scope. "Not found" is reported only then: while the
   * workspace is being scanned, and for a file outside the workspace folders, a missing owner proves nothing.
   */
  complete?: boolean;
  /** How another file is named in messages (default: its last path segment). */
  display?: (uri: string) => string;
  /** What the overlays and charts say of Kubernetes objects (the host's; none known by default). */
  objects?: ObjectFacts;
}

/** An index that extracts what the cross-file rules read (their `tracks`), resolving against `registry`. */
export const createWorkspaceIndex = (registry: Registry = builtinRegistry()): WorkspaceIndex =>
  new WorkspaceIndex(registry, TRACKED_VALUES);

export function defaultDisplay(uri: string): string {
  const last = uri.slice(uri.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/** Where a manifest is defined, for messages: `line 12` in the same file, else `account.yaml:12`. */
export function whereOf(
  index: WorkspaceIndex,
  m: Manifest,
  fromUri: string,
  display: (uri: string) => string = defaultDisplay,
): string {
  const f = index.get(m.uri);
  const offset = m.nameSpan?.[0] ?? m.span[0];
  const line = f ? f.lines().positionAt(offset).line + 1 : undefined;
  if (m.uri === fromUri) return line ? `line ${line}` : 'this file';
  return line ? `${display(m.uri)}:${line}` : display(m.uri);
}

/** The cross-document diagnostics of one indexed file (empty for a file the index does not hold). */
export function checkFile(index: WorkspaceIndex, uri: string, options: WorkspaceCheckOptions = {}): Diag[] {
  const file = index.get(uri);
  if (!file) return [];
  const display = options.display ?? defaultDisplay;
  const out: Diag[] = [];
  // One context for the file; the rules see each manifest in turn.
  const ctx: CrossFileContext = {
    index,
    uri,
    scope: file.scope,
    m: undefined as unknown as Manifest,
    reportMissing: options.complete !== false && options.ownerResolution !== 'off',
    objects: options.objects ?? NO_OBJECT_FACTS,
    report: (code, span, message) => {
      if (span) out.push({ code, start: span[0], end: Math.max(span[1], span[0]), message });
    },
    where: (m) => whereOf(index, m, uri, display),
  };
  // Each manifest's results are kept while the names they read are unchanged (crossCache.ts).
  const where = ctx.where;
  // One function for every manifest, not a closure each: an edit of a 5,000-resource file reads the
  // others' results from the cache, and a closure per manifest was most of what that loop allocated.
  let current = undefined as unknown as Manifest;
  const check = (placed: (m: Manifest) => string): Diag[] => {
    const m = current;
    const mine: Diag[] = [];
    ctx.m = m;
    ctx.where = placed;
    ctx.report = (code, span, message) => {
      if (span) mine.push({ code, start: span[0], end: Math.max(span[1], span[0]), message });
    };
    for (const rule of CROSS_FILE_RULES) if (!rule.kinds || rule.kinds.includes(m.kind)) rule.check(ctx);
    return mine;
  };
  const stamp = ctx.objects.stamp;
  // Indexed loops: no iterator per manifest (see crossCache.ts placedAlike).
  const manifests = file.manifests;
  for (let i = 0; i < manifests.length; i++) {
    current = manifests[i];
    const found = crossOf(index, current, file.scope, ctx.reportMissing, where, check, stamp);
    for (let j = 0; j < found.length; j++) out.push(found[j]);
  }
  return out;
}
