// The service's diagnostic as LSP publishes it: one conversion for every request and notification. Each
// links to its code's page (`codeDescription`) and carries what its quick fixes need (`data`). The message
// becomes plain text here (LSP `Diagnostic.message` is not markdown).
import { shippedDocsBase } from '../io/shippedDocs';
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver';
import { codeDocUrl, DOCS_FOLDER } from '../service/host/codeDocs';
import type { Severity } from '../service/core/codes';
import { SOURCE } from '../protocol/source';
import { severityOf, type Diag } from '../service/core/diag';
import type { ParsedFile } from '../service/core/parse';
import { plainText } from '../service/core/plainText';
import { wireFixData } from '../service/core/fixData';
import { atRange, convertedOnce } from './diagnosticJson';

const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

/** The pages shipped with the extension, unless a setting points elsewhere (io/shippedDocs.ts). */
export const DEFAULT_DOCS_BASE = shippedDocsBase(DOCS_FOLDER);
/** Where the pages of the codes are: `cloudManifests.docsBaseUrl` (a `/` is added), else the shipped ones. */
export const docsBaseOf = (url: string | undefined): string =>
  url ? (url.endsWith('/') ? url : url + '/') : DEFAULT_DOCS_BASE;

/** What an LSP diagnostic is besides its range (made once per service diagnostic: diagnosticJson.ts). */
const lspBase = (d: Diag, docsBase: string, severity: Severity): Omit<Diagnostic, 'range'> => ({
  severity: SEVERITY[severity],
  code: d.code,
  codeDescription: { href: codeDocUrl(docsBase, d.code) },
  source: SOURCE,
  message: plainText(d.message),
  ...(d.data ? { data: wireFixData(d.data) } : {}),
});

export function toLspDiagnostic(
  file: { lines: Pick<ParsedFile['lines'], 'range'> },
  d: Diag,
  docsBase = DEFAULT_DOCS_BASE,
): Diagnostic {
  const severity = severityOf(d);
  // Converted once per service diagnostic (diagnosticJson.ts): an edit re-sends what it did not touch.
  const converted = convertedOnce(d, docsBase, severity, lspBase);
  // The diagnostic made last for it, when its range stands for the same offsets in this version (the
  // lines above it did not move): no position made.
  const last = converted.last;
  const lines = file.lines as Partial<Pick<ParsedFile['lines'], 'exactOffset'>>;
  if (
    last &&
    lines.exactOffset &&
    lines.exactOffset(last.range.start) === d.start &&
    lines.exactOffset(last.range.end) === d.end
  )
    return last;
  const base = converted.base;
  // Written out (not spread) and in this order: one object shape, and the order JSON has always had.
  return atRange(converted, file.lines.range(d.start, d.end), (range) => {
    const lsp: Diagnostic = {
      range,
      severity: base.severity,
      code: base.code,
      codeDescription: base.codeDescription,
      source: base.source,
      message: base.message,
    };
    if (base.data !== undefined) lsp.data = base.data;
    return lsp;
  });
}
