// A small reader of the spec documents' markdown: every table row and every prose line, each with the
// heading path it sits under. Used by spec-coverage.test.ts to prove the model holds every row.
import { readFileSync } from 'node:fs';

/** One table row or one prose line (paragraph line or list item) of a spec document. */
export interface SpecItem {
  /** File name of the document, e.g. `2-storage.txt`. */
  doc: string;
  /** 1-based line number. */
  line: number;
  /** Heading texts from `#` down to the nearest heading above the item. */
  headings: string[];
  what: 'row' | 'prose';
  /** The text: the raw row, or the prose line without its list marker. */
  text: string;
  /** Rows: the table's header cells (`Field`, `Type`, `R/O`, `Notes`). */
  header: string[];
  /** Rows: the cells, trimmed. */
  cells: string[];
  /** Rows: the prose line just above the table in the same section (e.g. "Status-only fields of …:"). */
  context: string;
  /** Every backticked value of the item, in order. */
  ticks: string[];
}

/** The backticked values of a text. */
export const ticksOf = (text: string): string[] => [...text.matchAll(/`([^`]*)`/g)].map((m) => m[1]);

/** Splits a table line into cells; a `|` inside backticks does not split. */
function cellsOf(line: string): string[] {
  const body = line.trim().replace(/^\|/, '').replace(/\|$/, '');
  const cells: string[] = [];
  let cur = '';
  let tick = false;
  for (const ch of body) {
    if (ch === '`') tick = !tick;
    if (ch === '|' && !tick) {
      cells.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  cells.push(cur.trim());
  return cells;
}

const isSeparator = (line: string) => /^\|\s*:?-{3,}/.test(line.trim());

export function parseSpecText(doc: string, text: string): SpecItem[] {
  const lines = text.split(/\r?\n/);
  const items: SpecItem[] = [];
  const headings: string[] = [];
  let header: string[] | undefined;
  let lastProse = '';
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i];
    const line = raw.trim();
    const h = /^(#{1,6})\s+(.*)$/.exec(line);
    if (h) {
      headings.length = h[1].length - 1;
      headings[h[1].length - 1] = h[2].trim();
      header = undefined;
      lastProse = '';
      continue;
    }
    if (line.startsWith('|')) {
      if (!header) {
        if (!isSeparator(lines[i + 1] ?? '')) throw new Error(`${doc}:${i + 1}: table header without separator`);
        header = cellsOf(line);
        i++; // the separator
        continue;
      }
      const cells = cellsOf(line);
      if (cells.length !== header.length)
        throw new Error(`${doc}:${i + 1}: ${cells.length} cells, header has ${header.length}`);
      items.push({
        doc,
        line: i + 1,
        headings: [...headings],
        what: 'row',
        text: line,
        header,
        cells,
        context: lastProse,
        ticks: ticksOf(line),
      });
      continue;
    }
    header = undefined;
    if (!line) continue;
    const prose = line.replace(/^(?:[-*]|\d+\.)\s+/, '');
    lastProse = prose;
    items.push({
      doc,
      line: i + 1,
      headings: [...headings],
      what: 'prose',
      text: prose,
      header: [],
      cells: [],
      context: '',
      ticks: ticksOf(prose),
    });
  }
  return items;
}

export const parseSpecFile = (doc: string, path: string): SpecItem[] => parseSpecText(doc, readFileSync(path, 'utf8'));

/** A field named in a comma list such as "`cors` (CorsRules, O), `owner` (R), conditions, id". */
export interface ListedField {
  name: string;
  /** Text inside the parentheses after the name, if any. */
  paren: string;
  /** `true` for R, `false` for O, undefined when the list says neither. */
  required?: boolean;
  /** Values after the word `enum` in the parentheses. */
  enumValues: string[];
  /** The raw item. */
  raw: string;
}

/** Splits at `sep` characters outside parentheses and backticks. */
export function splitTop(text: string, sep = ','): string[] {
  const out: string[] = [];
  let depth = 0;
  let tick = false;
  let cur = '';
  for (const ch of text) {
    if (ch === '`') tick = !tick;
    if (!tick && ch === '(') depth++;
    if (!tick && ch === ')') depth--;
    if (!tick && depth === 0 && sep.includes(ch)) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out.map((s) => s.trim()).filter(Boolean);
}

/** Splits at a word (e.g. ` and `) outside parentheses and backticks. */
export function splitTopWord(text: string, word: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let tick = false;
  let cur = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '`') tick = !tick;
    if (!tick && ch === '(') depth++;
    if (!tick && ch === ')') depth--;
    if (!tick && depth === 0 && text.startsWith(word, i)) {
      out.push(cur);
      cur = '';
      i += word.length - 1;
    } else cur += ch;
  }
  out.push(cur);
  return out.map((s) => s.trim()).filter(Boolean);
}

/** Values following the word `enum`: "enum `A`, `B`, `C`; more" gives A, B, C. */
export function enumAfterWord(text: string): string[] {
  const m = /\benum\b[^`;]*?((?:`[^`]*`(?:\s*,\s*|\s+and\s+|\s*))+)/.exec(text);
  return m ? ticksOf(m[1]) : [];
}

/** The R/O mark of a parenthesised note: a standalone `R` or `O` item. */
export function requiredMark(paren: string): boolean | undefined {
  const parts = splitTop(paren, ',;').map((p) => p.trim());
  if (parts.includes('R')) return true;
  if (parts.includes('O')) return false;
  return undefined;
}

/**
 * Parses a comma list of fields. An item is a (possibly backticked) name, optionally followed by a
 * parenthesised note; items are separated by commas or ` and `; a leading `and` / `plus` is dropped. Items that are not of that shape are returned
 * in `rest` for the caller to account for.
 */
export function parseFieldList(text: string): { fields: ListedField[]; rest: string[] } {
  const fields: ListedField[] = [];
  const rest: string[] = [];
  const items = splitTop(text.replace(/\.\s*$/, '')).flatMap((i) =>
    splitTopWord(i.replace(/^(?:and|plus)\s+/, ''), ' and '),
  );
  for (const item of items) {
    const m = /^`?([A-Za-z_][A-Za-z0-9_]*)`?\s*(?:\((.*)\))?$/s.exec(item);
    if (!m) {
      rest.push(item);
      continue;
    }
    const paren = m[2] ?? '';
    fields.push({ name: m[1], paren, required: requiredMark(paren), enumValues: enumAfterWord(paren), raw: item });
  }
  return { fields, rest };
}
