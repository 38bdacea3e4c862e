// The `x-kubernetes-validations` rules of a CRD's kind, run on a manifest as the API server runs them: on
// each node that has rules, with `self` the node's value after the schema's defaults are applied (valid
// objects fail otherwise), integers as CEL ints, formatted strings as the durations, timestamps and bytes
// the API server makes of them, property names escaped as Kubernetes escapes them
// (`max-size` is `self.max__dash__size`). A rule is reported at its `fieldPath` when the manifest has that
// node, else on the node it sits on. A node that already has an error is left to it, and the work is
// bounded per document and by the API server's runtime cost budget (celRules.ts).
import { isMap, isScalar, isSeq, type Node } from 'yaml';
import type { CelValidation, Field, ObjectType, Type } from '../../../../model/types';
import { severityOf, type Reporter } from '../../../core/diag';
import { entry, spanOf, type Span } from '../../../core/yamlNodes';
import { celPropertyName, celPropertyNames } from './celNames';
import { registerList, registerObject } from './celLists';
import { typedEmptyList } from './library/emptyLists';
import { formattedValue, isTransitionRule, newBudget, refusedForCost, verdict, type Budget } from './celRules';
import { refusalOf } from './compile/ruleRefusal';
import { notRunNote, quotedRule, schemaTypeName } from './ruleNotes';
import { NEWEST_RELEASED_MINOR } from '../../../core/kubernetesVersion';

export { celPropertyName };

/** Rules run per document at most (a list of thousands of items under a rule stays cheap). */
const MAX_RUNS = 2000;

