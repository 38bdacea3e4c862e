// The part of a fix's verdict that looks beyond its own document: the cross-document checks run over the
// documents of the file itself (owners, references, duplicates, cycles, parent limits). A fix that is sound
// in its document may still break another one: "Change kind to StorageAccountsFileService" on a queue
// service turns the queues of the next document, which name it as their owner, into owner-kind Errors.
// Other files of a workspace are not seen here (the service is a function of one file).
import type { ChunkStore, ParsedDoc } from '../parse';
import { severityOf } from '../diag';
import { checkFile, createWorkspaceIndex } from '../workspace/checks';

const URI = 'file:///cloud-manifests/fix-verdict.yaml';

/** The cross-document Errors of a text on its own, by code and message (line numbers left out: they move). */
function crossErrors(text: string, store: ChunkStore): Map<string, number> {
  // In the file's own store (its analysis's): the unchanged documents are read from the cache.
  const index = createWorkspaceIndex(store.registry);
  index.set(URI, store.parseFile(text));
  try {
    const out = new Map<string, number>();
    for (const d of checkFile(index, URI, { complete: false, display: () => 'this file' }))
      if (severityOf(d) === 'error') {
        const k = `${d.code}:${d.message.replace(/\d+/g, '#')}`;
        out.set(k, (out.get(k) ?? 0) + 1);
      }
    return out;
  } finally {
    index.remove(URI);
  }
}

/** The errors of each parsed file (keyed on its list of documents, which lives as long as that version). */
const known = new WeakMap<object, Map<string, number>>();

/**
 * Whether `after` (the file's text with a fix applied) has a cross-document Error the file did not have.
 * A file of one document has none to break.
 */
export function addsCrossErrors(
  file: { text: string; docs: readonly Pick<ParsedDoc, 'offset' | 'store'>[] },
  after: string,
) {
  if (file.docs.length < 2) return false;
  let before = known.get(file.docs);
  const store = file.docs[0].store;
  if (!before) known.set(file.docs, (before = crossErrors(file.text, store)));
  for (const [k, n] of crossErrors(after, store)) if (n > (before.get(k) ?? 0)) return true;
  return false;
}
