// What a diagnostic carries for its quick fixes (`Diag.data`, LSP `Diagnostic.data`): everything an action
// needs, as offsets into the text the diagnostic was computed on, so actions are built without validating
// again. `doc` fingerprints the YAML document the offsets belong to: an action on a document that changed
// since is not offered (the editor may send back diagnostics of an older version).
import type { Span } from './yamlNodes';

/** A text to write, with the action's title. */
export interface Candidate {
  title: string;
  text: string;
}

/**
 * `reveals`: the region a fix makes the checks look into (the value of a renamed key, a document whose kind
 * is corrected): diagnostics found there afterwards were hidden by the mistake, not made by the fix.
 */

/** One way to resolve a diagnostic by removing text (whole entries, with their values). */
export interface RemoveOption {
  title: string;
  spans: Span[];
  /** Part of fix-all (`source.fixAll`, `check --fix`). */
  safe?: boolean;
}

export type FixData = (
  | /** Replace a value (enum spelling, a kind, an apiVersion, quoting, seconds): one action per candidate. */
    {
      fix: 'replace';
      span: Span;
      candidates: Candidate[];
      safe?: boolean;
      /**
       * None is preferred: the candidates are every value the message lists, none nearer than another (an
       * editor applies a preferred one on "auto fix", and its menu's first entry on Enter).
       */
      choice?: true;
      reveals?: Span;
    } /** An unknown key: rename it to a near known name, or remove the entry (`remove`, when it can be). */
  | {
      fix: 'field';
      key: Span;
      name: string;
      candidates: string[];
      remove?: Span;
      reveals?: Span;
    } /** Remove entries: one action per option (keep one member of an exclusive group, drop `status`). */
  | { fix: 'remove'; options: RemoveOption[] } /** Insert text (missing required fields) at one or more places. */
  | { fix: 'insert'; title: string; edits: { at: number; text: string }[]; reveals?: Span }
) & {
  /** Offset, length and hash of the YAML document's text the offsets were computed on. */
  doc?: [number, number, number];
};

const shiftSpan = (s: Span, by: number): Span => [s[0] + by, s[1] + by];

/** The data with its offsets moved by `by` (document-relative → file offsets), fingerprinted with `doc`. */
export function shiftFix(d: FixData, by: number, doc: [number, number, number]): FixData {
  switch (d.fix) {
    case 'replace':
      return { ...d, span: shiftSpan(d.span, by), ...(d.reveals ? { reveals: shiftSpan(d.reveals, by) } : {}), doc };
    case 'field':
      return {
        ...d,
        key: shiftSpan(d.key, by),
        ...(d.remove ? { remove: shiftSpan(d.remove, by) } : {}),
        ...(d.reveals ? { reveals: shiftSpan(d.reveals, by) } : {}),
        doc,
      };
    case 'remove':
      return { ...d, options: d.options.map((o) => ({ ...o, spans: o.spans.map((s) => shiftSpan(s, by)) })), doc };
    case 'insert':
      return {
        ...d,
        edits: d.edits.map((e) => ({ at: e.at + by, text: e.text })),
        ...(d.reveals ? { reveals: shiftSpan(d.reveals, by) } : {}),
        doc,
      };
  }
}

/** FNV-1a over a text: a cheap fingerprint of a document (collisions only cost a wrong offer refused later). */
export function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Whether `data` was computed on the text `text` holds now (its document unchanged). */
export function isCurrent(d: FixData, text: string): boolean {
  if (!d.doc) return true;
  const [offset, length, hash] = d.doc;
  return offset + length <= text.length && hashText(text.slice(offset, offset + length)) === hash;
}

/** Reads data sent back by a client: undefined unless it has the shape of ours (as `wireFixData` wrote it). */
export function readFixData(raw: unknown): FixData | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const d = raw as { fix?: unknown; doc?: unknown; candidates?: unknown };
  if (!['replace', 'field', 'remove', 'insert'].includes(d.fix as string)) return undefined;
  if (d.doc !== undefined && !(Array.isArray(d.doc) && d.doc.length === 3 && d.doc.every((n) => typeof n === 'number')))
    return undefined;
  if (d.fix === 'replace' && Array.isArray(d.candidates) && d.candidates.some((c) => typeof c === 'string'))
    return {
      ...(raw as FixData),
      candidates: d.candidates.map((c: unknown) => (typeof c === 'string' ? { title: changeTo(c), text: c } : c)),
    } as FixData;
  return raw as FixData;
}

const changeTo = (text: string) => `Change to \`${text}\``;

/**
 * Fix data as an editor gets it: a candidate whose title is the usual one for its text (`Change to \`text\``)
 * goes as its text alone, which `readFixData` reads back as it was. The data is a third of a publish's
 * bytes (an edit of a 5,000-resource file publishes its 500 enum errors again), and the editor parses it all.
 */
export function wireFixData(d: FixData): unknown {
  if (d.fix !== 'replace' || !Array.isArray(d.candidates) || !d.candidates.some((c) => c.title === changeTo(c.text)))
    return d;
  return { ...d, candidates: d.candidates.map((c) => (c.title === changeTo(c.text) ? c.text : c)) };
}
