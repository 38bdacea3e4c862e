// cel-go's strings extension where cel-js's own functions differ from it (Kubernetes runs cel-go's):
// `substring` counts code points and words its errors as cel-go ("index out of range: 40", "invalid
// substring range. start: 4, end: 3"); `indexOf`/`lastIndexOf` with an offset clamp an offset past the end
// (cel-go 0.22 on) and refuse a negative one; `lowerAscii`/`upperAscii` change ASCII letters only; `trim`
// removes what Go's `unicode.IsSpace` calls space. cel-js lets no overload be replaced, so a parsed rule's
// receiver calls are renamed to ours (as `matches` is: celRegex.ts).
import type * as CelJs from '@marcbachmann/cel-js';
import { forEachNode } from './celAst';
import { fail } from './library/define';

/** The calls renamed, with the number of arguments renamed (`undefined`: any). */
const RENAMED: ReadonlyMap<string, number | undefined> = new Map([
  ['substring', undefined],
  // The one-argument forms are shared with Kubernetes' list `indexOf`: left to cel-js and the lists library.
  ['indexOf', 2],
  ['lastIndexOf', 2],
  ['lowerAscii', 0],
  ['upperAscii', 0],
  ['trim', 0],
]);
const ours = (name: string) => `__go_${name}__`;

/** Go's unicode.IsSpace. */
const GO_SPACE =
  /^[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+|[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+$/g;

const outOfRange = (i: bigint): never => fail(`index out of range: ${i}`);

function substring(s: string, start: bigint, end?: bigint): string {
  const runes = Array.from(s);
  const n = BigInt(runes.length);
  if (end !== undefined && start > end) fail(`invalid substring range. start: ${start}, end: ${end}`);
  if (start < 0n || start > n) outOfRange(start);
  if (end !== undefined && (end < 0n || end > n)) outOfRange(end);
  return runes.slice(Number(start), end === undefined ? undefined : Number(end)).join('');
}

/** The first (or last, from `offset` down) code-point index of `sub` in `s`, as cel-go's ext strings. */
function indexOf(s: string, sub: string, offset: bigint, last: boolean): bigint {
  if (offset < 0n) outOfRange(offset);
  const runes = Array.from(s);
  const subs = Array.from(sub);
  const n = runes.length;
  if (subs.length === 0) return offset > BigInt(n) ? BigInt(n) : offset;
  if (offset >= BigInt(n)) return -1n;
  const at = (i: number) => subs.every((c, j) => runes[i + j] === c);
  if (last) {
    for (let i = Math.min(Number(offset), n - subs.length); i >= 0; i--) if (at(i)) return BigInt(i);
  } else for (let i = Number(offset); i <= n - subs.length; i++) if (at(i)) return BigInt(i);
  return -1n;
}

/** Declares our overloads (under names no rule can mean). */
export function declareGoStrings(env: CelJs.Environment): void {
  env.registerFunction(`string.${ours('substring')}(int): string`, (s: string, a: bigint) => substring(s, a));
  env.registerFunction(`string.${ours('substring')}(int, int): string`, (s: string, a: bigint, b: bigint) =>
    substring(s, a, b),
  );
  env.registerFunction(`string.${ours('indexOf')}(string, int): int`, (s: string, x: string, o: bigint) =>
    indexOf(s, x, o, false),
  );
  env.registerFunction(`string.${ours('lastIndexOf')}(string, int): int`, (s: string, x: string, o: bigint) =>
    indexOf(s, x, o, true),
  );
  env.registerFunction(`string.${ours('lowerAscii')}(): string`, (s: string) =>
    s.replace(/[A-Z]+/g, (c) => c.toLowerCase()),
  );
  env.registerFunction(`string.${ours('upperAscii')}(): string`, (s: string) =>
    s.replace(/[a-z]+/g, (c) => c.toUpperCase()),
  );
  env.registerFunction(`string.${ours('trim')}(): string`, (s: string) => s.replace(GO_SPACE, ''));
}

/** Renames a parsed rule's receiver calls of those functions to ours (before its first run). */
export function useGoStrings(root: CelJs.ASTNode): void {
  forEachNode(root, (x) => {
    if (x.op !== 'rcall' || !Array.isArray(x.args) || typeof x.args[0] !== 'string') return;
    if (!RENAMED.has(x.args[0])) return;
    const arity = RENAMED.get(x.args[0]);
    const args = x.args[2];
    if (arity !== undefined && (!Array.isArray(args) || args.length !== arity)) return;
    x.args[0] = ours(x.args[0]);
  });
}
