// The API server's cost limits on a CRD's CEL rules, when the CRD is read. Kubernetes estimates each rule's
// worst-case cost with cel-go's estimator and the schema's sizes (`maxItems`, `maxLength`, `maxProperties`,
// or, where the schema gives none, as many elements as fit in a 3 MB request), multiplies it by how many
// times the rule can run in one object (the `maxItems`/`maxProperties` above it), and refuses the CRD when
// a rule's cost exceeds 10,000,000 (StaticEstimatedCostLimit) or a version's total 100,000,000
// (StaticEstimatedCRDCostLimit): "estimated rule cost exceeds budget by factor of …".
// The estimate here follows cel-go's rules (checker/cost.go: identifiers and selections 1, constants 0,
// `has()` 0, a comprehension its range's size times its step and condition, string functions by the
// strings' sizes × 0.1, `matches` × the pattern's size × 0.25) and Kubernetes' sizes (apiserver
// pkg/cel/common/schemas.go: a string of `maxLength` n is 4n bytes, an unbounded list has
// (3 MB − 2) / (its item's least JSON size + 1) items), calibrated on Kubernetes' TestCostEstimation.
// It never counts more than cel-go: where a size or a function's cost is unknown it counts the least (an
// unknown size is 0, an unknown range is iterated once; but `string(x)` joined by `+`, whose size cel-go does
// not know either and takes as math.MaxUint64), so a rule it refuses the API server refuses too
// (the clear cases: nested loops over unbounded lists, regexes over unbounded strings in loops); a rule
// near the limit may pass here and be refused there. What passes runs under the runtime budget (ruleMeter.ts).
// Over a version's total, the API server also names its 4 costliest rules (those over 1% of the total's limit).
import type { ASTNode } from '@marcbachmann/cel-js';
import { celPropertyNames } from '../celNames';
import { RE2_MATCHES } from '../celRegex';
import { GO_STRING } from '../celDoubleText';

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** k8s.io/apiserver/pkg/apis/cel/config.go and apiextensions validation.go. */
export const MAX_REQUEST_SIZE_BYTES = 3 * 1024 * 1024;
export const STATIC_ESTIMATED_COST_LIMIT = 10_000_000;
export const STATIC_ESTIMATED_CRD_COST_LIMIT = 100_000_000;

const STRING_TRAVERSAL = 0.1;
const REGEX_STRING_LENGTH = 0.25;
/** A JSON value cannot be longer than the request, less its quotes. */
const UNBOUNDED = MAX_REQUEST_SIZE_BYTES - 2;

const int = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : undefined;
const factor = (size: number, f: number) => Math.ceil(size * f);
/** Costs saturate rather than overflow (cel-go's are uint64 and saturate too). */
const add = (...xs: number[]) =>
  Math.min(
    Number.MAX_SAFE_INTEGER,
    xs.reduce((a, b) => a + b, 0),
  );
const mul = (a: number, b: number) => Math.min(Number.MAX_SAFE_INTEGER, a * b);

const utf8Length = (s: string) => Buffer.byteLength(s, 'utf8');

/**
 * The least size of a value of `s` in JSON, counted generously (required and defaulted properties, the
 * shortest enum value, `minItems`): a larger least size means fewer items fit, so never a larger estimate.
 */
function minSize(s: unknown, depth = 0): number {
  if (!isObj(s) || depth > 32) return 2;
  if (s['x-kubernetes-int-or-string'] === true) return 1;
  switch (s.type) {
    case 'boolean':
      return 4;
    case 'number':
    case 'integer':
      return 1;
    case 'string': {
      const f = s.format;
      if (f === 'date') return 12;
      if (f === 'date-time') return 21;
      if (f === 'duration') return 3;
      const enumMin = Array.isArray(s.enum)
        ? Math.min(...s.enum.map((e) => (typeof e === 'string' ? utf8Length(e) : 0)))
        : 0;
      return 2 + Math.max(int(s.minLength) ?? 0, Number.isFinite(enumMin) ? enumMin : 0);
    }
    case 'array': {
      const n = int(s.minItems) ?? 0;
      return 2 + (n > 0 ? n * (minSize(s.items, depth + 1) + 1) - 1 : 0);
    }
    default: {
      let size = 2;
      const props = isObj(s.properties) ? s.properties : {};
      const required = new Set(Array.isArray(s.required) ? s.required : []);
      for (const [k, p] of Object.entries(props))
        if (required.has(k) || (isObj(p) && p.default !== undefined)) size += utf8Length(k) + 4 + minSize(p, depth + 1);
      return size;
    }
  }
}

