// A Helm template as YAML the service can check: each `{{ … }}` action is masked by text of the same
// length, so every offset of the masked text is the offset the user wrote (completion, hover and
// definition work on it unchanged) and its diagnostics land where they belong.
// - An action alone on its line (`{{- if … }}`, `{{- end }}`, `{{- include … | nindent 4 }}`) becomes
//   spaces: it never breaks the structure.
// - An action where a value or a key goes (`{{ .Values.x }}`, quoted or not, or inside a string) becomes a
//   word of private-use characters, each standing for the action's character at its place (`maskCode`);
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
import { ACTIONS_PER_STEP, drain, lexSteps } from './lex';

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
// Read once into module constants: the hot loops below use them per character.
const FIRST = MASK_FIRST;
const SPAN = MASK_LAST - MASK_FIRST;
const maskCode = (code: number) => FIRST + Math.min(code, SPAN);

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
function* actionsOf(text: string): Generator<void, { actions: Action[]; error?: MaskedTemplate['lexError'] }> {
  const lexed = yield* lexSteps(text);
  const actions: Action[] = [];
  for (const a of lexed.actions) {
    if (actions.length % ACTIONS_PER_STEP === ACTIONS_PER_STEP - 1) yield;
    if (a.comment) {
      actions.push({ start: a.start, end: a.end, word: '', comment: true });
      continue;
    }
    // Only the head and the tail of the words are read: an action may be long.
    const [from, to] = a.inner;
    const head = text.slice(from, Math.min(to, from + 200)).trimStart();
    const tail = text.slice(Math.max(from, to - 200), to);
    // A variable set (`{{- $name := … }}`): nothing is output.
    const comment = /^\$\w*\s*:?=/.test(head);
    const word = comment ? '' : (/^(?:else\s+(?:if|with)|[A-Za-z_$.][\w$.]*)/.exec(head)?.[0] ?? '');
    const ind = /\b(?:nindent|indent)\s+(\d+)\s*\)?\s*$/.exec(tail);
    actions.push({ start: a.start, end: a.end, word, comment, indent: ind ? Number(ind[1]) : undefined });
  }
  return { actions, error: lexed.error };
}

/**
 * The lines of a text (broken at `\n`, a `\r` before it left out of the line), found once: every question
 * about an offset's line is a binary search, never a scan of the line (a line may hold 100,000 actions).
 */
interface Lines {
  /** The 0-based line of an offset: how many line breaks come before it. */
  lineOf(o: number): number;
  /** The offset the line of `o` starts at. */
  startOf(o: number): number;
  /** The offset the line of `o` ends at (before its `\r\n` or `\n`). */
  endOf(o: number): number;
  /** The offset line `l` starts at. */
  lineStart(l: number): number;
  /** The offset line `l` ends at (before its `\r\n` or `\n`). */
  lineEnd(l: number): number;
}

function linesOf(text: string): Lines {
  const breaks: number[] = [];
  for (let k = text.indexOf('\n'); k >= 0; k = text.indexOf('\n', k + 1)) breaks.push(k);
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
  const lineStart = (l: number) => (l > 0 ? breaks[l - 1] + 1 : 0);
  const lineEnd = (l: number) => {
    const n = breaks[l];
    return n === undefined ? text.length : text[n - 1] === '\r' ? n - 1 : n;
  };
  return { lineOf, startOf: (o) => lineStart(lineOf(o)), endOf: (o) => lineEnd(lineOf(o)), lineStart, lineEnd };
}

/** A value action as a word of private-use characters, one per character it holds (line breaks kept). */
function maskValue(text: string, [s, e]: Span): string {
  const codes: number[] = [];
  const parts: string[] = [];
  for (let k = s; k < e; k++) {
    const c = text.charCodeAt(k);
    codes.push(c === 10 || c === 13 ? c : maskCode(c));
    // In pieces: a call takes a bounded number of arguments.
    if (codes.length === 4096) parts.push(String.fromCharCode(...codes.splice(0)));
  }
  parts.push(String.fromCharCode(...codes));
  return parts.join('');
}

/** A span of text as spaces, its line breaks kept (so lines and offsets stay). */
function blank(text: string, [s, e]: Span): string {
  const part = text.slice(s, e);
  // Most actions hold no line break: a repeat.
  if (!part.includes('\n') && !part.includes('\r')) return ' '.repeat(part.length);
  // A long one (a comment, a branch): its bytes set in place and decoded once, not a string per line.
  const bytes = new Uint8Array(part.length).fill(SPACE);
  for (const br of ['\n', '\r'])
    for (let k = part.indexOf(br); k >= 0; k = part.indexOf(br, k + 1)) bytes[k] = br.charCodeAt(0);
  // Spaces and line breaks are ASCII: their UTF-8 bytes are their characters.
  return new TextDecoder().decode(bytes);
}
const SPACE = 0x20;

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
  return drain(maskSteps(text));
}

