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
} from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { lspCodeActions } from './codeActionRequests';
import { actionsAt } from '../service/host/codeActions';
import { ownerConfigActions } from './ownerConfigAction';
import { folderOfUri, writeRefusal } from './writeTargets';
import { COPY_RESOURCE_PATH } from '../protocol/customRequests';
import type { ParsedFile } from '../service/core/parse';
import {
  definition as definitionQuery,
  linesOf,
  manifestStarts,
  outline as outlineQuery,
  prepareRename as prepareRenameQuery,
  references as referencesQuery,
  rename as renameQuery,
  renameLoss,
  resourcePaths,
  symbolsMatching,
  type Located,
} from '../service/host/navigation';
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

function toLocations(s: ServerState, locs: Located[]): Location[] {
  return locs.flatMap((l) => {
    const range = linesOf(s.host, l.uri)?.range(l.span[0], l.span[1]);
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
      s.host.readOnce(() => {
        const parsed = fileOf(s, doc);
        const offset = parsed.lines.offsetAt(params.position);
        // The other open documents in the index first: references name what they define.
        syncAll(s);
        const trigger =
          params.context?.triggerKind === CompletionTriggerKind.TriggerCharacter
            ? params.context.triggerCharacter
            : undefined;
        const { items, isIncomplete } = s.host.completion(doc.uri, parsed, offset, trigger);
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
      s.host.readOnce(() => {
        const parsed = fileOf(s, doc);
        const offset = parsed.lines.offsetAt(params.position);
        const h = s.host.hover(doc.uri, parsed, offset);
        if (!h) return null;
        // Where the document changed against its committed version, hover says what it was compared with.
        // The document's own text, as the code lens reads it: a Helm template's parsed text has its template
        // directives masked, and never equals what is committed.
        const compared = s.host.file(doc.uri).comparedAt(() => doc.getText(), offset);
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
    return a ? toLocations(s, definitionQuery(s.host, a.doc.uri, a.file, a.offset)) : [];
  }, []);
}

/** `textDocument/references`: the manifests naming the one at the cursor. */
function references(s: ServerState, params: ReferenceParams) {
  return safely(s, () => {
    const a = at(s, params.textDocument.uri, params.position);
    return a ? toLocations(s, referencesQuery(s.host, a.doc.uri, a.offset, params.context.includeDeclaration)) : [];
  }, []);
}

/** `textDocument/prepareRename`: what rename would change, or why it cannot (a templated name, a limit). */
function prepareRename(s: ServerState, params: PrepareRenameParams) {
  return safely(
    s,
    () => {
      const a = at(s, params.textDocument.uri, params.position);
      if (!a) return null;
      const r = prepareRenameQuery(s.host, a.doc.uri, a.file, a.offset);
      if (!r) return null;
      if ('error' in r) throw new ResponseError(ErrorCodes.InvalidRequest, r.error);
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
      const r = renameQuery(s.host, a.doc.uri, a.file, a.offset, params.newName);
      if ('error' in r) throw new ResponseError(ErrorCodes.InvalidRequest, r.error);
      // The editor writes every file edited: none may lead out of the workspace (writeTargets.ts).
      const folders = new Map<string, string>();
      for (const uri of r.keys()) {
        const refused = writeRefusal(s, uri, undefined, folders);
        if (refused) throw new ResponseError(ErrorCodes.InvalidRequest, `Not renamed: ${refused}.`);
      }
      const changes: Record<string, TextEdit[]> = {};
      for (const [uri, edits] of r) {
        const lines = linesOf(s.host, uri);
        if (lines) changes[uri] = edits.map((e) => ({ range: lines.range(e.span[0], e.span[1]), newText: e.newText }));
      }
      // Edits are computed on the texts the index holds: versioned, so an editor refuses them on a document
      // that changed meanwhile rather than corrupting it.
      if (client.documentChangesSupport) {
        // A rename that deletes data is annotated as needing confirmation: the editor shows the edits to
        // accept before applying any (VS Code: the refactor preview), rather than warning afterwards.
        const loss = client.changeAnnotationSupport ? renameLoss(s.host, a.doc.uri, a.file, a.offset) : undefined;
        const annotationId = 'rename-deletes-data';
        return {
          documentChanges: Object.entries(changes).map(([uri, edits]) => ({
            textDocument: { uri, version: documents.get(uri)?.version ?? null },
            edits: loss ? edits.map((e) => ({ ...e, annotationId })) : edits,
          })),
          ...(loss ? { changeAnnotations: { [annotationId]: { ...loss, needsConfirmation: true } } } : {}),
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
    const folder = folderOfUri(doc.uri);
    const env = {
      refusal: (created: string) =>
        writeRefusal(
          s,
          created,
          folder === undefined
            ? undefined
            : { path: folder, name: "the kustomization's folder (Kustomize loads nothing from outside it)" },
        ),
      disabledSupport: client.codeActionDisabledSupport,
    };
    const teach = client.createFileSupport ? ownerConfigActions(s.host, doc.uri, file, params, doc.version, env) : [];
    // On a template, the actions of the variant of its if/else branches at the line asked about.
    const at = actionsAt(s.host, doc.uri, file, file.lines.offsetAt(params.range.start));
    const actions = lspCodeActions(at, params, {
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
  // A document too large to check in full: no outline (it would mean reading all of it at once); nor for a
  // kustomization or patch file too large to read.
  if (!doc || !isYaml(doc) || isLargeDoc(s, doc)) return [];
  // Its size was just checked: the text is joined only for a kustomization or patch (their limit reads it).
  if (s.host.file(doc.uri).entry({ length: 0, getText: () => doc.getText() }) === 'unread') return [];
  s.host.apply({ kind: 'outline', uri: doc.uri });
  return safely(s, () => {
    // A template's names as written (`{{ .Values.name }}`), not its mask.
    return outlineQuery(fileOf(s, doc));
  }, []);
}

/** `workspace/symbol`: every manifest of the workspace matching the query. */
function workspaceSymbolsOf(s: ServerState, params: WorkspaceSymbolParams) {
  return safely(s, () => {
    syncAll(s);
    return symbolsMatching(s.host, params.query);
  }, []);
}

/** `textDocument/codeLens`: each manifest's cloud resource path, and what a changed one was compared with. */
function codeLenses(s: ServerState, params: CodeLensParams) {
  const { documents } = s;
  return safely(s, () => {
    const doc = documents.get(params.textDocument.uri);
    if (!doc || !isYaml(doc)) return [];
    syncAll(s);
    const lines = linesOf(s.host, doc.uri);
    if (!lines) return [];
    const lenses: CodeLens[] = [];
    // A document changed against the file's committed version: a lens says what it was compared with.
    // The whole text only where there is a committed version to compare with (joined once: pieceDocument.ts).
    let text: string | undefined;
    const textOf = () => (text ??= doc.getText());
    for (const offset of manifestStarts(s.host, doc.uri)) {
      const compared = s.host.file(doc.uri).comparedAt(textOf, offset);
      if (!compared) continue;
      const start = lines.positionAt(offset);
      lenses.push({
        range: { start, end: start },
        command: {
          title: `Compared with ${compared}`,
          command: '',
          tooltip: `Write-once fields, owner and cloud-name changes, renames and CRD transition rules are checked against this file at ${compared} (setting cloudManifests.compareWith).`,
        },
      });
    }
    for (const p of resourcePaths(s.host, doc.uri)) {
      const start = lines.positionAt(p.offset);
      lenses.push({
        range: { start, end: start },
        command: {
          title: p.short,
          command: COPY_RESOURCE_PATH,
          arguments: [p.path],
          tooltip: `${p.path}\n\nCloud resource path of ${p.kind} ${p.name}: click to copy it`,
        },
      });
    }
    return lenses;
  }, []);
}
