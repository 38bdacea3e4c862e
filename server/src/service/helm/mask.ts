// A Helm template as YAML the service can check: each `{{ … }}` action is masked by text of the same
// length, so every offset of the masked text is the offset the user wrote (completion, hover and
// definition work on it unchanged) and its diagnostics land where they belong.
// - An action alone on its line (`{{- if … }}`, `{{- end }}`, `{{- include … | nindent 4 }}`) becomes
//   spaces: it never breaks the structure.
// - An action where a value or a key goes (`{{ .Values.x }}`, quoted or not, or inside a string) becomes a
//   word of private-use characters, each standing for the action's character at its place (`maskChar`);
//   whatever is found on it says nothing about the rendered value and is left out (`values`). Any string
//   derived from the masked text (a name, a path, a message) holds the action written in it: `asWritten`
//   (unmask.ts) reads it back, with no span or file to look up; the same action masks alike everywhere, so
//   names match as the actions' texts do.
// - `if`/`with`/`range` … `else` … `end` keep their branches: variant k keeps branch k of every chain (its
//   last when it has fewer) and blanks the others, so keys written in both branches are never duplicates
//   and each branch's literal parts are checked. `define` bodies are not output here: blanked.
// - An action alone on its line that outputs text (`include`, `toYaml`, `template`, `tpl`…) may write
//   any keys of the mapping it sits in: nothing is missing there (`openLines`).
import { splicedSource, type DocumentSource, type Piece } from '../source';
import type { Span } from '../yamlNodes';

export interface MaskedTemplate {
  /** The template as the user wrote it. */
  text: string;
  /** One document source per variant of the if/else chains (at least one); same length as the template. */
  variants: DocumentSource[];
  /** The actions written where a value (or key) goes. */
  values: Span[];
  /** Lines (0-based) whose key's mapping an output action may fill: nothing is missing there. */
  openLines: ReadonlySet<number>;
  /** The 0-based line of an offset of the template. */
  lineOf(offset: number): number;
}

/**
 * The private-use characters (U+E000–U+F8FF: one UTF-16 unit each, printable in YAML, never in a name the
 * user writes) a value action is masked with: U+E000 + the character's code, the last one for any
 * character beyond their range.
 */
export const MASK_FIRST = 0xe000;
export const MASK_LAST = 0xf8ff;
const maskChar = (code: number) => String.fromCharCode(MASK_FIRST + Math.min(code, MASK_LAST - MASK_FIRST));
/** A string holds a masked action (it says nothing about the rendered value: never a name to offer). */
export const isMasked = (s: string): boolean => /[\uE000-\uF8FF]/.test(s);

/** More variants than this and the rest are checked as the last (bounded under any input). */
const MAX_VARIANTS = 4;
const CONTROL = /^(if|else|end|range|with|define|block)\b/;

interface Action {
  start: number;
  end: number;
  /** The first word of the action (`if`, `end`, `include`…), comments and trim markers left out. */
  word: string;
  /** Outputs nothing: a comment or a variable set. */
  comment: boolean;
  /** The `indent`/`nindent` the action's output is given, if any. */
  indent?: number;
}

/** Every `{{ … }}` action; an unclosed one runs to the end of the text. */
function actionsOf(text: string): Action[] {
  const out: Action[] = [];
  let i = text.indexOf('{{');
  while (i >= 0) {
    const close = text.indexOf('}}', i + 2);
    const end = close < 0 ? text.length : close + 2;
    const inner = text
      .slice(i + 2, close < 0 ? text.length : close)
      .replace(/^-\s*/, '')
      .replace(/\s*-$/, '')
      .trim();
    // A comment, or a variable set (`{{- $name := … }}`): nothing is output.
    const comment = inner.startsWith('/*') || /^\$\w*\s*:?=/.test(inner);
    const word = comment ? '' : (/^(?:else\s+(?:if|with)|[A-Za-z_$.][\w$.]*)/.exec(inner)?.[0] ?? '');
    const ind = /\b(?:nindent|indent)\s+(\d+)\s*\)?\s*$/.exec(inner);
    out.push({ start: i, end, word, comment, indent: ind ? Number(ind[1]) : undefined });
    i = close < 0 ? -1 : text.indexOf('{{', end);
  }
  return out;
}

