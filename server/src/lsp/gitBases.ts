// The committed version of the workspace's files (`cloudManifests.compareWith`, HEAD by default), given to
// the analysis (service/changes/): read after each scan for every indexed file, and for a document opened
// from elsewhere. Every git process is asynchronous and time-limited (io/gitBase.ts): requests, `shutdown`
// and `exit` are answered while git runs. The repository of each folder is found and confined before git
// runs (io/gitRepository.ts), with the workspace folders as the area it may lead to. A commit (the ref
// naming another commit, seen when a file is saved or opened) reads them all again. Files whose committed
// version changed are published again; a file not compared says why (`not-compared`).
import { statSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { confineRepository, repositoryTop } from '../io/gitRepository';
import {
  baseOfRepository,
  committedTexts,
  gitBaseOf,
  newBudget,
  pathInRepository,
  type FileBase,
  type GitBase,
  type RefusedBase,
} from '../io/gitBase';
import { maxFileBytes } from '../service/core/settings';
import { markDirty, scheduleRefresh } from './publish';
import type { ServerState } from './state';

type RepoOf = GitBase | RefusedBase | undefined;

interface Bases {
  /** The repository and commit of each folder asked about, for the ref in force (undefined: none). */
  repos: Map<string, Promise<RepoOf>>;
  /** The same, per repository top folder. */
  tops: Map<string, Promise<RepoOf>>;
  ref: string;
  /** Bumped at each refresh: an older read that ends late is dropped. */
  generation: number;
}

const ofState = new WeakMap<ServerState, Bases>();

function basesOf(s: ServerState): Bases {
  const ref = s.client.settings.compareWith;
  let b = ofState.get(s);
  if (!b || b.ref !== ref) {
    b = { repos: new Map(), tops: new Map(), ref, generation: (b?.generation ?? 0) + 1 };
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

/** The repository of a file's folder (its own: a submodule's file is in the submodule), looked up once. */
function repoOf(s: ServerState, b: Bases, path: string): Promise<RepoOf> {
  const dir = dirname(path);
  let found = b.repos.get(dir);
  if (!found) {
    // Each repository checked and its commit asked once: a workspace's folders share a few repositories.
    const top = repositoryTop(dir);
    if (top === undefined) found = Promise.resolve(undefined);
    else {
      found = b.tops.get(top);
      if (!found) {
        found = baseOfRepository(confineRepository(top, s.ws.folders), b.ref).then((r) =>
          'error' in r ? undefined : r,
        );
        b.tops.set(top, found);
      }
    }
    b.repos.set(dir, found);
  }
  return found;
}

/** A file's size now (a committed version many times larger is not compared: io/gitBase.ts). */
const sizeOnDisk = (path: string): number => {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
};

const sameBase = (a: FileBase | undefined, c: FileBase | undefined) =>
  a?.text === c?.text && a?.commit === c?.commit && a?.notCompared === c?.notCompared;

/** Reads the committed versions of `uris` and gives them to the analysis; republishes what changed. */
async function readBases(s: ServerState, uris: readonly string[], b: Bases): Promise<void> {
  const gen = b.generation;
  const current = () => ofState.get(s) === b && b.generation === gen;
  const byRepo = new Map<GitBase, { uris: string[]; items: { path: string; size: number }[] }>();
  const found: { uri: string; base: FileBase | undefined }[] = [];
  for (const uri of uris) {
    const path = pathOfUri(uri);
    const repo = path ? await repoOf(s, b, path) : undefined;
    if (!current()) return;
    if (repo && 'notCompared' in repo) {
      found.push({ uri, base: { text: '', ref: b.ref, commit: '', notCompared: repo.notCompared } });
      continue;
    }
    const rel = repo && path ? pathInRepository(repo.root, path) : undefined;
    if (!repo || rel === undefined) {
      found.push({ uri, base: undefined });
      continue;
    }
    const at = byRepo.get(repo) ?? { uris: [], items: [] };
    at.uris.push(uri);
    at.items.push({ path: rel, size: sizeOnDisk(path!) });
    byRepo.set(repo, at);
  }
  const budget = newBudget();
  const cap = maxFileBytes(s.client.settings);
  for (const [repo, { uris: us, items }] of byRepo) {
    const texts = await committedTexts(repo, items, budget, cap);
    if (!current()) return;
    us.forEach((uri, i) => {
      const c = texts[i];
      found.push({
        uri,
        base:
          c === undefined
            ? undefined
            : 'text' in c
              ? { text: c.text, ref: b.ref, commit: repo.short }
              : { text: '', ref: b.ref, commit: repo.short, notCompared: c.notCompared },
      });
    });
  }
  const changed: string[] = [];
  for (const { uri, base } of found) {
    const before = s.host.file(uri).base;
    s.host.apply({ kind: 'base', uri, base });
    if (!sameBase(before, base)) changed.push(uri);
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
  b.tops.clear();
  b.generation++;
  const uris = s.host.files().filter((u) => u.startsWith('file:'));
  for (const d of s.documents.all()) if (!uris.includes(d.uri) && d.uri.startsWith('file:')) uris.push(d.uri);
  if (!s.client.settings.compareWith) {
    for (const u of uris) s.host.apply({ kind: 'base', uri: u, base: undefined });
    markDirty(s, uris);
    return Promise.resolve();
  }
  return readBases(s, uris, b).catch(() => undefined);
}

/**
 * A document opened or saved: its committed version if none was read yet; and if the ref names another
 * commit now (a commit was made, a branch checked out), every file's again. Asynchronous: nothing waits.
 */
export function baseOnOpenOrSave(s: ServerState, uri: string): void {
  if (!s.client.settings.compareWith || !uri.startsWith('file:')) return;
  const b = basesOf(s);
  const path = pathOfUri(uri);
  if (!path) return;
  const gen = b.generation;
  void (async () => {
    const known = await repoOf(s, b, path);
    if (known && 'commit' in known) {
      const now = await gitBaseOf(known.root, b.ref, s.ws.folders);
      if (ofState.get(s) !== b || b.generation !== gen) return;
      if (now && 'commit' in now && now.commit !== known.commit) {
        await refreshBases(s);
        return;
      }
    }
    if (s.host.file(uri).base === undefined) await readBases(s, [uri], b);
  })().catch(() => undefined);
}

/** What hover and code lens say of a file compared: "HEAD (abc1234)". */
export function comparedWith(s: ServerState, uri: string): string | undefined {
  const base = s.host.file(uri).base;
  return base && base.notCompared === undefined ? `${base.ref} (${base.commit})` : undefined;
}

export const uriOfPath = (path: string): string => pathToFileURL(path).href;
