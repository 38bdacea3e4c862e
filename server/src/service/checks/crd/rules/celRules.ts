// A CRD's `x-kubernetes-validations` rules, compiled with cel-js (loaded on first use, as for the
// operator's expressions). Two differences from the API server's CEL are bridged here: `has()` on a path
// through an index (`has(self.items[0].name)`, which cel-js rejects) is the same test as `'name' in
// self.items[0]` on the plain values a manifest holds; and a rule with `oldSelf` compares with the stored
// object (a transition rule), which an editor does not have: it is not run.
import type * as CelJs from '@marcbachmann/cel-js';
import { loadCel } from '../../../core/libraries';
import type { CelFormat, CelValidation } from '../../../../model/types';
import { strfmtDurationNanos } from '../../../../model/goDuration';
import { lazy } from '../../../core/memo';
import { registerKubernetesLibraries } from './library';
import { type FormatWords, useFormatWords } from './library/format';
import { NEWEST_RELEASED_MINOR } from '../../../core/kubernetesVersion';
import { declareRe2Matches, useRe2Matches } from './celRegex';
import { declareGoStrings, useGoStrings } from './celStrings';
import { declareGoTime, keepOffset, useGoTime } from './celTime';
import { declareGoDoubleText, useGoDoubleText } from './celDoubleText';
import { declareOptionalEntries, rewriteOptionalEntries } from './celOptionalEntries';
import { overBudget } from './cost/ruleCost';
import { classifyThrown } from './ruleErrors';
import { useTypedLists } from './celLists';
import { meterAst, newMeter, PER_CALL_LIMIT, resetMeter, RUNTIME_CEL_COST_BUDGET, type Meter } from './cost/ruleMeter';
import { MAX_BUILT_PER_DOCUMENT, newAllowance, useSizeBounds, type Allowance } from './ruleSize';

/** One environment for every rule: `self` is the value the rule sits on (any type, as the schema gives it). */
const environment = lazy(() => {
  const env = registerKubernetesLibraries(
    new (loadCel().Environment)({
      unlistedVariablesAreDyn: true,
      enableOptionalTypes: true,
      // Lenient at run time: the API server refuses a literal of mixed types when the CRD is read
      // (cel.HomogeneousAggregateLiterals; ruleMixedLiterals.ts says so on the CRD), so none reaches a manifest.
      homogeneousAggregateLiterals: false,
    }),
  );
  declareRe2Matches(env);
  declareGoStrings(env);
  declareGoTime(env);
  declareGoDoubleText(env);
  declareOptionalEntries(env);
  return env;
});

/**
 * A value the API server reads but cel-js cannot be given as it is (a duration only Kubernetes' parser takes,
 * a timestamp finer than a millisecond): cel-js refuses to run a rule on a value holding it, so no rule that
 * sees it is judged.
 */
class Unreadable {}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/**
 * RFC 3339 as Go's parser takes it (upper-case `T` and `Z`), exact in milliseconds (more digits only if they
 * are zeros, `.010000000`): a JavaScript Date holds it.
 */
const DATE_TIME = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,3})0*)?(Z|[+-]\d{2}:\d{2})$/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

const durationOf = lazy(() => environment().parse('duration(text)'));

/** A day that exists (`2023-02-30` does not: Go's parser refuses it where Date rolls it over). */
function dayOf(text: string): Date | undefined {
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(text) ? d : undefined;
}

/**
 * A string of a formatted field as the API server gives it to a rule: a duration, a timestamp (a `date` at
 * midnight UTC) or bytes (base64 decoded), so `self.ttl == duration('1h')` holds on `ttl: 1h`. What cannot be
 * read exactly is `Unreadable`.
 */
export function formattedValue(text: string, format: CelFormat): unknown {
  switch (format) {
    case 'duration': {
      // The API server reads it with strfmt.ParseDuration (`5 minutes` too); cel-js gets the nanoseconds, never
      // the text: its parser takes cubic time on a long run of digits (2,000 of them: seconds).
      const ns = strfmtDurationNanos(text);
      if (ns === undefined) return new Unreadable();
      try {
        return durationOf()({ text: `${ns}ns` });
      } catch {
        return new Unreadable();
      }
    }
    case 'date': {
      const d = DATE.test(text) ? dayOf(text) : undefined;
      return d ? keepOffset(d, 'Z') : new Unreadable();
    }
    case 'date-time': {
      const m = DATE_TIME.exec(text);
      const d = m && dayOf(text.slice(0, 10)) ? new Date(`${m[1]}${m[2] ? `.${m[2]}` : ''}${m[3]}`) : undefined;
      return d && !Number.isNaN(d.getTime()) ? keepOffset(d, text) : new Unreadable();
    }
    case 'byte':
      return BASE64.test(text) ? new Uint8Array(Buffer.from(text, 'base64')) : new Unreadable();
  }
}

