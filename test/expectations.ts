// Inline expectations in YAML fixtures. A comment line of carets marks the range of an expected
// diagnostic on the line above it (expectation lines themselves are skipped when finding "above"):
//
//   accessTier: hot
//   #           ^^^ enum-case error
//
// A `#` directly followed by `^` counts as a caret, so column 0 can be marked (`#^^^^^ status-read-only`).
// The severity after the code is optional; when absent it is not checked.
import { parseFile } from '../server/src/service/core/parse';
import type { LineIndex } from '../server/src/service/core/lineIndex';
import { severityOf, validateFile, type Diag } from '../server/src/service/checks/validate';

export interface Expected {
  line: number; // 0-based
  start: number;
  end: number;
  code: string;
  severity?: string;
}

const EXPECT = /^(\s*)(#?)\s*(\^+)\s+([a-z0-9-]+)(?:\s+(error|warning|info|hint))?\s*$/;

export function readExpectations(text: string): Expected[] {
  const lines = text.split(/\r?\n/);
  const out: Expected[] = [];
  let target = -1;
  lines.forEach((l, i) => {
    const m = EXPECT.exec(l);
    if (!m || !l.trimStart().startsWith('#')) {
      target = i;
      return;
    }
    const first = l.indexOf('^');
    const caretStart = l[first - 1] === '#' ? first - 1 : first;
    const caretEnd = l.lastIndexOf('^') + 1;
    out.push({ line: target, start: caretStart, end: caretEnd, code: m[4], ...(m[5] ? { severity: m[5] } : {}) });
  });
  return out;
}

export interface Actual extends Expected {
  message: string;
}

export function actualDiagnostics(text: string): Actual[] {
  const file = parseFile(text);
  return asActual(file.lines, validateFile(file));
}

/** The service's diagnostics (file offsets) as lines and columns, to compare with expectations. */
export function asActual(lines: LineIndex, diags: readonly Diag[]): Actual[] {
  return diags.map((d) => {
    const s = lines.positionAt(d.start);
    const e = lines.positionAt(d.end);
    // Multi-line ranges are compared on their first line, up to its end.
    const end = e.line === s.line ? e.character : lines.lineText(s.line).length;
    return { line: s.line, start: s.character, end, code: d.code, severity: severityOf(d), message: d.message };
  });
}

/**
 * Compares actual diagnostics with the expectations: the formatted lists to `deepEqual`. A severity is
 * compared where the expectation gives one.
 */
export function compared(expected: readonly Expected[], actual: readonly Actual[]): { got: string[]; want: string[] } {
  const want = expected.map(fmt).sort();
  const got = actual
    .map((a) =>
      fmt(
        expected.some((e) => e.line === a.line && e.code === a.code && e.severity) ? a : { ...a, severity: undefined },
      ),
    )
    .sort();
  return { got, want };
}

export const fmt = (e: Expected) =>
  `${e.line + 1}:${e.start + 1}-${e.end + 1} ${e.code}${e.severity ? ' ' + e.severity : ''}`;
