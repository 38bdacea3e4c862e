// The service's diagnostic as LSP publishes it: one conversion for every request and notification. Each
// links to its code's page (`codeDescription`) and carries what its quick fixes need (`data`). The message
// becomes plain text here (LSP `Diagnostic.message` is not markdown).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver';
import { codeDocUrl, DOCS_FOLDER } from '../service/host/codeDocs';
import type { Severity } from '../service/core/codes';
import { SOURCE } from '../protocol/source';
import { severityOf, type Diag } from '../service/core/diag';
import type { ParsedFile } from '../service/core/parse';
import { plainText } from '../service/core/plainText';

const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

/**
 * The pages shipped with the extension, unless a setting points elsewhere: next to the bundle (dist/server.js
 * → docs/codes/), or in the repository when run from the sources (server/src/lsp/ → docs/codes/).
 */
const shipped = [join(__dirname, '..', DOCS_FOLDER), join(__dirname, '..', '..', '..', DOCS_FOLDER)];
export const DEFAULT_DOCS_BASE = pathToFileURL(shipped.find((d) => existsSync(d)) ?? shipped[0]).href + '/';
/** Where the pages of the codes are: `cloudManifests.docsBaseUrl` (a `/` is added), else the shipped ones. */
export const docsBaseOf = (url: string | undefined): string =>
  url ? (url.endsWith('/') ? url : url + '/') : DEFAULT_DOCS_BASE;

export function toLspDiagnostic(
  file: { lines: Pick<ParsedFile['lines'], 'range'> },
  d: Diag,
  docsBase = DEFAULT_DOCS_BASE,
): Diagnostic {
  return {
    range: file.lines.range(d.start, d.end),
    severity: SEVERITY[severityOf(d)],
    code: d.code,
    codeDescription: { href: codeDocUrl(docsBase, d.code) },
    source: SOURCE,
    message: plainText(d.message),
    ...(d.data ? { data: d.data } : {}),
  };
}
