// The functions of cel-go's strings extension (ext/strings.go, version 3) that cel-js lacks: `charAt`,
// `replace`, `reverse`, `strings.quote` and `format` (stringFormat.ts), on code points as cel-go counts them.
import type { Environment } from '@marcbachmann/cel-js';
import { define, fail, namespace } from './define';
import { doubleTraversal, FLAT, parseCost, traversal, type LibraryCosts } from './cost';
import { formatStringWith, type TypeNamer } from './stringFormat';

/** Go's `strings.Replace(s, old, new, n)` (n < 0: every occurrence; an empty `old` matches between runes). */
function replace(s: string, old: string, by: string, n: number): string {
  if (n === 0 || old === by) return s;
  if (old === '') {
    const runes = Array.from(s);
    let out = '';
    let done = 0;
    for (let i = 0; i <= runes.length; i++) {
      if (n < 0 || done < n) {
        out += by;
        done++;
      }
      if (i < runes.length) out += runes[i];
    }
    return out;
  }
  const parts = s.split(old);
  if (n < 0 || parts.length - 1 <= n) return parts.join(by);
  return parts.slice(0, n + 1).join(by) + old + parts.slice(n + 1).join(old);
}

const QUOTED: Readonly<Record<string, string>> = {
  '\x07': '\\a',
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\v': '\\v',
  '\\': '\\\\',
  '"': '\\"',
};

/** What `strings.quote` escapes: the characters of QUOTED (`\cG`: the bell), and a surrogate without its pair (U+FFFD). */
const QUOTE_ESCAPED = /[\cG\b\f\n\r\t\v\\"]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export function registerStrings(env: Environment): void {
  define(env, 'string.charAt(int): string', (s: string, i: bigint) => {
    const runes = Array.from(s);
    if (i < 0n || i > BigInt(runes.length)) fail(`index out of range: ${i}`);
    return runes[Number(i)] ?? '';
  });
  define(env, 'string.replace(string, string): string', (s: string, a: string, b: string) => replace(s, a, b, -1));
  define(env, 'string.replace(string, string, int): string', (s: string, a: string, b: string, n: bigint) =>
    replace(s, a, b, n < 0n ? -1 : Number(n > 1000000000n ? 1000000000n : n)),
  );
  define(env, 'string.format(list): string', function (this: TypeNamer, s: string, args: unknown[]) {
    return formatStringWith(this, s, args);
  });
  define(env, 'string.reverse(): string', (s: string) => Array.from(s).reverse().join(''));
  const ns = namespace(env, 'strings');
  define(env, `${ns}.quote(string): string`, (_: unknown, s: string) => {
    // One pass of the engine's regular expressions, not a loop of concatenations: a rule may quote megabytes.
    return `"${s.replace(QUOTE_ESCAPED, (c) => QUOTED[c] ?? '\ufffd')}"`;
  });
}

/**
 * What each function costs at run time (cost.ts): `replace` traverses and builds (cost.go), `format` and
 * `strings.quote` traverse their string (cel-go's strings extension).
 */
export const STRING_COSTS: LibraryCosts = {
  member: {
    charAt: FLAT,
    replace: (a) => doubleTraversal(a[0]),
    format: (a) => (typeof a[0] === 'string' ? traversal(a[0]) : undefined),
    reverse: FLAT,
  },
  namespaced: { 'strings.quote': parseCost(1) },
};
