// Where a document's diagnostics sit in their file, and the fingerprint of the document's text their fixes
// carry (fixes/data.ts): a fix offered for one version of a document is refused on another.
import type { Diag } from './diag';
import { hashText, shiftFix } from './fixData';
import { memoKey } from './memo';
import type { ParsedDoc } from './parse';

/** Fingerprint of each chunk's text for the fixes its diagnostics carry (see fixes/data.ts). */
const HASHES = memoKey(() => new WeakMap<object, number>());
function hashOf(chunk: Pick<ParsedDoc, 'text' | 'key' | 'store'>): number {
  const hashes = chunk.store.memo.get(HASHES);
  let h = hashes.get(chunk.key);
  if (h === undefined) hashes.set(chunk.key, (h = hashText(chunk.text)));
  return h;
}

/** A document's diagnostics (spans relative to it) moved to file offsets, their fixes fingerprinted. */
export function toFileOffsets(
  chunk: Pick<ParsedDoc, 'text' | 'key' | 'offset' | 'store'>,
  diags: readonly Diag[],
  into: Diag[],
): void {
  let doc: [number, number, number] | undefined;
  for (const d of diags) {
    const moved: Diag = { ...d, start: d.start + chunk.offset, end: d.end + chunk.offset };
    if (d.data) moved.data = shiftFix(d.data, chunk.offset, (doc ??= [chunk.offset, chunk.text.length, hashOf(chunk)]));
    into.push(moved);
  }
}
