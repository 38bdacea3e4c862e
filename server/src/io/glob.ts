// Minimal glob matching for the command line and the `exclude` setting: `**` (any number of path
// segments), `*` and `?` (within one segment), `[abc]` / `[!a-z]` character classes and `{a,b}`
// alternatives. Paths use forward slashes.

const MAGIC = /[*?[{]/;

/** Whether a string has glob syntax. */
export const hasMagic = (pattern: string): boolean => MAGIC.test(pattern);

const escapeRe = (s: string): string => s.replace(/[.+^${}()|[\]\\*?/]/g, '\\$&');

/** Expands `{a,b}` alternatives (nested ones too) into the plain patterns they stand for. */
export function expandBraces(pattern: string): string[] {
  let depth = 0;
  let open = -1;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === '{') {
      if (depth++ === 0) open = i;
    } else if (c === '}' && depth > 0 && --depth === 0) {
      const body = pattern.slice(open + 1, i);
      const parts: string[] = [];
      let d = 0;
      let from = 0;
      for (let j = 0; j < body.length; j++) {
        if (body[j] === '\\') j++;
        else if (body[j] === '{') d++;
        else if (body[j] === '}') d--;
        else if (body[j] === ',' && d === 0) {
          parts.push(body.slice(from, j));
          from = j + 1;
        }
      }
      parts.push(body.slice(from));
      if (parts.length < 2) continue; // `{x}` is literal
      const head = pattern.slice(0, open);
      const tails = expandBraces(pattern.slice(i + 1));
      return parts.flatMap((p) => expandBraces(head + p).flatMap((h) => tails.map((t) => h + t)));
    }
  }
  return [pattern];
}

/** The regular expression source for one segment (no `/` inside). */
function segmentSource(seg: string): string {
  let out = '';
  for (let i = 0; i < seg.length; i++) {
    const c = seg[i];
    if (c === '\\' && i + 1 < seg.length) out += escapeRe(seg[++i]);
    else if (c === '*') {
      while (seg[i + 1] === '*') i++;
      out += '[^/]*';
    } else if (c === '?') out += '[^/]';
    else if (c === '[') {
      const close = seg.indexOf(']', i + 2);
      if (close < 0) {
        out += '\\[';
        continue;
      }
      let body = seg.slice(i + 1, close);
      const negate = body[0] === '!' || body[0] === '^';
      if (negate) body = body.slice(1);
      out += `[${negate ? '^/' : ''}${body.replace(/[\\\]^]/g, '\\$&')}]`;
      i = close;
    } else out += escapeRe(c);
  }
  // `*` does not match a leading dot only when the segment starts with it; keep globs simple and
  // let dotfiles match like any other name.
  return out;
}

function patternSource(pattern: string): string {
  const segs = pattern.split('/');
  let src = '';
  segs.forEach((seg, i) => {
    const last = i === segs.length - 1;
    if (seg === '**') {
      // Zero or more whole segments; a trailing `a/**` matches `a` itself too.
      if (!last) src += '(?:[^/]+/)*';
      else src += i === 0 ? '(?:[^/]+(?:/[^/]+)*)?' : '(?:/[^/]+)*';
    } else {
      src += segmentSource(seg);
      if (!last && !(i + 1 === segs.length - 1 && segs[i + 1] === '**')) src += '/';
    }
  });
  return src;
}

/** Compiles a glob to a matcher of whole forward-slash paths. */
export function globToRegExp(pattern: string): RegExp {
  const alts = expandBraces(pattern).map(patternSource);
  return new RegExp(`^(?:${alts.join('|')})$`);
}

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
  private readonly anywhere: RegExp[] = [];
  private readonly anchored: RegExp[] = [];
  constructor(patterns: readonly string[]) {
    for (let p of patterns) {
      p = p.trim().replace(/\\/g, '/');
      if (!p) continue;
      if (p.startsWith('./')) p = p.slice(2);
      if (p.endsWith('/')) p = p.replace(/\/+$/, '');
      if (!p) continue;
      if (p.includes('/')) this.anchored.push(globToRegExp(p.replace(/^\/+/, '')));
      else this.anywhere.push(globToRegExp(p));
    }
  }
  get empty(): boolean {
    return this.anywhere.length === 0 && this.anchored.length === 0;
  }
  /** Whether a path (relative to the base, forward slashes; `../…` when outside) is excluded. */
  excludes(rel: string): boolean {
    if (this.empty) return false;
    const segs = rel.split('/').filter((s) => s && s !== '.');
    if (this.anywhere.length > 0 && segs.some((s) => s !== '..' && this.anywhere.some((re) => re.test(s)))) return true;
    if (this.anchored.length === 0 || segs[0] === '..') return false;
    let prefix = '';
    for (const s of segs) {
      prefix = prefix ? `${prefix}/${s}` : s;
      if (this.anchored.some((re) => re.test(prefix))) return true;
    }
    return false;
  }
}
