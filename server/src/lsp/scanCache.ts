// The editor reads the facts cache `check --cache` writes (issue 48): reopening a large workspace, the scan
// takes each file's facts (its documents' own diagnostics and the manifests the index reads) from the pack
// the last scan or check left, as it takes a worker's (service/host/fileFacts.ts), and computes only the
// files whose text is new. Same folder (the CLI's default for the workspace folder), same keys, same packs
// (io/factsStore.ts, service/host/factsPack.ts): a pack the CLI wrote in the workspace folder with the same
// settings is the editor's, and the other way round. Facts are keyed by the file's text, whether it is read
// as a patch, the settings, the CRDs the kinds are built from and the build: the host takes them only for
// the kinds and settings they were made with (the setup's stamp), so the cache never changes what is
// published. `cloudManifests.cache: false` turns it off; the browser build has none (its twin of
// io/factsStore.ts opens nothing).
import { version } from '../../../package.json';
import { openFolderFacts, type FactsPacks } from '../io/factsStore';
import { FactsPack, factsFileKey, setupSettings, type FactsEntry } from '../service/host/factsPack';
import {
  FactsMaker,
  type FactsFile,
  type FactsSetup,
  type FileFacts,
  type TakenFacts,
} from '../service/host/fileFacts';
import type { ServerState } from './state';

/**
 * The pack's scope: a check run in the workspace folder naming no paths writes the same one (cli/checkRun.ts),
 * so that the two share their packs; several folders are one scope of the editor's own.
 */
const scopeOf = (folders: readonly string[]): string =>
  folders.length === 1 ? JSON.stringify([folders[0], []]) : JSON.stringify(['editor', folders]);

/** One scan's view of the cache: opened as the scan starts, written (when it computed enough) once it ends. */
export class ScanCache {
  private readonly keys = new WeakMap<FactsFile, string>();
  private chars = 0;
  private maker: FactsMaker | undefined;
  private readonly scope: string;

  private constructor(
    private readonly s: ServerState,
    private readonly packs: FactsPacks,
    private readonly setup: FactsSetup,
    private readonly setupKey: string,
    private readonly pack: FactsPack,
  ) {
    this.scope = scopeOf(s.ws.folders);
  }

  /** The cache of the first workspace folder, with the host's current kinds and settings; undefined: none. */
  static open(s: ServerState): ScanCache | undefined {
    // A restricted workspace: its cache folder may be one the repository wrote (state.ts `trusted`).
    if (!s.client.cache || !s.client.trusted || s.ws.folders.length === 0) return undefined;
    const packs = openFolderFacts(s.ws.folders[0], version);
    if (!packs) return undefined;
    const setup = s.host.factsSetup();
    const setupKey = packs.setupKey(setupSettings(setup), setup.crds);
    return new ScanCache(
      s,
      packs,
      setup,
      setupKey,
      new FactsPack(packs.read<FactsEntry>(setupKey, scopeOf(s.ws.folders))),
    );
  }

  /** Hits and files looked up (the log line of the scan). */
  readonly counts = { hit: 0, looked: 0 };

  private keyOf(job: FactsFile): string {
    let key = this.keys.get(job);
    if (key === undefined) {
      this.chars += job.text.length;
      key = factsFileKey(this.packs.hash, this.packs.hash(job.text), job.partial);
      this.keys.set(job, key);
    }
    return key;
  }

  /** The stored facts of a file about to be taken in (what a worker would send), or undefined. */
  take(job: FactsFile): TakenFacts | undefined {
    this.counts.looked++;
    const e = this.pack.take(this.keyOf(job));
    if (!e) return undefined;
    this.counts.hit++;
    return { facts: e.facts, kinds: e.kinds, partial: job.partial, stamp: this.setup.stamp };
  }

  /** Facts a worker computed of a file with this scan's setup (scanPool.ts). */
  computed(job: FactsFile, facts: FileFacts, kinds: number): void {
    this.pack.keepSent(this.keyOf(job), { facts, kinds });
  }

  /**
   * A file this thread took in (with stored facts or without): its facts as the host's caches now hold them,
   * kept when new or when they hold diagnostics the stored ones lack (FactsPack.keepMade).
   */
  computedHere(job: FactsFile, uri: string): void {
    const file = this.s.host.file(uri).indexed;
    if (!file || !this.current()) return;
    this.maker ??= new FactsMaker(this.s.host);
    this.pack.keepMade(this.keyOf(job), file, job.partial, this.maker);
  }

  /** The host's kinds and settings are still the ones the facts are keyed by. */
  private current(): boolean {
    return this.s.host.factsSetup().stamp === this.setup.stamp;
  }

  /**
   * Once the files are indexed (before the CRDs found change the kinds): what to write, when this scan
   * computed enough new facts (FactsPack.toWrite), as a function that writes it; undefined: nothing.
   */
  toWrite(): (() => void) | undefined {
    const entries = this.current() ? this.pack.toWrite() : undefined;
    if (!entries) return undefined;
    return () => {
      this.packs.write(this.setupKey, this.scope, entries);
      this.packs.trim(this.chars);
    };
  }
}

/**
 * Runs `write` once the diagnostics are published (nothing dirty, no flush waiting): the pack's encoding and
 * writing is one synchronous step, which the first diagnostics of a cold scan should not wait for. A shutdown
 * meanwhile writes it then (startServer.ts: `flushCacheWrite`).
 */
export function writeWhenIdle(s: ServerState, write: () => void): void {
  s.ws.cacheWrite = write;
  let tries = 0;
  const look = () => {
    if (s.ws.cacheWrite !== write) return;
    if ((s.publish.dirty.size > 0 || s.publish.flusher?.pending) && ++tries < 600) {
      setTimeout(look, 50);
      return;
    }
    flushCacheWrite(s);
  };
  setTimeout(look, 50);
}

/** Writes the scan's pack now if it waits (see writeWhenIdle). */
export function flushCacheWrite(s: ServerState): void {
  const write = s.ws.cacheWrite;
  s.ws.cacheWrite = undefined;
  if (!write) return;
  try {
    write();
  } catch (e) {
    s.connection.console.warn(`cloud-manifests: the facts cache was not written: ${(e as Error)?.message ?? e}`);
  }
}
