// A large document's own checks off the main thread (issue 43): parsing a document of a megabyte and checking
// it (a CRD of 1,000 versions, a template's 4 MB mask, a manifest of a 20,000-item list) holds the thread for
// seconds, and no request is read meanwhile. Before this thread asks for the diagnostics of such a file, a
// worker thread (analysisWorker.ts) computes its documents' diagnostics and manifests from the same text,
// settings and CRDs, and this thread takes them as its documents' cached values (service/host/fileFacts.ts):
// the work after (cross-document checks, placing, publishing) finds them there and says what it would have
// said on one thread, byte for byte. Meanwhile hover, edits and `exit` are answered. Where no worker can run
// (`CLOUD_MANIFESTS_WORKERS=0`, no bundled worker script) or it fails, the work stays on this thread.
import { builtWorkerScript, WorkerPool } from '../io/workerPool';
import type { ParsedFile } from '../service/core/parse';
import { uncheckedLength, type FactsMessage } from '../service/host/fileFacts';
import { isTooLarge } from '../service/host/ingest';
import { mayHoldCrds } from '../service/host/crdKinds';
import { safely, type FactsPool, type OffThread, type OffThreadCheck, type ServerState } from './state';

/**
 * From this many characters of documents not checked yet a file's checks go to the worker: about 100 ms of
 * parsing and checking on one thread (a dense document parses at about a megabyte a second).
 */
export const OFF_THREAD_FROM = 64 * 1024;

const stateOf = (s: ServerState): OffThread => (s.offThread ??= { pending: new Map() });

/** Whether a worker may run at all: not when told none (`CLOUD_MANIFESTS_WORKERS=0`), nor without its script. */
function workerScriptPath(): string | undefined {
  return builtWorkerScript('analysisWorker', { unlessNone: true });
}

/** The worker for the analysis's current kinds and settings, started (and told them) on first use. */
function poolFor(s: ServerState): FactsPool | undefined {
  const t = stateOf(s);
  const { kinds: registry } = s.host.status();
  const { settings } = s.host;
  if (t.pool && t.pool.registry === registry && t.pool.settings === settings) return t.pool.pool;
  const script = workerScriptPath();
  if (!script) return undefined;
  if (t.pool) void t.pool.pool.close();
  const pool: FactsPool = new WorkerPool(script, 1, { unref: true });
  // The CRDs in the order this analysis took them: the worker's kinds are the same, in the same order.
  const setup = s.host.factsSetup();
  pool.tell({ setup } satisfies FactsMessage);
  t.pool = { pool, registry, settings, stamp: setup.stamp };
  return pool;
}

/** Stops the worker (the server shuts down). */
export function closeOffThread(s: ServerState): void {
  const t = s.offThread;
  if (t?.pool) void t.pool.pool.close();
  if (t) t.pool = undefined;
}

/**
 * Whether the caller should leave `uri` for now: its checks for `key` are under way in the worker (or have
 * just been started there, `file()` being what is checked), and `again` runs when they are done. False: go
 * on here (small, done in the worker already, or no worker), the caches filled where the worker did it.
 */
function waits(
  s: ServerState,
  uri: string,
  key: unknown,
  file: () => ParsedFile | undefined,
  options: { partial: boolean; hold: boolean; crds: boolean },
  again: () => void,
): boolean {
  const { partial, hold, crds } = options;
  const t = stateOf(s);
  const hit = t.pending.get(uri);
  if (hit && hit.key === key) {
    if (!hit.done) return true;
    // Taken (or not) by now: the caller computes the rest here, finding the documents' facts cached.
    forget(s, uri);
    return false;
  }
  if (hit && !hit.done) {
    // An older version's checks still under way: this one waits for them to end (then `again`), so that a
    // large document edited faster than it is checked has one job in the worker at a time, not a queue.
    hit.again = again;
    return true;
  }
  if (hit) forget(s, uri);
  const f = file();
  if (!f || uncheckedLength(f, partial, crds) < OFF_THREAD_FROM) return false;
  const pool = poolFor(s);
  if (!pool) return false;
  const entry: OffThreadCheck = { key, file: f, held: hold, done: false, again };
  // Held: its chunks stay in the store's cache until the caller parses the same text again and finds them.
  if (hold) s.host.apply({ kind: 'hold', file: f, held: true });
  t.pending.set(uri, entry);
  const { stamp } = t.pool!;
  const settle = () => {
    entry.done = true;
    if (t.pending.get(uri) === entry) entry.again();
  };
  pool.run({ files: [{ text: f.text, partial, check: true, crds }] }).then((facts) => {
    // Taken only for the kinds and settings it was sent for (the host checks: otherwise computed there).
    if (t.pending.get(uri) === entry)
      s.host.apply({ kind: 'facts', file: f, facts: { facts: facts.files[0], kinds: facts.kinds, partial, stamp } });
    settle();
  }, settle);
  return true;
}

/** Forgets a file's pending checks (a new version, closed, or taken). */
export function forget(s: ServerState, uri: string): void {
  const t = s.offThread;
  const hit = t?.pending.get(uri);
  if (!t || !hit) return;
  t.pending.delete(uri);
  // The store it was held in: a new store (new kinds) made its own chunks, and this one is garbage.
  if (hit.held) s.host.apply({ kind: 'hold', file: hit.file, held: false });
}

