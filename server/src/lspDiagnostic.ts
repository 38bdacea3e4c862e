// The service's diagnostic as LSP publishes it: one conversion for the server and its commands. The message
// becomes plain text here (LSP `Diagnostic.message` is not markdown).
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver';
import { SOURCE, type Severity } from './service/codes';
import { severityOf, type Diag } from './service/diag';
import type { ParsedFile } from './service/parse';
import { plainText } from './service/plainText';

const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

export function toLspDiagnostic(file: Pick<ParsedFile, 'lines'>, d: Diag): Diagnostic {
  return {
    range: file.lines.range(d.start, d.end),
    severity: SEVERITY[severityOf(d)],
    code: d.code,
    source: SOURCE,
    message: plainText(d.message),
  };
}
