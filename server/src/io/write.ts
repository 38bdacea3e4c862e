// The one way the product writes a file (`check --fix`, and the schemas it generates): whole or not at all. The new bytes go to a
// temporary file in the same folder (so the rename cannot cross file systems), are flushed to disk (fsync),
// take the original's mode (and owner, where the process may set it), and the temporary file is renamed
// over the original: a reader, or a crash at any moment, sees the old bytes or the new ones, never a mix or
// an empty file. Just before the rename the original is compared with what was read (size, modification
// time, and a hash of its bytes): if anyone changed it meanwhile the write is refused and nothing is lost.
// A symbolic link stays a link: its target is written (the caller decides whether the target may be). A fix
// is refused on a file with other hard links (the rename gives the name a new inode: the other names would
// keep the old text, in silence) and on a file whose mode grants no write permission, even to root (who
// could rename over it: the mode says the file is not to be changed).
import { createHash, randomBytes } from 'node:crypto';
import {
  accessSync,
  closeSync,
  existsSync,
  fchmodSync,
  fchownSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  realpathSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
  constants,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';

export const hashBytes = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** What the file held when it was read: a write is refused unless it still does. */
export interface Expected {
  size: number;
  mtimeMs: number;
  /** sha256 of the bytes read (hashBytes). */
  hash: string;
}

/** The file changed on disk after it was read: not written. */
export class ChangedSinceReadError extends Error {
  constructor(readonly path: string) {
    super(`it changed on disk since it was read`);
  }
}

/** A file a fix may not replace (hard links, read-only mode): the message says why. */
export class RefusedWriteError extends Error {}

/** Hooks for tests only: run between the checks and the rename, to change the file at the worst moment. */
export interface WriteHooks {
  beforeRename?: (target: string) => void;
}

function unchanged(target: string, expected: Expected): boolean {
  const st = statSync(target);
  if (st.size !== expected.size || st.mtimeMs !== expected.mtimeMs) return false;
  return hashBytes(readFileSync(target)) === expected.hash;
}

/**
 * Writes `bytes` to `path` atomically; throws ChangedSinceReadError or the file system's error. `expected`:
 * what the file held when it was read (a fix); none for an output the run makes whole (generated schemas),
 * written whatever the file held, its folder made when missing.
 */
export function writeFileAtomic(path: string, bytes: Uint8Array, expected?: Expected, hooks: WriteHooks = {}): void {
  if (!expected) mkdirSync(dirname(path), { recursive: true });
  const target = expected || existsSync(path) ? realpathSync(path) : path;
  const st = existsSync(target) ? statSync(target) : undefined;
  if (st && !st.isFile()) throw Object.assign(new Error('not a regular file'), { code: 'EINVAL' });
  // A read-only file stays as it is (the rename would replace it, since only the folder's permission counts).
  if (st) accessSync(target, constants.W_OK);
  if (st && expected && (st.mode & 0o222) === 0)
    throw new RefusedWriteError(
      `it is read-only (mode ${(st.mode & 0o7777).toString(8).padStart(4, '0')}); make it writable to have it fixed`,
    );
  if (st && expected && st.nlink > 1)
    throw new RefusedWriteError(
      `it has ${st.nlink} hard links, and replacing it would leave the other ${st.nlink === 2 ? 'name' : 'names'} with the old text; fix it by hand or remove the other links`,
    );
  if (expected && !unchanged(target, expected)) throw new ChangedSinceReadError(path);
  const dir = dirname(target);
  // Named after the file (shortened: a 250-character name must still leave room) and unique to this write.
  const temp = join(dir, `.${basename(target).slice(0, 120)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  const fd = openSync(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600);
  let renamed = false;
  try {
    try {
      for (let off = 0; off < bytes.length;) off += writeSync(fd, bytes, off, bytes.length - off);
      fchmodSync(fd, st ? st.mode & 0o7777 : 0o644);
      if (st)
        try {
          fchownSync(fd, st.uid, st.gid);
        } catch {
          // Only root (or the owner, within its groups) may: the file then belongs to whoever runs the fix.
        }
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    // The last look before the rename: the window left is this call and the next.
    hooks.beforeRename?.(target);
    if (expected && !unchanged(target, expected)) throw new ChangedSinceReadError(path);
    renameSync(temp, target);
    renamed = true;
    syncFolder(dir);
  } finally {
    if (!renamed) {
      try {
        unlinkSync(temp);
      } catch {
        // Already gone.
      }
    }
  }
}

/** Makes the rename itself durable; some file systems cannot fsync a folder, which costs only durability. */
function syncFolder(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, constants.O_RDONLY);
    fsyncSync(fd);
  } catch {
    // See above.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
