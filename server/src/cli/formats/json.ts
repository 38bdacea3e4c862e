// JSON: { version, summary, problems: [{ file, line, column, endLine, endColumn, severity, code, message }] }.
import type { Report } from '../buildReport';
import { jsonText } from './jsonText';

export interface JsonOutput {
  tool: 'cloud-manifests';
  version: string;
  summary: {
    errors: number;
    warnings: number;
    info: number;
    hints: number;
    filesWithProblems: number;
    filesChecked: number;
  };
  /** Every problem reported, by file (input order) then position; line and column 1-based, end exclusive. */
  problems: {
    file: string;
    line: number;
    column: number;
    endLine: number;
    endColumn: number;
    severity: 'error' | 'warning' | 'info' | 'hint';
    code: string;
    message: string;
  }[];
}

export function formatJson(report: Report, options: { version: string }): string {
  const out: JsonOutput = {
    tool: 'cloud-manifests',
    version: options.version,
    summary: {
      errors: report.counts.error,
      warnings: report.counts.warning,
      info: report.counts.info,
      hints: report.counts.hint,
      filesWithProblems: report.filesWithProblems,
      filesChecked: report.filesChecked,
    },
    problems: report.files.flatMap((f) =>
      f.problems.map((p) => ({
        file: f.file,
        line: p.line,
        column: p.column,
        endLine: p.endLine,
        endColumn: p.endColumn,
        severity: p.severity,
        code: p.code,
        message: p.message,
      })),
    ),
  };
  return jsonText(out);
}