type Plain = Record<string, unknown>;
const isPlain = (v: unknown): v is Plain => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * An integer as written (`source`, the YAML scalar's text) where a JavaScript number cannot hold it exactly:
 * the API server decodes an int64 exactly (9223372036854775807 is not 9223372036854775808).
 */
function exactInteger(v: number, node: unknown): bigint {
  if (Number.isSafeInteger(v) || !isScalar(node)) return BigInt(v);
  const source = (node as { source?: unknown }).source;
  return typeof source === 'string' && /^[-+]?\d+$/.test(source) ? BigInt(source) : BigInt(v);
}

/**
 * A value as CEL sees it: integers of integer fields as ints (BigInt, exact from `node`, the YAML node the
 * value was read from, when a number cannot hold them), strings of a `byte`, `duration`, `date` or
 * `date-time` field as bytes, a duration or a timestamp, defaults applied to objects.
 */
export function celValue(v: unknown, t: Type | undefined, node?: unknown): unknown {
  if (v === null || v === undefined) return v;
  if (typeof v === 'string' && t?.kind === 'string' && t.celFormat) return formattedValue(v, t.celFormat);
  if (typeof v === 'number') {
    if (t?.kind === 'number') return v;
    return Number.isInteger(v) && (t === undefined || t.kind !== 'string' || t.intOrString) ? exactInteger(v, node) : v;
  }
  if (Array.isArray(v)) {
    const list = v.map((x, i) =>
      celValue(x, t?.kind === 'array' ? t.items : undefined, isSeq(node) ? node.items[i] : undefined),
    );
    // A set or a map list compares and concatenates as the API server's typed lists do (celLists.ts).
    if (t?.kind === 'array' && list.length === 0) {
      // An empty list of a typed field sums to its type's zero, as the API server's typed list does.
      if (t.items.kind === 'number') typedEmptyList(list, 'double');
      else if (t.items.kind === 'string' && t.items.celFormat === 'duration') typedEmptyList(list, 'duration');
    }
    return t?.kind === 'array' ? registerList(list, t.setList === true, t.mapKeys) : list;
  }
  if (!isPlain(v)) return v;
  const out: Plain = {};
  let nulls: Set<string> | undefined;
  for (const [k, x] of Object.entries(v)) {
    const field = t?.kind === 'object' ? t.fields[k] : undefined;
    // The API server prunes `null` from a field that is not nullable (then applies its default). A declared
    // field that is nullable and null is absent to the rules too (values.go `unstructuredMap.Find`: "null
    // valued nullable fields are treated the same as absent optional fields"), but keeps no default.
    if (x === null && field) {
      if (field.nullable) (nulls ??= new Set()).add(k);
      continue;
    }
    const ft = field ? field.type : t?.kind === 'map' ? t.values : undefined;
    const cv = celValue(x, ft, isMap(node) ? entry(node, k)?.value : undefined);
    for (const name of field ? celPropertyNames(k) : [k]) out[name] = cv;
  }
  if (t?.kind === 'object' && t.defaults)
    for (const [k, d] of Object.entries(t.defaults)) {
      const name = t.fields[k] ? celPropertyName(k) : k;
      if (out[name] === undefined && !nulls?.has(k)) out[name] = celValue(d, t.fields[k]?.type);
    }
  return registerObject(out);
}

/** The node a rule's `fieldPath` (`.spec.x`, `['a.b']`, `[0]`) names below `node`, if the manifest has it. */
function nodeAtFieldPath(node: unknown, fieldPath: string): { node: unknown; key?: Node } | undefined {
  const steps = /^(?:\.[A-Za-z_][A-Za-z0-9_-]*|\['(?:[^'\\]|\\.)*'\]|\[\d+\])+$/.test(fieldPath)
    ? (fieldPath.match(/\.[A-Za-z_][A-Za-z0-9_-]*|\['(?:[^'\\]|\\.)*'\]|\[\d+\]/g) ?? [])
    : undefined;
  if (!steps) return undefined;
  let cur: { node: unknown; key?: Node } = { node };
  for (const s of steps) {
    if (s.startsWith('[') && !s.startsWith("['")) {
      const i = Number(s.slice(1, -1));
      if (!isSeq(cur.node) || !cur.node.items[i]) return undefined;
      cur = { node: cur.node.items[i] };
      continue;
    }
    const name = s.startsWith('.') ? s.slice(1) : s.slice(2, -2).replace(/\\(.)/g, '$1');
    const e = entry(cur.node, name);
    if (!e) return undefined;
    cur = { node: e.value, key: e.key };
  }
  return cur;
}

interface Run {
  out: Reporter;
  /** Spans of the errors the walk found: a node holding one is not judged again by its rules. */
  errors: Span[];
  runs: number;
  /** The API server's runtime cost budget of the object (celRules.ts): once spent, no rule runs. */
  budget: Budget;
  /** Rules that give no verdict on this document (refused for their cost, not evaluated), said once each. */
  refused: Set<CelValidation>;
  /** The resource's root value: a rule there has `self` the whole object (its `metadata` filled by the server). */
  root: unknown;
  /** The minor of the Kubernetes release the CRD is applied to: a rule calling what it lacks is refused. */
  kubernetesMinor: number;
}

const hasError = (run: Run, node: unknown): boolean => {
  const [s, e] = spanOf(node);
  return run.errors.some(([a]) => a >= s && a < e);
};

/**
 * The API server's words for a rule's `reason` (the type of its field error): `FieldValueInvalid`, the
 * default, says nothing more than the message.
 */
const REASON_WORDS: ReadonlyMap<string, string> = new Map([
  ['FieldValueRequired', 'Required value'],
  ['FieldValueForbidden', 'Forbidden'],
  ['FieldValueDuplicate', 'Duplicate value'],
]);

/**
 * A failed rule, where and as the API server reports it: at the rule's `fieldPath` (named whether the
 * manifest writes it or not: a required field is absent), squiggled there when the manifest has it, else on
 * the rule's own node; the reason's words, then the message (`failed rule: <rule>` without one, and then
 * the rule is not quoted again).
 */
function report(run: Run, v: CelValidation, message: string, node: unknown, anchor: Span, label: string) {
  const target = v.fieldPath ? nodeAtFieldPath(node, v.fieldPath) : undefined;
  const at = target ? spanOf(target.key ?? target.node) : anchor;
  const where = v.fieldPath
    ? `${label}${label || !v.fieldPath.startsWith('.') ? v.fieldPath : v.fieldPath.slice(1)}`
    : label;
  const reason = v.reason ? REASON_WORDS.get(v.reason) : undefined;
  const rule = v.rule.trim();
  // Without a message, the API server's `failed rule: <rule>`, the rule as written (as code).
  const said =
    message === `failed rule: ${rule}`
      ? `failed rule: \`${rule}\``
      : `${message.trim().replace(/\s+/g, ' ')}${/[.!?]$/.test(message.trim()) ? '' : '.'} (The CRD's rule \`${quotedRule(rule)}\` does not hold.)`;
  run.out.report(
    'crd-validation',
    at,
    `${where ? `\`${where}\`` : 'The manifest'}: ${reason ? `${reason}: ` : ''}${said}`,
  );
}

function visit(run: Run, value: unknown, t: Type, node: unknown, anchor: Span, label: string, own?: CelValidation[]) {
  if (value === null || value === undefined || run.runs > MAX_RUNS) return;
  const rules = [...(t.kind === 'object' ? (t.validations ?? []) : []), ...(own ?? [])];
  if (rules.length > 0 && !(node !== undefined && hasError(run, node)))
    for (const v of rules) {
      if (run.budget.stopped) return;
      if (++run.runs > MAX_RUNS) {
        // Said once, on the first node left: the rest of the document is not checked against its rules.
        run.out.report(
          'crd-rule-not-run',
          anchor,
          `The CRD's rules are not evaluated from \`${label || 'the manifest'}\` on: at most ${MAX_RUNS.toLocaleString('en-US')} rule evaluations are made per document. The API server runs them all.`,
        );
        return;
      }
      if (refusedForCost(v)) {
        if (!run.refused.has(v))
          run.out.report(
            'crd-rule-not-run',
            anchor,
            `The CRD's rule \`${quotedRule(v.rule)}\` is not run: its estimated cost is over the API server's budget, which refuses the CRD (see the CRD).`,
          );
        run.refused.add(v);
        continue;
      }
      const refusal = isTransitionRule(v.rule) ? undefined : refusalOf(v, run.kubernetesMinor);
      if (refusal) {
        if (!run.refused.has(v))
          run.out.report(
            'crd-rule-not-run',
            anchor,
            `The CRD's rule \`${quotedRule(v.rule)}\` is not evaluated: the API server refuses the CRD for it (${refusal.of === 'rule' ? 'the rule' : 'its message expression'}${refusal.kind === 'result' ? ` gives ${refusal.type}` : `: ${refusal.message}`}; see the CRD).`,
          );
        run.refused.add(v);
        continue;
      }
      const r = verdict(v, value, run.budget, value === run.root);
      if (r.kind === 'fails') report(run, v, r.message, node, anchor, label);
      else if (r.kind === 'error')
        // The API server's field error for a rule whose evaluation fails: on the rule's own node.
        run.out.report(
          'crd-validation',
          anchor,
          `${label ? `\`${label}\`` : 'The manifest'}: Invalid value: "${schemaTypeName(t)}": ${r.message}`,
        );
      else if ((r.kind === 'unknown' || r.kind === 'none') && !run.refused.has(v)) {
        run.refused.add(v);
        const note = notRunNote(v, r.kind === 'unknown' ? r.why : undefined);
        if (note) run.out.report('crd-rule-not-run', anchor, note);
      }
      if (run.budget.stopped) {
        // The API server's own error, on the node whose rule passed the limit; no further rule runs.
        run.out.report('crd-rule-budget', anchor, `\`${label || 'the manifest'}\`: ${run.budget.stopped}.`);
        return;
      }
    }
  if (t.kind === 'object' && isPlain(value)) {
    for (const [k, f] of Object.entries(t.fields) as [string, Field][]) {
      const x = value[celPropertyName(k)];
      if (x === undefined) continue;
      const e = entry(node, k);
      visit(
        run,
        x,
        f.type,
        e?.value ?? undefined,
        e ? spanOf(e.key) : anchor,
        label ? `${label}.${k}` : k,
        f.validations,
      );
    }
  } else if (t.kind === 'map' && isPlain(value)) {
    for (const [k, x] of Object.entries(value)) {
      const e = entry(node, k);
      visit(run, x, t.values, e?.value ?? undefined, e ? spanOf(e.key) : anchor, `${label}.${k}`, t.valueValidations);
    }
  } else if (t.kind === 'array' && Array.isArray(value)) {
    value.forEach((x, i) => {
      const item = isSeq(node) ? node.items[i] : undefined;
      visit(
        run,
        x,
        t.items,
        item,
        item ? spanOf(isMap(item) && item.items[0] ? item.items[0].key : item) : anchor,
        `${label}[${i}]`,
        t.itemValidations,
      );
    });
  }
}

