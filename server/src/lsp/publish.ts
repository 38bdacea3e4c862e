// Diagnostics: each open document's own and cross-document ones, published when it changes; closed files
// get the cross-document errors a change elsewhere gives them. Bursts of edits and file events are
// coalesced: only the latest state is indexed and published.
import { CodeLensRefreshRequest, type Diagnostic } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { docsBaseOf, toLspDiagnostic } from './diagnostic';
import { editorShown } from './editorLimit';
import { QuietScheduler } from './quiet';
import { fileOf, forgetIndexedVersions, isYaml, openDoc, safely, type ServerState } from './state';
import { enqueue, scopeOf } from './workspaceFolders';
import { indexChanged } from './indexEvents';
import { forgetLarge, isLargeDoc, largeDiagnostics } from './largeDocs';
import { allDiagnostics, closedFileDiagnostics, crossOptions } from './fileDiagnostics';
import { carriedOver, renderedShown } from './carriedRendered';
import { PieceDocument } from './pieceDocument';
import { closedWaits, openPending, openWaits, reindexInSlices } from './offThread';

/** Feeds an open document to the index when it changed since; returns the files that may be affected. */
export function syncDoc(s: ServerState, doc: TextDocument): Set<string> | undefined {
  if (!isYaml(doc)) return undefined;
  // Its checks are under way in the worker (offThread.ts): it is indexed when they are done.
  if (openPending(s, doc.uri)) return undefined;
  if (isLargeDoc(s, doc)) {
    // Not indexed (see largeDocs.ts): what an earlier, smaller version defined goes.
    openDoc(s, doc.uri).indexedVersion = doc.version;
    return s.host.file(doc.uri).held ? s.host.apply({ kind: 'file', uri: doc.uri, file: undefined }) : undefined;
  }
  // A repeated version may carry another text (see fileOf): the text decides.
  // The analysis's record of the text: the index holds a template's mask, and nothing of a patch.
  const record = openDoc(s, doc.uri);
  if (record.indexedVersion === doc.version && indexedAsIs(s, doc)) return undefined;
  record.indexedVersion = doc.version;
  // Its new version and its place in the index: one change (the files it affects come back).
  const text = doc instanceof PieceDocument ? doc : doc.getText();
  return s.host.apply({ kind: 'open', uri: doc.uri, version: doc.version, text, index: scopeOf(s, doc.uri) });
}

/**
 * Whether the index holds the document's text as it is. The store's document tells it without its whole
 * text: the indexed file is the open one, made from this document at its current revision (pieceDocument.ts).
 */
function indexedAsIs(s: ServerState, doc: TextDocument): boolean {
  const f = s.host.file(doc.uri);
  if (doc instanceof PieceDocument && f.openFrom(doc) && f.indexed === f.open) return true;
  // The text it was indexed with, as the user wrote it (a template's, not its mask).
  const indexed = f.indexed && f.textOf(f.indexed);
  return indexed !== undefined && indexed === doc.getText();
}

/**
 * Whether an open document's diagnostics would be incomplete now (issue 46: no "clean" moment that is false):
 * it holds a manifest of a kind the host does not know while the workspace's CRDs are still being found or
 * read (the scan, the kinds built from them, the index built again with them). It is published once they
 * are (the scan's end publishes everything again), and the scan's progress shows meanwhile.
 */
export function awaitsKinds(s: ServerState, doc: TextDocument): boolean {
  const settled = s.ws.indexComplete && !s.host.status().crdsPending;
  if (settled || isLargeDoc(s, doc)) return false;
  syncDoc(s, doc);
  return s.host.file(doc.uri).unknownKinds;
}

/** Resolves once the workspace's kinds are settled (the scan and any indexing again done), or on cancel. */
export async function kindsSettled(s: ServerState, token?: { readonly isCancellationRequested: boolean }) {
  const { ws } = s;
  while (ws.folders.length > 0 && !ws.indexComplete && !token?.isCancellationRequested)
    await (ws.scanGeneration === 0 ? new Promise((r) => setTimeout(r, 20)) : ws.scanDone);
}

/** Brings every open document into the index (before a request that reads other files). */
export function syncAll(s: ServerState): void {
  for (const doc of s.documents.all()) {
    const affected = syncDoc(s, doc);
    if (affected) markDirty(s, affected);
  }
}

