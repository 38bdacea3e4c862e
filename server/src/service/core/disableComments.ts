// `# cloud-manifests-disable-next-line [CODE…] [-- reason]` comments: the one reading of their syntax, for
// the diagnostics they silence (ruleSettings.ts) and for the "Disable CODE for this line" action
// (codeActions.ts), which adds to a directive already there.
import { isCode } from './codes';
import { memoKey } from './memo';
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
export function disabledLines(file: Pick<ParsedFile, 'text'> & Partial<ParsedFile>): Disabled {
  // Kept per version of a parsed file; a version split from one without directives has none unless the
  // documents split again bring one (a directive is one line, and documents start at line starts).
  const memo = file.store && file.docs ? file.store.memo.get(DISABLED) : undefined;
  const hit = memo?.get(file);
  if (hit) return hit;
  // Else none in any document: told from the documents, without the file's whole text (a version made from
  // an edit's changes joins it only when asked: fileText.ts).
  const none = noneAdded(file, memo) || (file.docs !== undefined && !file.docs.some((d) => d.text.includes(MARK)));
  const found = none ? NO_DIRECTIVES : directivesOf(file.text);
  memo?.set(file, found);
  return found;
}

/** A version split from one without directives, whose documents split again bring none. */
function noneAdded(file: Partial<ParsedFile>, memo: WeakMap<object, Disabled> | undefined): boolean {
  const b = file.basis;
  const docs = file.docs;
  if (!b || !docs || memo?.get(b.previous)?.lines.size !== 0) return false;
  for (let i = b.prefix; i < docs.length - b.suffix; i++) if (docs[i].text.includes(MARK)) return false;
  return true;
}

interface Disabled {
  lines: ReadonlyMap<number, Set<string> | 'all'>;
  lineOf: (offset: number) => number;
}

const MARK = 'cloud-manifests-disable';
const NO_DIRECTIVES: Disabled = Object.freeze({
  lines: new Map<number, 'all'>() as ReadonlyMap<number, 'all'>,
  lineOf: () => 0,
});
const DISABLED = memoKey(() => new WeakMap<object, Disabled>());

function directivesOf(text: string): Disabled {
  if (!text.includes(MARK)) return NO_DIRECTIVES;
  const out = new Map<number, Set<string> | 'all'>();
  const lineOf = yamlLines(text);
  for (const m of text.matchAll(DISABLE)) {
    const line = lineOf(m.index!) + 1;
    // No code silences every code; otherwise only the codes named (a misspelled one silences nothing).
    const words = directiveCodes(m[1]);
    out.set(line, words.length === 0 ? 'all' : new Set(words.filter((c) => isCode(c))));
  }
  return { lines: out, lineOf };
}
