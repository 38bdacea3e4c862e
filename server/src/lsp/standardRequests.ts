// Requests: completion, hover, navigation, rename, symbols and code lenses, each mapped onto the pure
// language service and the workspace index (the extension's own requests are in commands.ts).
import {
  CodeActionRequest,
  CodeLensRequest,
  CompletionRequest,
  DefinitionRequest,
  DocumentSymbolRequest,
  ErrorCodes,
  HoverRequest,
  PrepareRenameRequest,
  ReferencesRequest,
  RenameRequest,
  ResponseError,
  WorkspaceSymbolRequest,
  type CodeActionParams,
  type CodeLens,
  type CodeLensParams,
  type CompletionParams,
  type DefinitionParams,
  type DocumentSymbolParams,
  type HoverParams,
  type Location,
  type PrepareRenameParams,
  type ReferenceParams,
  type RenameParams,
  type TextEdit,
  type WorkspaceSymbolParams,
  CompletionTriggerKind,
} from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { lspCodeActions } from './codeActionRequests';
import { ownerConfigActions } from './ownerConfigAction';
import { literalEdit } from '../service/workspace/helm/literalEdits';
import { fixAll } from '../service/host/fixAll';
import { COPY_RESOURCE_PATH } from '../protocol/customRequests';
import type { ParsedFile } from '../service/core/parse';
import { LineIndex } from '../service/core/lineIndex';
import type { Span } from '../service/workspace/manifest';
import { definitionAt, prepareRenameAt, referencesAt, renameAt } from '../service/workspace/navigate';
import { patchedResources, patchNameSpan } from '../service/workspace/kustomize/navigate';
import { patchedTarget } from '../service/workspace/kustomize/renameInOverlays';
import { resourcePath, shortResourcePath } from '../service/workspace/paths';
import { documentSymbols, workspaceSymbols } from '../service/workspace/symbols';
import { isMasked } from '../service/workspace/helm/mask';
import { asWritten, shownAsWritten } from '../service/workspace/helm/unmask';
import { isLargeDoc } from './largeDocs';
import { guarded } from './lifecycle';
import {
  codeActionParams,
  documentParams,
  positionParams,
  referenceParams,
  renameParams,
  workspaceSymbolParams,
} from './params';
import { syncAll } from './publish';
import { fileOf, isYaml, safely, type ServerState } from './state';

/** The open document of a request, indexed at its current version, with the cursor offset. */
function at(
  s: ServerState,
  uri: string,
  position: { line: number; character: number },
): { doc: TextDocument; file: ParsedFile; offset: number } | undefined {
  const doc = s.documents.get(uri);
  if (!doc || !isYaml(doc)) return undefined;
  syncAll(s);
  const file = fileOf(s, doc);
  return { doc, file, offset: file.lines.offsetAt(position) };
}

/** Why a name a Helm template writes as an action is not renamed: the chart's values give it. */
const templatedName = (masked: string) =>
  `\`${asWritten(masked)}\` is written by a Helm template action: the chart's values give the name, so there is nothing here to rename.`;

/**
 * On the `metadata.name` of a patch: the resource it patches that an overlay using the patch builds (where
 * its name is, to rename it from there), and the name's span in the patch.
 */
function patchRenameTarget(
  s: ServerState,
  uri: string,
  file: ParsedFile,
  offset: number,
): { uri: string; offset: number; span: Span } | undefined {
  const role = s.analysis.roleOf(uri);
  if (role.role !== 'patch') return undefined;
  const span = patchNameSpan(file, offset);
  if (!span) return undefined;
  const target = patchedTarget(s.analysis.overlayWorkspace(), role.overlays, patchedResources(s.index, file, offset));
  return target && { uri: target.uri, offset: target.span[0] + 1, span };
}

function rangeIn(s: ServerState, uri: string, span: Span) {
  const f = s.index.get(uri);
  return f ? f.lines().range(span[0], span[1]) : undefined;
}

function toLocations(s: ServerState, locs: { uri: string; span: Span }[]): Location[] {
  return locs.flatMap((l) => {
    const range = rangeIn(s, l.uri, l.span);
    return range ? [{ uri: l.uri, range }] : [];
  });
}