/**
 * Everything published for an open document: its own checks and the cross-document ones (with `rendered`
 * false, the problems of the overlays that render it left for a second publish).
 */
export function diagnosticsOf(
  s: ServerState,
  doc: TextDocument,
  rendered: boolean | 'carried' = true,
  /** The open documents are in the host as they are (the publish flush has just brought the changed ones in). */
  synced = false,
): Diagnostic[] {
  if (!isYaml(doc)) return [];
  if (!synced) {
    const affected = syncDoc(s, doc);
    if (affected) {
      affected.delete(doc.uri);
      markDirty(s, affected);
    }
    // Other open documents may have changed since the last publish (it waits for bursts to end).
    syncAll(s);
  }
  if (isLargeDoc(s, doc)) return largeDiagnostics(s, doc, () => scheduleRefresh(s, true));
  forgetLarge(s, doc.uri);
  const uri = doc.uri;
  const file = fileOf(s, doc);
  if (rendered !== true || !s.host.file(uri).rendersIn) {
    if (rendered !== 'carried') return allDiagnostics(s, uri, file, rendered ? 'all' : 'first');
    // An edit's first publish: its own problems, and the overlays' of the last version carried over.
    const own = s.host.diagnostics(uri, { file, cross: crossOptions(s, uri), part: 'first' }).all;
    const prev = s.openDocs.get(uri)?.rendered;
    const carried = prev ? carriedOver(prev, file) : [];
    const all = carried.length > 0 ? [...own, ...carried].sort((a, b) => a.start - b.start || a.end - b.end) : own;
    const docs = docsBaseOf(s.client.settings.docsBaseUrl);
    return editorShown(all).map((d) => toLspDiagnostic(file, d, docs));
  }
  // A whole publish of a document the overlays render: what of it is theirs is kept for the next edit.
  const { all, rendered: theirs } = s.host.diagnostics(uri, { file, cross: crossOptions(s, uri) });
  openDoc(s, uri).rendered = renderedShown(file, theirs);
  const docs = docsBaseOf(s.client.settings.docsBaseUrl);
  return editorShown(all).map((d) => toLspDiagnostic(file, d, docs));
}

/**
 * Closed files of the workspace get all their diagnostics with the `workspace` problems scope (see
 * workspaceDiagnostics.ts); otherwise only their cross-document errors and warnings (a change elsewhere
 * broke them), the rest showing when they are opened. Only changes are published (`publish.closedPublished`).
 */
export function publishClosed(s: ServerState, uri: string): void {
  const { connection, publish } = s;
  const closedPublished = publish.closedPublished;
  const lsp = closedFileDiagnostics(s, uri);
  const prev = closedPublished.get(uri);
  if (lsp.length === 0) {
    if (prev !== undefined) {
      closedPublished.delete(uri);
      void connection.sendDiagnostics({ uri, diagnostics: [] });
    }
    return;
  }
  const key = JSON.stringify(lsp);
  if (prev === key) return;
  closedPublished.set(uri, key);
  void connection.sendDiagnostics({ uri, diagnostics: lsp });
}

/** A file published again in the next round (its checks were done meanwhile: offThread.ts). */
function republish(s: ServerState, uri: string): void {
  s.publish.dirty.add(uri);
  scheduleFlush(s);
}

/** Publishing waits until the messages received with a change are handled (see quiet.ts). */
const flusherOf = (s: ServerState): QuietScheduler => (s.publish.flusher ??= new QuietScheduler(() => flush(s)));

/** A document changed: publish once the burst it belongs to is over. */
export function documentChanged(s: ServerState, uri: string, opened = false): void {
  s.publish.changedDocs.add(uri);
  if (opened) flusherOf(s).opened();
  else flusherOf(s).changed();
}

export function scheduleFlush(s: ServerState): void {
  flusherOf(s).schedule();
}

export function markDirty(s: ServerState, uris: Iterable<string>): void {
  const { dirty, stamps } = s.publish;
  for (const u of uris) {
    dirty.add(u);
    stamps.set(u, (stamps.get(u) ?? 0) + 1);
  }
  scheduleFlush(s);
  indexChanged(s);
}

