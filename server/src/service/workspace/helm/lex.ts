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

// Character codes: the lexer reads codes, not one-character strings (a template may hold a million actions).
const SPACE = 32;
const TAB = 9;
const CR = 13;
const LF = 10;
const DASH = 45;
const CLOSE = 125; // `}`

/** Go's isSpace in the lexer: the characters a trim marker needs and trims. */
const isSpace = (c: number) => c === SPACE || c === TAB || c === CR || c === LF;

/** `-` and a space: a left trim marker (so `{{-3}}` is the number -3, not a trim). */
const leftTrimAt = (text: string, i: number) => text.charCodeAt(i) === DASH && isSpace(text.charCodeAt(i + 1));

/** `}}` at `i`. */
const closeAt = (text: string, i: number) => text.charCodeAt(i) === CLOSE && text.charCodeAt(i + 1) === CLOSE;

/** A right delimiter at `i`: `}}`, or ` -}}` (the trim marker's length is returned with it). */
function rightDelimAt(text: string, i: number): number {
  if (isSpace(text.charCodeAt(i)) && text.charCodeAt(i + 1) === DASH && closeAt(text, i + 2)) return 4;
  return closeAt(text, i) ? 2 : 0;
}

/** The actions of a template, in order; lexing stops at the first error, the failing action running to the end. */
export function lexTemplate(text: string): TemplateLex {
  return drain(lexSteps(text));
}

/** How many actions a step of `lexSteps` (and of the mask's loops) reads before it yields. */
export const ACTIONS_PER_STEP = 4096;

/** A generator run to its end: its value. */
export function drain<T>(steps: Generator<void, T>): T {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/**
 * `lexTemplate` in steps of `ACTIONS_PER_STEP` actions: the workspace scan lexes a large template between
 * requests (lsp/templateSlices.ts).
 */
export function* lexSteps(text: string): Generator<void, TemplateLex> {
  const actions: TemplateAction[] = [];
  let i = text.indexOf('{{');
  while (i >= 0) {
    const r = lexAction(text, i, actions);
    if (typeof r !== 'number') {
      // Go stops at its first error: the failing action runs to the end of the text.
      actions.push({ start: i, end: text.length, comment: false, inner: [Math.min(r.at, text.length), text.length] });
      return { actions, error: { offset: r.offset ?? i, message: r.message } };
    }
    if (actions.length % ACTIONS_PER_STEP === 0) yield;
    i = text.indexOf('{{', r);
  }
  return { actions };
}

/** Why an action fails to lex: the message, where (its `{{` unless said), and where the lexer stopped reading. */
interface LexFailure {
  message: string;
  offset?: number;
  at: number;
}

/**
 * Lexes the action whose `{{` is at `start`, pushing it: the offset after it, or why it fails. Each character
 * is read once (a plain function, no closure made per action: a template may hold a million actions).
 */
function lexAction(text: string, start: number, actions: TemplateAction[]): number | LexFailure {
  let p = start + 2;
  if (leftTrimAt(text, p)) p += 2;
  const from = p;
  if (text.startsWith('/*', p)) {
    const close = text.indexOf('*/', p + 2);
    if (close < 0) return { message: 'unclosed comment', at: p };
    const delim = rightDelimAt(text, close + 2);
    if (delim === 0) return { message: 'comment ends before closing delimiter', offset: close + 2, at: p };
    actions.push({ start, end: close + 2 + delim, comment: true, inner: [p, close + 2] });
    return close + 2 + delim;
  }
  let depth = 0;
  for (;;) {
    if (p >= text.length) return { message: 'unclosed action', at: p };
    const delim = rightDelimAt(text, p);
    if (delim > 0) {
      if (depth > 0) return { message: 'unclosed left paren', offset: p, at: p };
      actions.push({ start, end: p + delim, comment: false, inner: [from, p] });
      return p + delim;
    }
    const c = text[p++];
    if (c === '(') depth++;
    else if (c === ')') {
      if (--depth < 0) return { message: 'unexpected right paren', offset: p - 1, at: p };
    } else if (c === '"' || c === "'") {
      // A quoted string or a character constant: a backslash escapes the next character; a line break
      // or the end of the text before the closing quote is an error.
      for (;;) {
        const q = text[p++];
        if (q === '\\' && text[p] !== undefined && text[p] !== '\n') p++;
        else if (q === undefined || q === '\n' || q === '\\') {
          const message = c === '"' ? 'unterminated quoted string' : 'unterminated character constant';
          return { message, offset: p - 1, at: p };
        } else if (q === c) break;
      }
    } else if (c === '`') {
      const close = text.indexOf('`', p);
      if (close < 0) return { message: 'unterminated raw quoted string', offset: p - 1, at: p };
      p = close + 1;
    }
  }
}
