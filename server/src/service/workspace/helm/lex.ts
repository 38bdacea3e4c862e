// The actions of a Helm template found as Go's text/template lexer finds them (text/template/parse/lex.go):
// `{{` opens an action, optionally followed by a trim marker (`-` and a space); a comment starts right
// there (`{{/*` or `{{- /*`), ends at the first `*/` and must be closed at once by `}}` or ` -}}`; inside
// an action `}}` ends it except within a quoted string, a raw string (which may span lines) or a character
// constant. One pass over the text, no backtracking.

export interface TemplateAction {
  /** Offset of `{{`. */
  start: number;
  /** Offset just after `}}` (the end of the text when the action is unclosed). */
  end: number;
  /** A comment (`{{/* … *\/}}`): outputs nothing. */
  comment: boolean;
  /** The words of the action: after `{{` and its trim marker, before its trim marker and `}}`. */
  inner: [number, number];
}

export interface TemplateLex {
  actions: TemplateAction[];
  /** The first lexing error (Go stops there: the template does not parse): where and what. */
  error?: { offset: number; message: string };
}

/** Go's isSpace in the lexer: the characters a trim marker needs and trims. */
const isSpace = (c: string | undefined) => c === ' ' || c === '\t' || c === '\r' || c === '\n';

/** `-` and a space: a left trim marker (so `{{-3}}` is the number -3, not a trim). */
const leftTrimAt = (text: string, i: number) => text[i] === '-' && isSpace(text[i + 1]);

/** A right delimiter at `i`: `}}`, or ` -}}` (the trim marker's length is returned with it). */
function rightDelimAt(text: string, i: number): number {
  if (isSpace(text[i]) && text[i + 1] === '-' && text.startsWith('}}', i + 2)) return 4;
  return text.startsWith('}}', i) ? 2 : 0;
}

/** The actions of a template, in order; lexing stops at the first error, the failing action running to the end. */
export function lexTemplate(text: string): TemplateLex {
  const actions: TemplateAction[] = [];
  let i = text.indexOf('{{');
  while (i >= 0) {
    const start = i;
    let p = i + 2;
    if (leftTrimAt(text, p)) p += 2;
    const fail = (message: string, offset = start): TemplateLex => {
      actions.push({ start, end: text.length, comment: false, inner: [Math.min(p, text.length), text.length] });
      return { actions, error: { offset, message } };
    };
    if (text.startsWith('/*', p)) {
      const close = text.indexOf('*/', p + 2);
      if (close < 0) return fail('unclosed comment');
      const delim = rightDelimAt(text, close + 2);
      if (delim === 0) return fail('comment ends before closing delimiter', close + 2);
      actions.push({ start, end: close + 2 + delim, comment: true, inner: [p, close + 2] });
      i = text.indexOf('{{', close + 2 + delim);
      continue;
    }
    const from = p;
    let depth = 0;
    let end = -1;
    while (end < 0) {
      if (p >= text.length) return fail('unclosed action');
      const delim = rightDelimAt(text, p);
      if (delim > 0) {
        if (depth > 0) return fail('unclosed left paren', p);
        end = p + delim;
        actions.push({ start, end, comment: false, inner: [from, p] });
        break;
      }
      const c = text[p++];
      if (c === '(') depth++;
      else if (c === ')') {
        if (--depth < 0) return fail('unexpected right paren', p - 1);
      } else if (c === '"' || c === "'") {
        // A quoted string or a character constant: a backslash escapes the next character; a line break
        // or the end of the text before the closing quote is an error.
        for (;;) {
          const q = text[p++];
          if (q === '\\' && text[p] !== undefined && text[p] !== '\n') p++;
          else if (q === undefined || q === '\n' || q === '\\')
            return fail(c === '"' ? 'unterminated quoted string' : 'unterminated character constant', p - 1);
          else if (q === c) break;
        }
      } else if (c === '`') {
        const close = text.indexOf('`', p);
        if (close < 0) return fail('unterminated raw quoted string', p - 1);
        p = close + 1;
      }
    }
    i = text.indexOf('{{', end);
  }
  return { actions };
}