/** What a schema node holds as CEL sees its size: a string's bytes, a list's items, a map's entries. */
function maxSize(s: unknown): number | undefined {
  if (!isObj(s)) return undefined;
  if (s['x-kubernetes-int-or-string'] === true) return undefined;
  if (s.type === 'string') {
    if (typeof s.format === 'string' && ['date', 'date-time', 'duration'].includes(s.format)) return undefined;
    const max = int(s.maxLength);
    if (max !== undefined) return 4 * max; // maxLength counts characters, of up to 4 bytes each
    if (Array.isArray(s.enum) && s.enum.every((e) => typeof e === 'string'))
      return Math.max(0, ...s.enum.map((e) => utf8Length(e as string)));
    return UNBOUNDED;
  }
  if (s.type === 'array') return int(s.maxItems) ?? Math.floor(UNBOUNDED / (minSize(s.items) + 1));
  if (s.type === 'object' && !isObj(s.properties) && isObj(s.additionalProperties))
    return int(s.maxProperties) ?? Math.floor(UNBOUNDED / (minSize(s.additionalProperties) + 6));
  return undefined;
}

/** The schema of an element of a list or map (what a comprehension's variable, or `x[i]`, holds). */
function elementOf(s: unknown): unknown {
  if (!isObj(s)) return undefined;
  if (s.type === 'array') return s.items;
  if (isObj(s.additionalProperties)) return s.additionalProperties;
  return undefined;
}

/** The schema of the property a CEL name selects (names are escaped: `max__dash__size`). */
function propertyOf(s: unknown, name: string): unknown {
  if (!isObj(s)) return undefined;
  if (isObj(s.properties)) {
    for (const [k, p] of Object.entries(s.properties)) if (celPropertyNames(k).includes(name)) return p;
    return undefined;
  }
  return isObj(s.additionalProperties) ? s.additionalProperties : undefined;
}

/** An expression's estimated cost, and what is known of its value: its schema, or its largest size. */
interface Estimate {
  cost: number;
  schema?: unknown;
  size?: number;
  /** A string whose size nothing bounds: what `string(x)` gives (cel-go estimates no size for it). */
  unsizedString?: true;
}

type Scope = ReadonlyMap<string, unknown>;

const MACROS: ReadonlySet<string> = new Set(['all', 'exists', 'exists_one', 'map', 'filter']);
/** cel-go's two-variable comprehensions (library/comprehensions.ts): (index or key, value) and a body. */
const TWO_VARIABLE: ReadonlySet<string> = new Set([
  'all',
  'exists',
  'existsOne',
  'transformList',
  'transformMap',
  'transformMapEntry',
]);
const FLAT: ReadonlySet<string> = new Set(['&&', '||', '?:', '!_', '==', '!=']);

const isNode = (x: unknown): x is ASTNode => isObj(x) && typeof (x as { op?: unknown }).op === 'string';

function sizeOf(e: Estimate): number | undefined {
  return e.size ?? maxSize(e.schema);
}

