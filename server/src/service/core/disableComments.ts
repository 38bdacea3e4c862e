// `# cloud-manifests-disable-next-line [CODE…] [-- reason]` comments: the one reading of their syntax, for
// the diagnostics they silence (ruleSettings.ts) and for the "Disable CODE for this line" action
// (codeActions.ts), which adds to a directive already there.
import { isCode } from './codes';
import type { ParsedFile } from './parse';
import { firstAtLeast } from './search';

const DISABLE = /#\s*cloud-manifests-disable-next-line\b([^\n]*)/g;

/** A whole-line directive: the text up to the keyword, and what follows it. */
const DIRECTIVE = /^([ \t]*#\s*cloud-manifests-disable-next-line\b)([^\n]*)$/;

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

/**
 * The YAML line (counted at LF only: a lone CR is no line break to YAML, and a comment runs on past it) of
 * offsets of the text, by binary search over its LF positions.
 */
function yamlLines(text: string): (offset: number) => number {
  const lfs: number[] = [];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lfs.push(i);
  return (offset) => firstAtLeast(lfs, offset);
}

/**
 * Lines silenced by directives: YAML line → codes, or every code; with the YAML line of an offset.
 */
export function disabledLines(file: Pick<ParsedFile, 'text'>): {
  lines: Map<number, Set<string> | 'all'>;
  lineOf: (offset: number) => number;
} {
  const out = new Map<number, Set<string> | 'all'>();
  if (!file.text.includes('cloud-manifests-disable')) return { lines: out, lineOf: () => 0 };
  const lineOf = yamlLines(file.text);
  for (const m of file.text.matchAll(DISABLE)) {
    const line = lineOf(m.index!) + 1;
    // No code silences every code; otherwise only the codes named (a misspelled one silences nothing).
    const words = directiveCodes(m[1]);
    out.set(line, words.length === 0 ? 'all' : new Set(words.filter((c) => isCode(c))));
  }
  return { lines: out, lineOf };
}
