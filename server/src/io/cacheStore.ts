// `check --cache`'s store on disk: entries are files named by the hash of their key, written whole or not at
// all (a temporary file in the same folder, then a rename), so that two runs sharing the folder see an entry
// complete or not at all. Each entry carries a checksum of its key and its bytes: a truncated, corrupt or
// misplaced entry reads as a miss, never as a result. The folder is held to a size cap by dropping the
// entries used least recently (a hit touches its entry's modification time).
import { createHash, randomBytes } from 'node:crypto';
import {
  closeSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';

/** An entry's first bytes: the format's name and version, then the checksum (sha256) of key and payload. */
const MAGIC = Buffer.from('CMC1', 'latin1');
const HEADER = MAGIC.length + 32;

/** An entry file's name: 64 hex digits (the key's sha256); temporary files add a suffix no entry has. */
const ENTRY_NAME = /^[0-9a-f]{64}$/;

const sha256 = (...parts: (string | Uint8Array)[]): Buffer => {
  const h = createHash('sha256');
  for (const p of parts) h.update(p);
  return h.digest();
};

export class CacheStore {
  /** Bytes written by this process (the trim runs only after writes). */
  private written = 0;
  /**
   * The entries the folder held when opened: a key not among them is a miss without a system call (a run
   * looks up thousands, most of them missing the first time; an entry another run writes meanwhile is
   * missed, which only computes it again).
   */
  private present: Set<string> | undefined;
  /** Temporary files are named by the process, a random tag and a count: never two alike. */
  private readonly tag = `${process.pid}.${randomBytes(6).toString('hex')}`;
  private count = 0;

  constructor(
    readonly dir: string,
    /**
     * The folder's size cap in bytes: past it, the entries used least recently are deleted (set again once
     * the workspace's size is known: the editor's).
     */
    public capBytes: number,
  ) {}

  /** Creates the folder; throws (with the system's reason) when it cannot be created. */
  open(): void {
    mkdirSync(this.dir, { recursive: true });
    this.present = new Set(readdirSync(this.dir).filter((n) => ENTRY_NAME.test(n)));
  }

  /** Each key's file name, for the lookups of a key then stored (a hash once, not twice). */
  private readonly ids = new Map<string, string>();

  private pathOf(key: string): { path: string; id: string } {
    let id = this.ids.get(key);
    if (id === undefined) this.ids.set(key, (id = sha256(key).toString('hex')));
    return { path: join(this.dir, id), id };
  }

  /** The payload stored under `key`, or undefined: absent, unreadable, truncated or corrupt. */
  get(key: string): Buffer | undefined {
    const { path, id } = this.pathOf(key);
    if (this.present && !this.present.has(id)) return undefined;
    let bytes: Buffer;
    try {
      bytes = readFileSync(path);
    } catch {
      return undefined;
    }
    if (bytes.length < HEADER || !bytes.subarray(0, MAGIC.length).equals(MAGIC)) return undefined;
    const payload = bytes.subarray(HEADER);
    if (!sha256(id, payload).equals(bytes.subarray(MAGIC.length, HEADER))) return undefined;
    try {
      // Used now: the trim keeps it over the entries not used since.
      const now = new Date();
      utimesSync(path, now, now);
    } catch {
      // Deleted meanwhile by another run's trim: the payload read is whole all the same.
    }
    return payload;
  }

  /** Stores `payload` under `key`, atomically; a failure (full disk, no permission) is silent: a later miss. */
  put(key: string, payload: Uint8Array): void {
    const { path, id } = this.pathOf(key);
    const tmp = `${path}.${this.tag}.${this.count++}.tmp`;
    let fd: number | undefined;
    try {
      fd = openSync(tmp, 'wx', 0o644);
      writeSync(fd, MAGIC);
      writeSync(fd, sha256(id, payload));
      writeSync(fd, payload);
      closeSync(fd);
      fd = undefined;
      renameSync(tmp, path);
      this.written += HEADER + payload.length;
      this.present?.add(id);
    } catch {
      if (fd !== undefined) closeSync(fd);
      try {
        unlinkSync(tmp);
      } catch {
        // Never created.
      }
    }
  }

  /**
   * Once this process wrote entries: while the folder holds more than the cap, the entries used least
   * recently are deleted (and temporary files older than an hour, left by a run that was killed).
   */
  trim(): { entries: number; bytes: number; deleted: number } {
    const out = { entries: 0, bytes: 0, deleted: 0 };
    if (this.written === 0) return out;
    const entries: { path: string; size: number; used: number }[] = [];
    let names: string[];
    try {
      names = readdirSync(this.dir);
    } catch {
      return out;
    }
    const stale = Date.now() - 3600_000;
    for (const name of names) {
      const path = join(this.dir, name);
      try {
        const st = statSync(path);
        if (!st.isFile()) continue;
        if (ENTRY_NAME.test(name)) entries.push({ path, size: st.size, used: st.mtimeMs });
        else if (name.endsWith('.tmp') && st.mtimeMs < stale) unlinkSync(path);
      } catch {
        // Gone meanwhile (another run's trim or rename).
      }
    }
    let total = entries.reduce((n, e) => n + e.size, 0);
    if (total > this.capBytes) {
      entries.sort((a, b) => a.used - b.used);
      for (const e of entries) {
        if (total <= this.capBytes) break;
        try {
          unlinkSync(e.path);
          out.deleted++;
        } catch {
          // Deleted by another run: its bytes are gone all the same.
        }
        total -= e.size;
      }
    }
    out.entries = entries.length - out.deleted;
    out.bytes = total;
    return out;
  }
}