const lineStartOf = (text: string, o: number) => text.lastIndexOf('\n', o - 1) + 1;
function lineEndOf(text: string, o: number) {
  const n = text.indexOf('\n', o);
  return n < 0 ? text.length : text[n - 1] === '\r' ? n - 1 : n;
}

export function maskTemplate(text: string): MaskedTemplate {
  const actions = actionsOf(text);
  // Which actions are alone on their line(s): nothing but blanks and other actions around them.
  const alone = new Set<Action>();
  let i = 0;
  while (i < actions.length) {
    // The actions that share a run of lines (one action may span lines).
    const from = lineStartOf(text, actions[i].start);
    let j = i;
    let to = lineEndOf(text, actions[i].end);
    while (j + 1 < actions.length && actions[j + 1].start < to) to = lineEndOf(text, actions[++j].end);
    // The text between the actions (linear: a line may hold many actions).
    let blank = text.slice(from, actions[i].start).trim() === '';
    for (let k = i; k <= j && blank; k++)
      blank = text.slice(actions[k].end, k < j ? actions[k + 1].start : to).trim() === '';
    if (blank) for (let k = i; k <= j; k++) alone.add(actions[k]);
    i = j + 1;
  }

  // The chains of branches of if/with/range … else … end, and the define bodies.
  type Chain = { branches: Span[]; define: boolean };
  const chains: Chain[] = [];
  const stack: { chain: Chain; from: number }[] = [];
  for (const a of actions) {
    const w = a.word;
    if (!CONTROL.test(w)) continue;
    if (w === 'end') {
      const top = stack.pop();
      if (top) {
        top.chain.branches.push([top.from, a.start]);
        chains.push(top.chain);
      }
    } else if (w.startsWith('else')) {
      const top = stack[stack.length - 1];
      if (top) {
        top.chain.branches.push([top.from, a.start]);
        top.from = a.end;
      }
    } else stack.push({ chain: { branches: [], define: w === 'define' }, from: a.end });
  }
  const count = Math.min(MAX_VARIANTS, Math.max(1, ...chains.filter((c) => !c.define).map((c) => c.branches.length)));

  const values: Span[] = [];
  const openLines = new Set<number>();
  const breaks: number[] = [];
  for (let k = text.indexOf('\n'); k >= 0; k = text.indexOf('\n', k + 1)) breaks.push(k);
  /** The 0-based line of an offset: how many line breaks come before it. */
  const lineOf = (o: number) => {
    let lo = 0;
    let hi = breaks.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (breaks[mid] < o) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  // The base mask: every action blanked (alone) or turned into a word (a value).
  const base = text.split('');
  const fill = (into: string[], [s, e]: Span, c: string) => {
    for (let k = s; k < e; k++) if (into[k] !== '\n' && into[k] !== '\r') into[k] = c;
  };
  const maskValue = ([s, e]: Span) => {
    for (let k = s; k < e; k++) if (base[k] !== '\n' && base[k] !== '\r') base[k] = maskChar(text.charCodeAt(k));
  };
  const rootKind = rootKindLines(text);
  for (const a of actions) {
    if (alone.has(a)) {
      fill(base, [a.start, a.end], ' ');
      if (!a.comment && !CONTROL.test(a.word)) {
        const key = enclosingKeyLine(text, a, rootKind);
        if (key !== undefined) openLines.add(lineOf(key));
      }
    } else if (a.indent !== undefined && !CONTROL.test(a.word) && blockAfterKey(text, a)) {
      // `labels: {{- include … | nindent 4 }}` writes the key's mapping on the lines below, where more
      // literal keys may follow: the key keeps a block value, which the action may fill with anything.
      fill(base, [a.start, a.end], ' ');
      openLines.add(lineOf(a.start));
    } else {
      maskValue([a.start, a.end]);
      values.push([a.start, a.end]);
    }
  }
  for (const c of chains) if (c.define) for (const b of c.branches) fill(base, b, ' ');

  const variants: DocumentSource[] = [];
  for (let v = 0; v < count; v++) {
    const chars = base.slice();
    for (const c of chains) {
      if (c.define || c.branches.length < 2) continue;
      const keep = Math.min(v, c.branches.length - 1);
      c.branches.forEach((b, k) => {
        if (k !== keep) fill(chars, b, ' ');
      });
    }
    variants.push(sourceOf(text, chars.join(''), actions));
  }
  return { text, variants, values, openLines, lineOf };
}

/** The action ends its line and follows a `key:` (its output starts on a new line: `nindent`). */
function blockAfterKey(text: string, a: Action): boolean {
  const before = text.slice(lineStartOf(text, a.start), a.start);
  const after = text.slice(a.end, lineEndOf(text, a.end));
  return (
    /:[ \t]*$/.test(before) &&
    /^[ \t]*(?:#.*)?$/.test(after) &&
    /^\s*\{\{-?\s*\S[\s\S]*\bnindent\b/.test(text.slice(a.start, a.end))
  );
}

/**
 * The offset of the key whose mapping an output action alone on its line fills: the nearest line above
 * indented less than what the action writes (its `nindent`, else its column) that is a `key:`; the `kind:`
 * line stands for the document's root.
 */
function enclosingKeyLine(text: string, a: Action, rootKind: (at: number) => number | undefined): number | undefined {
  const column = a.start - lineStartOf(text, a.start);
  const indent = a.indent ?? column;
  // At the root: no line above can be the key (and a walk up could end in another document).
  if (indent === 0) return rootKind(a.start);
  let s = lineStartOf(text, a.start);
  // A bounded look upwards: a mapping's key is near its content.
  for (let budget = 500; s > 0 && budget > 0; budget--) {
    s = lineStartOf(text, s - 1);
    const line = text.slice(s, lineEndOf(text, s));
    const body = line.trimStart();
    if (body === '' || body.startsWith('#') || body.startsWith('{{')) continue;
    const lead = line.length - body.length + (body.startsWith('- ') ? 2 : 0);
    if (lead >= indent) continue;
    if (/:\s*(?:#.*)?$/.test(body)) return s + lead;
    return undefined;
  }
  return undefined;
}

const MARKER = /(?<=^|\n)---(?=[ \t\r\n]|$)/g;

/**
 * The `kind:` line of the YAML document holding an offset (between its `---` markers), standing for its
 * root: the markers found once, each document's `kind:` once (a template may hold many root actions).
 */
function rootKindLines(text: string): (at: number) => number | undefined {
  const starts = [0, ...[...text.matchAll(MARKER)].map((m) => m.index!)];
  const found = new Map<number, number | undefined>();
  return (at) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= at) lo = mid;
      else hi = mid - 1;
    }
    if (!found.has(lo)) {
      const start = starts[lo];
      const kind = /(?<=^|\n)kind:/.exec(text.slice(start, starts[lo + 1] ?? text.length));
      found.set(lo, kind ? start + kind.index : undefined);
    }
    return found.get(lo);
  };
}

/**
 * The masked text as a document source: the characters kept map to themselves, each action's mask stands
 * for the action. (Same length throughout, so a text offset is the user's offset.)
 */
function sourceOf(user: string, masked: string, actions: readonly Action[]): DocumentSource {
  const pieces: Piece[] = [];
  let at = 0;
  /** Runs of kept text are copied; a blanked run (another branch) stands for itself. */
  const copy = (to: number) => {
    while (at < to) {
      const same = user[at] === masked[at];
      let e = at + 1;
      while (e < to && (user[e] === masked[e]) === same) e++;
      pieces.push(same ? { copied: at, length: e - at } : { generated: masked.slice(at, e), standsFor: [at, e] });
      at = e;
    }
  };
  for (const a of actions) {
    copy(a.start);
    pieces.push({ generated: masked.slice(a.start, a.end), standsFor: [a.start, a.end] });
    at = a.end;
  }
  copy(user.length);
  return splicedSource(user, pieces);
}
