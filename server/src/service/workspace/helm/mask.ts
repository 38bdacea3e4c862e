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
import { MASK_FIRST, MASK_LAST } from '../../core/maskedChars';
import type { DocumentSource } from '../../core/source';
import type { Span } from '../../core/yamlNodes';
import { lexTemplate } from './lex';

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
  /** Go's template lexer stops here (the template does not parse); the text after it is not checked. */
  lexError?: { offset: number; message: string };
  /** The first branch (its `else` action) no variant keeps: a chain has more branches than MAX_VARIANTS. */
  unchecked?: Span;
}

// The masking characters: core/maskedChars.ts (the checks know them too).
export { isMasked, MASK_FIRST, MASK_LAST } from '../../core/maskedChars';
const maskChar = (code: number) => String.fromCharCode(MASK_FIRST + Math.min(code, MASK_LAST - MASK_FIRST));

/**
 * More branches in a chain than this and the rest are not checked (said once: templateDiagnostics.ts).
 * Each variant is the whole template parsed and checked again: the cap bounds the work at a few times the
 * template's, whatever its chains.
 */
export const MAX_VARIANTS = 4;
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

/** Every `{{ … }}` action as Go's lexer reads it (lex.ts); an action it fails on runs to the end of the text. */
function actionsOf(text: string): { actions: Action[]; error?: MaskedTemplate['lexError'] } {
  const lexed = lexTemplate(text);
  const actions = lexed.actions.map((a): Action => {
    if (a.comment) return { start: a.start, end: a.end, word: '', comment: true };
    // Only the head and the tail of the words are read: an action may be long.
    const [from, to] = a.inner;
    const head = text.slice(from, Math.min(to, from + 200)).trimStart();
    const tail = text.slice(Math.max(from, to - 200), to);
    // A variable set (`{{- $name := … }}`): nothing is output.
    const comment = /^\$\w*\s*:?=/.test(head);
    const word = comment ? '' : (/^(?:else\s+(?:if|with)|[A-Za-z_$.][\w$.]*)/.exec(head)?.[0] ?? '');
    const ind = /\b(?:nindent|indent)\s+(\d+)\s*\)?\s*$/.exec(tail);
    return { start: a.start, end: a.end, word, comment, indent: ind ? Number(ind[1]) : undefined };
  });
  return { actions, error: lexed.error };
}

const lineStartOf = (text: string, o: number) => text.lastIndexOf('\n', o - 1) + 1;
function lineEndOf(text: string, o: number) {
  const n = text.indexOf('\n', o);
  return n < 0 ? text.length : text[n - 1] === '\r' ? n - 1 : n;
}

/** A value action as a word of private-use characters, one per character it holds (line breaks kept). */
const maskValue = (text: string, [s, e]: Span) =>
  text.slice(s, e).replace(/[^\r\n]/g, (c) => maskChar(c.charCodeAt(0)));

/** A span of text as blanks, its line breaks kept (so lines and offsets stay). */
const blank = (text: string, [s, e]: Span, c = ' ') => text.slice(s, e).replace(/[^\r\n]/g, c);

