// A Helm template's own diagnostics: each variant of its masked text (mask.ts) checked as a manifest and
// placed back through its document source. What lands on a masked action says nothing about the rendered
// value and is left out; a field is missing only when it is missing in every variant (a key written in one
// branch of an if/else counts as present) and no output action could supply it.
import type { Diag } from '../diag';
import { toUserSpans } from '../source';
import type { MaskedTemplate } from './mask';

const MISSING: ReadonlySet<string> = new Set(['missing-required', 'missing-member', 'reference-shape']);

const overlaps = (d: Diag, [s, e]: [number, number]) =>
  d.end > d.start ? d.start < e && s < d.end : d.start >= s && d.start < e;

/** `validate` checks a text as a manifest file (the analysis's settings applied). */
export function templateDiagnostics(masked: MaskedTemplate, validate: (text: string) => Diag[]): Diag[] {
  const keep = (d: Diag) =>
    !masked.values.some((v) => overlaps(d, v)) &&
    !(MISSING.has(d.code) && masked.openLines.has(masked.lineOf(d.start)));
  const key = (d: Diag) => `${d.code}\u0000${d.start}\u0000${d.end}\u0000${d.message}`;
  const perVariant = masked.variants.map((source) =>
    // Fixes are left out: their edits were computed on the masked text.
    toUserSpans(
      source,
      validate(source.text).map(({ data: _data, ...d }) => d),
    ).filter(keep),
  );
  const out = new Map<string, Diag>();
  const missingIn = (d: Diag, diags: Diag[]) => diags.some((x) => x.code === d.code && x.start === d.start);
  for (const diags of perVariant)
    for (const d of diags) {
      if (MISSING.has(d.code) && !perVariant.every((other) => missingIn(d, other))) continue;
      if (MISSING.has(d.code) && [...out.values()].some((x) => x.code === d.code && x.start === d.start)) continue;
      out.set(key(d), d);
    }
  return [...out.values()].sort((a, b) => a.start - b.start || a.end - b.end);
}
