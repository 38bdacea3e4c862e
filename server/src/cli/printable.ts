// File names (and any text from the checked files) as the CLI's plain-text outputs show them: on one line,
// with no character a terminal or a CI log would act on. A committed file named "x\n::error ::y.yaml" must
// not start a line of its own (GitHub reads a line starting with `::` as a workflow command), nor may escape
// sequences repaint the terminal. JSON, SARIF and JUnit escape by their own syntax.

/** Control characters (C0, DEL, C1), line and paragraph separators, and bidirectional marks and overrides. */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** The text with every unsafe character written as an escape (`\n`, `\r`, `\t`, `\x1b`, `\u2028`). */
export const printable = (s: string): string =>
  s.replace(UNSAFE, (c) => {
    if (NAMED[c]) return NAMED[c];
    const n = c.charCodeAt(0);
    return n < 0x100 ? `\\x${n.toString(16).padStart(2, '0')}` : `\\u${n.toString(16).padStart(4, '0')}`;
  });
