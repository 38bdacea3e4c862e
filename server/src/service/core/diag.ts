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
export const MAX_MESSAGE = 2_000;
const MESSAGE_HEAD = 1_400;
const MESSAGE_TAIL = MAX_MESSAGE - MESSAGE_HEAD - 3;

/**
 * A message cut in the middle past MAX_MESSAGE characters: a message quoting a value of the manifest or the
 * CRD (a 50,000-character string, a 300 KB `fieldPath`, a megabyte of rule) would be that long, and VS Code
 * for the web's tab froze drawing such messages in the Problems panel (bench/hostileWeb.ts). The CLI and the
 * editor get the same cut text.
 */
export function boundedMessage(message: string): string {
  if (message.length <= MAX_MESSAGE) return message;
  let head = MESSAGE_HEAD;
  let tail = message.length - MESSAGE_TAIL;
  // Not between the two halves of a surrogate pair.
  if (/[\ud800-\udbff]/.test(message[head - 1])) head--;
  if (/[\udc00-\udfff]/.test(message[tail])) tail++;
  return `${message.slice(0, head)} … ${message.slice(tail)}`;
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
