// What every part of the language server shares: the connection, the open documents, the client's
// capabilities and settings, and the parsed form of each open document.
import { createConnection, ProposedFeatures, ResponseError, TextDocuments } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { analyze } from '../service/analyze';
import { parseFile, type ParsedFile } from '../service/parse';
import { DEFAULT_SETTINGS, type Settings } from '../service/settings';

export const connection = createConnection(ProposedFeatures.all);
export const documents = new TextDocuments(TextDocument);

/** What the client said it supports (set at `initialize`), and the settings in force. */
export const client = {
  settings: DEFAULT_SETTINGS as Settings,
  pullDiagnostics: false,
  configurationSupport: false,
  watchedFilesRegistration: false,
  workspaceFoldersSupport: false,
  workDoneProgressSupport: false,
  diagnosticRefreshSupport: false,
  codeLensRefreshSupport: false,
  documentChangesSupport: false,
};

/** Parsed form of each open document at its current version. */
export const parsed = new Map<string, { version: number; file: ParsedFile }>();
/** Documents whose outline the client has asked for: their symbols are computed with each new version. */
export const outlined = new Set<string>();
export function fileOf(doc: TextDocument): ParsedFile {
  const hit = parsed.get(doc.uri);
  if (hit && hit.version === doc.version) return hit.file;
  // Every result cached per chunk, in one pass: each changed chunk is parsed once (trees are not kept).
  const file = analyze(parseFile(doc.getText()), { symbols: outlined.has(doc.uri) });
  parsed.set(doc.uri, { version: doc.version, file });
  return file;
}

export const isYaml = (doc: TextDocument) => /\.ya?ml$/i.test(doc.uri) || doc.languageId === 'yaml';
export const isYamlName = (name: string) => /\.ya?ml$/i.test(name);

/** No request may take the server down: a failure is logged and answered with an empty result. */
export function safely<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof ResponseError) throw e;
    connection.console.error(`cloud-manifests: ${(e as Error).stack ?? String(e)}`);
    return fallback;
  }
}
