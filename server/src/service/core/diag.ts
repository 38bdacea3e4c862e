// The language service's diagnostic: offsets into the file, a registry code, a message. The LSP layer
// and the CLI turn offsets into positions.
import type { Code, Severity } from './codes';
import { CODES } from './codes';
import type { FixData } from './fixData';

export interface Diag {
  code: Code;
  message: string;
  start: number;
  end: number;
  /** Overrides the code's default severity (e.g. approximate facts are warnings). */
  severity?: Severity;
  /** What the quick fixes need (fixes/data.ts), carried into LSP `Diagnostic.data`. */
  data?: FixData;
}

export const severityOf = (d: Diag): Severity => d.severity ?? CODES[d.code].severity;

/** The longest message reported whole; a longer one keeps its start and its end (what to write). */
export const MAX_MESSAGE = 1_000;
const MESSAGE_HEAD = 700;
const MESSAGE_TAIL = MAX_MESSAGE - MESSAGE_HEAD - 3;

/** A quoted run longer than this, in a message past MAX_MESSAGE, keeps its first and last characters. */
const LONG_QUOTE = 120;
const QUOTE_HEAD = 80;
const QUOTE_TAIL = 30;

/** `s[from, to)` with neither end between the two halves of a surrogate pair. */
function sliceWhole(s: string, from: number, to: number): string {
  if (from > 0 && /[\udc00-\udfff]/.test(s[from])) from++;
  if (to < s.length && /[\ud800-\udbff]/.test(s[to - 1])) to--;
  return s.slice(from, to);
}

/**
 * Each run between two like quotes (`"`, `'`, a backquote) longer than LONG_QUOTE cut in its middle: the
 * value, path or rule a long message quotes. One pass, each character looked at once.
 */
function shortQuotes(m: string): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < m.length; i++) {
    const q = m[i];
    if (q !== '"' && q !== "'" && q !== '`') continue;
    const end = m.indexOf(q, i + 1);
    if (end < 0) break;
    if (end - i - 1 > LONG_QUOTE)
      out += `${m.slice(from, i + 1)}${sliceWhole(m, i + 1, i + 1 + QUOTE_HEAD)}…${sliceWhole(m, end - QUOTE_TAIL, end)}`;
    else out += m.slice(from, end);
    from = end;
    i = end;
  }
  return out + m.slice(from);
}

/**
 * A message past MAX_MESSAGE characters made short: what it quotes (a 50,000-character string, a 300 KB
 * `fieldPath`, a megabyte of rule) cut in its middle, then, still too long, the message itself, keeping its
 * start (what is wrong) and its end (what to write). Whole, such messages froze VS Code for the web's tab
 * drawing and filtering the Problems panel (bench/hostileWeb.ts). A message of ordinary length is left as
 * it is (an apostrophe in its prose is no quote). The CLI and the editor get the same text.
 */
export function boundedMessage(message: string): string {
  if (message.length <= MAX_MESSAGE) return message;
  const short = shortQuotes(message);
  if (short.length <= MAX_MESSAGE) return short;
  return `${sliceWhole(short, 0, MESSAGE_HEAD)} … ${sliceWhole(short, short.length - MESSAGE_TAIL, short.length)}`;
}

/** Collects diagnostics with spans relative to one document chunk. */
export class Reporter {
  readonly diags: Diag[] = [];
  /** When set, every diagnostic is at most a warning (facts marked ≈ in reference-shapes.md). */
  approx = false;
  /**
   * When set, every diagnostic is placed here: content reached through an alias or a merge key is
   * reported where it is used, not where the anchor defines it.
   */
  redirect: [number, number] | undefined;
  report(code: Code, span: [number, number], message: string, severity?: Severity, data?: FixData): void {
    // Reported away from the content (at an alias or merge key): a fix's spans would point elsewhere.
    if (this.redirect) [span, data] = [this.redirect, undefined];
    let sev = severity;
    if (this.approx) {
      const s = sev ?? CODES[code].severity;
      if (s === 'error') sev = 'warning';
    }
    this.diags.push({
      code,
      message: boundedMessage(message),
      start: span[0],
      end: Math.max(span[0], span[1]),
      ...(sev ? { severity: sev } : {}),
      ...(data ? { data } : {}),
    });
  }
}