/** Coalesces bursts of edits and file events: only the latest state is indexed and published. */
function flush(s: ServerState): void {
  // Shut down: nothing more is published (the client is going; a stream closed meanwhile must not be written).
  if (s.life.shutdown) return;
  const { client, connection, documents, publish } = s;
  const { dirty, changedDocs } = publish;
  const changed = [...changedDocs];
  changedDocs.clear();
  for (const uri of changed) {
    const doc = documents.get(uri);
    if (!doc) continue;
    // A large version not checked yet: checked in the worker first, then indexed and published (offThread.ts).
    const later = () => documentChanged(s, uri);
    if (isYaml(doc) && !isLargeDoc(s, doc) && safely(s, () => openWaits(s, doc, later), false)) continue;
    const affected = safely(s, () => syncDoc(s, doc), undefined);
    if (affected) for (const u of affected) dirty.add(u);
    dirty.add(uri);
  }
  // A CRD edited, created or deleted: its kinds change, and with them what every file says. (While the
  // workspace is scanned, the scan applies them once at its end.) The open documents are analysed again
  // now; the index is built again in slices between requests (`reindexAfterCrds`), then everything is
  // published again.
  if (s.ws.indexComplete && s.host.status().crdsPending && safely(s, () => s.host.work('kinds'), false)) {
    forgetIndexedVersions(s);
    for (const doc of documents.all()) safely(s, () => syncDoc(s, doc), undefined);
    for (const u of [...documents.all().map((d) => d.uri), ...publish.closedPublished.keys()]) dirty.add(u);
    reindexAfterCrds(s);
    indexChanged(s, true);
  }
  const all = [...dirty];
  dirty.clear();
  if (all.length === 0) return;
  const changedSet = new Set(changed);
  const others = all.filter((u) => !changedSet.has(u));
  if (client.pullDiagnostics) {
    if (others.some((u) => documents.get(u))) scheduleRefresh(s, true);
    else if (others.length > 0) scheduleRefresh(s, false);
    return;
  }
  // The documents the user just changed or opened are published first, and the other files in the next
  // round: the connection writes a message only after this turn, so an edited file's diagnostics would
  // otherwise wait for the work of every file it affects. A document just opened that a Kustomize overlay
  // renders (a patch, a base) gets its own checks first and, in that next round, the rendered overlays'
  // problems too (rendering a whole overlay and checking it is most of the cost of opening a patch file).
  // Edits are published whole: a second publish would drop and bring back the rendered problems.
  const isFirst = (u: string) => changedSet.has(u) && documents.get(u) !== undefined;
  const first = all.filter(isFirst);
  // Then open documents before closed files: an opened or edited document's second publish (the overlays'
  // problems afresh) is what the user is looking at.
  const uris =
    first.length > 0 ? first : [...all.filter((u) => documents.get(u)), ...all.filter((u) => !documents.get(u))];
  // A next round (the files the changed ones affect, an opened or edited document's overlays afresh) starts
  // once this round's diagnostics are written out (afterWritten).
  const written: Promise<void>[] = [];
  let nextRound = false;
  let edited = false;
  if (first.length > 0 && first.length < all.length) {
    for (const u of all) if (!isFirst(u)) dirty.add(u);
    nextRound = true;
  }
  const started = Date.now();
  for (let i = 0; i < uris.length; i++) {
    const uri = uris[i];
    const doc = documents.get(uri);
    // Checked in the worker first (offThread.ts): published when that is done, which marks it again.
    if (doc ? openPending(s, uri) : safely(s, () => closedWaits(s, uri, () => republish(s, uri)), false)) continue;
    // Closed files (last in the round) in slices: after the kinds of a CRD changed, each of a thousand files
    // may convert its own version of the CRD; published in one turn, requests waited seconds for them.
    if (!doc && Date.now() - started > CLOSED_SLICE_MS) {
      for (const rest of uris.slice(i)) dirty.add(rest);
      scheduleFlush(s);
      break;
    }
    safely(
      s,
      () => {
        if (doc) {
          if (!isYaml(doc)) return;
          publish.closedPublished.delete(uri);
          // A document too large to check in full: its message now, its syntax errors when they are known.
          const later = () => {
            if (s.life.shutdown || documents.get(uri) !== doc) return;
            void connection.sendDiagnostics({ uri, version: doc.version, diagnostics: largeDiagnostics(s, doc) });
          };
          // Of a kind the workspace's CRDs may define, while they are read: published once they are.
          if (awaitsKinds(s, doc)) return;
          const record = openDoc(s, uri);
          const opening = !record.shown && s.host.file(uri).rendersIn;
          // An edit of a document the overlays render: its own problems first, theirs carried over from the
          // last version, then all of them afresh (carriedRendered.ts).
          const editing = !opening && changedSet.has(uri) && record.rendered !== undefined;
          record.shown = true;
          const diagnostics = isLargeDoc(s, doc)
            ? largeDiagnostics(s, doc, later)
            : diagnosticsOf(s, doc, opening ? false : editing ? 'carried' : true, true);
          written.push(connection.sendDiagnostics({ uri: doc.uri, version: doc.version, diagnostics }));
          if (opening || editing) {
            dirty.add(uri);
            nextRound = true;
            edited ||= editing;
          }
        } else publishClosed(s, uri);
      },
      undefined,
    );
  }
  if (nextRound) afterWritten(s, written, edited ? EDIT_FOLLOW_UP_MS : 0);
  if (others.length > 0) scheduleRefresh(s, false);
}

