// A Helm template's own diagnostics: each variant of its masked text (mask.ts) checked as a manifest and
// placed back through its document source. What lands on a masked action says nothing about the rendered
// value and is left out; a field is missing only when it is missing in every variant (a key written in one
// branch of an if/else counts as present) and no output action could supply it.
import { parseDocument, visit } from 'yaml';
import { fixEditsOf } from '../../core/fixEdits';
import { literalEdit } from './literalEdits';
import type { Diag } from '../../core/diag';
import { toUserSpans } from '../../core/source';
import { MAX_VARIANTS, type MaskedTemplate } from './mask';
import { WHOLE_MANIFEST_CODES } from '../../checks/kube';

const MISSING: ReadonlySet<string> = new Set(['missing-required', 'missing-member', 'reference-shape']);

const overlaps = (d: Diag, [s, e]: [number, number]) =>
  d.end > d.start ? d.start < e && s < d.end : d.start >= s && d.start < e;

/** The first of sorted, disjoint spans ending after `offset`: a binary search. */
function firstEndingAfter(values: readonly [number, number][], offset: number): [number, number] | undefined {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (values[mid][1] <= offset) lo = mid + 1;
    else hi = mid;
  }
  return values[lo];
}

/** Whether a diagnostic touches one of the value actions (sorted, disjoint). */
function onAction(values: readonly [number, number][], d: Diag): boolean {
  const v = firstEndingAfter(values, d.start);
  return v !== undefined && overlaps(d, v);
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

/** The spans of a text's scalars, sorted by start (computed once per variant, only if asked). */
function scalarSpans(text: string): [number, number][] {
  const out: [number, number][] = [];
  visit(parseDocument(text, { uniqueKeys: false }), {
    Scalar(_key, node) {
      if (node.range) out.push([node.range[0], Math.max(node.range[1], node.range[0] + 1)]);
    },
  });
  return out.sort((a, b) => a[0] - b[0]);
}

/** The last span starting at or before `offset` (sorted spans). */
function lastAtOrBefore(spans: readonly [number, number][], offset: number): [number, number] | undefined {
  let lo = 0;
  let hi = spans.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (spans[mid][0] <= offset) lo = mid + 1;
    else hi = mid;
  }
  return spans[lo - 1];
}

/** What Go's lexer needs written to read on, for each error it reports (helm/lex.ts). */
const WRITE: Readonly<Record<string, string>> = {
  'unclosed comment': 'close the comment with `*/}}`',
  'comment ends before closing delimiter': 'write `}}` right after `*/` (or ` -}}`)',
  'unclosed action': 'close the action with `}}`',
  'unterminated quoted string': 'close the string with `"` on the same line',
  'unterminated raw quoted string': 'close the raw string with a backquote',
  'unterminated character constant': "close the character constant with `'` on the same line",
  'unclosed left paren': 'close the parenthesis before `}}`',
  'unexpected right paren': 'remove the `)` or open it with `(`',
};

/** The template's own notes: where Go's lexer stops, and the branches no variant keeps. */
function templateNotes(masked: MaskedTemplate): Diag[] {
  const out: Diag[] = [];
  const { text, lexError, unchecked } = masked;
  if (lexError) {
    const o = Math.min(lexError.offset, Math.max(0, text.length - 1));
    out.push({
      code: 'template-syntax',
      message: `Helm cannot read this template: ${lexError.message}; ${WRITE[lexError.message] ?? 'correct it'}. Nothing after it is checked.`,
      start: o,
      end: Math.min(text.length, o + (text.startsWith('{{', o) ? 2 : 1)),
    });
  }
  if (unchecked)
    out.push({
      code: 'template-branches-unchecked',
      message: `This branch and the ones after it are not checked: an if/else chain is checked in its first ${MAX_VARIANTS} branches (the others in this template too). Render the chart to check them.`,
      start: unchecked[0],
      end: unchecked[1],
    });
  return out;
}

/** `validate` checks a text as a manifest file (the analysis's settings applied). */
export function templateDiagnostics(masked: MaskedTemplate, validate: (text: string) => Diag[]): Diag[] {
  // An expression with an action in it is not the expression that runs: an error there may be reported
  // away from the action (an unclosed parenthesis at the end). Its whole scalar is left unjudged.
  const scalars = new Map<string, [number, number][]>();
  const inActionScalar = (d: Diag, text: string) => {
    if (!EMBEDDED.test(d.code)) return false;
    if (!scalars.has(text)) scalars.set(text, scalarSpans(text));
    const s = lastAtOrBefore(scalars.get(text)!, d.start);
    if (!s || d.start >= s[1]) return false;
    // The first value action ending after the scalar starts: does it start before the scalar ends?
    const v = firstEndingAfter(masked.values, s[0]);
    return v !== undefined && v[0] < s[1];
  };
  // A built-in kind's checks of the manifest as a whole (checks/kube/) are not sure of a template: an
  // `include` may write the labels, volumes or keys that seem missing, a branch left out may hold them.
  const keep = (d: Diag) =>
    !onAction(masked.values, d) &&
    !(MISSING.has(d.code) && masked.openLines.has(masked.lineOf(d.start))) &&
    !WHOLE_MANIFEST_CODES.has(d.code);
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
  return [...out.values(), ...templateNotes(masked)].sort((a, b) => a.start - b.start || a.end - b.end);
}
