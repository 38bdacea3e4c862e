// The committed version of the workspace's files (`cloudManifests.compareWith`, HEAD by default), given to
// the analysis (service/changes/): read after each scan for every indexed file in one `git cat-file
// --batch` per repository, without blocking requests, and for a document opened from elsewhere. A commit
// (the ref naming another commit, seen when a file is saved or opened) reads them all again. Files whose
// committed text differs from what the analysis holds are published again.
import { fileURLToPath, pathToFileURL } from 'node:url';
import { committedTextsAsync, gitBaseOf, pathInRepository, type GitBase } from '../io/gitBase';
import { dirname } from 'node:path';
import { markDirty, scheduleRefresh } from './publish';
import type { ServerState } from './state';

interface Bases {
  /** The repository and commit of each folder asked about, for the ref in force (undefined: none). */
  repos: Map<string, GitBase | undefined>;
  ref: string;
  /** Bumped at each refresh: an older read that ends late is dropped. */
  generation: number;
}

const ofState = new WeakMap<ServerState, Bases>();

function basesOf(s: ServerState): Bases {
  const ref = s.client.settings.compareWith;
  let b = ofState.get(s);
  if (!b || b.ref !== ref) {
    b = { repos: new Map(), ref, generation: (b?.generation ?? 0) + 1 };
    ofState.set(s, b);
  }
  return b;
}

const pathOfUri = (uri: string): string | undefined => {
  if (!uri.startsWith('file:')) return undefined;
  try {
    return fileURLToPath(uri);
  } catch {
    return undefined;
  }
};

function repoOf(b: Bases, path: string): GitBase | undefined {
  const dir = dirname(path);
  if (b.repos.has(dir)) return b.repos.get(dir);
  for (const r of b.repos.values()) if (r && pathInRepository(r.root, path) !== undefined) return r;
  const found = gitBaseOf(dir, b.ref);
  const repo = found && !('error' in found) ? found : undefined;
  b.repos.set(dir, repo);
  return repo;
}

/** Reads the committed versions of `uris` and gives them to the analysis; republishes what changed. */
async function readBases(s: ServerState, uris: readonly string[], b: Bases): Promise<void> {
  const gen = b.generation;
  const byRepo = new Map<GitBase, { uris: string[]; paths: string[] }>();
  for (const uri of uris) {
    const path = pathOfUri(uri);
    const repo = path ? repoOf(b, path) : undefined;
    const rel = repo && path ? pathInRepository(repo.root, path) : undefined;
    if (!repo || rel === undefined) {
      s.analysis.apply({ kind: 'base', uri, base: undefined });
      continue;
    }
    const at = byRepo.get(repo) ?? { uris: [], paths: [] };
    at.uris.push(uri);
    at.paths.push(rel);
    byRepo.set(repo, at);
  }
  const changed: string[] = [];
  for (const [repo, { uris: us, paths }] of byRepo) {
    const texts = await committedTextsAsync(repo, paths);
    if (ofState.get(s) !== b || b.generation !== gen) return;
    us.forEach((uri, i) => {
      const text = texts[i];
      const before = s.analysis.baseOf(uri);
      s.analysis.apply({
        kind: 'base',
        uri,
        base: text === undefined ? undefined : { text, ref: b.ref, commit: repo.short },
      });
      if (before?.text !== text || before?.commit !== repo.short) changed.push(uri);
    });
  }
  if (changed.length === 0) return;
  markDirty(s, changed);
  // A pull client (VS Code) asked for an open document's diagnostics when it opened, perhaps before its base
  // was read, and a publish of a document still being opened asks nothing again: asked here.
  if (changed.some((u) => s.documents.get(u))) scheduleRefresh(s, true);
}

/** After a scan (or a settings change): every indexed file's committed version, read again. */
export function refreshBases(s: ServerState): Promise<void> {
  const b = basesOf(s);
  b.repos.clear();
  b.generation++;
  const uris = s.analysis.heldFiles().filter((u) => u.startsWith('file:'));
  for (const d of s.documents.all()) if (!uris.includes(d.uri) && d.uri.startsWith('file:')) uris.push(d.uri);
  if (!s.client.settings.compareWith) {
    for (const u of uris) s.analysis.apply({ kind: 'base', uri: u, base: undefined });
    markDirty(s, uris);
    return Promise.resolve();
  }
  return readBases(s, uris, b).catch(() => undefined);
}

/**
 * A document opened or saved: its committed version if none was read yet; and if the ref names another
 * commit now (a commit was made, a branch checked out), every file's again.
 */
export function baseOnOpenOrSave(s: ServerState, uri: string): void {
  if (!s.client.settings.compareWith || !uri.startsWith('file:')) return;
  const b = basesOf(s);
  const path = pathOfUri(uri);
  if (!path) return;
  const known = repoOf(b, path);
  if (known) {
    const now = gitBaseOf(known.root, b.ref);
    if (now && !('error' in now) && now.commit !== known.commit) {
      void refreshBases(s);
      return;
    }
  }
  if (s.analysis.baseOf(uri) === undefined) void readBases(s, [uri], b).catch(() => undefined);
}

/** What hover and code lens say of a file compared: "HEAD (abc1234)". */
export function comparedWith(s: ServerState, uri: string): string | undefined {
  const base = s.analysis.baseOf(uri);
  return base ? `${base.ref} (${base.commit})` : undefined;
}

export const uriOfPath = (path: string): string => pathToFileURL(path).href;
