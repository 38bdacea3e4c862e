// The service's diagnostic as LSP publishes it: one conversion for every request and notification.
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver';
import { SOURCE, type Severity } from '../service/codes';
import { severityOf, type Diag } from '../service/diag';
import type { ParsedFile } from '../service/parse';

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
    message: d.message,
  };
}
