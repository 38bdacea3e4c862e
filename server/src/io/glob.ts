// Glob matching for the command line and the `exclude` setting: `**` (any number of path segments), `*`
// and `?` (within one segment), `[abc]` / `[!a-z]` character classes and `{a,b}` alternatives. Paths use
// forward slashes.
//
// Patterns come from a repository's settings, so matching must stay cheap whatever they hold. A pattern
// compiles to a small automaton (one state per pattern character, braces as branches: `{a,b}` twenty-two
// times is 66 states, never 4 million expanded patterns) and a path is matched by walking every live state at
// once: time is at most states × path length, with no backtracking (and the sets of live states met are
// kept with their moves, so matching many paths is a look-up per character). Regular expressions, hand-written or
// from picomatch/minimatch, backtrack: `x/**/` fourteen times took 1.7 s on a 25-folder path with picomatch
// 4, `*a` fourteen times 125 s on 40 characters (minimatch 10: 4.5 s on 30), and grow exponentially.

/** Longest pattern compiled; longer ones match nothing (settings say so, see service/core/settings.ts). */
export const MAX_PATTERN_LENGTH = 1000;

/** Whether a string has glob syntax. */
export const hasMagic = (pattern: string): boolean => /[*?[{]/.test(pattern);

type Pred = (c: string) => boolean;
/** A state: consumes one character that `test` accepts and goes to `out`, or branches without consuming. */
type State = { test: Pred; out: number } | { split: number[] } | { match: true };

const notSlash: Pred = (c) => c !== '/';

/** A compiled pattern: a set of states, started at `start`. */
class Automaton {
  readonly states: State[] = [{ match: true }];
  start = 0;
  add(s: State): number {
    this.states.push(s);
    return this.states.length - 1;
  }
}

/** The character class at `i` (`[` there): its predicate and the index after `]`, or undefined if unclosed. */
function parseClass(p: string, i: number, to: number): { test: Pred; end: number } | undefined {
  let j = i + 1;
  const negate = p[j] === '!' || p[j] === '^';
  if (negate) j++;
  const close = p.indexOf(']', j + 1);
  if (close < 0 || close >= to) return undefined;
  const ranges: [string, string][] = [];
  for (let k = j; k < close; k++) {
    let c = p[k];
    if (c === '\\' && k + 1 < close) c = p[++k];
    if (p[k + 1] === '-' && k + 2 < close) {
      ranges.push([c, p[k + 2]]);
      k += 2;
    } else ranges.push([c, c]);
  }
  const inSet = (c: string) => ranges.some(([a, b]) => c >= a && c <= b);
  return { test: (c) => c !== '/' && inSet(c) !== negate, end: close + 1 };
}

/** The index of the `}` closing the `{` at `i` and the commas at its depth; undefined when unclosed. */
function braceParts(p: string, i: number, to: number): { close: number; commas: number[] } | undefined {
  let depth = 0;
  const commas: number[] = [];
  for (let k = i; k < to; k++) {
    const c = p[k];
    if (c === '\\') k++;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return { close: k, commas };
    else if (c === ',' && depth === 1) commas.push(k);
  }
  return undefined;
}

/**
 * Compiles `p[from, to)` so that it continues to state `next`; returns its first state. Built from the end
 * backwards, so every piece knows where it goes on.
 */
function compileSeq(a: Automaton, p: string, from: number, to: number, next: number): number {
  // Pieces left to right, then chained right to left.
  const pieces: ((next: number) => number)[] = [];
  const boundaryBefore = (k: number) => k === 0 || p[k - 1] === '/' || p[k - 1] === '{' || p[k - 1] === ',';
  const boundaryAfter = (k: number) => k >= to || p[k] === '/' || p[k] === ',' || p[k] === '}';
  const isGlobstar = (k: number) => p[k] === '*' && p[k + 1] === '*' && boundaryBefore(k) && boundaryAfter(k + 2);
  let i = from;
  while (i < to) {
    const c = p[i];
    if (c === '/' && i + 3 === to && isGlobstar(i + 1)) {
      // A trailing `/**`: the folder itself or anything below it (`a/**` matches `a`).
      pieces.push((n) => {
        const loop = a.add({ split: [] });
        const slash = a.add({ test: (x) => x === '/', out: 0 });
        const name = a.add({ test: notSlash, out: 0 });
        const more = a.add({ split: [name, loop] });
        (a.states[slash] as { out: number }).out = name;
        (a.states[name] as { out: number }).out = more;
        (a.states[loop] as { split: number[] }).split = [slash, n];
        return loop;
      });
      i = to;
    } else if (c === '*' && isGlobstar(i)) {
      if (p[i + 2] === '/') {
        // `**/`: zero or more whole folders.
        pieces.push((n) => {
          const loop = a.add({ split: [] });
          const name = a.add({ test: notSlash, out: 0 });
          const slash = a.add({ test: (x) => x === '/', out: loop });
          const more = a.add({ split: [name, slash] });
          (a.states[name] as { out: number }).out = more;
          (a.states[loop] as { split: number[] }).split = [name, n];
          return loop;
        });
        i += 3;
      } else {
        // `**` alone: any path, empty included.
        pieces.push((n) => {
          const name = a.add({ test: notSlash, out: 0 });
          const slash = a.add({ test: (x) => x === '/', out: name });
          const more = a.add({ split: [name, slash, n] });
          (a.states[name] as { out: number }).out = more;
          return a.add({ split: [n, name] });
        });
        i += 2;
      }
    } else if (c === '*') {
      while (p[i + 1] === '*') i++;
      pieces.push((n) => {
        const loop = a.add({ split: [] });
        const any = a.add({ test: notSlash, out: loop });
        (a.states[loop] as { split: number[] }).split = [any, n];
        return loop;
      });
      i++;
    } else if (c === '?') {
      pieces.push((n) => a.add({ test: notSlash, out: n }));
      i++;
    } else if (c === '[' && parseClass(p, i, to)) {
      const cls = parseClass(p, i, to)!;
      pieces.push((n) => a.add({ test: cls.test, out: n }));
      i = cls.end;
    } else if (c === '{' && braceParts(p, i, to)?.commas.length) {
      const { close, commas } = braceParts(p, i, to)!;
      const bounds = [i, ...commas, close];
      pieces.push((n) => {
        const alts: number[] = [];
        for (let k = 0; k + 1 < bounds.length; k++) alts.push(compileSeq(a, p, bounds[k] + 1, bounds[k + 1], n));
        return a.add({ split: alts });
      });
      i = close + 1;
    } else {
      const lit = c === '\\' && i + 1 < to ? p[++i] : c;
      pieces.push((n) => a.add({ test: (x) => x === lit, out: n }));
      i++;
    }
  }
  let state = next;
  for (let k = pieces.length - 1; k >= 0; k--) state = pieces[k](state);
  return state;
}

/** A set of live states, with the sets each character leads to (null: no match possible). */
interface LiveSet {
  states: number[];
  accepts: boolean;
  moves: Map<string, LiveSet | null>;
}

/** How many sets of live states a glob keeps (each a few hundred bytes at most for real patterns). */
const MAX_CACHED = 1000;

/** A compiled glob: matches whole forward-slash paths, in time linear in the path's length. */
export class Glob {
  private readonly a = new Automaton();
  constructor(readonly pattern: string) {
    this.a.start =
      pattern.length > MAX_PATTERN_LENGTH
        ? this.a.add({ split: [] }) // matches nothing
        : compileSeq(this.a, pattern, 0, pattern.length, 0);
  }

  /**
   * Sets of live states met so far, each with its moves by character: matching is then a look-up per
   * character (a lazily built DFA). Bounded: past MAX_CACHED sets, new ones are computed and not kept.
   */
  private readonly sets = new Map<string, LiveSet>();
  private startSet?: LiveSet;

  /** Adds `state` and every state reachable from it without consuming a character. */
  private close(state: number, into: Set<number>): void {
    const stack = [state];
    while (stack.length > 0) {
      const s = stack.pop()!;
      if (into.has(s)) continue;
      into.add(s);
      const st = this.a.states[s];
      if ('split' in st) for (const o of st.split) stack.push(o);
    }
  }

  private intern(states: Set<number>): LiveSet | null {
    if (states.size === 0) return null;
    const sorted = [...states].sort((x, y) => x - y);
    const key = sorted.join(',');
    let set = this.sets.get(key);
    if (!set) {
      set = { states: sorted, accepts: states.has(0), moves: new Map() };
      if (this.sets.size < MAX_CACHED) this.sets.set(key, set);
    }
    return set;
  }

  private move(from: LiveSet, c: string): LiveSet | null {
    const known = from.moves.get(c);
    if (known !== undefined) return known;
    const next = new Set<number>();
    for (const s of from.states) {
      const st = this.a.states[s];
      if ('test' in st && st.test(c)) this.close(st.out, next);
    }
    const set = this.intern(next);
    if (from.moves.size < 64) from.moves.set(c, set);
    return set;
  }

  /**
   * Runs the path through the automaton; with `prefixes`, a match of the part before any `/` is enough
   * (the Excluder's "this folder or below").
   */
  private run(path: string, prefixes: boolean): boolean {
    if (!this.startSet) {
      const start = new Set<number>();
      this.close(this.a.start, start);
      this.startSet = this.intern(start) ?? { states: [], accepts: false, moves: new Map() };
    }
    let live: LiveSet = this.startSet;
    for (let i = 0; i < path.length; i++) {
      if (prefixes && path[i] === '/' && live.accepts) return true;
      const next = this.move(live, path[i]);
      if (!next) return false;
      live = next;
    }
    return live.accepts;
  }

  /** Whether the whole path matches. */
  test(path: string): boolean {
    return this.run(path, false);
  }

  /** Whether the path or one of the folders it lies in matches. */
  testFolders(path: string): boolean {
    return this.run(path, true);
  }
}

export const compileGlob = (pattern: string): Glob => new Glob(pattern);

/**
 * Splits a glob into its literal leading folder and the rest: `dir/sub/**\/*.yaml` →
 * `{ base: 'dir/sub', rest: '**\/*.yaml' }`. An absolute pattern keeps its root in `base`.
 */
export function splitGlob(pattern: string): { base: string; rest: string } {
  const segs = pattern.split('/');
  let i = 0;
  while (i < segs.length - 1 && !hasMagic(segs[i])) i++;
  const baseSegs = segs.slice(0, i);
  let base = baseSegs.join('/');
  if (baseSegs.length === 1 && baseSegs[0] === '') base = '/';
  return { base: base || '.', rest: segs.slice(i).join('/') };
}

/**
 * Exclusion patterns (the `exclude` setting), matched against paths relative to a base folder:
 * a pattern without `/` matches any single segment (a file or folder name anywhere); a pattern with
 * `/` is anchored at the base and excludes what it matches and everything below it.
 */
export class Excluder {
  private readonly anywhere: Glob[] = [];
  private readonly anchored: Glob[] = [];
  constructor(patterns: readonly string[]) {
    for (let p of patterns) {
      p = p.trim().replace(/\\/g, '/');
      if (!p) continue;
      if (p.startsWith('./')) p = p.slice(2);
      if (p.endsWith('/')) p = p.replace(/\/+$/, '');
      if (!p) continue;
      if (p.includes('/')) this.anchored.push(compileGlob(p.replace(/^\/+/, '')));
      else this.anywhere.push(compileGlob(p));
    }
  }
  get empty(): boolean {
    return this.anywhere.length === 0 && this.anchored.length === 0;
  }
  /** Whether a path (relative to the base, forward slashes; `../…` when outside) is excluded. */
  excludes(rel: string): boolean {
    if (this.empty) return false;
    const segs = rel.split('/').filter((s) => s && s !== '.');
    if (this.anywhere.length > 0 && segs.some((s) => s !== '..' && this.anywhere.some((g) => g.test(s)))) return true;
    if (this.anchored.length === 0 || segs[0] === '..') return false;
    const path = segs.join('/');
    return this.anchored.some((g) => g.testFolders(path));
  }
}
