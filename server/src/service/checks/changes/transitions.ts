// A CRD's transition rules (`x-kubernetes-validations` that read `oldSelf`) run as the API server runs them on
// an update: on each node of the new object that has an old value at the same place (objects by property,
// maps by key, lists of `x-kubernetes-list-type: map` by their keys; other lists' items are not correlated),
// with `self` the new value and `oldSelf` the old one; a rule with `optionalOldSelf: true` runs also where
// there is no old value, `oldSelf` then being an empty optional. The committed object stands for the
// stored one; an object the file had no committed version of is a creation, where only the rules with
// `optionalOldSelf` run (`creationDiagnostics`), as the API server runs them on a create.
import { isMap, isSeq } from 'yaml';
import { envelopeOf } from '../../../model/envelope';
import type { CelValidation, Field, KindDef, Type } from '../../../model/types';
import type { Diag } from '../../core/diag';
import { loadCel } from '../../core/libraries';
import { isTransitionRule, newBudget, transitionVerdict, type Budget } from '../crd/rules/celRules';
import { schemaTypeName } from '../crd/rules/ruleNotes';
import { refusalOf } from '../crd/rules/compile/ruleRefusal';
import { NEWEST_RELEASED_MINOR } from '../../core/kubernetesVersion';
import { celPropertyName, celValue } from '../crd/rules/validations';
import { entry, spanOf, type Span } from '../../core/yamlNodes';
import type { VersionObject } from './objects';

/** Rules run per document at most, as for the other rules (crd/rules/validations.ts). */
const MAX_RUNS = 2000;

type Plain = Record<string, unknown>;
const isPlain = (v: unknown): v is Plain => typeof v === 'object' && v !== null && !Array.isArray(v);

interface Walk {
  diags: Diag[];
  offset: number;
  at: string;
  runs: number;
  /** The API server's cost budget of the object's rules (crd/rules/celRules.ts). */
  budget: Budget;
  /** Rules our engine could not evaluate on this object, said once each. */
  unjudged: Set<CelValidation>;
  /** The minor of the Kubernetes release the CRD is applied to (which CEL libraries its rules may use). */
  minor: number;
}

/**
 * What a transition rule says: nothing (it holds, or gives no verdict: the CRD's check reports a rule that
 * does not compile), the message of a rule that does not hold, (`error`) the error of an evaluation that
 * fails, which the API server reports as an Invalid value, or (`unknown`) what our engine could not do.
 */
function judge(
  w: Walk,
  v: CelValidation,
  self: unknown,
  old: unknown,
  hasOld: boolean,
): { message: string; error?: true; unknown?: true } | undefined {
  const { Optional } = loadCel();
  const oldSelf = v.optionalOldSelf ? (hasOld ? Optional.of(old) : Optional.none()) : old;
  const r = transitionVerdict(v, self, oldSelf, w.budget);
  return r.kind === 'fails'
    ? { message: r.message }
    : r.kind === 'error'
      ? { message: r.message, error: true }
      : r.kind === 'unknown'
        ? { message: r.why, unknown: true }
        : undefined;
}