/**
 * Handlers are registered with `onRequest(XRequest.type, …)`, not the typed helpers (`onHover`, …): those read
 * `params.workDoneToken` before any check of ours runs, so `params: null` would be answered -32603 with a
 * TypeError instead of -32602 from params.ts.
 */
export function registerRequests(s: ServerState): void {
  const { connection } = s;
  connection.onRequest(
    CompletionRequest.type,
    guarded(s.life, positionParams, (params: CompletionParams) => completion(s, params)),
  );
  connection.onRequest(
    HoverRequest.type,
    guarded(s.life, positionParams, (params: HoverParams) => hover(s, params)),
  );
  connection.onRequest(
    DefinitionRequest.type,
    guarded(s.life, positionParams, (params: DefinitionParams) => definition(s, params)),
  );
  connection.onRequest(
    ReferencesRequest.type,
    guarded(s.life, referenceParams, (params: ReferenceParams) => references(s, params)),
  );
  connection.onRequest(
    PrepareRenameRequest.type,
    guarded(s.life, positionParams, (params: PrepareRenameParams) => prepareRename(s, params)),
  );
  connection.onRequest(
    RenameRequest.type,
    guarded(s.life, renameParams, (params: RenameParams) => rename(s, params)),
  );
  connection.onRequest(
    CodeActionRequest.type,
    guarded(s.life, codeActionParams, (params: CodeActionParams) => codeAction(s, params)),
  );
  connection.onRequest(
    DocumentSymbolRequest.type,
    guarded(s.life, documentParams, (params: DocumentSymbolParams) => outline(s, params)),
  );
  connection.onRequest(
    WorkspaceSymbolRequest.type,
    guarded(s.life, workspaceSymbolParams, (params: WorkspaceSymbolParams) => workspaceSymbolsOf(s, params)),
  );
  connection.onRequest(
    CodeLensRequest.type,
    guarded(s.life, documentParams, (params: CodeLensParams) => codeLenses(s, params)),
  );
}

/** `textDocument/completion`: at the cursor of an open document, the other open documents synced first. */
function completion(s: ServerState, params: CompletionParams) {
  const { documents } = s;
  const doc = documents.get(params.textDocument.uri);
  if (!doc || !isYaml(doc)) return [];
  // One tree for the analysis of a new version and the completion (see readOnce).
  return safely(
    s,
    () =>
      s.analysis.readOnce(() => {
        const parsed = fileOf(s, doc);
        const offset = parsed.lines.offsetAt(params.position);
        // The other open documents in the index first: references name what they define.
        syncAll(s);
        const trigger =
          params.context?.triggerKind === CompletionTriggerKind.TriggerCharacter
            ? params.context.triggerCharacter
            : undefined;
        const { items, isIncomplete } = s.analysis.completion(doc.uri, parsed, offset, trigger);
        return isIncomplete ? { isIncomplete: true, items } : items;
      }),
    [],
  );
}

/** `textDocument/hover`, with what a changed document was compared with. */
function hover(s: ServerState, params: HoverParams) {
  const { documents } = s;
  const doc = documents.get(params.textDocument.uri);
  if (!doc || !isYaml(doc)) return null;
  return safely(
    s,
    () =>
      s.analysis.readOnce(() => {
        const parsed = fileOf(s, doc);
        const offset = parsed.lines.offsetAt(params.position);
        const h = s.analysis.hover(doc.uri, parsed, offset);
        if (!h) return null;
        // Where the document changed against its committed version, hover says what it was compared with.
        const compared = s.analysis.comparedAt(doc.uri, parsed.text, offset);
        const markdown = compared ? `${h.markdown}\n\n---\n\nCompared with ${compared}.` : h.markdown;
        return {
          contents: { kind: 'markdown' as const, value: markdown },
          range: parsed.lines.range(h.start, h.end),
        };
      }),
    null,
  );
}

