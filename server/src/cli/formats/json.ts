// JSON: { version, summary, problems: [{ file, line, column, endLine, endColumn, severity, code, message,
// fingerprints }] }.
import { tooManyWarnings, type Report } from '../buildReport';
import { jsonText } from './jsonText';
import { FINGERPRINT_KEY } from '../fingerprint';
import type { Formatter } from './formatter';

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
    /** With `--changed`: the files read, of which `filesChecked` were checked (those the change can affect). */
    filesRead?: number;
    /** With `--quiet`: what it left out of `problems` (and of the counts above). */
    notShown?: { warnings: number; info: number; hints: number };
    /** With `--max-warnings N`: N, and whether the warnings found (shown or not) are more, failing the run. */
    maxWarnings?: number;
    moreThanMaxWarnings?: boolean;
    /** With `--baseline`: the problems found that were in it (not in `problems` nor in the counts). */
    baselined?: number;
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
    /** What `--baseline` and code scanning match a problem by (fingerprint.ts), under its recipe's key. */
    fingerprints?: Record<string, string>;
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
      ...(report.filesRead !== undefined ? { filesRead: report.filesRead } : {}),
      ...(report.notShown
        ? { notShown: { warnings: report.notShown.warning, info: report.notShown.info, hints: report.notShown.hint } }
        : {}),
      ...(report.maxWarnings !== undefined
        ? { maxWarnings: report.maxWarnings, moreThanMaxWarnings: tooManyWarnings(report) }
        : {}),
      ...(report.baselined !== undefined ? { baselined: report.baselined } : {}),
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
        ...(p.fingerprint ? { fingerprints: { [FINGERPRINT_KEY]: p.fingerprint } } : {}),
      })),
    ),
  };
  return jsonText(out);
}

export const json: Formatter = { name: 'json', write: (report, c) => formatJson(report, { version: c.version }) };