/** Sorted, merged spans (nested branches give nested spans). */
function union(spans: Span[]): Span[] {
  const sorted = spans.slice().sort((a, b) => a[0] - b[0]);
  const out: Span[] = [];
  for (const [s, e] of sorted) {
    const last = out[out.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

/** `text` with the given sorted, disjoint spans blanked: one pass. */
function blankOut(text: string, spans: readonly Span[]): string {
  const parts: string[] = [];
  let at = 0;
  for (const sp of spans) {
    parts.push(text.slice(at, sp[0]), blank(text, sp));
    at = sp[1];
  }
  parts.push(text.slice(at));
  return parts.join('');
}

export function maskTemplate(text: string): MaskedTemplate {
  const { actions, error: lexError } = actionsOf(text);
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
    let isBlank = text.slice(from, actions[i].start).trim() === '';
    for (let k = i; k <= j && isBlank; k++)
      isBlank = text.slice(actions[k].end, k < j ? actions[k + 1].start : to).trim() === '';
    if (isBlank) for (let k = i; k <= j; k++) alone.add(actions[k]);
    i = j + 1;
  }

  // The chains of branches of if/with/range … else … end, and the define bodies.
  type Chain = { branches: Span[]; elses: Span[]; define: boolean };
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
        top.chain.elses.push([a.start, a.end]);
        top.from = a.end;
      }
    } else stack.push({ chain: { branches: [], elses: [], define: w === 'define' }, from: a.end });
  }
  const defines = union(chains.filter((c) => c.define).flatMap((c) => c.branches));
  /** Inside a `define` body (blanked in every variant): its chains make no variant. */
  const inDefine = (o: number) => {
    let lo = 0;
    let hi = defines.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (defines[mid][0] <= o) lo = mid + 1;
      else hi = mid;
    }
    return lo > 0 && o < defines[lo - 1][1];
  };
  let most = 1;
  let unchecked: Span | undefined;
  for (const c of chains) {
    if (c.define || inDefine(c.branches[0][0])) continue;
    most = Math.max(most, c.branches.length);
    // Branch MAX_VARIANTS (0-based) starts after else number MAX_VARIANTS - 1: the first one left out.
    const left = c.elses[MAX_VARIANTS - 1];
    if (left && (!unchecked || left[0] < unchecked[0])) unchecked = left;
  }
  const count = Math.min(MAX_VARIANTS, most);

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
  // The base mask: every action blanked (alone) or turned into a word (a value), in one pass.
  const parts: string[] = [];
  let at = 0;
  const rootKind = rootKindLines(text);
  for (const a of actions) {
    parts.push(text.slice(at, a.start));
    at = a.end;
    if (alone.has(a)) {
      parts.push(blank(text, [a.start, a.end]));
      if (!a.comment && !CONTROL.test(a.word)) {
        const key = enclosingKeyLine(text, a, rootKind);
        if (key !== undefined) openLines.add(lineOf(key));
      }
    } else if (a.indent !== undefined && !CONTROL.test(a.word) && blockAfterKey(text, a)) {
      // `labels: {{- include … | nindent 4 }}` writes the key's mapping on the lines below, where more
      // literal keys may follow: the key keeps a block value, which the action may fill with anything.
      parts.push(blank(text, [a.start, a.end]));
      openLines.add(lineOf(a.start));
    } else {
      parts.push(maskValue(text, [a.start, a.end]));
      values.push([a.start, a.end]);
    }
  }
  parts.push(text.slice(at));
  const base = parts.join('');

  // Variant v keeps branch v of every chain (its last when it has fewer) and blanks the others; the spans
  // blanked are merged first, so nested chains cost their length once, not once per enclosing chain.
  const map = maskMap(
    text.length,
    actions.map((a) => [a.start, a.end]),
  );
  const variants: DocumentSource[] = [];
  for (let v = 0; v < count; v++) {
    const spans = defines.slice();
    for (const c of chains) {
      if (c.define || c.branches.length < 2) continue;
      const keep = Math.min(v, c.branches.length - 1);
      c.branches.forEach((b, k) => {
        if (k !== keep) spans.push(b);
      });
    }
    variants.push({ ...map, text: blankOut(base, union(spans)) });
  }
  return { text, variants, values, openLines, lineOf, lexError, unchecked };
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
 * The offset map every variant shares (the variants differ only in their text): a character outside the
 * actions is where it was written (a blanked branch stands for itself); an action's mask stands for the whole
 * action. Binary searches over the actions: no copy per variant or per action.
 */
function maskMap(length: number, actions: readonly Span[]): Omit<DocumentSource, 'text'> {
  /** The action holding offset `o` (start <= o < end), if any. */
  const actionAt = (o: number): Span | undefined => {
    let lo = 0;
    let hi = actions.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (actions[mid][0] <= o) lo = mid + 1;
      else hi = mid;
    }
    const a = actions[lo - 1];
    return a && o < a[1] ? a : undefined;
  };
  const toUser = (o: number): number | undefined => {
    if (o < 0 || o > length) return undefined;
    return actionAt(o)?.[0] ?? o;
  };
  /** The end of the character before `o`: an action's mask ends where the action does. */
  const endToUser = (o: number) => (o <= 0 ? toUser(0) : (actionAt(o - 1)?.[1] ?? o));
  return {
    toUser,
    fromUser: (u) => {
      if (u < 0 || u > length) return undefined;
      // Inside an action: the first character written after it (the mask is not what the user wrote).
      const a = actionAt(u);
      return a && u > a[0] ? a[1] : u;
    },
    spanToUser: (from, to) => {
      const s = toUser(from);
      if (s === undefined) return undefined;
      const e = to > from ? endToUser(to) : undefined;
      return [s, e !== undefined && e > s ? e : s + 1];
    },
  };
}
