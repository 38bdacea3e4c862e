// A CRD's `x-kubernetes-validations` rules, compiled with cel-js (loaded on first use, as for the
// operator's expressions). Two differences from the API server's CEL are bridged here: `has()` on a path
// through an index (`has(self.items[0].name)`, which cel-js rejects) is the same test as `'name' in
// self.items[0]` on the plain values a manifest holds; and a rule with `oldSelf` compares with the stored
// object (a transition rule), which an editor does not have: it is not run.
import type * as CelJs from '@marcbachmann/cel-js';
import type { CelValidation } from '../../model/types';
import { lazy } from '../memo';

export const loadCel = lazy(() => require('@marcbachmann/cel-js') as typeof CelJs);

/** One environment for every rule: `self` is the value the rule sits on (any type, as the schema gives it). */
const environment = lazy(
  () => new (loadCel().Environment)({ unlistedVariablesAreDyn: true, enableOptionalTypes: true }),
);

export type Compiled = { ok: true; run: (self: unknown) => unknown } | { ok: false; error: string };

/** A transition rule: it reads `oldSelf`, the object as stored before the change. */
export const isTransitionRule = (rule: string): boolean => /\boldSelf\b/.test(rule);

const IDENT = /[A-Za-z0-9_]/;

/** The index of the `)` closing the `(` at `open`, skipping string literals; -1 if none. */
function closing(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'") {
      const q = c;
      for (i++; i < text.length && text[i] !== q; i++) if (text[i] === '\\') i++;
      continue;
    }
    if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i;
  }
  return -1;
}

/** `has(a[0].b)` → `('b' in a[0])`: the same test on plain maps, in a form cel-js accepts. */
export function rewriteIndexedHas(rule: string): string {
  let out = '';
  let i = 0;
  while (i < rule.length) {
    const at = rule.indexOf('has(', i);
    if (at < 0) break;
    const before = rule[at - 1];
    const end = closing(rule, at + 3);
    if ((before !== undefined && (IDENT.test(before) || before === '.')) || end < 0) {
      out += rule.slice(i, at + 4);
      i = at + 4;
      continue;
    }
    const arg = rule.slice(at + 4, end).trim();
    const m = /^([\s\S]*\])\s*\.\s*([A-Za-z_][A-Za-z0-9_]*)$/.exec(arg);
    out += rule.slice(i, at);
    out += m ? `('${m[2]}' in ${rewriteIndexedHas(m[1])})` : `has(${rewriteIndexedHas(arg)})`;
    i = end + 1;
  }
  return out + rule.slice(i);
}

/** A rule and its message expression compiled, once per rule of the model (an immutable value). */
const compiled = new WeakMap<CelValidation, { rule: Compiled; message?: Compiled }>();

export function compileRule(expression: string): Compiled {
  try {
    const parsed = environment().parse(rewriteIndexedHas(expression));
    return { ok: true, run: (self) => parsed({ self }) };
  } catch (e) {
    return { ok: false, error: ((e as Error).message ?? String(e)).split('\n')[0] };
  }
}

export function compiledOf(v: CelValidation): { rule: Compiled; message?: Compiled } {
  let c = compiled.get(v);
  if (!c) {
    c = {
      rule: compileRule(v.rule),
      ...(v.messageExpression ? { message: compileRule(v.messageExpression) } : {}),
    };
    compiled.set(v, c);
  }
  return c;
}

/** What a rule says about a value: nothing (it holds, or cannot be judged), or the message to show. */
export function judge(v: CelValidation, self: unknown): string | undefined {
  if (isTransitionRule(v.rule)) return undefined;
  const c = compiledOf(v);
  if (!c.rule.ok) return undefined; // the CRD's own check reports it
  let result: unknown;
  try {
    result = c.rule.run(self);
  } catch {
    return undefined; // an error at run time (no such key…) is the rule's business, not the manifest's
  }
  if (result !== false) return undefined;
  if (c.message?.ok) {
    try {
      const text = c.message.run(self);
      if (typeof text === 'string' && text.trim()) return text;
    } catch {
      // fall back to `message`
    }
  }
  return v.message?.trim() || `failed rule: ${v.rule}`;
}
