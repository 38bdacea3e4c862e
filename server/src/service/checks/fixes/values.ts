// Fixes that rewrite one scalar: an enum value (wrong case, near miss), a kind or apiVersion near miss,
// a value the cluster reads as another type (quote it), a number written as a string (unquote it), an
// ISO 8601 duration where seconds are wanted. The new text keeps the quoting the user wrote.
import type { Span } from '../../core/yamlNodes';
import type { FixData } from '../../core/fixData';
import { scalarText } from '../../core/yamlText';

/** `value` written in the quoting style of `written` (the current text); undefined for block scalars. */
export function inStyleOf(written: string, value: string): string | undefined {
  if (written.startsWith('"')) return JSON.stringify(value);
  if (written.startsWith("'")) return `'${value.replace(/'/g, "''")}'`;
  if (/^[|>]/.test(written) || written.includes('\n')) return undefined;
  return scalarText(value);
}

/** Replace a string value by one of `values` (best first); safe for fix-all when there is one. */
export function valueFix(text: string, span: Span, values: string[], safe: boolean): FixData | undefined {
  if (values.length === 0) return undefined;
  const written = text.slice(span[0], span[1]);
  const candidates = [];
  for (const v of values) {
    const t = inStyleOf(written, v);
    if (t === undefined) return undefined;
    candidates.push({ title: `Change to \`${v}\``, text: t });
  }
  return { fix: 'replace', span, candidates, ...(safe && values.length === 1 ? { safe: true } : {}) };
}

/**
 * One action per value the message lists, where none is near what was written (`FETCH` among the HTTP
 * methods): the user chooses, none is preferred, none is safe. Lists longer than `max` offer nothing.
 */
export function choiceFix(text: string, span: Span, values: string[], max = 8): FixData | undefined {
  if (values.length > max) return undefined;
  const fix = valueFix(text, span, values, false);
  return fix?.fix === 'replace' ? { ...fix, choice: true } : undefined;
}

/** A number within the limits, the nearest to the one written (the minimum below it, the maximum above). */
export function boundFix(span: Span, bound: number, which: 'minimum' | 'maximum'): FixData {
  return {
    fix: 'replace',
    span,
    candidates: [{ title: `Write ${bound} (the ${which})`, text: String(bound) }],
  };
}

/** A duration written another way (`5m`) where ISO 8601 is wanted: the same duration in ISO 8601. */
export function isoDurationFix(text: string, span: Span, iso: string): FixData | undefined {
  const t = inStyleOf(text.slice(span[0], span[1]), iso);
  return t === undefined
    ? undefined
    : { fix: 'replace', span, candidates: [{ title: `Change to \`${iso}\``, text: t }], safe: true };
}

/** Quote a plain scalar the cluster would read as a boolean or number where a string is wanted. */
export function quoteFix(text: string, span: Span): FixData | undefined {
  const written = text.slice(span[0], span[1]);
  if (!written || /^["'|>&*!]/.test(written) || /[\n#]/.test(written)) return undefined;
  const quoted = JSON.stringify(written);
  return { fix: 'replace', span, candidates: [{ title: `Quote it: ${quoted}`, text: quoted }], safe: true };
}

/** Unquote a number written as a string, when the number reads back exactly as written. */
export function unquoteFix(text: string, span: Span, value: string, integer: boolean): FixData | undefined {
  const written = text.slice(span[0], span[1]);
  if (!/^["']/.test(written)) return undefined;
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || String(n) !== value || (integer && !Number.isInteger(n)))
    return undefined;
  return { fix: 'replace', span, candidates: [{ title: `Write the number ${value}`, text: value }], safe: true };
}

/** An ISO 8601 duration where integer seconds are wanted: the number of seconds. */
export function secondsFix(span: Span, duration: string, seconds: number): FixData {
  return {
    fix: 'replace',
    span,
    candidates: [{ title: `Write ${seconds} (the seconds in ${duration})`, text: String(seconds) }],
    safe: true,
  };
}
