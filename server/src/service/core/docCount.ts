// A count over a file's documents (how many say `nameReference:`, how many may be CRDs), kept per file
// version: a version split from the one before (resplit.ts) counts only the documents between those the
// edit left alone, so an edit of a 5,000-resource file does not look at its 5,000 documents again.
import type { ParsedFile } from './parse';

/**
 * `count` summed over `file`'s documents, memoised in `memo` (one per kind of count) on the file version.
 * `count` must depend on the document's content alone (its text, or its content key).
 */
export function countOverDocs(
  file: Pick<ParsedFile, 'docs' | 'basis'>,
  memo: WeakMap<object, number>,
  count: (d: { readonly text: string; readonly key: object }) => number,
): number {
  const known = memo.get(file);
  if (known !== undefined) return known;
  const b = file.basis;
  const before = b && memo.get(b.previous);
  let n = 0;
  if (b && before !== undefined) {
    // The documents kept at either end are the version before's: only those between are counted.
    const old = b.previous.docs;
    n = before;
    for (let i = b.prefix; i < old.length - b.suffix; i++) n -= count(old[i]);
    for (let i = b.prefix; i < file.docs.length - b.suffix; i++) n += count(file.docs[i]);
  } else for (const d of file.docs) n += count(d);
  memo.set(file, n);
  return n;
}
