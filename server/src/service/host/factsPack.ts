// The facts of a run's files kept between runs (issue 48: `check --cache`, and the editor's workspace scan,
// which read and write the same packs): which stored facts a file takes, which computed ones are kept, and
// when a run's pack is written. Pure: the bytes and their hashes are io/factsStore.ts's, passed in.
import type { ParsedFile } from '../core/parse';
import type { FactsMaker } from './fileFacts';
import type { FactsSetup, FileFacts } from './takeFacts';

/** A file's facts as kept: the worker's answer, with the number of kinds it was made with. */
export interface FactsEntry {
  facts: FileFacts;
  kinds: number;
}

type Hash = (...parts: string[]) => string;

/** The key of a file's facts in a pack: the hash of its text, and whether it is read as a patch. */
export const factsFileKey = (hash: Hash, textHash: string, partial: boolean): string =>
  hash(partial ? 'partial' : 'whole', textHash);

/** The settings of a setup as its key reads them. */
export const setupSettings = (setup: FactsSetup): string => JSON.stringify(setup.settings);

/**
 * One run's pack: the one read (the latest of its setup and scope), and what this run keeps of it and of
 * what it computed. A run writes a new pack when it computed more than a twentieth of its files (or found
 * none): a run after a few edits reuses the pack of the run before and writes nothing.
 */
export class FactsPack {
  private readonly stored: ReadonlyMap<string, FactsEntry>;
  /** The facts of this run's files, to keep: those taken, and those computed here. */
  private readonly now = new Map<string, FactsEntry>();
  private computedCount = 0;

  constructor(entries: readonly [string, FactsEntry][] | undefined) {
    this.found = entries !== undefined;
    this.stored = new Map(entries ?? []);
  }

  /** A pack was read. */
  readonly found: boolean;

  /** The stored facts of a file (noted as this run's), or undefined. */
  take(key: string): FactsEntry | undefined {
    const e = this.stored.get(key);
    if (e) this.now.set(key, e);
    return e;
  }

  /**
   * A file this run took in (with its stored facts or without): its facts made by `maker` and kept when none
   * were stored, or when it holds diagnostics the stored facts lack (checked since they were made); a file
   * only indexed has nothing to add to facts with its manifests, and they are not made again.
   */
  keepMade(key: string, file: ParsedFile, partial: boolean, maker: FactsMaker): void {
    const e = this.stored.get(key);
    if (e && !maker.addsTo(file, partial, e.facts)) return;
    this.keep(key, { facts: maker.factsOf(file, partial), kinds: maker.kinds });
  }

  /** Facts a worker made of a file: kept by the same rule (none stored, or diagnostics the stored lack). */
  keepSent(key: string, entry: FactsEntry): void {
    const e = this.stored.get(key);
    if (e && !entry.facts.docs.some((d, i) => d.diags && !e.facts.docs[i]?.diags)) return;
    this.keep(key, entry);
  }

  private keep(key: string, entry: FactsEntry): void {
    this.now.set(key, entry);
    this.computedCount++;
  }

  /** The pack to write (its entries sorted by key), or undefined when the one read serves. */
  toWrite(): [string, FactsEntry][] | undefined {
    if (this.now.size === 0 || (this.found && this.computedCount * 20 <= this.now.size)) return undefined;
    return [...this.now.keys()].sort().map((k) => [k, this.now.get(k)!]);
  }
}