/** The estimate of one node of cel-js's parsed AST (before macro expansion: `rcall('all', …)`). */
function estimate(n: ASTNode, scope: Scope, budget: { nodes: number }): Estimate {
  if (--budget.nodes < 0) return { cost: 0 };
  const args = n.args as unknown;
  const sub = (x: unknown, s: Scope = scope): Estimate => (isNode(x) ? estimate(x, s, budget) : { cost: 0 });
  switch (n.op) {
    case 'value':
      return { cost: 0, ...(typeof args === 'string' ? { size: args.length } : {}) };
    case 'id':
      return { cost: 1, schema: scope.get(args as string) };
    case '.':
    case '.?': {
      const [obj, name] = args as [ASTNode, string];
      const o = sub(obj);
      return { cost: add(o.cost, 1), schema: propertyOf(o.schema, name) };
    }
    case '[]':
    case '[?]': {
      const [obj, index] = args as [ASTNode, ASTNode];
      const o = sub(obj);
      const i = sub(index);
      const key = isNode(index) && index.op === 'value' && typeof index.args === 'string' ? index.args : undefined;
      const schema =
        key !== undefined && isObj(o.schema) && isObj(o.schema.properties)
          ? propertyOf(o.schema, key)
          : elementOf(o.schema);
      return { cost: add(o.cost, i.cost, 1), schema };
    }
    case 'list': {
      const items = (args as unknown[]).map((x) => sub(x));
      return { cost: add(...items.map((x) => x.cost)), size: items.length };
    }
    case 'map': {
      const entries = args as [unknown, unknown][];
      return { cost: add(...entries.flatMap(([k, v]) => [sub(k).cost, sub(v).cost])), size: entries.length };
    }
    case 'call':
    case 'rcall':
      return call(n, scope, budget);
    case '+': {
      const [l, r] = (args as unknown[]).map((x) => sub(x));
      // A string of unknown size joined: cel-go's estimate for its size is math.MaxUint64, so the traversal's.
      if (l.unsizedString || r.unsizedString)
        return { cost: add(l.cost, r.cost, Number.MAX_SAFE_INTEGER), unsizedString: true };
      const ls = sizeOf(l);
      const rs = sizeOf(r);
      if (ls !== undefined && rs !== undefined)
        return { cost: add(l.cost, r.cost, factor(ls + rs, STRING_TRAVERSAL)), size: ls + rs };
      return { cost: add(l.cost, r.cost, 1) };
    }
    case '==':
    case '!=': {
      const [l, r] = (args as unknown[]).map((x) => sub(x));
      const ls = sizeOf(l);
      const rs = sizeOf(r);
      const traversal = ls !== undefined && rs !== undefined ? factor(Math.min(ls, rs), STRING_TRAVERSAL) : 0;
      return { cost: add(l.cost, r.cost, traversal) };
    }
    case '?:': {
      const [c, t, f] = (args as unknown[]).map((x) => sub(x));
      return { cost: add(c.cost, Math.max(t.cost, f.cost)) };
    }
    case '-_':
      // A negative literal is a constant.
      if (isNode(args) && args.op === 'value') return { cost: 0 };
      return { cost: add(sub(args).cost, 1) };
    default: {
      // Operators: `&&`/`||` cost their operands; arithmetic, comparisons and `in` cost 1 more.
      const parts = (Array.isArray(args) ? args : [args]).map((x) => sub(x));
      return { cost: add(...parts.map((x) => x.cost), FLAT.has(n.op) ? 0 : 1) };
    }
  }
}