function visit(
  w: Walk,
  now: unknown,
  old: unknown,
  hasOld: boolean,
  t: Type,
  node: unknown,
  anchor: Span,
  label: string,
  own?: CelValidation[],
): void {
  if (now === null || now === undefined || w.runs >= MAX_RUNS) return;
  const rules = [...(t.kind === 'object' ? (t.validations ?? []) : []), ...(own ?? [])].filter((v) =>
    isTransitionRule(v.rule),
  );
  for (const v of rules) {
    if (!hasOld && !v.optionalOldSelf) continue;
    if (++w.runs > MAX_RUNS) return;
    // A rule the API server refuses when the CRD is applied (its types, its literals, a library the targeted
    // release lacks: crd/rules/compile/ruleRefusal.ts) never runs: said once, as for the other rules (crd/rules/validations.ts).
    const refusal = refusalOf(v, w.minor);
    if (refusal) {
      if (!w.unjudged.has(v))
        w.diags.push({
          code: 'crd-rule-not-run',
          message: `The CRD's transition rule \`${v.rule.trim()}\` is not evaluated: the API server refuses the CRD for it (${refusal.of === 'rule' ? 'the rule' : 'its message expression'}${refusal.kind === 'result' ? ` gives ${refusal.type}` : `: ${refusal.message}`}; see the CRD).`,
          start: anchor[0] + w.offset,
          end: anchor[1] + w.offset,
        });
      w.unjudged.add(v);
      continue;
    }
    const r = judge(w, v, now, old, hasOld);
    if (r === undefined) continue;
    const said = r.message.trim().replace(/\s+/g, ' ');
    if (r.unknown) {
      // Never in silence: said once per rule, as information (the API server does run it).
      if (!w.unjudged.has(v))
        w.diags.push({
          code: 'crd-rule-not-run',
          message: `The CRD's transition rule \`${v.rule.trim()}\` is not evaluated against ${w.at}: the product's CEL engine cannot evaluate it here (${said}). The API server runs it on the update.`,
          start: anchor[0] + w.offset,
          end: anchor[1] + w.offset,
        });
      w.unjudged.add(v);
      continue;
    }
    const where = label ? `\`${label}\`` : 'The manifest';
    w.diags.push({
      code: 'crd-transition-rule',
      message: r.error
        ? // The API server's field error for a rule whose evaluation fails, as for any rule (crd/rules/validations.ts).
          `${where}: Invalid value: "${schemaTypeName(t)}": ${said} (The CRD's transition rule \`${v.rule}\` fails to evaluate against ${w.at}.)`
        : `${where}: ${said}${/[.!?]$/.test(said) ? '' : '.'} (The CRD's transition rule \`${v.rule}\` does not hold against ${w.at}.)`,
      start: anchor[0] + w.offset,
      end: anchor[1] + w.offset,
    });
  }
  if (t.kind === 'object' && isPlain(now)) {
    const o = isPlain(old) ? old : undefined;
    for (const [k, f] of Object.entries(t.fields) as [string, Field][]) {
      const name = celPropertyName(k);
      if (now[name] === undefined) continue;
      const e = entry(node, k);
      const child = label ? `${label}.${k}` : k;
      const has = !!o && hasOld && o[name] !== undefined;
      visit(w, now[name], o?.[name], has, f.type, e?.value, e ? spanOf(e.key) : anchor, child, f.validations);
    }
  } else if (t.kind === 'map' && isPlain(now)) {
    const o = isPlain(old) ? old : undefined;
    for (const [k, x] of Object.entries(now)) {
      const e = entry(node, k);
      const has = !!o && hasOld && o[k] !== undefined;
      visit(w, x, o?.[k], has, t.values, e?.value, e ? spanOf(e.key) : anchor, `${label}.${k}`);
    }
  } else if (t.kind === 'array' && Array.isArray(now)) {
    // Only the items of a list keyed as a map are the same item in both versions.
    const keys = t.mapKeys;
    const olds = keys && Array.isArray(old) && hasOld ? old : [];
    const keyOf = (x: unknown) => (isPlain(x) && keys ? JSON.stringify(keys.map((k) => String(x[k]))) : undefined);
    const byKey = new Map(olds.map((x) => [keyOf(x), x]));
    now.forEach((x, i) => {
      const item = isSeq(node) ? node.items[i] : undefined;
      const k = keys ? keyOf(x) : undefined;
      const match = k !== undefined ? byKey.get(k) : undefined;
      const span = item ? spanOf(isMap(item) && item.items[0] ? item.items[0].key : item) : anchor;
      visit(w, x, match, match !== undefined, t.items, item, span, `${label}[${i}]`);
    });
  }
}

/** The transition rules of a CRD kind that do not hold between the committed and the current object. */
export function transitionDiagnostics(
  def: KindDef,
  now: VersionObject,
  then: VersionObject,
  at: string,
  minor: number = NEWEST_RELEASED_MINOR,
): Diag[] {
  if (!def.crd) return [];
  const envelope = envelopeOf(def);
  const w: Walk = { diags: [], offset: now.offset, at, runs: 0, budget: newBudget(minor), unjudged: new Set(), minor };
  const root = now.doc.contents;
  // A rule on the whole object is shown on its first key (the document's first line), not on all of it.
  const anchor = isMap(root) && root.items[0] ? spanOf(root.items[0].key) : spanOf(root);
  visit(w, celValue(now.value, envelope), celValue(then.value, envelope), true, envelope, root, anchor, '');
  return w.diags;
}

/** Whether a kind has a transition rule with `optionalOldSelf` (the only ones a creation runs), computed once. */
const withOptionalOldSelf = new WeakMap<KindDef, boolean>();

export function hasOptionalOldSelf(def: KindDef): boolean {
  let known = withOptionalOldSelf.get(def);
  if (known === undefined) {
    const seen = new Set<Type>();
    const has = (vs: CelValidation[] | undefined) => !!vs?.some((v) => v.optionalOldSelf && isTransitionRule(v.rule));
    const walk = (t: Type, own?: CelValidation[]): boolean => {
      if (has(own)) return true;
      if (seen.has(t)) return false;
      seen.add(t);
      if (t.kind === 'object')
        return has(t.validations) || Object.values(t.fields).some((f: Field) => walk(f.type, f.validations));
      if (t.kind === 'map') return walk(t.values, t.valueValidations);
      if (t.kind === 'array') return walk(t.items, t.itemValidations);
      return false;
    };
    known = !!def.crd && walk(envelopeOf(def));
    withOptionalOldSelf.set(def, known);
  }
  return known;
}

/**
 * The transition rules with `optionalOldSelf` that do not hold on an object being created (the file has no
 * committed version of it): the API server runs them on a create with `oldSelf` an empty optional.
 */
export function creationDiagnostics(
  def: KindDef,
  now: VersionObject,
  minor: number = NEWEST_RELEASED_MINOR,
  at = 'its creation (there is no committed version: `oldSelf` is empty, as on a create)',
): Diag[] {
  if (!def.crd) return [];
  const envelope = envelopeOf(def);
  const w: Walk = { diags: [], offset: now.offset, at, runs: 0, budget: newBudget(minor), unjudged: new Set(), minor };
  const root = now.doc.contents;
  const anchor = isMap(root) && root.items[0] ? spanOf(root.items[0].key) : spanOf(root);
  visit(w, celValue(now.value, envelope), undefined, false, envelope, root, anchor, '');
  return w.diags;
}