/** `textDocument/definition`: an owner or reference leads to what it names; a patch's name to what it patches. */
function definition(s: ServerState, params: DefinitionParams) {
  return safely(s, () => {
    const a = at(s, params.textDocument.uri, params.position);
    if (!a) return [];
    // A patch's name leads to the resource it patches (a patch is not in the index itself).
    if (s.analysis.roleOf(a.doc.uri).role === 'patch')
      return toLocations(s, patchedResources(s.index, fileOf(s, a.doc), a.offset));
    return toLocations(s, definitionAt(s.index, a.doc.uri, a.offset));
  }, []);
}

/** `textDocument/references`: the manifests naming the one at the cursor. */
function references(s: ServerState, params: ReferenceParams) {
  return safely(s, () => {
    const a = at(s, params.textDocument.uri, params.position);
    return a ? toLocations(s, referencesAt(s.index, a.doc.uri, a.offset, params.context.includeDeclaration)) : [];
  }, []);
}

/** `textDocument/prepareRename`: what rename would change, or why it cannot (a templated name, a limit). */
function prepareRename(s: ServerState, params: PrepareRenameParams) {
  return safely(
    s,
    () => {
      const a = at(s, params.textDocument.uri, params.position);
      if (!a) return null;
      const patched = patchRenameTarget(s, a.doc.uri, a.file, a.offset);
      if (patched) {
        const r = prepareRenameAt(s.index, patched.uri, patched.offset, s.analysis.overlayWorkspace());
        if (r && 'error' in r) throw new ResponseError(ErrorCodes.InvalidRequest, r.error);
        return r ? { range: a.file.lines.range(patched.span[0], patched.span[1]), placeholder: r.placeholder } : null;
      }
      const r = prepareRenameAt(s.index, a.doc.uri, a.offset, s.analysis.overlayWorkspace());
      if (!r) return null;
      if ('error' in r) throw new ResponseError(ErrorCodes.InvalidRequest, asWritten(r.error));
      if (isMasked(r.placeholder)) throw new ResponseError(ErrorCodes.InvalidRequest, templatedName(r.placeholder));
      return { range: a.file.lines.range(r.span[0], r.span[1]), placeholder: r.placeholder };
    },
    null,
  );
}

/** `textDocument/rename`: the resource and every reference to it, in manifests and the overlays that build it. */
function rename(s: ServerState, params: RenameParams) {
  const { client, documents } = s;
  return safely(
    s,
    () => {
      const a = at(s, params.textDocument.uri, params.position);
      if (!a) return null;
      const named = prepareRenameAt(s.index, a.doc.uri, a.offset);
      if (named && !('error' in named) && isMasked(named.placeholder))
        throw new ResponseError(ErrorCodes.InvalidRequest, templatedName(named.placeholder));
      const overlays = s.analysis.overlayWorkspace();
      // On a patch's name: the resource it patches is renamed, and the patch with it.
      const patched = patchRenameTarget(s, a.doc.uri, a.file, a.offset);
      const r = patched
        ? renameAt(s.index, patched.uri, patched.offset, params.newName, overlays)
        : renameAt(s.index, a.doc.uri, a.offset, params.newName, overlays);
      if ('error' in r) throw new ResponseError(ErrorCodes.InvalidRequest, asWritten(r.error));
      const changes: Record<string, TextEdit[]> = {};
      for (const [uri, edits] of r) {
        const f = s.index.get(uri);
        // A kustomization or a patch is not indexed as manifests: its edits are on the text it has.
        const text = f?.text ? undefined : overlays.read(uri);
        const lines = text !== undefined ? new LineIndex(text) : f?.lines();
        if (!lines) continue;
        changes[uri] = edits.map((e) => ({ range: lines.range(e.span[0], e.span[1]), newText: e.newText }));
      }
      // Edits are computed on the texts the index holds: versioned, so an editor refuses them on a document
      // that changed meanwhile rather than corrupting it.
      if (client.documentChangesSupport) {
        return {
          documentChanges: Object.entries(changes).map(([uri, edits]) => ({
            textDocument: { uri, version: documents.get(uri)?.version ?? null },
            edits,
          })),
        };
      }
      return { changes };
    },
    null,
  );
}

