// PromQL syntax errors as a user reads them: the grammar marks where parsing failed; this says what was
// expected there (a closing bracket, an operand, a label list, a Prometheus duration) or names the
// function PromQL does not have.
import { nearest } from '../../../core/suggest';
import type { EmbeddedProblem } from '../problem';
import { AGGREGATION_BY_NAME, FUNCTIONS } from './functions';

const quote = (s: string) => `\`${s.length > 40 ? s.slice(0, 37) + '…' : s}\``;

const OPENERS: Record<string, string> = { '(': ')', '[': ']', '{': '}' };
const CLOSERS: Record<string, string> = { ')': '(', ']': '[', '}': '{' };

/** Brackets that are never closed or close nothing, outside strings and comments. */
export function bracketProblem(text: string): EmbeddedProblem | undefined {
  const stack: { c: string; at: number }[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'" || c === '`') {
      let j = i + 1;
      while (j < text.length && text[j] !== c) j += text[j] === '\\' && c !== '`' ? 2 : 1;
      i = j;
      continue;
    }
    if (c === '#') {
      while (i < text.length && text[i] !== '\n') i++;
      continue;
    }
    if (OPENERS[c]) stack.push({ c, at: i });
    else if (CLOSERS[c]) {
      const top = stack.pop();
      if (!top)
        return {
          code: 'promql-syntax',
          from: i,
          to: i + 1,
          message: `\`${c}\` closes nothing: there is no \`${CLOSERS[c]}\` before it.`,
        };
      if (top.c !== CLOSERS[c])
        return {
          code: 'promql-syntax',
          from: i,
          to: i + 1,
          message: `\`${c}\` does not match the \`${top.c}\` it closes: expected \`${OPENERS[top.c]}\`.`,
        };
    }
  }
  const open = stack.pop();
  if (open)
    return {
      code: 'promql-syntax',
      from: open.at,
      to: open.at + 1,
      message: `\`${open.c}\` is never closed: expected \`${OPENERS[open.c]}\` before the end of the expression.`,
    };
  return undefined;
}

const OPERAND_HINT = 'an operand (a metric name, a selector `{…}`, a number, a string or a function call)';
const ALL_CALLABLE = [...FUNCTIONS.map((f) => f.name), ...AGGREGATION_BY_NAME.keys()];

export function syntaxProblem(text: string, err: { from: number; to: number }): EmbeddedProblem {
  const brackets = bracketProblem(text);
  if (brackets) return brackets;
  const before = text.slice(0, err.from).replace(/\s+$/, '');
  const prev = before.slice(-1);
  // `foo(`: a call to a function PromQL does not have.
  const call = /([A-Za-z_:][\w:]*)$/.exec(before);
  if (
    call &&
    text[err.from] === '(' &&
    !/^(?:by|without|on|ignoring|group_left|group_right|bool|offset|and|or|unless)$/.test(call[1])
  ) {
    const near = nearest(call[1], ALL_CALLABLE);
    const start = before.length - call[1].length;
    return {
      code: 'promql-unknown-function',
      from: start,
      to: start + call[1].length,
      message: `PromQL has no function \`${call[1]}\`.${near ? ` Did you mean \`${near}\`?` : ''} See the functions with completion inside the expression.`,
      ...(near
        ? {
            fix: {
              from: start,
              to: start + call[1].length,
              candidates: [{ title: `Change to \`${near}\``, text: near }],
            },
          }
        : {}),
    };
  }
  // Inside a range or after `offset`: a duration.
  const head = text.slice(0, err.from);
  const inRange = head.lastIndexOf('[') > head.lastIndexOf(']');
  const dur = (inRange ? /(?:\[|:)\s*([\w.]*)$/ : /\boffset\s+([\w.]*)$/).exec(head);
  const word = /^[^\s\])}:,]+/.exec(text.slice(err.from))?.[0] ?? '';
  if (dur) {
    const durStart = err.from - dur[1].length;
    const written = /^[^\s\])}:,]+/.exec(text.slice(durStart))?.[0] ?? '';
    if (/^P(?:T?\d)/i.test(written))
      return {
        code: 'promql-duration',
        from: durStart,
        to: durStart + written.length,
        message: `${quote(written)} is an ISO 8601 duration; inside PromQL durations are written the Prometheus way: \`5m\`, \`1h30m\`, \`7d\` (ISO durations belong to \`for\` and \`interval\`).`,
      };
    if (/^\d/.test(written))
      return {
        code: 'promql-duration',
        from: durStart,
        to: durStart + written.length,
        message: `${quote(written)} is not a Prometheus duration: a number followed by units from the largest to the smallest among \`y\`, \`w\`, \`d\`, \`h\`, \`m\`, \`s\`, \`ms\` (\`5m\`, \`1h30m\`).`,
      };
  }
  if (err.from >= text.trimEnd().length) {
    const last = /(\S+)\s*$/.exec(before)?.[1] ?? '';
    const expected = /[-+*/%^=!<>,(]$|\b(?:and|or|unless|bool|by|without|offset)$/.test(before)
      ? OPERAND_HINT
      : prev === '['
        ? 'a duration such as `5m`'
        : 'the rest of the expression';
    return {
      code: 'promql-syntax',
      from: Math.max(0, before.length - last.length),
      to: before.length,
      message: `The expression ends after ${quote(last.slice(-20))}: expected ${expected}.`,
    };
  }
  if (word === '=' || (text[err.from] === '=' && text[err.from + 1] !== '=' && text[err.from + 1] !== '~'))
    return {
      code: 'promql-syntax',
      from: err.from,
      to: err.from + 1,
      message: 'Unexpected `=`: equality is written `==` (a single `=` only appears inside `{…}` matchers).',
    };
  const tok = word || text[err.from];
  const expected = /\b(?:by|without|on|ignoring|group_left|group_right)$/.test(before)
    ? 'a list of label names in parentheses, such as `(job)`'
    : /[-+*/%^=!<>,(]$|\b(?:and|or|unless|bool)$/.test(before)
      ? OPERAND_HINT
      : prev === '{' || prev === ','
        ? 'a label matcher such as `job="api"`'
        : 'an operator (`+`, `==`, `and`…), `)` or the end of the expression';
  return {
    code: 'promql-syntax',
    from: err.from,
    to: err.from + Math.max(1, tok.length),
    message: `Unexpected ${quote(tok)}: expected ${expected}.`,
  };
}
