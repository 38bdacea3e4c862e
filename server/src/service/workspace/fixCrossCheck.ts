// The part of a fix's verdict that looks beyond its own document: the cross-document checks run over the
// documents of the file itself (owners, references, duplicates, cycles, parent limits). A fix that is sound
// in its document may still break another one: "Change kind to StorageAccountsFileService" on a queue
// service turns the queues of the next document, which name it as their owner, into owner-kind Errors.
// Other files of a workspace are not seen here (the service is a function of one file).
import type { KindDef } from '../../model/types';
import type { ChunkStore, ParsedDoc } from '../core/parse';
import { severityOf } from '../core/diag';
import { checkFile, createWorkspaceIndex } from './checks';
import { chunkManifests } from './extract';
import { TRACKED_VALUES } from './rules';

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
 * What a text's documents give the cross-document checks, positions left out: each manifest's identity,
 * owner, references and tracked values, in document order. Those checks read nothing else, so two texts
 * with the same picture have the same cross-document errors, up to where they are reported. Read from
 * the per-chunk caches: an unchanged document costs a look-up.
 */
function crossPicture(docs: readonly Pick<ParsedDoc, 'key' | 'doc' | 'store' | 'text'>[]): string {
  const parts: string[] = [];
  for (const d of docs)
    parts.push(
      JSON.stringify(chunkManifests(d, TRACKED_VALUES), (k, v: unknown) =>
        k.endsWith('pan') ? undefined : k === 'def' ? `${(v as KindDef).area}/${(v as KindDef).version}` : v,
      ),
    );
  return parts.join('\n');
}

/**
 * Whether a document edited by a fix gives the cross-document checks what it gave before. The usual fix
 * changes nothing they read (a value, a key of no rule's concern): then it cannot add their errors, and
 * the whole-file check (linear in the file's documents) is not needed.
 */
export function sameCrossPicture(
  before: Pick<ParsedDoc, 'key' | 'doc' | 'store' | 'text'>,
  after: Pick<ParsedDoc, 'key' | 'doc' | 'store' | 'text'>,
): boolean {
  return crossPicture([before]) === crossPicture([after]);
}

/**
 * Whether `after` (the file's text with a fix applied) has a cross-document Error the file did not have.
 * A file of one document has none to break.
 */
export function addsCrossErrors(
  file: { text: string; docs: readonly Pick<ParsedDoc, 'offset' | 'store'>[] },
  after: string,
) {
  if (file.docs.length < 2) return false;
  const store = file.docs[0].store;
  let before = known.get(file.docs);
  if (!before) known.set(file.docs, (before = crossErrors(file.text, store)));
  for (const [k, n] of crossErrors(after, store)) if (n > (before.get(k) ?? 0)) return true;
  return false;
}
