// A CRD's `pattern` is a Go (RE2) regular expression; the walker tests values with JavaScript's. Most of
// RE2's syntax means the same in JavaScript; what differs is translated here, and a pattern that uses
// anything else is skipped (the caller says so once), never tested with a meaning it does not have.

export type Translated = { ok: true; source: string; flags: string } | { ok: false; reason: string };

/** RE2's POSIX classes (valid only inside brackets) as JavaScript class contents. */
const POSIX: ReadonlyMap<string, string> = new Map([
  ['alnum', '0-9A-Za-z'],
  ['alpha', 'A-Za-z'],
  ['ascii', '\\x00-\\x7F'],
  ['blank', '\\t '],
  ['cntrl', '\\x00-\\x1F\\x7F'],
  ['digit', '0-9'],
  ['graph', '!-~'],
  ['lower', 'a-z'],
  ['print', ' -~'],
  ['punct', '!-\\/:-@\\[-`{-~'],
  ['space', '\\t\\n\\v\\f\\r '],
  ['upper', 'A-Z'],
  ['word', '0-9A-Za-z_'],
  ['xdigit', '0-9A-Fa-f'],
]);

/** Escapes RE2 has and JavaScript has not (or means otherwise). */
const UNSUPPORTED_ESCAPES: ReadonlySet<string> = new Set(['C', 'Z', 'G']);

const escapeLiteral = (s: string) => s.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');

/** Translates a Go regular expression into a JavaScript one with the same matches, or says why it cannot. */
export function translateGoRegexp(pattern: string): Translated {
  let flags = '';
  let i = 0;
  // Leading flags apply to the whole pattern: `(?i)`, `(?s)`, `(?is)`. Elsewhere they cannot be mapped.
  const lead = /^\(\?([imsU]+)\)/.exec(pattern);
  if (lead) {
    if (lead[1].includes('U')) return { ok: false, reason: 'the ungreedy flag `(?U)` has no JavaScript equivalent' };
    flags = [...new Set(lead[1])].join('');
    i = lead[0].length;
  }
  let out = '';
  let inClass = false;
  let unicode = false;
  while (i < pattern.length) {
    const c = pattern[i];
    if (c === '\\') {
      const n = pattern[i + 1];
      if (n === undefined) return { ok: false, reason: 'it ends with a lone backslash' };
      if (n === 'Q') {
        const end = pattern.indexOf('\\E', i + 2);
        const lit = pattern.slice(i + 2, end < 0 ? undefined : end);
        out += inClass ? lit.replace(/[\\\]^-]/g, '\\$&') : escapeLiteral(lit);
        i = end < 0 ? pattern.length : end + 2;
        continue;
      }
      if (n === 'A' || n === 'z') {
        if (inClass || flags.includes('m'))
          return { ok: false, reason: `\`\\${n}\` with multi-line mode has no JavaScript equivalent` };
        out += n === 'A' ? '^' : '$';
        i += 2;
        continue;
      }
      if (n === 'p' || n === 'P') {
        unicode = true;
        const m = /^\\[pP](\{\^?[A-Za-z_]+\}|[A-Za-z])/.exec(pattern.slice(i));
        if (!m) return { ok: false, reason: 'a Unicode class it does not spell as `\\p{Name}`' };
        const body = m[1].startsWith('{') ? m[1].slice(1, -1) : m[1];
        const negated = body.startsWith('^');
        const name = negated ? body.slice(1) : body;
        const upper = (n === 'P') !== negated ? 'P' : 'p';
        // RE2's script names (`Greek`) are JavaScript's `Script=Greek`; one- or two-letter names are categories.
        out += `\\${upper}{${name.length <= 2 ? name : `Script=${name}`}}`;
        i += m[0].length;
        continue;
      }
      if (UNSUPPORTED_ESCAPES.has(n)) return { ok: false, reason: `\`\\${n}\` has no JavaScript equivalent` };
      out += c + n;
      i += 2;
      continue;
    }
    if (inClass) {
      if (c === '[' && pattern[i + 1] === ':') {
        const end = pattern.indexOf(':]', i + 2);
        const raw = end < 0 ? undefined : pattern.slice(i + 2, end);
        const negated = raw?.startsWith('^');
        const name = negated ? raw!.slice(1) : raw;
        const body = name !== undefined ? POSIX.get(name) : undefined;
        if (body === undefined || negated) return { ok: false, reason: 'a POSIX class it cannot translate' };
        out += body;
        i = end + 2;
        continue;
      }
      if (c === '[') {
        out += '\\[';
        i++;
        continue;
      }
      if (c === ']') inClass = false;
      out += c;
      i++;
      continue;
    }
    if (c === '[') {
      inClass = true;
      out += c;
      i++;
      // A `]` right after `[` or `[^` is a literal in RE2.
      if (pattern[i] === '^') out += pattern[i++];
      if (pattern[i] === ']') {
        out += '\\]';
        i++;
      }
      continue;
    }
    if (c === '(' && pattern[i + 1] === '?') {
      if (pattern.startsWith('(?P<', i)) {
        out += '(?<';
        i += 4;
        continue;
      }
      if (pattern.startsWith('(?:', i) || pattern.startsWith('(?<', i)) {
        out += pattern.slice(i, i + 3);
        i += 3;
        continue;
      }
      return { ok: false, reason: 'flags inside the pattern have no JavaScript equivalent' };
    }
    out += c;
    i++;
  }
  if (unicode) flags += 'u';
  // RE2 matches in linear time; JavaScript backtracks, and a repeated group that itself repeats
  // (`(a+)+`) can take exponential time on a value being typed: such a pattern is not run.
  if (/\((?:\?(?::|<[^>]*>))?(?:[^()\\]|\\.)*[+*}](?:[^()\\]|\\.)*\)[+*{]/.test(out))
    return { ok: false, reason: 'a repeated group that itself repeats can take exponential time in JavaScript' };
  try {
    new RegExp(out, flags);
  } catch (e) {
    return { ok: false, reason: `JavaScript cannot read it (${(e as Error).message})` };
  }
  return { ok: true, source: out, flags };
}
