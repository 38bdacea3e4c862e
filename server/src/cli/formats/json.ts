// JSON: { version, summary, problems: [{ file, line, column, endLine, endColumn, severity, code, message }] }.
import { tooManyWarnings, type Report } from '../buildReport';
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
    /** With `--quiet`: what it left out of `problems` (and of the counts above). */
    notShown?: { warnings: number; info: number; hints: number };
    /** With `--max-warnings N`: N, and whether the warnings found (shown or not) are more, failing the run. */
    maxWarnings?: number;
    moreThanMaxWarnings?: boolean;
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
      ...(report.notShown
        ? { notShown: { warnings: report.notShown.warning, info: report.notShown.info, hints: report.notShown.hint } }
        : {}),
      ...(report.maxWarnings !== undefined
        ? { maxWarnings: report.maxWarnings, moreThanMaxWarnings: tooManyWarnings(report) }
        : {}),
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
