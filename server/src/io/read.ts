// Reading one file of a workspace, bounded whatever the file is: only regular files are opened (checked
// with stat before opening, and again with fstat on the open descriptor, which is opened non-blocking so a
// FIFO swapped in between cannot stall), and never more than the size cap plus one byte is read, so a link to
// /dev/zero or a 1.9 GB sparse file costs one stat. The bytes are decoded exactly or flagged (decode.ts).
import { closeSync, constants, fstatSync, openSync, readSync, statSync, type Stats } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { ioReason } from './ioReason';

/** The default size cap of a file read from a workspace (`maxFileSizeMB`). */
export const DEFAULT_MAX_FILE_BYTES = 10 * 1024 * 1024;

/** What was read, with what identifies this version of the file (to refuse a write if it changes). */
export interface FileRead {
  bytes: Buffer;
  size: number;
  mtimeMs: number;
}

/** Why a file was not read, in words (`not a regular file`, `larger than 10 MB`, `permission denied`…). */
export interface FileSkip {
  skipped: string;
  /** The file does not exist (a deleted file, not a problem to report). */
  missing?: true;
}

const FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/** A size in words: megabytes, or bytes below a hundredth of one. */
export const megabytes = (bytes: number): string =>
  bytes < 10486 ? `${bytes} bytes` : `${+(bytes / (1024 * 1024)).toFixed(2)} MB`;

/** Why a file with these stats is not read; undefined when it may be. */
function refusal(st: Stats, maxBytes: number): string | undefined {
  if (st.isFIFO()) return 'not a regular file (a FIFO)';
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'not a regular file (a device)';
  if (st.isSocket()) return 'not a regular file (a socket)';
  if (st.isDirectory()) return 'is a folder';
  if (!st.isFile()) return 'not a regular file';
  if (st.size > maxBytes) return `larger than ${megabytes(maxBytes)} (${megabytes(st.size)}; see maxFileSizeMB)`;
  return undefined;
}

const skip = (e: unknown): FileSkip => {
  const code = (e as NodeJS.ErrnoException)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR'
    ? { skipped: 'no such file', missing: true }
    : { skipped: ioReason(e) };
};

/** Reads a regular file of at most `maxBytes` bytes (symbolic links followed: contain them before). */
export function readFileBoundedSync(path: string, maxBytes = DEFAULT_MAX_FILE_BYTES): FileRead | FileSkip {
  let fd: number;
  try {
    const why = refusal(statSync(path), maxBytes);
    if (why) return { skipped: why };
    fd = openSync(path, FLAGS);
  } catch (e) {
    return skip(e);
  }
  try {
    const st = fstatSync(fd);
    const why = refusal(st, maxBytes);
    if (why) return { skipped: why };
    // One byte more than fstat says, to see a file that grew since (then read on, up to the cap).
    const buf = Buffer.allocUnsafe(Math.min(maxBytes + 1, st.size + 1));
    let n = 0;
    // Until the end of the file or one byte over the cap (a file that grew since fstat).
    for (;;) {
      if (n === buf.length) {
        if (n > maxBytes) break;
        return readFileBoundedGrow(fd, buf, n, maxBytes, st);
      }
      const k = readSync(fd, buf, n, buf.length - n, null);
      if (k === 0) break;
      n += k;
    }
    if (n > maxBytes) return { skipped: `larger than ${megabytes(maxBytes)} (see maxFileSizeMB)` };
    return { bytes: buf.subarray(0, n), size: n, mtimeMs: st.mtimeMs };
  } catch (e) {
    return skip(e);
  } finally {
    closeSync(fd);
  }
}

/** The rest of a file that was longer than fstat said: read on into a buffer of cap + 1 bytes. */
function readFileBoundedGrow(fd: number, first: Buffer, n: number, maxBytes: number, st: Stats): FileRead | FileSkip {
  const buf = Buffer.allocUnsafe(maxBytes + 1);
  first.copy(buf, 0, 0, n);
  for (;;) {
    if (n > maxBytes) return { skipped: `larger than ${megabytes(maxBytes)} (see maxFileSizeMB)` };
    const k = readSync(fd, buf, n, buf.length - n, null);
    if (k === 0) break;
    n += k;
  }
  return { bytes: buf.subarray(0, n), size: n, mtimeMs: st.mtimeMs };
}

/** The same without blocking the event loop (the server's file events). */
export async function readFileBounded(path: string, maxBytes = DEFAULT_MAX_FILE_BYTES): Promise<FileRead | FileSkip> {
  let handle;
  try {
    const why = refusal(await stat(path), maxBytes);
    if (why) return { skipped: why };
    handle = await open(path, FLAGS);
  } catch (e) {
    return skip(e);
  }
  try {
    const st = await handle.stat();
    const why = refusal(st, maxBytes);
    if (why) return { skipped: why };
    const buf = Buffer.allocUnsafe(Math.min(maxBytes + 1, st.size + 1));
    let n = 0;
    for (;;) {
      if (n === buf.length) break;
      const { bytesRead } = await handle.read(buf, n, buf.length - n, null);
      if (bytesRead === 0) break;
      n += bytesRead;
    }
    // Filled to st.size + 1: the file grew since fstat. Read it again with the synchronous reader's growth.
    if (n === buf.length && n <= maxBytes) return readFileBoundedSync(path, maxBytes);
    if (n > maxBytes) return { skipped: `larger than ${megabytes(maxBytes)} (see maxFileSizeMB)` };
    return { bytes: buf.subarray(0, n), size: n, mtimeMs: st.mtimeMs };
  } catch (e) {
    return skip(e);
  } finally {
    await handle.close().catch(() => undefined);
  }
}

/** The first `bytes` bytes of a file as UTF-8 text (undefined when it cannot be read): a look at its head. */
export function readHeadSync(path: string, bytes: number): string | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    const head = Buffer.alloc(bytes);
    const n = readSync(fd, head, 0, head.length, 0);
    return head.subarray(0, n).toString('utf8');
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Reads ahead the files a caller is about to read with `readFileBoundedSync`, where reads are asked of
 * someone else (the browser build's module in this one's place asks the editor). On Node reads are local:
 * nothing to do (undefined, not a promise: the caller does not wait a turn for nothing).
 */
export const prefetchFiles = (_paths: readonly (string | undefined)[], _maxBytes: number): Promise<void> | undefined =>
  undefined;
