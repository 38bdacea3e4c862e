// The language server: thin LSP wiring over the pure language service in ./service. It keeps the open
// documents, reads settings, and maps requests onto validate / complete / hover.
import {
  createConnection,
  DiagnosticSeverity,
  DocumentDiagnosticReportKind,
  ProposedFeatures,
  TextDocuments,
  TextDocumentSyncKind,
  type Diagnostic,
  type InitializeParams,
  type InitializeResult,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { SOURCE, type Severity } from './service/codes';
import { complete } from './service/complete';
import { severityOf, type Diag } from './service/diag';
import { hover } from './service/hover';
import { parseFile, type ParsedFile } from './service/parse';
import { DEFAULT_SETTINGS, readSettings, type Settings } from './service/settings';
import { validateFile } from './service/validate';

const connection = createConnection(ProposedFeatures.all);
const documents = new TextDocuments(TextDocument);

let settings: Settings = DEFAULT_SETTINGS;
let pullDiagnostics = false;
let configurationSupport = false;

const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

/** Parsed form of each open document at its current version. */
const parsed = new Map<string, { version: number; file: ParsedFile }>();
function fileOf(doc: TextDocument): ParsedFile {
  const hit = parsed.get(doc.uri);
  if (hit && hit.version === doc.version) return hit.file;
  const file = parseFile(doc.getText());
  parsed.set(doc.uri, { version: doc.version, file });
  return file;
}

const isYaml = (doc: TextDocument) => /\.ya?ml$/i.test(doc.uri) || doc.languageId === 'yaml';

export function toLspDiagnostic(file: ParsedFile, d: Diag): Diagnostic {
  return {
    range: file.lines.range(d.start, d.end),
    severity: SEVERITY[severityOf(d)],
    code: d.code,
    source: SOURCE,
    message: d.message,
  };
}

function diagnosticsOf(doc: TextDocument): Diagnostic[] {
  if (!isYaml(doc)) return [];
  const file = fileOf(doc);
  return validateFile(file, { rules: settings.rules }).map((d) => toLspDiagnostic(file, d));
}

/** Coalesces bursts of edits: only the latest version of a document is validated. */
const pending = new Map<string, NodeJS.Immediate>();
function schedulePush(doc: TextDocument) {
  if (pullDiagnostics) return;
  const prev = pending.get(doc.uri);
  if (prev) clearImmediate(prev);
  pending.set(
    doc.uri,
    setImmediate(() => {
      pending.delete(doc.uri);
      const current = documents.get(doc.uri);
      if (!current) return;
      safely(() => connection.sendDiagnostics({ uri: current.uri, version: current.version, diagnostics: diagnosticsOf(current) }), undefined);
    }),
  );
}

/** No request may take the server down: a failure is logged and answered with an empty result. */
function safely<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch (e) {
    connection.console.error(`cloud-manifests: ${(e as Error).stack ?? String(e)}`);
    return fallback;
  }
}

connection.onInitialize((params: InitializeParams): InitializeResult => {
  const caps = params.capabilities;
  pullDiagnostics = !!caps.textDocument?.diagnostic;
  configurationSupport = !!caps.workspace?.configuration;
  const init = params.initializationOptions as { settings?: unknown } | undefined;
  if (init?.settings) settings = readSettings(init.settings).settings;
  return {
    capabilities: {
      textDocumentSync: TextDocumentSyncKind.Incremental,
      completionProvider: { triggerCharacters: [':', ' ', '-', '/', '\n'], resolveProvider: false },
      hoverProvider: true,
      ...(pullDiagnostics ? { diagnosticProvider: { interFileDependencies: true, workspaceDiagnostics: false } } : {}),
    },
    serverInfo: { name: 'cloud-manifests', version: '0.1.0' },
  };
});

async function refreshSettings() {
  if (!configurationSupport) return;
  const raw = await connection.workspace.getConfiguration('cloudManifests').catch(() => undefined);
  const { settings: next, problems } = readSettings(raw);
  settings = next;
  for (const p of problems) connection.console.warn(`cloud-manifests settings: ${p}`);
}

connection.onInitialized(() => {
  void refreshSettings().then(revalidateAll);
});

function revalidateAll() {
  if (pullDiagnostics) void connection.languages.diagnostics.refresh().catch(() => undefined);
  else for (const doc of documents.all()) schedulePush(doc);
}

connection.onDidChangeConfiguration((change) => {
  const fromPush = (change.settings as { cloudManifests?: unknown } | undefined)?.cloudManifests;
  if (fromPush !== undefined) settings = readSettings(fromPush).settings;
  void (fromPush !== undefined ? Promise.resolve() : refreshSettings()).then(revalidateAll);
});

documents.onDidChangeContent((e) => schedulePush(e.document));
documents.onDidClose((e) => {
  parsed.delete(e.document.uri);
  if (!pullDiagnostics) connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
});

connection.languages.diagnostics.on((params) => {
  const doc = documents.get(params.textDocument.uri);
  const items = doc ? safely(() => diagnosticsOf(doc), []) : [];
  return { kind: DocumentDiagnosticReportKind.Full, items };
});

connection.onCompletion((params) => {
  const doc = documents.get(params.textDocument.uri);
  if (!doc || !isYaml(doc)) return [];
  return safely(() => {
    const file = fileOf(doc);
    return complete(file, file.lines.offsetAt(params.position), { apiDomain: settings.apiDomain });
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

process.on('uncaughtException', (e) => connection.console.error(`cloud-manifests: uncaught ${e.stack ?? e}`));

documents.listen(connection);
connection.listen();
