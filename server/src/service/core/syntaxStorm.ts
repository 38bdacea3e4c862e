// A document with a storm of syntax errors (`}}` 500,000 times: a megabyte of stray closers) is not composed:
// the `yaml` library makes an Error object for each of its million error tokens (seconds and hundreds of
// megabytes before a diagnostic is reported), and a million diagnostics say nothing a hundred do not. Its
// syntax tree (the CST, built without those objects, in linear time and little memory) is read first and its
// error tokens counted; past MAX_SYNTAX_ERRORS the document is reported by its first errors and one line that
// says the rest is not checked. The syntax tree read for the count is then composed, not parsed again (the
// second parse was 40% of a large document's).
import { Composer, Parser, YAMLParseError, parseDocument, type CST, type Document } from 'yaml';

/** Under this many characters a document is composed as it is: its errors cost at most about a second. */
export const STORM_CHECK_FROM = 256 * 1024;
/** More error tokens than this and the document is not composed. */
export const MAX_SYNTAX_ERRORS = 10_000;
/** The errors reported of a document that is not composed (the first ones, in the order of the text). */
const SHOWN = 100;
/** The code of the last error of such a document (yamlErrors.ts words it). */
export const TOO_MANY_ERRORS = 'TOO_MANY_SYNTAX_ERRORS';

/**
 * The first SHOWN + 1 error tokens of `text`'s CST (offsets and messages), when it holds more than
 * MAX_SYNTAX_ERRORS (the walk stops there); undefined when it holds fewer. Walked in the order of the text
 * with a stack of its own (a CST may nest deeper than the call stack allows).
 */
function errorTokens(tokens: readonly unknown[]): { offset: number; end: number; message: string }[] | undefined {
  const first: { offset: number; end: number; message: string }[] = [];
  let count = 0;
  const stack: unknown[] = [];
  for (const token of tokens) {
    stack.push(token);
    while (stack.length > 0) {
      const t = stack.pop();
      if (!t || typeof t !== 'object') continue;
      if (Array.isArray(t)) {
        for (let i = t.length - 1; i >= 0; i--) stack.push(t[i]);
        continue;
      }
      const tok = t as { type?: unknown; offset?: unknown; source?: unknown; message?: unknown };
      if (tok.type === 'error' && typeof tok.offset === 'number') {
        if (++count > MAX_SYNTAX_ERRORS) return first;
        if (first.length <= SHOWN) {
          const source = typeof tok.source === 'string' ? tok.source : '';
          first.push({
            offset: tok.offset,
            end: tok.offset + Math.max(1, source.length),
            message: `${typeof tok.message === 'string' ? tok.message : 'Unexpected token'}${source ? `: ${JSON.stringify(source)}` : ''}`,
          });
        }
      }
      const children = Object.values(tok).filter((v) => v && typeof v === 'object');
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
    }
  }
  return undefined;
}

/**
 * A document's tree: `parseDocument`'s, but for a long text its syntax tree (CST) is read first and its error
 * tokens counted; past MAX_SYNTAX_ERRORS, a tree of its first errors and one line that says the rest is not
 * checked; otherwise that syntax tree composed, as `parseDocument` composes it.
 */
export function parseLarge(text: string, options: Parameters<typeof parseDocument>[1]): Document.Parsed {
  if (text.length < STORM_CHECK_FROM) return parseDocument(text, options);
  const tokens = Array.from(new Parser().parse(text));
  const errors = errorTokens(tokens);
  if (!errors) return composeFirst(tokens, text.length, options);
  const tree = parseDocument('', options);
  for (const e of errors.slice(0, SHOWN))
    tree.errors.push(new YAMLParseError([e.offset, e.end], 'UNEXPECTED_TOKEN', e.message));
  const next = errors[SHOWN] ?? errors[errors.length - 1];
  tree.errors.push(
    new YAMLParseError(
      [next.offset, next.end],
      TOO_MANY_ERRORS as YAMLParseError['code'],
      `more than ${MAX_SYNTAX_ERRORS.toLocaleString('en-US')} syntax errors: the first ${SHOWN} are shown, and nothing else in this document is checked. Fix the first ones`,
    ),
  );
  return tree as Document.Parsed;
}

/** What `parseDocument` does after parsing (the yaml library's public-api.js), on a syntax tree already read. */
function composeFirst(
  tokens: CST.Token[],
  length: number,
  options: Parameters<typeof parseDocument>[1],
): Document.Parsed {
  const composer = new Composer(options);
  let doc: Document.Parsed | undefined;
  for (const next of composer.compose(tokens, true, length)) {
    if (!doc) doc = next as Document.Parsed;
    else {
      if (doc.options.logLevel !== 'silent')
        doc.errors.push(
          new YAMLParseError(
            next.range.slice(0, 2) as [number, number],
            'MULTIPLE_DOCS',
            'Source contains multiple documents; please use YAML.parseAllDocuments()',
          ),
        );
      break;
    }
  }
  return doc!;
}
