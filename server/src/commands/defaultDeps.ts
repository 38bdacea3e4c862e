// `CommandDeps` for a server without a workspace index of its own: the files are found by walking the
// workspace folders (as `cloud-manifests check` does: `node_modules` and `.git` skipped, `exclude` applied),
// read from the open document when there is one and from disk otherwise, validated file by file, and indexed
// (with the same WorkspaceIndex the server uses) when the owner tree is asked for.
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Connection, Diagnostic, TextDocuments } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { collectInputs, decodeText } from '../cli/files';
import { toLspDiagnostic } from '../lspDiagnostic';
import { parseFile } from '../service/parse';
import type { Settings } from '../service/settings';
import { validateFile } from '../service/validate';
import { WorkspaceIndex } from '../service/workspace/index';
import type { CommandDeps } from './index';

export interface DefaultDepsOptions {
  connection: Connection;
  documents: TextDocuments<TextDocument>;
  /** The current settings (`exclude` and `rules` are used). */
  settings: () => Settings;
  /**
   * The server's own diagnostics of a document (open, or built from the file on disk with version 0).
   * Default: the file's own checks with `settings().rules`.
   */
  diagnosticsOf?: (doc: TextDocument) => Diagnostic[];
}

const isYamlUri = (uri: string) => /\.ya?ml$/i.test(uri);

export function createDefaultDeps(options: DefaultDepsOptions): CommandDeps {
  const { connection, documents, settings } = options;

  const open = (uri: string): TextDocument | undefined =>
    documents.get(uri) ?? documents.all().find((d) => sameUri(d.uri, uri));

  const readText = (uri: string): string | undefined => {
    const doc = open(uri);
    if (doc) return doc.getText();
    if (!uri.startsWith('file:')) return undefined;
    try {
      return decodeText(readFileSync(fileURLToPath(uri)));
    } catch {
      return undefined;
    }
  };

  const ownDiagnostics = (doc: TextDocument): Diagnostic[] => {
    const file = parseFile(doc.getText());
    return validateFile(file, { rules: settings().rules }).map((d) => toLspDiagnostic(file, d));
  };
  const diagnosticsOf = options.diagnosticsOf ?? ownDiagnostics;

  const deps: CommandDeps = {
    async listFiles() {
      const folders = await connection.workspace.getWorkspaceFolders().catch(() => null);
      const seen = new Set<string>();
      const out: string[] = [];
      const add = (uri: string) => {
        const key = normalize(uri);
        if (!seen.has(key)) {
          seen.add(key);
          out.push(uri);
        }
      };
      for (const folder of folders ?? []) {
        if (!folder.uri.startsWith('file:')) continue;
        const root = fileURLToPath(folder.uri);
        const { inputs } = collectInputs([root], { cwd: root, exclude: settings().exclude });
        for (const input of inputs) if (input.kind === 'file') add(pathToFileURL(input.path).href);
      }
      for (const doc of documents.all())
        if (doc.uri.startsWith('file:') && (isYamlUri(doc.uri) || doc.languageId === 'yaml')) add(doc.uri);
      return out;
    },
    async index() {
      const index = new WorkspaceIndex();
      for (const uri of await deps.listFiles()) {
        const text = readText(uri);
        if (text !== undefined) index.setText(uri, text);
      }
      return index;
    },
    diagnostics(uri) {
      const doc = open(uri);
      if (doc) return diagnosticsOf(doc);
      const text = readText(uri);
      return text === undefined ? undefined : diagnosticsOf(TextDocument.create(uri, 'yaml', 0, text));
    },
  };
  return deps;
}

/** URIs as VS Code and Node spell them differ in escaping (`%3A`, `%40`…): compare decoded. */
function normalize(uri: string): string {
  try {
    return decodeURIComponent(uri);
  } catch {
    return uri;
  }
}
const sameUri = (a: string, b: string) => a === b || normalize(a) === normalize(b);
