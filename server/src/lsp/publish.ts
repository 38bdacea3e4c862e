// Diagnostics: each open document's own and cross-document ones, published when it changes; closed files
// get the cross-document errors a change elsewhere gives them. Bursts of edits and file events are
// coalesced: only the latest state is indexed and published.
import { CodeLensRefreshRequest, type Diagnostic } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { toLspDiagnostic } from '../lspDiagnostic';
import { severityOf, type Diag } from '../service/diag';
import type { ParsedFile } from '../service/parse';
import { applySettings, validateFile } from '../service/validate';
import { checkFile, type WorkspaceCheckOptions } from '../service/workspace/checks';
import { WORKSPACE_SCOPE } from '../service/workspace/model';
import { client, connection, documents, fileOf, isYaml, safely } from './state';
import { displayOf, index, indexedVersion, scopeOf, ws } from './workspace';

/** Feeds an open document to the index when it changed since; returns the files that may be affected. */
export function syncDoc(doc: TextDocument): Set<string> | undefined {
  if (!isYaml(doc)) return undefined;
  if (indexedVersion.get(doc.uri) === doc.version && index.has(doc.uri)) return undefined;
  indexedVersion.set(doc.uri, doc.version);
  return index.update(doc.uri, fileOf(doc), scopeOf(doc.uri));
}

/** Brings every open document into the index (before a request that reads other files). */
export function syncAll(): void {
  for (const doc of documents.all()) {
    const affected = syncDoc(doc);
    if (affected) markDirty(affected);
  }
}

function crossOptions(uri: string): WorkspaceCheckOptions {
  const f = index.get(uri);
  return {
    ownerResolution: client.settings.ownerResolution,
    // Outside the workspace folders, or while the scan runs, a missing owner proves nothing.
    complete: f?.scope === WORKSPACE_SCOPE && ws.indexComplete,
    display: displayOf,
  };
}

/** Cross-document diagnostics of an indexed file, settings and disable comments applied. */
function crossDiags(uri: string, file: Pick<ParsedFile, 'text' | 'lines'>): Diag[] {
  return applySettings({ ...file, docs: [] }, checkFile(index, uri, crossOptions(uri)), {
    rules: client.settings.rules,
  });
}

/** A file's own checks and the cross-document ones, in position order, as LSP diagnostics. */
export function allDiagnostics(uri: string, file: ParsedFile, cross: boolean): Diagnostic[] {
  const own = validateFile(file, { rules: client.settings.rules });
  const other = cross ? crossDiags(uri, file) : [];
  const all = other.length > 0 ? [...own, ...other].sort((a, b) => a.start - b.start || a.end - b.end) : own;
  return all.map((d) => toLspDiagnostic(file, d));
}

/** Everything published for an open document: its own checks and the cross-document ones. */
export function diagnosticsOf(doc: TextDocument): Diagnostic[] {
  if (!isYaml(doc)) return [];
  const affected = syncDoc(doc);
  if (affected) {
    affected.delete(doc.uri);
    markDirty(affected);
  }
  return allDiagnostics(doc.uri, fileOf(doc), true);
}

/**
 * Closed files get their cross-document errors and warnings (a change elsewhere broke them); the rest of
 * their diagnostics shows when they are opened. The last set published per file, to publish changes only.
 */
export const closedPublished = new Map<string, string>();

export function publishClosed(uri: string): void {
  const f = index.get(uri);
  const diags = f
    ? crossDiags(uri, { text: f.text, lines: f.lines() }).filter(
        (d) => severityOf(d) === 'error' || severityOf(d) === 'warning',
      )
    : [];
  const prev = closedPublished.get(uri);
  if (diags.length === 0) {
    if (prev !== undefined) {
      closedPublished.delete(uri);
      void connection.sendDiagnostics({ uri, diagnostics: [] });
    }
    return;
  }
  const lsp = diags.map((d) => toLspDiagnostic({ lines: f!.lines() }, d));
  const key = JSON.stringify(lsp);
  if (prev === key) return;
  closedPublished.set(uri, key);
  void connection.sendDiagnostics({ uri, diagnostics: lsp });
}

/** Files whose diagnostics must be published again, and open documents that changed. */
const dirty = new Set<string>();
export const changedDocs = new Set<string>();
let flushHandle: NodeJS.Immediate | undefined;
let refreshHandle: NodeJS.Timeout | undefined;

export function scheduleFlush(): void {
  if (!flushHandle) flushHandle = setImmediate(flush);
}

export function markDirty(uris: Iterable<string>): void {
  for (const u of uris) dirty.add(u);
  scheduleFlush();
}

/** Coalesces bursts of edits and file events: only the latest state is indexed and published. */
function flush(): void {
  flushHandle = undefined;
  const changed = [...changedDocs];
  changedDocs.clear();
  for (const uri of changed) {
    const doc = documents.get(uri);
    if (!doc) continue;
    const affected = safely(() => syncDoc(doc), undefined);
    if (affected) for (const u of affected) dirty.add(u);
    dirty.add(uri);
  }
  const uris = [...dirty];
  dirty.clear();
  if (uris.length === 0) return;
  const others = uris.filter((u) => !changed.includes(u));
  if (client.pullDiagnostics) {
    if (others.some((u) => documents.get(u))) scheduleRefresh(true);
    else if (others.length > 0) scheduleRefresh(false);
    return;
  }
  for (const uri of uris) {
    const doc = documents.get(uri);
    safely(() => {
      if (doc) {
        if (!isYaml(doc)) return;
        closedPublished.delete(uri);
        void connection.sendDiagnostics({ uri: doc.uri, version: doc.version, diagnostics: diagnosticsOf(doc) });
      } else publishClosed(uri);
    }, undefined);
  }
  if (others.length > 0) scheduleRefresh(false);
}

/** Asks the client to pull diagnostics again (pull mode) and to refresh code lenses (paths follow owners). */
export function scheduleRefresh(diagnostics: boolean): void {
  if (refreshHandle) clearTimeout(refreshHandle);
  refreshHandle = setTimeout(() => {
    refreshHandle = undefined;
    if (diagnostics && client.pullDiagnostics && client.diagnosticRefreshSupport)
      void connection.languages.diagnostics.refresh().catch(() => undefined);
    if (client.codeLensRefreshSupport) void connection.sendRequest(CodeLensRefreshRequest.type).catch(() => undefined);
  }, 50);
}

export function revalidateAll(): void {
  if (client.pullDiagnostics) {
    if (client.diagnosticRefreshSupport) void connection.languages.diagnostics.refresh().catch(() => undefined);
    return;
  }
  markDirty([...documents.all().map((d) => d.uri), ...index.uris(), ...closedPublished.keys()]);
}
