// Syntax errors of a CRD rule that cel-go's parser surely makes too, read from its tokens as cel-go's lexer
// cuts them: a field selected by a word that is no identifier (`self.true`: `true`, `false`, `null` and `in`
// are tokens of their own, so `.` cannot take them), a `!` after an operand (`k! == '1'`: `!` only
// negates what follows it), and a string literal that is never closed. cel-js's parser decides the rest, as a warning (it is not cel-go's: the limit may
// be ours); these are the API server's refusal of the CRD. Anything the lexer here does not know (a
// backquoted name, a character outside CEL) leaves the rule to cel-js's verdict.

export interface Token {
  kind: 'word' | 'number' | 'string' | 'punct';
  text: string;
  start: number;
}

/** Words cel-go's lexer makes tokens of, not identifiers. */
const KEYWORDS: ReadonlySet<string> = new Set(['true', 'false', 'null', 'in']);
const TWO_CHAR: ReadonlySet<string> = new Set(['!=', '==', '<=', '>=', '&&', '||']);
const ONE_CHAR: ReadonlySet<string> = new Set('.,:?()[]{}+-*/%<>!');

/** The end of the string literal at `i` (its quote at `q`), or -1 if it does not end. */
function stringEnd(s: string, q: number, raw: boolean): number {
  const quote = s.startsWith(s[q].repeat(3), q) ? s[q].repeat(3) : s[q];
  for (let i = q + quote.length; i < s.length; i++) {
    if (!raw && s[i] === '\\') i++;
    else if (s.startsWith(quote, i)) return i + quote.length;
    else if (quote.length === 1 && (s[i] === '\n' || s[i] === '\r')) return -1;
  }
  return -1;
}

/**
 * cel-go's tokens of `s` (comments and spaces left out), or `undefined` where the lexer here stops; `stop`
 * learns where a string literal that never ends starts, if that is where it stopped.
 */
export function tokens(s: string, stop?: { unclosed?: number }): Token[] | undefined {
  const out: Token[] = [];
  let i = 0;
  while (i < s.length) {
    const c = s[i];
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (s.startsWith('//', i)) {
      while (i < s.length && s[i] !== '\n') i++;
      continue;
    }
    // A string, with its prefix (r: raw, b: bytes, in either order and case).
    const prefix = /^(?:[rR][bB]?|[bB][rR]?)?(?=['"])/.exec(s.slice(i, i + 3))?.[0];
    if (prefix !== undefined) {
      const end = stringEnd(s, i + prefix.length, /r/i.test(prefix));
      if (end < 0) {
        if (stop) stop.unclosed = i;
        return undefined;
      }
      out.push({ kind: 'string', text: s.slice(i, end), start: i });
      i = end;
      continue;
    }
    const number = /^(?:0[xX][0-9a-fA-F]+[uU]?|\d*\.\d+(?:[eE][+-]?\d+)?|\d+[eE][+-]?\d+|\d+[uU]?)/.exec(
      s.slice(i, i + 400),
    )?.[0];
    if (number && (/\d/.test(c) || (c === '.' && /\d/.test(s[i + 1] ?? '')))) {
      out.push({ kind: 'number', text: number, start: i });
      i += number.length;
      continue;
    }
    const word = /^[A-Za-z_][A-Za-z0-9_]*/.exec(s.slice(i, i + 1000))?.[0];
    if (word) {
      out.push({ kind: 'word', text: word, start: i });
      i += word.length;
      continue;
    }
    const two = s.slice(i, i + 2);
    if (TWO_CHAR.has(two)) {
      out.push({ kind: 'punct', text: two, start: i });
      i += 2;
      continue;
    }
    if (!ONE_CHAR.has(c)) return undefined;
    out.push({ kind: 'punct', text: c, start: i });
    i++;
  }
  return out;
}

/** A token after which an expression is complete (an operand, or what closes one). */
export const endsOperand = (t: Token | undefined): boolean =>
  t !== undefined &&
  (t.kind === 'number' ||
    t.kind === 'string' ||
    (t.kind === 'word' && t.text !== 'in') ||
    (t.kind === 'punct' && (t.text === ')' || t.text === ']' || t.text === '}')));

/** cel-go's syntax error in `rule`, where the tokens show it for sure: its message and range. */
export function sureSyntaxError(rule: string): { message: string; range: [number, number] } | undefined {
  const stop: { unclosed?: number } = {};
  const ts = tokens(rule, stop);
  if (!ts && stop.unclosed !== undefined) {
    // A string literal never closed is no token to cel-go's lexer either (ANTLR's "token recognition error").
    const text = /^[^\n\r]*/.exec(rule.slice(stop.unclosed))![0];
    return {
      message: `Syntax error: token recognition error at: '${text}' (a string that is never closed: end it with its quote)`,
      range: [stop.unclosed, stop.unclosed + text.length],
    };
  }
  if (!ts) return undefined;
  for (let k = 0; k < ts.length; k++) {
    const t = ts[k];
    if (t.kind === 'punct' && t.text === '.' && ts[k + 1]?.kind === 'word' && KEYWORDS.has(ts[k + 1].text)) {
      const w = ts[k + 1];
      return {
        message: `Syntax error: mismatched input '${w.text}' expecting IDENTIFIER (\`${w.text}\` is a word of CEL, not a name: a field named so is \`__${w.text}__\`)`,
        range: [w.start, w.start + w.text.length],
      };
    }
    if (t.kind === 'punct' && t.text === '!' && endsOperand(ts[k - 1]))
      return {
        message: `Syntax error: mismatched input '!' expecting an operator (\`!\` negates what follows it; not equal is \`!=\`)`,
        range: [t.start, t.start + 1],
      };
  }
  return undefined;
}