/** How long one round publishes closed files before it leaves the rest to the next, answering requests between. */
const CLOSED_SLICE_MS = 15;

/**
 * How long after an edit's first publish its overlays are rendered afresh: that round is tens of ms of work
 * on a large overlay (its own publish follows it), and started at once it takes the CPU from the editor
 * reading the first publish (the edit's own problems, what the user waits for) on a machine of two cores;
 * a keystroke within it is taken first.
 */
const EDIT_FOLLOW_UP_MS = 15;

/**
 * The next round of publishing, once the diagnostics just sent are written out (and `delay` ms more). Over
 * a pipe on Linux a write ends before it returns, but elsewhere (macOS, Windows, sockets) a message larger
 * than the pipe holds is written in parts as the event loop comes round: a next round started at once would
 * keep the end of the first publish waiting behind its work.
 */
function afterWritten(s: ServerState, written: readonly Promise<void>[], delay: number): void {
  const next = () => (delay > 0 ? void setTimeout(() => scheduleFlush(s), delay) : scheduleFlush(s));
  void Promise.all(written).then(next, next);
}

/**
 * The index built again after the kinds of the CRDs changed, 15 ms at a time with requests answered in
 * between; meanwhile the index is incomplete (as during a scan: "owner not found" waits), file events wait
 * their turn behind it (they read the index: a file deleted meanwhile must not come back from the queue),
 * and a scan that starts takes over (it reads every file again). Then every file is published again.
 */
function reindexAfterCrds(s: ServerState): void {
  const { ws } = s;
  const gen = ++ws.scanGeneration;
  ws.indexComplete = false;
  const run = async () => {
    // In slices, a large file checked in the worker first (offThread.ts).
    if (!(await reindexInSlices(s, () => gen !== ws.scanGeneration))) return;
    if (gen !== ws.scanGeneration) return;
    ws.indexComplete = true;
    forgetIndexedVersions(s);
    for (const doc of s.documents.all()) safely(s, () => syncDoc(s, doc), undefined);
    revalidateAll(s);
    indexChanged(s, true);
  };
  ws.scanDone = enqueue(s, run);
}

/** Asks the client to pull diagnostics again (pull mode) and to refresh code lenses (paths follow owners). */
export function scheduleRefresh(s: ServerState, diagnostics: boolean): void {
  const { client, connection, publish } = s;
  if (publish.refreshHandle) clearTimeout(publish.refreshHandle);
  publish.refreshHandle = setTimeout(() => {
    publish.refreshHandle = undefined;
    if (s.life.shutdown) return;
    if (diagnostics && client.pullDiagnostics && client.diagnosticRefreshSupport)
      void connection.languages.diagnostics.refresh().catch(() => undefined);
    if (client.codeLensRefreshSupport) void connection.sendRequest(CodeLensRefreshRequest.type).catch(() => undefined);
  }, 50);
}

export function revalidateAll(s: ServerState): void {
  const { client, connection, documents } = s;
  s.publish.epoch++;
  if (client.pullDiagnostics) {
    if (client.diagnosticRefreshSupport) void connection.languages.diagnostics.refresh().catch(() => undefined);
    return;
  }
  markDirty(s, [...documents.all().map((d) => d.uri), ...s.host.files(), ...s.publish.closedPublished.keys()]);
}