/**
 * The walk's errors after which the API server still runs the rules: its CEL validation is skipped only for a
 * "blocking" error (strategy.go hasBlockingErr: a wrong type, a required field, an enum, a too long string, too
 * many items or properties); a duplicate list item (`Duplicate value`), a pattern or a bound (`Invalid value`)
 * are not, so the rules run too and their errors join them (Gateway API's duplicate listener names).
 */
const NOT_BLOCKING: ReadonlySet<string> = new Set(['duplicate-item', 'pattern', 'value-range']);

/** Runs the rules of a manifest's kind (`envelope`: its type) on the manifest `root` (`plain`: its value). */
export function checkValidations(
  root: unknown,
  plain: unknown,
  envelope: ObjectType,
  anchor: Span,
  out: Reporter,
  label = '',
  kubernetesMinor = NEWEST_RELEASED_MINOR,
): void {
  const errors = out.diags
    .filter((d) => severityOf(d) === 'error' && !NOT_BLOCKING.has(d.code))
    .map((d): Span => [d.start, d.end]);
  const value = celValue(plain, envelope, root);
  visit(
    { out, errors, runs: 0, budget: newBudget(kubernetesMinor), refused: new Set(), root: value, kubernetesMinor },
    value,
    envelope,
    root,
    anchor,
    label,
  );
}
