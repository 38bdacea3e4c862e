// `check --cache [DIR]` (issue 48): what a run computes kept between runs, in a folder of entries
// (io/cacheStore.ts), so that a run of an unchanged workspace reads its results and a run after a few edits
// parses only the files edited.
//
// Two kinds of entries, each keyed by a hash of everything it is computed from:
// - a file's facts (the documents' own diagnostics and the manifests the index reads, as a worker thread sends
//   them: service/host/takeFacts.ts), keyed by the file's text, whether it is read as a patch, the settings
//   and the CRDs the kinds are built from, and the build (the product's version, a hash of its own code, the
//   Node version). A file's facts do not depend on any other file; they hold whatever the run computed of it
//   (a file only indexed has its manifests, not its diagnostics, which are then computed when asked);
// - a run's results (each reported file's diagnostics and their fingerprints), keyed by the digest of the
//   whole run: every file's name and text in order, the settings, the CRDs, the committed versions compared
//   with, the context files, the options that change a diagnostic, the shard and the build. Any change
//   anywhere misses it; the facts then spare every file that did not change its parse. What the renderings
//   read of the disk beyond the inputs is kept with the results, and they are taken only while the disk
//   still says the same.
// A miss is never an error: an entry that cannot be read, decoded or checked is computed again.
import { createHash } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import { CacheStore } from '../io/cacheStore';
import { fileKind, type FileKind } from '../io/fileKind';
import { buildKey, capFor, decodeEntry, defaultCacheDir, encodeEntry, FactsPacks, hashOf } from '../io/factsStore';
import { workerJob } from '../service/host/ingest';
import { FactsMaker } from '../service/host/fileFacts';
import { FactsPack, factsFileKey, setupSettings, type FactsEntry } from '../service/host/factsPack';
import type { Settings } from '../service/core/settings';
import type { Diag } from '../service/core/diag';
import { reportOrder } from './buildReport';
import { fingerprints } from './fingerprint';
import { renderReader } from './renderReads';
import type { DiskReads, FactsSource, FileResult, Workspace, WorkspaceFile, WorkspaceRun } from './runWorkspace';
import { VERSION } from './version';

export { defaultCacheDir };

/** What a run's results entry holds. */
interface ResultsEntry {
  /** The reads of the disk the run's renderings made: [uri, sha256 of the text or null], in order. */
  reads: [string, string | null][];
  /** The kinds on disk its kustomizations' entries were found to be: [uri, kind or null]. */
  kinds: [string, FileKind | null][];
  /** Each reported file's diagnostics (and their fingerprints, in the report's order, when asked). */
  files: { diags: Diag[]; prints?: string[] }[];
}

export interface CacheStats {
  factsHit: number;
  factsMissed: number;
  results: 'hit' | 'missed' | 'not used';
}

/** A run's view of the cache: opened once, before the files are analysed. */
export class RunCache {
  private readonly build = buildKey(VERSION);
  private readonly texts = new Map<WorkspaceFile, string>();
  readonly stats: CacheStats = { factsHit: 0, factsMissed: 0, results: 'not used' };

  constructor(readonly store: CacheStore) {}

  /** Opens the folder (made if missing) with its cap for this workspace; throws when it cannot be made. */
  static open(dir: string, workspace: Workspace): RunCache {
    const text = workspace.files.reduce((n, f) => n + f.parsed.text.length, 0);
    const store = new CacheStore(dir, capFor(text));
    store.open();
    return new RunCache(store);
  }

  private textHash(file: WorkspaceFile): string {
    let h = this.texts.get(file);
    if (h === undefined) this.texts.set(file, (h = hashOf(file.parsed.text)));
    return h;
  }

  /**
   * The digest of a run: everything its results are computed from (see the top of this file). `shard`: the
   * files reported; `prints`: whether the fingerprints are kept too.
   */
  runDigest(
    workspace: Workspace,
    settings: Settings,
    options: { renderOverlays: boolean; shard?: string; prints: boolean },
  ): string {
    const h = createHash('sha256');
    const add = (...parts: string[]) => {
      for (const p of parts) h.update(p).update('\0');
    };
    add('results', this.build, workspace.cwd, JSON.stringify(settings), JSON.stringify(options));
    add(String(workspace.maxBytes ?? ''));
    for (const c of workspace.crds ?? []) add('crd', c.uri, hashOf(c.text));
    for (const c of workspace.context ?? []) add('context', c.path, hashOf(c.text));
    for (const f of workspace.files) {
      add('file', f.display, f.path ?? '', this.textHash(f));
      const base = f.path ? workspace.bases?.get(f.path) : undefined;
      if (base) add('base', JSON.stringify(base));
    }
    return h.digest('hex');
  }

  /**
   * The results of a run with this digest, when every file was kept and the disk still says what the run's
   * renderings read of it; undefined otherwise.
   */
  results(digest: string, workspace: Workspace, reported: readonly WorkspaceFile[]): FileResult[] | undefined {
    const entry = this.decode<ResultsEntry>(this.store.get(`results\0${digest}`));
    const hit = entry && entry.files.length === reported.length && this.diskAgrees(workspace, entry);
    this.stats.results = hit ? 'hit' : 'missed';
    if (!hit) return undefined;
    return reported.map((file, i) => ({ file, diags: entry.files[i].diags, prints: entry.files[i].prints }));
  }

