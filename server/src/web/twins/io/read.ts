// In the browser build, in place of io/read.ts (same exports): files read through the editor
// (web/editorFiles.ts), which refuses what is over the cap. The scan reads ahead (`prefetchFiles`), then
// takes each file synchronously as on Node.
import { putAhead, readThroughEditor, takeAhead } from '../../editorFiles';
import type { WebRead } from '../../../protocol/webFiles';
import { uriOf } from './paths';

export const DEFAULT_MAX_FILE_BYTES = 10 * 1024 * 1024;

export interface FileRead {
  bytes: Buffer;
  size: number;
  mtimeMs: number;
}
export interface FileSkip {
  skipped: string;
  missing?: true;
}

export const megabytes = (bytes: number): string =>
  bytes < 10486 ? `${bytes} bytes` : `${+(bytes / (1024 * 1024)).toFixed(2)} MB`;

const asRead = (r: WebRead | undefined): FileRead | FileSkip => {
  if (!r) return { skipped: 'not read' };
  if ('skipped' in r) return r.missing ? { skipped: r.skipped, missing: true } : { skipped: r.skipped };
  const bytes = Buffer.from(r.base64, 'base64');
  return { bytes, size: bytes.length, mtimeMs: 0 };
};

/** A file the scan read ahead (`prefetchFiles`); one not read ahead is not read (no synchronous request). */
export const readFileBoundedSync = (path: string, _maxBytes = DEFAULT_MAX_FILE_BYTES): FileRead | FileSkip =>
  asRead(takeAhead(path));

export async function readFileBounded(path: string, maxBytes = DEFAULT_MAX_FILE_BYTES): Promise<FileRead | FileSkip> {
  const [r] = await readThroughEditor([uriOf(path)], maxBytes);
  return asRead(r);
}

/** No look at a file's head here (it would be a request of its own): the hint it serves is left out. */
export const readHeadSync = (_path: string, _bytes: number): string | undefined => undefined;

/** Reads the files through the editor, 16 to a request, for `readFileBoundedSync` to take. */
export async function prefetchFiles(paths: readonly (string | undefined)[], maxBytes: number): Promise<void> {
  const wanted = paths.filter((p): p is string => p !== undefined);
  for (let i = 0; i < wanted.length; i += 16) {
    const chunk = wanted.slice(i, i + 16);
    const reads = await readThroughEditor(
      chunk.map((p) => uriOf(p)),
      maxBytes,
    );
    chunk.forEach((p, j) => putAhead(p, reads[j]));
  }
}
