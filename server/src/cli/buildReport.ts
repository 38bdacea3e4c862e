// The report of a run, independent of its output format: problems with 1-based positions, per file,
// and the counts the exit code and the summaries use.
import { pathToFileURL } from 'node:url';
import type { Severity } from '../service/core/codes';
import { severityOf, type Diag } from '../service/core/diag';
import type { FileResult } from './runWorkspace';
import { plainText } from '../service/core/plainText';
import { fingerprints } from './fingerprint';
import { baselineKey, type Baseline } from './baseline';

export interface Problem {
  /** 1-based line and column (UTF-16 code units, as editors count) of the start; end is exclusive. */
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  severity: Severity;
  code: string;
  message: string;
  /** The problem's fingerprint (fingerprint.ts), when the format or `--baseline` asks for it. */
  fingerprint?: string;
}

export interface FileReport {
  /** As shown to people: relative to the current folder when inside it, forward slashes. */
  file: string;
  /** For SARIF: a URI reference relative to the current folder when inside it, else a file: URI. */
  uri: string;
  /** Whether `uri` is relative to the current folder. */
  relative: boolean;
  problems: Problem[];
}

export type Counts = Record<Severity, number>;

export interface Report {
  cwd: string;
  /** Every file checked, in input order, with the problems reported (those left after `--quiet`). */
  files: FileReport[];
  /** Counts of the problems reported. */
  counts: Counts;
  /** Warnings found, including those `--quiet` leaves out (what `--max-warnings` compares). */
  warningsFound: number;
  /** With `--quiet`: the counts of what it left out (warnings, info, hints); absent without it. */
  notShown?: Counts;
  /** `--max-warnings N`, when given. */
  maxWarnings?: number;
  filesChecked: number;
  /** With `--changed`: the files read (all indexed), of which `filesChecked` were checked. */
  filesRead?: number;
  filesWithProblems: number;
  /** With `--baseline`: how many problems found were in it (and so not reported nor counted). */
  baselined?: number;
}

/** Whether the warnings found (shown or not) fail the run: more than `--max-warnings`. */
export const tooManyWarnings = (r: Report): boolean => r.maxWarnings !== undefined && r.warningsFound > r.maxWarnings;

/** Whether `--quiet` left anything out. */
const hidesSome = (r: Report): r is Report & { notShown: Counts } =>
  !!r.notShown && r.notShown.warning + r.notShown.info + r.notShown.hint > 0;

/** A URI reference for a relative path: each segment percent-encoded as needed. */
export const relativeUri = (rel: string): string => rel.split('/').map(encodeURIComponent).join('/');

/** The order of a file's problems in every report: by start, end, then code. */
export const reportOrder = (a: Diag, b: Diag): number =>
  a.start - b.start || a.end - b.end || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);

export function buildReport(
  cwd: string,
  results: readonly FileResult[],
  options: { quiet?: boolean; maxWarnings?: number; fingerprints?: boolean; baseline?: Baseline } = {},
): Report {
  const { baseline } = options;
  let baselined = 0;
  const counts: Counts = { error: 0, warning: 0, info: 0, hint: 0 };
  const notShown: Counts = { error: 0, warning: 0, info: 0, hint: 0 };
  let warningsFound = 0;
  let filesWithProblems = 0;
  const files = results.map(({ file, diags, parsed, prints: known }): FileReport => {
    const lines = file.parsed.lines;
    const problems: Problem[] = [];
    const sorted = [...diags].sort(reportOrder);
    const prints =
      options.fingerprints || baseline
        ? (known ?? (parsed ? fingerprints(file.display, parsed, sorted) : undefined))
        : undefined;
    for (const [i, d] of sorted.entries()) {
      // A problem of the baseline is as if not found: neither reported nor counted (`--max-warnings` too).
      if (baseline && prints && baseline.has(baselineKey(file.display, prints[i]))) {
        baselined++;
        continue;
      }
      const severity = severityOf(d);
      if (severity === 'warning') warningsFound++;
      if (options.quiet && severity !== 'error') {
        notShown[severity]++;
        continue;
      }
      counts[severity]++;
      const s = lines.positionAt(d.start);
      const e = lines.positionAt(d.end);
      problems.push({
        line: s.line + 1,
        column: s.character + 1,
        endLine: e.line + 1,
        endColumn: e.character + 1,
        severity,
        code: d.code,
        // Plain text for every format (the service writes markdown for hover).
        message: plainText(d.message),
        ...(prints ? { fingerprint: prints[i] } : {}),
      });
    }
    if (problems.length > 0) filesWithProblems++;
    const isRelative = file.path === undefined || !(file.display.startsWith('/') || /^[A-Za-z]:\//.test(file.display));
    const uri =
      file.path === undefined
        ? relativeUri(file.display.replace(/^<|>$/g, ''))
        : isRelative
          ? relativeUri(file.display)
          : pathToFileURL(file.path).href;
    return { file: file.display, uri, relative: isRelative, problems };
  });
  return {
    cwd,
    files,
    counts,
    warningsFound,
    ...(options.quiet ? { notShown } : {}),
    ...(options.maxWarnings !== undefined ? { maxWarnings: options.maxWarnings } : {}),
    filesChecked: results.length,
    filesWithProblems,
    ...(baseline ? { baselined } : {}),
  };
}

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** `1 warning, 2 info, 1 hint` (what is non-zero past the errors). */
function countWords(c: Counts, withWarnings: boolean): string[] {
  const parts = withWarnings ? [plural(c.warning, 'warning', 'warnings')] : [];
  if (c.info) parts.push(`${c.info} info`);
  if (c.hint) parts.push(plural(c.hint, 'hint', 'hints'));
  return parts;
}

/**
 * `3 errors, 1 warning in 2 files (12 files checked)`; `no problems (12 files checked)`. What `--quiet` left
 * out is counted, never called "no problems", and warnings over `--max-warnings` are said to fail the run:
 * `no errors; 1 warning (not shown: --quiet), more than --max-warnings 0 (2 files checked)`.
 */
export function summaryLine(report: Report): string {
  const { error, warning, info, hint } = report.counts;
  const inBaseline =
    report.baselined === undefined
      ? ''
      : `; ${plural(report.baselined, 'problem', 'problems')} of the baseline not shown`;
  const of = report.filesRead === undefined ? '' : `${report.filesChecked} of `;
  const counted = plural(report.filesRead ?? report.filesChecked, 'file', 'files');
  const checked = `(${of}${counted} checked${inBaseline})`;
  const over = tooManyWarnings(report) ? `, more than --max-warnings ${report.maxWarnings}` : '';
  if (hidesSome(report)) {
    const shown =
      error === 0
        ? 'no errors'
        : `${plural(error, 'error', 'errors')} in ${plural(report.filesWithProblems, 'file', 'files')}`;
    const hidden = countWords(report.notShown, report.notShown.warning > 0).join(', ');
    return `${shown}; ${hidden} (not shown: --quiet)${over} ${checked}`;
  }
  if (error + warning + info + hint === 0) return `no problems ${checked}`;
  const parts = [plural(error, 'error', 'errors'), ...countWords(report.counts, true)];
  return `${parts.join(', ')} in ${plural(report.filesWithProblems, 'file', 'files')}${over} ${checked}`;
}