  /** Whether a fresh reading of the disk gives what the run's renderings read (the same reader, in order). */
  private diskAgrees(workspace: Workspace, entry: ResultsEntry): boolean {
    const read = renderReader(workspace.cwd, workspace.maxBytes);
    for (const [uri, hash] of entry.reads) {
      const text = read(uri);
      if ((text === undefined ? null : hashOf(text)) !== hash) return false;
    }
    return entry.kinds.every(([uri, kind]) => (fileKind(uri) ?? null) === kind);
  }

  /** Records the reads of the disk of a run about to be analysed (`RunOptions.disk`). */
  diskReads(): DiskReads & { entry: Pick<ResultsEntry, 'reads' | 'kinds'> } {
    const entry: Pick<ResultsEntry, 'reads' | 'kinds'> = { reads: [], kinds: [] };
    const seen = new Set<string>();
    return {
      entry,
      read(uri, text) {
        // The reader answers a path once (renderReads.ts): its first answer is the one it gives again.
        if (seen.has(uri)) return;
        seen.add(uri);
        entry.reads.push([uri, text === undefined ? null : hashOf(text)]);
      },
      kind(uri, kind) {
        entry.kinds.push([uri, kind ?? null]);
      },
    };
  }

  /** Keeps a run's results (each reported file's diagnostics, their fingerprints when `prints`). */
  keepResults(
    digest: string,
    results: readonly FileResult[],
    disk: Pick<ResultsEntry, 'reads' | 'kinds'>,
    prints: boolean,
  ): void {
    const entry: ResultsEntry = {
      ...disk,
      files: results.map((r) => ({ diags: r.diags, ...(prints ? { prints: r.prints } : {}) })),
    };
    const bytes = this.encode(entry);
    if (bytes) this.store.put(`results\0${digest}`, bytes);
  }

  /**
   * Where the run's files' facts come from and go to (`RunOptions.facts`). They are kept in one pack per run
   * (thousands of small files cost more to create and open than their facts cost to compute), named by a
   * pointer kept per settings, CRDs and inputs (`scope`: the folder and the paths named); a run reads the
   * pack its pointer names, and writes a new one when it computed more than a twentieth of its files (or
   * found none): a run after a few edits reuses the pack of the run before and keeps nothing new.
   */
  factsSource(scope: string): FactsSource {
    const packs = new FactsPacks(this.store, this.build);
    let setup: { key: string; stamp?: number; maker: FactsMaker; pack: FactsPack } | undefined;
    const setupOf = (run: WorkspaceRun) => {
      if (!setup) {
        const s = run.host.factsSetup();
        const key = packs.setupKey(setupSettings(s), s.crds);
        const pack = new FactsPack(packs.read<FactsEntry>(key, scope));
        setup = { key, stamp: s.stamp, maker: new FactsMaker(run.host), pack };
        this.keepFacts = () => {
          const entries = pack.toWrite();
          if (entries) packs.write(key, scope, entries);
        };
      }
      return setup;
    };
    // What each file was sent as (ingest.ts's choice) and the key of its facts.
    const jobs = new Map<number, { key: string; partial: boolean }>();
    return {
      take: (run, i) => {
        const file = run.workspace.files[i];
        const text = file.parsed.text;
        const job = workerJob(run.host.file(run.uris[i]).entry(text), text);
        // A template, a file too large to check in full: taken in on this thread as always, nothing kept.
        if (!job) return undefined;
        const s = setupOf(run);
        const key = factsFileKey(hashOf, this.textHash(file), job.partial);
        jobs.set(i, { key, partial: job.partial });
        const stored = s.pack.take(key);
        if (!stored) {
          this.stats.factsMissed++;
          return undefined;
        }
        this.stats.factsHit++;
        return { facts: stored.facts, kinds: stored.kinds, partial: job.partial, stamp: s.stamp };
      },
      taken: (run, i) => {
        const job = jobs.get(i);
        const parsed = run.parsed[i];
        if (!job || !parsed) return;
        jobs.delete(i);
        // Kept when missing, or when this run computed more of it (its diagnostics, where the pack had its
        // manifests only).
        setupOf(run).pack.keepMade(job.key, parsed, job.partial, setupOf(run).maker);
      },
    };
  }

  /** Keeps the facts of the run's files (see factsSource), once the run analysed them. */
  keepFacts: () => void = () => undefined;

  private decode<T>(bytes: Buffer | undefined): T | undefined {
    return decodeEntry<T>(bytes);
  }

  private encode(value: unknown): Buffer | undefined {
    return encodeEntry(value);
  }
}

/** Each result's fingerprints (what a JSON or SARIF report and `--baseline` read), computed once to be kept. */
export function withPrints(results: FileResult[]): void {
  for (const r of results)
    if (!r.prints && r.parsed) r.prints = fingerprints(r.file.display, r.parsed, [...r.diags].sort(reportOrder));
}

/** The cache folder of a run: the one named (relative to the current folder), else the default. */
export function cacheDirOf(named: string, cwd: string, roots: readonly string[], env: NodeJS.ProcessEnv): string {
  return named ? resolve(cwd, named) : defaultCacheDir(roots[0] ?? cwd, env);
}

/**
 * Whether a file is inside the folder `dir` (as named, or its real path): by the path's prefix, as the walk
 * names files below the real paths of the folders it searches.
 */
export function insideOf(dir: string): (path: string) => boolean {
  let real = dir;
  try {
    real = realpathSync(dir);
  } catch {
    // Not made yet: nothing is inside it.
  }
  const prefixes = [...new Set([dir, real])].map((d) => (d.endsWith(sep) ? d : d + sep));
  return (path) => prefixes.some((p) => path.startsWith(p));
}