/** A compiled rule; `oldSelf` is given to transition rules (changes/transitions.ts). */
export type Compiled =
  | {
      ok: true;
      run: (self: unknown, oldSelf?: unknown) => unknown;
      ast: CelJs.ASTNode;
      meter: Meter;
      /** What it may still build (ruleSize.ts), set from the document's budget before each run. */
      built: Allowance;
      /** The release it runs for (library/format.ts), set from the document's budget before each run. */
      words: FormatWords;
    }
  /**
   * `engineLimit`: cel-go (Kubernetes) takes the expression, our engine cannot parse it; `refused`: cel-go's
   * parser refuses it with this very error, so the API server rejects the CRD.
   */
  | { ok: false; error: string; engineLimit?: true; refused?: true };

/**
 * Optional entries in a list or map literal (`[?x]`, `{?'k': v}`), which cel-go parses (Kubernetes enables
 * optional types) and cel-js does not: a `?` right after `[`, `{` or `,`. (Read on the raw text: a string
 * holding such characters makes a real syntax error count as ours, never the other way round.)
 */
const OPTIONAL_ENTRY = /[[{,]\s*\?(?!\s*[.:])/;

/**
 * cel-go's parser refuses a longer expression (ExpressionSizeCodePointLimit, 100,000 by default): Kubernetes
 * keeps the default (neither apiserver's environment, base.go, nor apiextensions-apiserver sets
 * ParserExpressionSizeLimit), so the CRD is refused.
 */
const MAX_CODE_POINTS = 100_000;

/** The code points of `s`, counted up to `limit + 1`. */
function codePoints(s: string, limit: number): number {
  if (s.length <= limit) return [...s].length;
  let n = 0;
  for (const _ of s) if (++n > limit) break;
  return n > limit ? [...s].length : n;
}

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
const compiled = new WeakMap<CelValidation, { rule: Compiled; message?: Compiled; refused?: boolean }>();

/**
 * `text` parsed by cel-js; one with optional entries in its literals, which cel-js cannot parse, as rewritten
 * into what it can (celOptionalEntries.ts), when that is sure.
 */
function parseRule(text: string): { parsed: CelJs.ParseResult; rewritten: boolean } {
  try {
    return { parsed: environment().parse(text), rewritten: false };
  } catch (e) {
    const rewritten = OPTIONAL_ENTRY.test(text) ? rewriteOptionalEntries(text) : undefined;
    if (rewritten === undefined || rewritten === text) throw e;
    return { parsed: environment().parse(rewritten), rewritten: true };
  }
}

export function compileRule(expression: string): Compiled {
  const size = codePoints(expression, MAX_CODE_POINTS);
  if (size > MAX_CODE_POINTS)
    return {
      ok: false,
      error: `expression code point size exceeds limit: size: ${size}, limit ${MAX_CODE_POINTS}`,
      refused: true,
    };
  try {
    const { parsed, rewritten } = parseRule(rewriteIndexedHas(expression));
    // Every evaluation is metered: the API server stops a rule past its cost limit (ruleMeter.ts); the literals
    // of a rule rewritten for cel-js are not all the user's, so they are not charged.
    const meter = newMeter();
    meterAst(parsed.ast, meter, !rewritten);
    useRe2Matches(parsed.ast);
    useGoStrings(parsed.ast);
    useGoTime(parsed.ast);
    useGoDoubleText(parsed.ast);
    useTypedLists(parsed.ast);
    // After the renames and the typed lists' `+` above: what the rule builds is bounded (ruleSize.ts).
    const built = newAllowance();
    useSizeBounds(parsed.ast, built);
    const words: FormatWords = { minor: NEWEST_RELEASED_MINOR };
    useFormatWords(parsed.ast, words);
    return {
      ok: true,
      run: (self, oldSelf) => parsed(oldSelf === undefined ? { self } : { self, oldSelf }),
      ast: parsed.ast,
      meter,
      built,
      words,
    };
  } catch (e) {
    const error = ((e as Error).message ?? String(e)).split('\n')[0];
    return OPTIONAL_ENTRY.test(expression) ? { ok: false, error, engineLimit: true } : { ok: false, error };
  }
}

export function compiledOf(v: CelValidation): { rule: Compiled; message?: Compiled; refused?: boolean } {
  let c = compiled.get(v);
  if (!c) {
    c = {
      rule: compileRule(v.rule),
      ...(v.messageExpression ? { message: compileRule(v.messageExpression) } : {}),
    };
    if (c.rule.ok && overBudget(v, c.rule.ast)) c.refused = true;
    compiled.set(v, c);
  }
  return c;
}

/**
 * The runtime cost left for the rules of one object (RuntimeCELCostBudget), and, once spent or once a
 * rule passed PerCallLimit, the API server's error: no further rule of the object is run. `built`: what
 * its rules may still build here (characters, items, bytes: ruleSize.ts).
 */
export interface Budget {
  left: number;
  built: number;
  stopped?: string;
  /** The minor of the Kubernetes release the rules run in: the words of its messages (library/format.ts). */
  minor: number;
}

export const newBudget = (minor: number = NEWEST_RELEASED_MINOR): Budget => ({
  left: RUNTIME_CEL_COST_BUDGET,
  built: MAX_BUILT_PER_DOCUMENT,
  minor,
});

/** Runs a compiled expression under the API server's limits: its value, or what it threw. */
function metered(
  c: Compiled & { ok: true },
  self: unknown,
  rule: string,
  budget: Budget,
  oldSelf?: unknown,
): { value?: unknown; thrown?: { error: unknown } } {
  resetMeter(c.meter, PER_CALL_LIMIT);
  c.built.left = budget.built;
  c.words.minor = budget.minor;
  let out: { value?: unknown; thrown?: { error: unknown } };
  try {
    out = { value: c.run(self, oldSelf) };
  } catch (error) {
    out = { thrown: { error } };
  }
  budget.built = c.built.left;
  if (c.meter.exceeded) {
    budget.stopped = `'operation cancelled: actual cost limit exceeded': no further validation rules will be run due to call cost exceeds limit for rule: ${rule}`;
    return { thrown: { error: undefined } };
  }
  budget.left -= c.meter.used;
  if (budget.left < 0) {
    budget.stopped = 'validation failed due to running out of cost budget, no further validation rules will be run';
    return { thrown: { error: undefined } };
  }
  return out;
}

/**
 * What a rule says about a value, as the API server would: it holds; it fails (`message`: the rule's message,
 * message expression or `failed rule: <rule>`); its evaluation fails with an error the API server reports as
 * well (`error`: in its words, `<error> evaluating rule: <message or rule>`); or it gives no verdict here:
 * `unknown` says why (a limit of our engine), `stopped` that the cost budget ran out (`budget.stopped`),
 * `none` that it is not run (a transition rule, one that does not compile: the CRD's check reports it).
 */
export type Verdict =
  | { kind: 'holds' }
  | { kind: 'fails'; message: string }
  | { kind: 'error'; message: string }
  | { kind: 'unknown'; why: string }
  | { kind: 'stopped' }
  | { kind: 'none' };

/** The API server's `ruleErrorString`: the rule's message, else the rule. */
const ruleErrorString = (v: CelValidation): string => v.message?.trim() || v.rule.trim();

/** The verdict of a rule on `self` (`root`: `self` is a resource's root), under the API server's cost limits. */
export function verdict(v: CelValidation, self: unknown, budget: Budget = newBudget(), root = false): Verdict {
  if (isTransitionRule(v.rule)) return { kind: 'none' };
  return verdictWith(v, self, undefined, budget, root);
}

/** The longest text of a message expression the API server uses (celconfig MaxEvaluatedMessageExpressionSizeBytes). */
const MAX_MESSAGE_BYTES = 5 * 1024;

/** A rule's message when it does not hold, `undefined` when it holds or gives no verdict. */
export function judge(v: CelValidation, self: unknown, budget: Budget = newBudget()): string | undefined {
  const r = verdict(v, self, budget);
  return r.kind === 'fails' ? r.message : undefined;
}

/**
 * The verdict of a transition rule (changes/transitions.ts): `oldSelf` is the committed object's value there
 * (for `optionalOldSelf`, an optional). Metered as every rule is.
 */
export function transitionVerdict(v: CelValidation, self: unknown, oldSelf: unknown, budget: Budget): Verdict {
  return verdictWith(v, self, oldSelf, budget, false);
}

function verdictWith(v: CelValidation, self: unknown, oldSelf: unknown, budget: Budget, root: boolean): Verdict {
  if (budget.stopped) return { kind: 'stopped' };
  const c = compiledOf(v);
  if (!c.rule.ok || c.refused) return { kind: 'none' }; // the CRD's own check reports it
  const result = metered(c.rule, self, v.rule, budget, oldSelf);
  if (budget.stopped) return { kind: 'stopped' };
  if (result.thrown) {
    const t = classifyThrown(result.thrown.error, root);
    return 'real' in t
      ? { kind: 'error', message: `${t.real} evaluating rule: ${ruleErrorString(v)}` }
      : { kind: 'unknown', why: t.unsupported };
  }
  if (result.value === true) return { kind: 'holds' };
  if (result.value !== false) return { kind: 'unknown', why: 'the rule gave no bool' };
  if (c.message?.ok) {
    // A message expression that fails or gives no text leaves the rule's own message (the API server's too).
    const text = metered(c.message, self, v.messageExpression ?? '', budget, oldSelf).value;
    if (budget.stopped) return { kind: 'stopped' };
    // Its text is used trimmed when not empty, on one line and at most 5 KiB (apiextensions-apiserver
    // evalMessageExpression, celconfig.MaxEvaluatedMessageExpressionSizeBytes); else the rule's message.
    const said = typeof text === 'string' ? text.trim() : '';
    if (said && !said.includes('\n') && Buffer.byteLength(said, 'utf8') <= MAX_MESSAGE_BYTES)
      return { kind: 'fails', message: said };
  }
  // The API server's words when the rule has no message (apiextensions-apiserver ruleMessageOrDefault).
  return { kind: 'fails', message: v.message?.trim() || `failed rule: ${v.rule.trim()}` };
}

/** Whether the API server refuses the CRD for this rule's estimated cost: the rule never runs. */
export const refusedForCost = (v: CelValidation): boolean => compiledOf(v).refused === true;
