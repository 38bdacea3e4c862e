// `# cloud-manifests-disable-next-line [CODE…] [-- reason]` comments: the one reading of their syntax, for
// the diagnostics they silence (ruleSettings.ts) and for the "Disable CODE for this line" action
// (codeActions.ts), which adds to a directive already there.
import { isCode } from './codes';
import type { ParsedFile } from './parse';

const DISABLE = /#\s*cloud-manifests-disable-next-line\b([^\n]*)/g;

/** A whole-line directive: the text up to the keyword, and what follows it. */
const DIRECTIVE = /^([ \t]*#\s*cloud-manifests-disable-next-line\b)([^\n\r]*)$/;

/** The codes a directive names (the words before `--`); none silences every code. */
export const directiveCodes = (rest: string): string[] =>
  rest
    .replace(/--.*$/, '')
    .split(/[\s,]+/)
    .filter(Boolean);

/** A line that is a directive: where its code list starts and ends, and the codes it names. */
export function lineDirective(line: string): { codesStart: number; codesEnd: number; codes: string[] } | undefined {
  const m = DIRECTIVE.exec(line);
  if (!m) return undefined;
  const codes = m[2].replace(/--.*$/, '');
  return { codesStart: m[1].length, codesEnd: m[1].length + codes.trimEnd().length, codes: directiveCodes(m[2]) };
}

/** Lines silenced by directives: line → codes, or every code. */
export function disabledLines(file: Pick<ParsedFile, 'text' | 'lines'>): Map<number, Set<string> | 'all'> {
  const out = new Map<number, Set<string> | 'all'>();
  if (!file.text.includes('cloud-manifests-disable')) return out;
  for (const m of file.text.matchAll(DISABLE)) {
    const line = file.lines.positionAt(m.index!).line + 1;
    // No code silences every code; otherwise only the codes named (a misspelled one silences nothing).
    const words = directiveCodes(m[1]);
    out.set(line, words.length === 0 ? 'all' : new Set(words.filter((c) => isCode(c))));
  }
  return out;
}
