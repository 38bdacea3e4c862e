// A Helm template's own diagnostics: each variant of its masked text (mask.ts) checked as a manifest and
// placed back through its document source. What lands on a masked action says nothing about the rendered
// value and is left out; a field is missing only when it is missing in every variant (a key written in one
// branch of an if/else counts as present) and no output action could supply it.
import { parseDocument, visit } from 'yaml';
import { fixEditsOf } from '../codeActions';
import { literalEdit } from './literalEdits';
import type { Diag } from '../diag';
import { toUserSpans } from '../source';
import type { MaskedTemplate } from './mask';

const MISSING: ReadonlySet<string> = new Set(['missing-required', 'missing-member', 'reference-shape']);

const overlaps = (d: Diag, [s, e]: [number, number]) =>
  d.end > d.start ? d.start < e && s < d.end : d.start >= s && d.start < e;

/** Whether a diagnostic touches one of the value actions (sorted, disjoint): a binary search. */
function onAction(values: readonly [number, number][], d: Diag): boolean {
  let lo = 0;
  let hi = values.length;
  // The first action ending after the diagnostic starts.
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (values[mid][1] <= d.start) lo = mid + 1;
    else hi = mid;
  }
  return lo < values.length && overlaps(d, values[lo]);
}

/**
 * A diagnostic of a variant with its fix data kept where at least one of its fixes makes literal edits only
 * (literalEdits.ts): offsets are the user's, so such a fix does to the template what it does to the mask.
 * Where none does, every fix was computed on underscores and blanks: the data goes (the diagnostic stays,
 * with "Disable"). The other fixes of kept data are left out when actions are made (`accept`).
 */
function literalFixesOnly(d: Diag, variant: string, user: string): Diag {
  if (!d.data) return d;
  const literal = literalEdit(variant, user);
  if (fixEditsOf(d).some((edits) => edits.every(literal))) return d;
  const { data: _data, ...rest } = d;
  return rest;
}

/** The problems an embedded language (PromQL, CEL) finds in an expression: anywhere in its scalar. */
const EMBEDDED = /^(?:promql-|cel-|rule-template$)/;

/** The span of the scalar holding `offset` in a text, if any. */
function scalarAt(text: string, offset: number): [number, number] | undefined {
  let found: [number, number] | undefined;
  visit(parseDocument(text, { uniqueKeys: false }), {
    Scalar(_key, node) {
      const r = node.range;
      if (r && r[0] <= offset && offset < Math.max(r[1], r[0] + 1)) {
        found = [r[0], r[1]];
        return visit.BREAK;
      }
      return undefined;
    },
  });
  return found;
}

/** `validate` checks a text as a manifest file (the analysis's settings applied). */
export function templateDiagnostics(masked: MaskedTemplate, validate: (text: string) => Diag[]): Diag[] {
  // An expression with an action in it is not the expression that runs: an error there may be reported
  // away from the action (an unclosed parenthesis at the end). Its whole scalar is left unjudged.
  const inActionScalar = (d: Diag, text: string) => {
    if (!EMBEDDED.test(d.code)) return false;
    const s = scalarAt(text, d.start);
    return !!s && masked.values.some((v) => v[0] < s[1] && s[0] < v[1]);
  };
  const keep = (d: Diag) =>
    !onAction(masked.values, d) && !(MISSING.has(d.code) && masked.openLines.has(masked.lineOf(d.start)));
  const key = (d: Diag) => `${d.code}\u0000${d.start}\u0000${d.end}\u0000${d.message}`;
  const perVariant = masked.variants.map((source) =>
    toUserSpans(
      source,
      validate(source.text)
        .filter((d) => !inActionScalar(d, source.text))
        .map((d) => literalFixesOnly(d, source.text, masked.text)),
    ).filter(keep),
  );
  const out = new Map<string, Diag>();
  const at = (d: Diag) => `${d.code}\u0000${d.start}`;
  const missing = perVariant.map((diags) => new Set(diags.filter((d) => MISSING.has(d.code)).map(at)));
  const taken = new Set<string>();
  for (const diags of perVariant)
    for (const d of diags) {
      if (MISSING.has(d.code)) {
        // Missing only when missing in every variant, and said once.
        if (!missing.every((m) => m.has(at(d))) || taken.has(at(d))) continue;
        taken.add(at(d));
      }
      // The first variant's (its fix data is of that variant's text, the one a request reads there).
      if (!out.has(key(d))) out.set(key(d), d);
    }
  return [...out.values()].sort((a, b) => a.start - b.start || a.end - b.end);
}