function call(n: ASTNode, scope: Scope, budget: { nodes: number }): Estimate {
  const a = n.args as unknown[];
  const name = a[0] as string;
  const receiverNode = n.op === 'rcall' ? a[1] : undefined;
  const argNodes = (n.op === 'rcall' ? a[2] : a[1]) as unknown[];
  const sub = (x: unknown, s: Scope = scope): Estimate => (isNode(x) ? estimate(x, s, budget) : { cost: 0 });
  if (name === 'has' && n.op === 'call') return { cost: 0 }; // Kubernetes keeps presence tests free
  const target = receiverNode !== undefined ? sub(receiverNode) : undefined;
  const [v1, v2] = argNodes;
  if (
    target &&
    TWO_VARIABLE.has(name) &&
    argNodes.length >= 3 &&
    isNode(v1) &&
    isNode(v2) &&
    v1.op === 'id' &&
    v2.op === 'id'
  ) {
    // As a one-variable comprehension: the range's size times (the body's cost + the loop's 3); the second
    // variable holds an item of a list or a value of a map.
    const t = target.schema;
    const value = isObj(t)
      ? t.type === 'array'
        ? t.items
        : isObj(t.additionalProperties)
          ? t.additionalProperties
          : undefined
      : undefined;
    const inner = new Map(scope).set(v1.args as string, undefined).set(v2.args as string, value);
    const body = argNodes.slice(2).map((x) => sub(x, inner));
    const range = sizeOf(target) ?? 1;
    const out: Estimate = { cost: add(target.cost, 1, mul(range, add(3, ...body.map((x) => x.cost)))) };
    if (name.startsWith('transform')) out.size = range;
    return out;
  }
  if (target && MACROS.has(name) && isNode(argNodes[0]) && argNodes[0].op === 'id') {
    // all, exists, exists_one, map, filter: the range's size times (the step's cost + the loop's 3).
    // The variable is an item of a list, a key of a map (a string of a size the schema does not give).
    const t = target.schema;
    const item = isObj(t) && t.type === 'array' ? t.items : undefined;
    const inner = new Map(scope).set(argNodes[0].args as string, item);
    const body = argNodes.slice(1).map((x) => sub(x, inner));
    const range = sizeOf(target) ?? 1;
    const perItem = add(3, ...body.map((x) => x.cost));
    // The range once, the result once, and per item the loop's condition and step (cel-go's 3) and the body.
    const out: Estimate = { cost: add(target.cost, 1, mul(range, perItem)) };
    if (name === 'map' || name === 'filter') out.size = range;
    return out;
  }
  const args = argNodes.map((x) => sub(x));
  const argCost = add(target?.cost ?? 0, ...args.map((x) => x.cost));
  const ts = target ? sizeOf(target) : undefined;
  const as = args[0] ? sizeOf(args[0]) : undefined;
  switch (name) {
    case 'string':
    case GO_STRING:
      // string(x) is a string of no size Kubernetes' estimator knows (pkg/cel/library/cost.go has none).
      return n.op === 'call' && args.length === 1
        ? { cost: add(argCost, 1), unsizedString: true }
        : { cost: add(argCost, 1) };
    case 'contains':
      if (ts === undefined || as === undefined) return { cost: argCost };
      return { cost: add(argCost, mul(factor(ts, STRING_TRAVERSAL), factor(as, STRING_TRAVERSAL))) };
    case 'startsWith':
    case 'endsWith':
      return { cost: add(argCost, as === undefined ? 1 : factor(as, STRING_TRAVERSAL)) };
    case 'matches':
    case RE2_MATCHES: {
      const str = n.op === 'rcall' ? ts : as;
      const re = n.op === 'rcall' ? as : args[1] ? sizeOf(args[1]) : undefined;
      if (str === undefined || re === undefined) return { cost: add(argCost, 1) };
      return {
        cost: add(argCost, mul(factor(1 + str, STRING_TRAVERSAL), factor(re, REGEX_STRING_LENGTH))),
      };
    }
    default:
      return { cost: add(argCost, 1) };
  }
}

/** The estimated cost of a parsed rule with `self` of schema `schema` (one evaluation). */
export function estimateCost(ast: ASTNode, schema: unknown): number {
  return estimate(ast, new Map([['self', schema]]), { nodes: 100_000 }).cost;
}

/**
 * How many times a rule on the node at `path` (below a version's `openAPIV3Schema`, `schema` being that
 * root) can run in one object: the product of `maxItems`/`maxProperties` of the lists and maps above it,
 * or, under an unbounded one, as many copies of the node as fit in a request (Kubernetes' MaxCardinality).
 */
export function cardinality(root: unknown, path: readonly (string | number)[]): number {
  let n = 1;
  let node = root;
  let bounded = true;
  for (let i = 0; i < path.length && isObj(node); i++) {
    const k = path[i];
    if (k === 'items' && node.type === 'array') {
      const max = int(node.maxItems);
      if (max === undefined) bounded = false;
      else n = mul(n, max);
    } else if (k === 'additionalProperties' && isObj(node.additionalProperties)) {
      const max = int(node.maxProperties);
      if (max === undefined) bounded = false;
      else n = mul(n, max);
    }
    node = (node as Json)[k as string];
  }
  return bounded ? n : Math.floor(MAX_REQUEST_SIZE_BYTES / (minSize(node) + 1));
}

/** Kubernetes' words for a cost over its limit (apiextensions validation.go, getCostErrorMessage). */
export function costMessage(what: string, cost: number, limit: number): string {
  const f = cost / limit;
  const shown = f > 100 ? 'more than 100x' : f < 1.5 ? `${f.toFixed(6)}x` : `${f.toFixed(1)}x`;
  return `${what} exceeds budget by factor of ${shown} (try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)`;
}

/** What the API server says of a cost: on a rule (`rule`) or on a version's whole schema. */
export interface CostProblem {
  path: (string | number)[];
  rule?: true;
  message: string;
}

/** A compiled rule or message expression of a CRD document, where it is and the schema node it sits on. */
export interface CostSite {
  /** From the CRD document's root: `spec.versions[i].schema.openAPIV3Schema…x-kubernetes-validations[j].rule`. */
  path: (string | number)[];
  key: 'rule' | 'messageExpression';
  ast: ASTNode;
  schema: unknown;
}

