// YAML parser errors as diagnostics: each on the key or token it is about (the quote that opened an unclosed
// string, not where the parser gave up), never between CR and LF or inside a surrogate pair, and the offset
// from which the rest of the document can no longer be trusted.
import type { Document, YAMLError } from 'yaml';
import type { Reporter } from '../core/diag';
import { MAX_NESTING, TOO_DEEP } from '../core/nesting';
import { TOO_MANY_ERRORS } from '../core/syntaxStorm';
import { wholeCharacters } from '../core/lineIndex';
import { keySpanOf, type Span } from '../core/yamlNodes';

/** Parser errors that leave the structure around them intact; any other error may have moved keys. */
const LOCAL_ERRORS: ReadonlySet<string> = new Set([
  'BAD_DQ_ESCAPE',
  'DUPLICATE_KEY',
  'KEY_OVER_1024_CHARS',
  'MULTIPLE_ANCHORS',
  'MULTIPLE_TAGS',
  'TAG_RESOLVE_FAILED',
  'BAD_PROP_ORDER',
  'ALIAS_PROPS',
  'NON_STRING_KEY',
]);

/** The span a parser error is about: the whole key or token, or the opening quote of an unclosed string. */
function syntaxSpan(e: YAMLError, text: string): Span {
  let s = Math.max(0, Math.min(e.pos[0], text.length - 1));
  let t = Math.min(Math.max(e.pos[1], s + 1), text.length);
  const quote = /^Missing closing (["'])quote/.exec(e.message)?.[1];
  if (quote) {
    // Reported at the end of the swallowed text: point at the quote that opened it instead.
    const before = text.slice(0, s);
    const re = new RegExp(`(?:^|[:\\-\\[{,])[ \\t]*${quote === '"' ? '"' : "'"}`, 'gm');
    let m: RegExpExecArray | null;
    let at = -1;
    while ((m = re.exec(before))) at = m.index + m[0].length - 1;
    if (at >= 0) return [at, at + 1];
  }
  if (e.code === 'DUPLICATE_KEY') {
    // A second empty key (`: x`): its node begins where its line, or a comment above it, begins.
    const colon = keySpanOf(text, { range: [s, s, s] });
    if (colon[1] > colon[0]) return colon;
  }
  if (e.code === 'DUPLICATE_KEY' || e.code === 'BAD_INDENT') {
    while (s < text.length && (text[s] === ' ' || text[s] === '\t')) s++;
    const token = /^[^\s:#,\]}]+/.exec(text.slice(s, s + 200));
    if (token) t = s + token[0].length;
    else t = Math.min(text.length, s + 1);
    if (s >= text.length) s = Math.max(0, text.length - 1);
  }
  return snapSpan(text, [s, Math.max(t, s + 1)]);
}

const isHigh = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLow = (c: number) => c >= 0xdc00 && c <= 0xdfff;
const isBreak = (c: number) => c === 10 || c === 13;

/**
 * A parser error's span made fit to show: never starting or ending between CR and LF or inside a surrogate
 * pair, and never on a line break alone (an error reported there, such as an unclosed `{` at the end of its
 * line, is shown on the last character written before it).
 */
function snapSpan(text: string, [s, t]: Span): Span {
  if (isBreak(text.charCodeAt(s))) {
    let p = s;
    while (p > 0 && (isBreak(text.charCodeAt(p - 1)) || text.charCodeAt(p - 1) === 32 || text.charCodeAt(p - 1) === 9))
      p--;
    if (p > 0) {
      s = p - 1;
      t = p;
    } else if (text.charCodeAt(s) === 10 && text.charCodeAt(s - 1) === 13) s--;
  }
  if (s > 0 && isLow(text.charCodeAt(s)) && isHigh(text.charCodeAt(s - 1))) s--;
  if (t < text.length && isLow(text.charCodeAt(t)) && isHigh(text.charCodeAt(t - 1))) t++;
  if (t < text.length && text.charCodeAt(t) === 10 && text.charCodeAt(t - 1) === 13) t++;
  return [s, Math.max(t, s + 1)];
}

/** The text of a span as a message quotes it: its first line, at most 40 characters, no pair cut in half. */
function quoted(text: string, [s, t]: Span): string {
  const line = text.slice(s, t).split(/\r\n|\r|\n/)[0];
  let cut = line.slice(0, 40);
  if (cut.length > 0 && isHigh(cut.charCodeAt(cut.length - 1))) cut = cut.slice(0, -1);
  return cut;
}

/**
 * Reports a document's parser errors (`yaml-syntax`); returns the offset of the first error that may have
 * moved keys (Infinity when none did): what lies after it cannot be trusted.
 */
export function reportYamlErrors(doc: Document.Parsed, text: string, out: Reporter): number {
  let structuralAt = Infinity;
  for (const e of doc.errors) {
    if (e.code === TOO_DEEP) {
      // Not a syntax error: the document is left unchecked (nesting.ts), said once.
      const at = Math.max(0, Math.min(e.pos[0], text.length - 1));
      out.report(
        'nesting-too-deep',
        snapSpan(text, [at, at + 1]),
        `Values nested deeper than ${MAX_NESTING} levels: this document is not checked. The API server reads up to 10,000 levels; flatten the value to have it checked.`,
      );
      continue;
    }
    if ((e.code as string) === TOO_MANY_ERRORS) {
      // The document was not composed (core/syntaxStorm.ts): said once, where the errors not shown begin.
      const span = snapSpan(text, [Math.max(0, Math.min(e.pos[0], text.length - 1)), Math.max(e.pos[0] + 1, e.pos[1])]);
      structuralAt = Math.min(structuralAt, span[0]);
      out.report('yaml-syntax', span, `YAML syntax errors past here: ${e.message}.`);
      continue;
    }
    const span = syntaxSpan(e, text);
    if (!LOCAL_ERRORS.has(e.code)) structuralAt = Math.min(structuralAt, span[0]);
    const written = quoted(text, span);
    const first = e.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
    const message = `YAML syntax error at \`${written.trim() || written}\`: ${first}`;
    out.report('yaml-syntax', span, wholeCharacters(message, text.slice(span[0], span[1] + 2)));
  }
  return structuralAt;
}