/**
 * Whether an open document's version waits for its checks in the worker (started here when it is large and
 * not checked yet): its text is parsed, analysed and published when they are done (`again`).
 */
export function openWaits(
  s: ServerState,
  doc: { uri: string; version: number; readonly length?: number; getText(): string },
  again: () => void,
): boolean {
  const role = s.host.file(doc.uri).role.role;
  // A template is masked first, which this thread does (see templateWaits); a kustomization is read whole.
  if (role === 'template' || role === 'kustomization') return false;
  if ((doc.length ?? doc.getText().length) < OFF_THREAD_FROM) return false;
  // Only the first version of a document holding a CRD (a CRD of a thousand versions, seconds of checking):
  // for a large manifest the worker's parse comes on top of this thread's own (open at twice the parse, the
  // bench's open rows), and an edit leaves every other document checked — its text made whole and parsed
  // again here to learn that cost each edit what the edit itself does (the bench's edit-scale row).
  if (s.openDocs.get(doc.uri)?.indexedVersion !== undefined || !mayHoldCrds(doc.getText())) return false;
  return waits(
    s,
    doc.uri,
    doc.version,
    () => s.host.parse(doc.getText()),
    { partial: role === 'patch', hold: true, crds: true },
    again,
  );
}

/**
 * Whether an open document waits for the worker (its sync leaves it for then): the checks of this version or,
 * edited meanwhile, of an older one are under way.
 */
export function openPending(s: ServerState, uri: string): boolean {
  const hit = s.offThread?.pending.get(uri);
  return hit !== undefined && !hit.done;
}

/**
 * Whether a closed file's diagnostics wait for its checks in the worker (started here when its indexed form is
 * large and not checked yet); `again` runs when they are done.
 */
export function closedWaits(s: ServerState, uri: string, again: () => void): boolean {
  const view = s.host.file(uri);
  const file = view.indexed;
  if (!file || s.documents.get(uri)) return false;
  if (view.entry(view.textOf(file)) === 'tooLarge') return false;
  const role = view.role.role;
  if (role === 'kustomization') return false;
  return waits(s, uri, file, () => file, { partial: role === 'patch', hold: false, crds: true }, again);
}

/**
 * A file's checks done in the worker, for a text this thread is about to parse and analyse itself (the
 * scan's template mask, a large file of the scan or of indexing again): resolves once they are taken into the store's cache, or not (small, no worker, a
 * failure), with what the caller calls once it has parsed the text itself (its chunks were held till then).
 */
export async function checkedOffThread(
  s: ServerState,
  uri: string,
  text: string,
  partial: boolean,
): Promise<() => void> {
  const none = () => undefined;
  if (text.length < OFF_THREAD_FROM || isTooLarge(text, s.host.settings.maxDocumentSize)) return none;
  const key = {};
  const waited = await new Promise<boolean>((resolve) => {
    // What the one pass computes (a CRD's own check waits until its diagnostics are asked for).
    const options = { partial, hold: true, crds: false };
    if (
      !waits(
        s,
        uri,
        key,
        () => s.host.parse(text),
        options,
        () => resolve(true),
      )
    )
      resolve(false);
  });
  if (!waited) return none;
  return () => {
    if (s.offThread?.pending.get(uri)?.key === key) forget(s, uri);
  };
}

const yieldNow = () => new Promise<void>((resolve) => setImmediate(resolve));

/** How long one slice of indexing again may hold the event loop. */
const SLICE_MS = 15;

/**
 * The files queued to be indexed again after the kinds changed (`Analysis.reindexPending`), indexed in
 * slices with requests answered in between, a large manifest or patch checked in the worker before this
 * thread indexes it (it would parse it in one piece: a 120 KB list is a few hundred ms). False when
 * `stopped()` said so first.
 */
export async function reindexInSlices(s: ServerState, stopped: () => boolean): Promise<boolean> {
  /** The file the worker checked last: indexed next, here. */
  let sent: string | undefined;
  for (;;) {
    let heavy: { uri: string; text: string } | undefined;
    const t = Date.now();
    const done = safely(
      s,
      () =>
        s.host.work('reindex', (next) => {
          if (Date.now() - t > SLICE_MS) return true;
          if (!next || next.text === sent || next.text.length < OFF_THREAD_FROM || !offThreadRole(s, next.uri))
            return false;
          heavy = next;
          return true;
        }),
      true,
    );
    if (done) return true;
    if (heavy) {
      const { uri, text } = heavy;
      sent = text;
      const release = await checkedOffThread(s, uri, text, s.host.file(uri).role.role === 'patch');
      if (stopped()) {
        release();
        return false;
      }
      // Indexed at once (its chunks held till then), then the rest.
      safely(s, () => s.host.work('reindex', (next) => next?.text !== text), true);
      release();
    } else await yieldNow();
    if (stopped()) return false;
  }
}

/** Whether a file's checks may go to the worker as its text is: a manifest's or a patch's (not a template's). */
export function offThreadRole(s: ServerState, uri: string): boolean {
  const role = s.host.file(uri).role.role;
  return role === 'manifest' || role === 'patch';
}