const VERSION_ROOT_DEPTH = 5;

/**
 * A version's total estimated cost and its costliest rules, as the API server keeps them (cel_validation.go
 * TotalCost.ObserveExpressionCost): the 4 costliest of those over 1% of the per-CRD limit, costliest first.
 */
export class TotalCost {
  total = 0;
  readonly mostExpensive: { path: (string | number)[]; cost: number }[] = [];

  observe(path: (string | number)[], cost: number): void {
    this.total = add(this.total, cost);
    if (cost < STATIC_ESTIMATED_CRD_COST_LIMIT / 100) return;
    this.mostExpensive.push({ path, cost });
    this.mostExpensive.sort((a, b) => b.cost - a.cost);
    if (this.mostExpensive.length > 4) this.mostExpensive.length = 4;
  }
}

/**
 * What the API server says of a CRD's rules' estimated costs: each rule (times how often it can run) over
 * StaticEstimatedCostLimit, each version's total over StaticEstimatedCRDCostLimit. `path`: where to say it.
 */
export function costProblems(crd: unknown, sites: readonly CostSite[]): CostProblem[] {
  const out: CostProblem[] = [];
  const totals = new Map<string, { path: (string | number)[]; cost: TotalCost }>();
  const overOwnLimit = new Set<CostSite>();
  for (const s of sites) {
    const rootPath = s.path.slice(0, VERSION_ROOT_DEPTH);
    let root: unknown = crd;
    for (const k of rootPath) root = isObj(root) || Array.isArray(root) ? (root as Json)[k as string] : undefined;
    const inRoot = s.path.slice(VERSION_ROOT_DEPTH, -3); // the schema node: less `x-kubernetes-validations[j].rule`
    const base = estimateCost(s.ast, s.schema);
    // A message expression is estimated once (Kubernetes does not multiply it by the cardinality).
    const cost = s.key === 'rule' ? mul(base, cardinality(root, inRoot)) : base;
    if (cost > STATIC_ESTIMATED_COST_LIMIT) {
      overOwnLimit.add(s);
      out.push({
        path: s.path,
        rule: true,
        message: `${costMessage(s.key === 'rule' ? 'estimated rule cost' : 'estimated messageExpression cost', cost, STATIC_ESTIMATED_COST_LIMIT)}: the API server refuses the CRD, and manifests are not checked against this rule.`,
      });
    }
    const key = rootPath.join('\u0000');
    const t = totals.get(key) ?? { path: rootPath, cost: new TotalCost() };
    t.cost.observe(s.path, cost);
    totals.set(key, t);
  }
  const reported = new Set([...overOwnLimit].map((s) => s.path.join('\u0000')));
  for (const t of totals.values())
    if (t.cost.total > STATIC_ESTIMATED_CRD_COST_LIMIT) {
      out.push({
        path: t.path,
        message: `${costMessage('x-kubernetes-validations estimated rule cost total for entire OpenAPIv3 schema', t.cost.total, STATIC_ESTIMATED_CRD_COST_LIMIT)}: the API server refuses the CRD.`,
      });
      // The API server names the costliest rules too; one over its own limit is already said to be refused.
      for (const e of t.cost.mostExpensive)
        if (!reported.has(e.path.join('\u0000')))
          out.push({
            path: e.path,
            rule: true,
            message: `This rule's estimated cost is ${Math.round((e.cost / STATIC_ESTIMATED_CRD_COST_LIMIT) * 100)}% of the version's budget, which the rules together exceed (contributed to estimated rule cost total exceeding cost limit for entire OpenAPIv3 schema): the API server refuses the CRD. Bound what it reads (\`maxItems\`, \`maxProperties\`, \`maxLength\`) or simplify it.`,
          });
    }
  return out;
}

/** Whether the API server refuses a model rule for its estimated cost (then it never runs: no verdict). */
export function overBudget(v: { site?: { root: unknown; path: (string | number)[] } }, ast: ASTNode): boolean {
  if (!v.site) return false;
  let schema: unknown = v.site.root;
  for (const k of v.site.path) schema = isObj(schema) ? schema[k as string] : undefined;
  return mul(estimateCost(ast, schema), cardinality(v.site.root, v.site.path)) > STATIC_ESTIMATED_COST_LIMIT;
}