/**
 * `maskTemplate` in steps of a few thousand actions: the workspace scan masks a large template between
 * requests (lsp/templateSlices.ts). Each loop over the actions yields as it goes.
 */
export function* maskSteps(text: string): Generator<void, MaskedTemplate> {
  const { actions, error: lexError } = yield* actionsOf(text);
  // Every loop below counts its turns: a step ends every ACTIONS_PER_STEP of them.
  let turns = 0;
  const tick = () => ++turns % ACTIONS_PER_STEP === 0;
  const lines = linesOf(text);
  // Which actions are alone on their line(s): nothing but blanks and other actions around them.
  const alone = new Uint8Array(actions.length);
  let i = 0;
  while (i < actions.length) {
    if (tick()) yield;
    // The actions that share a run of lines (one action may span lines).
    const from = lines.startOf(actions[i].start);
    let j = i;
    let to = lines.endOf(actions[i].end);
    while (j + 1 < actions.length && actions[j + 1].start < to) to = lines.endOf(actions[++j].end);
    // The text between the actions (linear: a line may hold many actions).
    let isBlank = text.slice(from, actions[i].start).trim() === '';
    for (let k = i; k <= j && isBlank; k++)
      isBlank = text.slice(actions[k].end, k < j ? actions[k + 1].start : to).trim() === '';
    if (isBlank) alone.fill(1, i, j + 1);
    i = j + 1;
  }

  // The chains of branches of if/with/range … else … end, and the define bodies.
  type Chain = { branches: Span[]; elses: Span[]; define: boolean };
  const chains: Chain[] = [];
  const stack: { chain: Chain; from: number }[] = [];
  for (const a of actions) {
    if (tick()) yield;
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
    if (tick()) yield;
    if (c.define || inDefine(c.branches[0][0])) continue;
    most = Math.max(most, c.branches.length);
    // Branch MAX_VARIANTS (0-based) starts after else number MAX_VARIANTS - 1: the first one left out.
    const left = c.elses[MAX_VARIANTS - 1];
    if (left && (!unchecked || left[0] < unchecked[0])) unchecked = left;
  }
  const count = Math.min(MAX_VARIANTS, most);

  const values: Span[] = [];
  const openLines = new Set<number>();
  const { lineOf } = lines;
  const keyLines = enclosingKeyLines(text, lines);
  const odd = oddBreaks(text);
  // The base mask: every action blanked (alone) or turned into a word (a value), in one pass.
  const parts: string[] = [];
  let at = 0;
  const rootKind = rootKindLines(text);
  for (let n = 0; n < actions.length; n++) {
    if (tick()) yield;
    const a = actions[n];
    parts.push(text.slice(at, a.start));
    at = a.end;
    if (alone[n]) {
      parts.push(blank(text, [a.start, a.end]));
      if (!a.comment && !CONTROL.test(a.word)) {
        const key = keyLines(a, rootKind);
        if (key !== undefined) openLines.add(lineOf(key));
      }
    } else if (a.indent !== undefined && !CONTROL.test(a.word) && blockAfterKey(text, a, lines, odd)) {
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
    Int32Array.from(actions, (a) => a.start),
    Int32Array.from(actions, (a) => a.end),
  );
  const variants: DocumentSource[] = [];
  for (let v = 0; v < count; v++) {
    const spans = defines.slice();
    for (const c of chains) {
      if (tick()) yield;
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

/**
 * The offsets of the characters a regular expression's `.` does not match and `$` does not end on, other
 * than the `\r\n` that ends a line: a `#` comment up to the line's end holds none of them (`blockAfterKey`).
 */
function oddBreaks(text: string): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(/\r(?!\n)|[\u2028\u2029]/g)) out.push(m.index!);
  return out;
}

/**
 * The action ends its line and follows a `key:` (its output starts on a new line: `nindent`). Read from the
 * action outwards, never the whole line: a line may hold many actions.
 */
function blockAfterKey(text: string, a: Action, lines: Lines, odd: readonly number[]): boolean {
  const start = lines.startOf(a.start);
  let p = a.start;
  while (p > start && (text[p - 1] === ' ' || text[p - 1] === '\t')) p--;
  if (p === start || text[p - 1] !== ':') return false;
  const end = lines.endOf(a.end);
  let q = a.end;
  while (q < end && (text[q] === ' ' || text[q] === '\t')) q++;
  if (q < end) {
    if (text[q] !== '#') return false;
    // A comment to the line's end: no lone `\r` (nor U+2028/9) after it on the line.
    const next = odd[firstAtOrAfter(odd, q)];
    if (next !== undefined && next < end) return false;
  }
  return /^\s*\{\{-?\s*\S[\s\S]*\bnindent\b/.test(text.slice(a.start, a.end));
}

/** The index of the first of sorted numbers at or after `o` (their length when none is). */
function firstAtOrAfter(sorted: readonly number[], o: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < o) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** What the look upwards reads of a line: passed over (blank, a comment, an action), else its key's offset. */
type LineLook = { skip: true } | { skip: false; lead: number; key: number | undefined };

/**
 * The offset of the key whose mapping an output action alone on its line fills: the nearest line above
 * indented less than what the action writes (its `nindent`, else its column) that is a `key:`; the `kind:`
 * line stands for the document's root. Each line is read once and each (line, indent) looked up once: many
 * actions on a line, or under the same lines, cost a few steps each.
 */
function enclosingKeyLines(
  text: string,
  lines: Lines,
): (a: Action, rootKind: (at: number) => number | undefined) => number | undefined {
  const looks = new Map<number, LineLook>();
  const look = (l: number): LineLook => {
    let hit = looks.get(l);
    if (!hit) {
      const s = lines.lineStart(l);
      const line = text.slice(s, lines.lineEnd(l));
      const body = line.trimStart();
      if (body === '' || body.startsWith('#') || body.startsWith('{{')) hit = { skip: true };
      else {
        const lead = line.length - body.length + (body.startsWith('- ') ? 2 : 0);
        hit = { skip: false, lead, key: /:\s*(?:#.*)?$/.test(body) ? s + lead : undefined };
      }
      looks.set(l, hit);
    }
    return hit;
  };
  /** The key found for each line and indent (numbers: a line of many actions asks for many indents). */
  const found = new Map<number, Map<number, number | undefined>>();
  /** The nearest line above each line that the look does not pass over, if any within reach. */
  const nearest = new Map<number, Extract<LineLook, { skip: false }> | null>();
  return (a, rootKind) => {
    const line = lines.lineOf(a.start);
    const indent = a.indent ?? a.start - lines.lineStart(line);
    // At the root: no line above can be the key (and a walk up could end in another document).
    if (indent === 0) return rootKind(a.start);
    // Indented deeper than the nearest line above: that line's key, whatever the indent. Only indents up to
    // that line's are remembered, so a line of 100,000 actions (each its own column) keeps a few entries,
    // not one per action (a map that size made masking such a line grow faster than its length).
    let near = nearest.get(line);
    if (near === undefined) {
      near = null;
      for (let l = line - 1; l >= 0 && l >= line - 500; l--) {
        const at = look(l);
        if (!at.skip) {
          near = at;
          break;
        }
      }
      nearest.set(line, near);
    }
    if (near && near.lead < indent) return near.key;
    let memo = found.get(line);
    if (!memo) found.set(line, (memo = new Map()));
    if (memo.has(indent)) return memo.get(indent);
    let key: number | undefined;
    // A bounded look upwards: a mapping's key is near its content.
    for (let l = line - 1; l >= 0 && l >= line - 500; l--) {
      const at = look(l);
      if (at.skip || at.lead >= indent) continue;
      key = at.key;
      break;
    }
    memo.set(indent, key);
    return key;
  };
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
function maskMap(length: number, starts: Int32Array, ends: Int32Array): Omit<DocumentSource, 'text'> {
  /** The index of the action holding offset `o` (start <= o < end), else -1. */
  const actionAt = (o: number): number => {
    let lo = 0;
    let hi = starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (starts[mid] <= o) lo = mid + 1;
      else hi = mid;
    }
    return lo > 0 && o < ends[lo - 1] ? lo - 1 : -1;
  };
  const toUser = (o: number): number | undefined => {
    if (o < 0 || o > length) return undefined;
    const k = actionAt(o);
    return k < 0 ? o : starts[k];
  };
  /** The end of the character before `o`: an action's mask ends where the action does. */
  const endToUser = (o: number) => {
    if (o <= 0) return toUser(0);
    const k = actionAt(o - 1);
    return k < 0 ? o : ends[k];
  };
  return {
    toUser,
    fromUser: (u) => {
      if (u < 0 || u > length) return undefined;
      // Inside an action: the first character written after it (the mask is not what the user wrote).
      const k = actionAt(u);
      return k >= 0 && u > starts[k] ? ends[k] : u;
    },
    spanToUser: (from, to) => {
      const s = toUser(from);
      if (s === undefined) return undefined;
      const e = to > from ? endToUser(to) : undefined;
      return [s, e !== undefined && e > s ? e : s + 1];
    },
  };
}
