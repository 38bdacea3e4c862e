// The cache folder's entries as `check --cache` and the editor's workspace scan both read and write them
// (issue 48): how a payload is encoded, what identifies the build that wrote it, where the folder is by
// default, and the facts packs (the facts of a run's files in one entry, named by a pointer per setup and
// scope). What a pack holds is the service's business (service/host/factsPack.ts); here it is bytes.
// A miss is never an error: an entry that cannot be read, decoded or checked is computed again.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { CacheStore } from './cacheStore';

/** The layout of the entries' payloads; a new one misses every entry of the old. */
const FORMAT = 'cloud-manifests-cache/1';

/** The folder's size cap: this, or ten times the workspace's text when that is more, at most 4 GiB. */
const MIN_CAP_BYTES = 256 * 1024 * 1024;
const MAX_CAP_BYTES = 4 * 1024 * 1024 * 1024;

export const capFor = (textChars: number): number => Math.min(MAX_CAP_BYTES, Math.max(MIN_CAP_BYTES, 10 * textChars));

export const hashOf = (...parts: string[]): string => {
  const h = createHash('sha256');
  for (const p of parts) h.update(p).update('\0');
  return h.digest('hex');
};

/**
 * The default folder: `node_modules/.cache/cloud-manifests` of the nearest package (a folder with a
 * package.json) at or above `from`, else `$XDG_CACHE_HOME/cloud-manifests` (`~/.cache/cloud-manifests`).
 */
export function defaultCacheDir(from: string, env: NodeJS.ProcessEnv): string {
  for (let d = from; ; d = dirname(d)) {
    if (existsSync(join(d, 'package.json'))) return join(d, 'node_modules', '.cache', 'cloud-manifests');
    if (dirname(d) === d) break;
  }
  const xdg = env.XDG_CACHE_HOME?.trim();
  return join(xdg && isAbsolute(xdg) ? xdg : join(homedir(), '.cache'), 'cloud-manifests');
}

/**
 * The bundles of one build that compute facts: the CLI, the language server and their worker threads. The
 * build is identified by all three, so that the CLI and the editor of one install read each other's
 * entries, and a rebuilt copy never reads another build's.
 */
const BUNDLES = ['analysisWorker.js', 'cliMain.js', 'server.js'];

let identity: string | undefined;

/**
 * The build's identity: the bundles' own bytes; from the sources (tests, tsx), the names, sizes and times
 * of the source files. Computed once a process.
 */
function buildId(): string {
  if (identity !== undefined) return identity;
  const h = createHash('sha256');
  if (!__filename.endsWith('.ts')) {
    const dir = dirname(__filename);
    try {
      for (const name of BUNDLES) {
        const path = join(dir, name);
        if (existsSync(path)) h.update(`${name}\0`).update(readFileSync(path)).update('\0');
      }
      // Bundled under another name (a test's copy): its own bytes too.
      if (!BUNDLES.includes(__filename.slice(dir.length + 1))) h.update(readFileSync(__filename));
    } catch {
      h.update(`${Date.now()}\0${Math.random()}`);
    }
    return (identity = h.digest('hex'));
  }
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile()) {
        const st = statSync(p);
        h.update(`${p}\0${st.size}\0${st.mtimeMs}\0`);
      }
    }
  };
  walk(join(__dirname, '..'));
  return (identity = h.digest('hex'));
}

/** What every key of a build starts with: the format, the product's version, the build and Node's version. */
export const buildKey = (version: string): string => hashOf(FORMAT, version, buildId(), process.version);

/** The payload of an entry, or undefined when it is not one (a format of another version, corrupt bytes). */
export function decodeEntry<T>(bytes: Buffer | undefined): T | undefined {
  if (!bytes) return undefined;
  try {
    const v = deserialize(bytes) as { format?: string; value?: T } | undefined;
    return v?.format === FORMAT ? v.value : undefined;
  } catch {
    return undefined;
  }
}

/** An entry's payload; undefined when the value holds what cannot be serialised (then nothing is kept). */
export function encodeEntry(value: unknown): Buffer | undefined {
  try {
    return serialize({ format: FORMAT, value });
  } catch {
    return undefined;
  }
}

/**
 * The facts packs of a cache folder. A pack holds the facts of one run's files, by file key; a pointer per
 * setup (`setupKey`: the build, the settings and the CRDs the kinds are built from) and scope (which files
 * the run read) names the latest. `check --cache` and the editor use the same keys and the same packs.
 */
export class FactsPacks {
  constructor(
    readonly store: CacheStore,
    /** buildKey of the product's version. */
    readonly build: string,
  ) {}

  /** The hash the keys are made of (sha256, hex). */
  readonly hash = hashOf;

  /** The setup's key: the build, the settings (as JSON) and each CRD source (its uri and its text's hash). */
  setupKey(settings: string, crds: readonly { uri: string; text: string }[]): string {
    return hashOf('facts', this.build, settings, crds.map((c) => `${c.uri}\0${hashOf(c.text)}`).join('\0'));
  }

  /** The entries of the pack the pointer of this setup and scope names; undefined when none is found. */
  read<T>(setupKey: string, scope: string): [string, T][] | undefined {
    const pointer = decodeEntry<{ pack: string }>(this.store.get(`facts-latest\0${setupKey}\0${scope}`));
    return (
      pointer &&
      decodeEntry<{ entries: [string, T][] }>(this.store.get(`facts-pack\0${setupKey}\0${pointer.pack}`))?.entries
    );
  }

  /** Writes a pack of these entries (sorted by key) and points this setup and scope at it. */
  write<T>(setupKey: string, scope: string, entries: readonly [string, T][]): void {
    const id = hashOf(setupKey, entries.map(([k]) => k).join('\0'));
    const bytes = encodeEntry({ entries });
    if (!bytes) return;
    this.store.put(`facts-pack\0${setupKey}\0${id}`, bytes);
    const pointer = encodeEntry({ pack: id });
    if (pointer) this.store.put(`facts-latest\0${setupKey}\0${scope}`, pointer);
  }

  /** Holds the folder to its cap for a workspace of this much text (see capFor), once entries were written. */
  trim(textChars: number): void {
    this.store.capBytes = Math.max(this.store.capBytes, capFor(textChars));
    this.store.trim();
  }
}

/**
 * The editor's facts cache for a workspace folder: the CLI's default folder for it, opened (made if
 * missing); undefined when it cannot be made (a read-only disk: the scan goes on without it).
 */
export function openFolderFacts(folder: string, version: string): FactsPacks | undefined {
  try {
    const store = new CacheStore(defaultCacheDir(folder, process.env), MIN_CAP_BYTES);
    store.open();
    return new FactsPacks(store, buildKey(version));
  } catch {
    return undefined;
  }
}