/** `textDocument/codeAction`: quick fixes, fix-all (service/host/fixAll.ts) and the version move. */
function codeAction(s: ServerState, params: CodeActionParams) {
  const { client, documents } = s;
  const doc = documents.get(params.textDocument.uri);
  // A document too large to check in full has no fix to offer (its checks are not run).
  if (!doc || !isYaml(doc) || isLargeDoc(s, doc)) return [];
  return safely(s, () => {
    const file = fileOf(s, doc);
    // A template's quick fixes are made on the variant of its if/else branches that holds the line asked
    // about: the first variant blanks an `else` branch, and a "Disable" comment above a line there took
    // the blanked line as its indentation.
    const variant = s.analysis.variantAt(file, file.lines.offsetAt(params.range.start));
    const user = s.analysis.userTextOf(variant);
    const teach = client.createFileSupport ? ownerConfigActions(s.analysis, doc.uri, file, params, doc.version) : [];
    const actions = lspCodeActions(variant, params, {
      // Edits computed on a template's mask are made only where they do the same to the template.
      ...(user !== undefined ? { accept: literalEdit(variant.text, user) } : {}),
      // The one fix-all (`check --fix` makes the same): what the file is decides its checks.
      fixAll: () => fixAll(s.analysis, doc.uri, file),
      version: doc.version,
      documentChanges: client.documentChangesSupport,
      disabledSupport: client.codeActionDisabledSupport,
    });
    return teach.length > 0 ? [...teach, ...actions] : actions;
  }, []);
}

/** `textDocument/documentSymbol`: the outline, names as written (a template's, not its mask). */
function outline(s: ServerState, params: DocumentSymbolParams) {
  const { documents } = s;
  const doc = documents.get(params.textDocument.uri);
  // A document too large to check in full: no outline (it would mean reading all of it at once).
  if (!doc || !isYaml(doc) || isLargeDoc(s, doc)) return [];
  s.analysis.apply({ kind: 'outline', uri: doc.uri });
  return safely(s, () => {
    // A template's names as written (`{{ .Values.name }}`), not its mask.
    return shownAsWritten(documentSymbols(fileOf(s, doc)));
  }, []);
}

/** `workspace/symbol`: every manifest of the workspace matching the query. */
function workspaceSymbolsOf(s: ServerState, params: WorkspaceSymbolParams) {
  return safely(s, () => {
    syncAll(s);
    return shownAsWritten(workspaceSymbols(s.index, params.query));
  }, []);
}

/** `textDocument/codeLens`: each manifest's cloud resource path, and what a changed one was compared with. */
function codeLenses(s: ServerState, params: CodeLensParams) {
  const { documents } = s;
  return safely(s, () => {
    const doc = documents.get(params.textDocument.uri);
    if (!doc || !isYaml(doc)) return [];
    syncAll(s);
    const f = s.index.get(doc.uri);
    if (!f) return [];
    const lenses: CodeLens[] = [];
    // A document changed against the file's committed version: a lens says what it was compared with.
    const text = doc.getText();
    for (const m of f.manifests) {
      const compared = s.analysis.comparedAt(doc.uri, text, m.span[0]);
      if (!compared) continue;
      const start = f.lines().positionAt(m.span[0]);
      lenses.push({
        range: { start, end: start },
        command: {
          title: `Compared with ${compared}`,
          command: '',
          tooltip: `Write-once fields, owner and cloud-name changes, renames and CRD transition rules are checked against this file at ${compared} (setting cloudManifests.compareWith).`,
        },
      });
    }
    for (const m of f.manifests) {
      const path = resourcePath(s.index, m);
      if (!path) continue;
      const start = f.lines().positionAt(m.span[0]);
      lenses.push({
        range: { start, end: start },
        command: {
          title: shortResourcePath(path),
          command: COPY_RESOURCE_PATH,
          arguments: [path],
          tooltip: `${path}\n\nCloud resource path of ${m.kind} ${m.name ?? ''}: click to copy it`,
        },
      });
    }
    return shownAsWritten(lenses);
  }, []);
}
