// Requests: completion, hover, navigation, rename, symbols, code lenses and the extension's commands,
// each mapped onto the pure language service and the workspace index.
import {
  ErrorCodes,
  ResponseError,
  type CodeLens,
  type CompletionItem,
  type Location,
  type TextEdit,
} from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { registerCommands } from '../commands';
import { lspCodeActions } from '../lspCodeActions';
import { complete } from '../service/complete';
import { validateFile } from '../service/validate';
import { hover } from '../service/hover';
import { parseFile, type ParsedFile } from '../service/parse';
import { completeReferences } from '../service/workspace/completeRefs';
import { WORKSPACE_SCOPE, type Span } from '../service/workspace/model';
import { definitionAt, prepareRenameAt, referencesAt, renameAt } from '../service/workspace/navigate';
import { resourcePath } from '../service/workspace/paths';
import { documentSymbols, workspaceSymbols } from '../service/workspace/symbols';
import { allDiagnostics, diagnosticsOf, syncAll } from './publish';
import { client, connection, documents, fileOf, isYaml, outlined, safely } from './state';
import { index, readText, ws } from './workspace';

/** The open document of a request, indexed at its current version, with the cursor offset. */
function at(
  uri: string,
  position: { line: number; character: number },
): { doc: TextDocument; file: ParsedFile; offset: number } | undefined {
  const doc = documents.get(uri);
  if (!doc || !isYaml(doc)) return undefined;
  syncAll();
  const file = fileOf(doc);
  return { doc, file, offset: file.lines.offsetAt(position) };
}

function rangeIn(uri: string, span: Span) {
  const f = index.get(uri);
  return f ? f.lines().range(span[0], span[1]) : undefined;
}

function toLocations(locs: { uri: string; span: Span }[]): Location[] {
  return locs.flatMap((l) => {
    const range = rangeIn(l.uri, l.span);
    return range ? [{ uri: l.uri, range }] : [];
  });
}

export function registerRequests(): void {
  connection.onCompletion((params) => {
    const doc = documents.get(params.textDocument.uri);
    if (!doc || !isYaml(doc)) return [];
    return safely(() => {
      const file = fileOf(doc);
      const offset = file.lines.offsetAt(params.position);
      const items = complete(file, offset, { apiDomain: client.settings.apiDomain, workspaceDomains: index.domains() });
      syncAll();
      const refs: CompletionItem[] = safely(() => completeReferences(index, doc.uri, file, offset), []);
      if (refs.length === 0) return items;
      const labels = new Set(items.map((i) => i.label));
      return [...items, ...refs.filter((r) => !labels.has(r.label))];
    }, []);
  });

  connection.onHover((params) => {
    const doc = documents.get(params.textDocument.uri);
    if (!doc || !isYaml(doc)) return null;
    return safely(() => {
      const file = fileOf(doc);
      const h = hover(file, file.lines.offsetAt(params.position));
      if (!h) return null;
      return { contents: { kind: 'markdown' as const, value: h.markdown }, range: file.lines.range(h.start, h.end) };
    }, null);
  });

  connection.onDefinition((params) =>
    safely(() => {
      const a = at(params.textDocument.uri, params.position);
      return a ? toLocations(definitionAt(index, a.doc.uri, a.offset)) : [];
    }, []),
  );

  connection.onReferences((params) =>
    safely(() => {
      const a = at(params.textDocument.uri, params.position);
      return a ? toLocations(referencesAt(index, a.doc.uri, a.offset, params.context.includeDeclaration)) : [];
    }, []),
  );

  connection.onPrepareRename((params) =>
    safely(() => {
      const a = at(params.textDocument.uri, params.position);
      if (!a) return null;
      const r = prepareRenameAt(index, a.doc.uri, a.offset);
      if (!r) return null;
      if ('error' in r) throw new ResponseError(ErrorCodes.InvalidRequest, r.error);
      return { range: a.file.lines.range(r.span[0], r.span[1]), placeholder: r.placeholder };
    }, null),
  );

  connection.onRenameRequest((params) =>
    safely(() => {
      const a = at(params.textDocument.uri, params.position);
      if (!a) return null;
      const r = renameAt(index, a.doc.uri, a.offset, params.newName);
      if ('error' in r) throw new ResponseError(ErrorCodes.InvalidRequest, r.error);
      const changes: Record<string, TextEdit[]> = {};
      for (const [uri, edits] of r) {
        const f = index.get(uri);
        if (!f) continue;
        changes[uri] = edits.map((e) => ({ range: f.lines().range(e.span[0], e.span[1]), newText: e.newText }));
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
    }, null),
  );

  connection.onCodeAction((params) => {
    const doc = documents.get(params.textDocument.uri);
    if (!doc || !isYaml(doc)) return [];
    return safely(() => {
      const file = fileOf(doc);
      return lspCodeActions(file, params, {
        diagnostics: () => validateFile(file, { rules: client.settings.rules }),
        version: doc.version,
        documentChanges: client.documentChangesSupport,
      });
    }, []);
  });

  connection.onDocumentSymbol((params) => {
    const doc = documents.get(params.textDocument.uri);
    if (!doc || !isYaml(doc)) return [];
    outlined.add(doc.uri);
    return safely(() => documentSymbols(fileOf(doc)), []);
  });

  connection.onWorkspaceSymbol((params) =>
    safely(() => {
      syncAll();
      return workspaceSymbols(index, params.query);
    }, []),
  );

  connection.onCodeLens((params) =>
    safely(() => {
      const doc = documents.get(params.textDocument.uri);
      if (!doc || !isYaml(doc)) return [];
      syncAll();
      const f = index.get(doc.uri);
      if (!f) return [];
      const lenses: CodeLens[] = [];
      for (const m of f.manifests) {
        const path = resourcePath(index, m);
        if (!path) continue;
        const start = f.lines().positionAt(m.span[0]);
        lenses.push({
          range: { start, end: start },
          command: { title: path, command: '', tooltip: `Cloud resource path of ${m.kind} ${m.name ?? ''}` },
        });
      }
      return lenses;
    }, []),
  );

  // The extension's commands (Check Workspace Manifests, the owner tree), over the index.
  registerCommands(connection, {
    async listFiles() {
      await ws.scanDone;
      syncAll();
      return index.uris().filter((u) => index.get(u)!.scope === WORKSPACE_SCOPE || documents.get(u));
    },
    index() {
      syncAll();
      return index;
    },
    async diagnostics(uri) {
      const doc = documents.get(uri);
      if (doc) return diagnosticsOf(doc);
      const f = index.get(uri);
      const text = f?.text ?? (await readText(uri));
      if (text === undefined) return undefined;
      return allDiagnostics(uri, parseFile(text), f !== undefined);
    },
  });
}
