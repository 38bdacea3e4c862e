// The type check of a CRD's CEL rules with `self` typed from the schema (selfType.ts), as the API server
// checks them when the CRD is applied: a rule whose types do not fit (`self.replicas + "x"`, `self.name.size()`
// on an object, `self.nosuch`) or that does not give a bool (a message expression: a string) is refused there.
// Only the check on the CRD uses these types: manifests are still judged with a dynamic `self` (celRules.ts),
// so YAML numbers and CEL ints never disagree at run time.
//
// The API server has more CEL than cel-js (its url, quantity, ip, lists, sets, format… libraries), so a
// problem is reported only when we are sure the API server refuses the rule too:
// - the rule must type-check with a dynamic `self` (otherwise the failure is a syntax error, reported by
//   compileRule, or a function cel-js lacks: the rule is left alone);
// - the typed check then fails with one of the errors below, which depend only on the declared types and on
//   the standard CEL that cel-js and cel-go share: an undeclared field, a field of a scalar or list, a bad
//   index, a non-bool operand of `&&`/`||`/`?:`, a comprehension over an object or scalar, an arithmetic or
//   ordering operator on the wrong scalars, a standard string or conversion function on the wrong type.
//   Equality, `in` and ternary branches are not judged (cel-go's heterogeneous equality and type joins are
//   more lenient than cel-js's checker), nor functions outside the list (k8s adds overloads, e.g. `indexOf`
//   on lists).
import type { ASTNode, Environment, TypeCheckResult } from '@marcbachmann/cel-js';
import { declareExtraFunctions } from '../../../embedded/cel/env';
import { lazy } from '../../../../core/memo';
import { loadCel } from '../../../../core/libraries';
import { rewriteIndexedHas } from '../celRules';
import { registerKubernetesLibraries } from '../library';
import type { SelfType } from './selfType';
import { forEachNode } from '../celAst';
import { literalProblem } from './ruleLiterals';
import { objectIndexRefusal, overloadRefusal, stringReverseRefusal } from './ruleOverloads';
import { mixedLiteral } from './ruleMixedLiterals';
import { formatCallProblem } from './ruleFormatCalls';
import { CROSS_TYPE_NUMERIC, keywordFieldGate, usableAt, versionProblem, type Gate } from '../library/versions';
import { SELECTABLE_RESERVED } from '../celNames';
import { NEWEST_RELEASED_MINOR } from '../../../../core/kubernetesVersion';

const OPTIONS = { unlistedVariablesAreDyn: true, enableOptionalTypes: true, homogeneousAggregateLiterals: false };

/**
 * cel-go's functions and Kubernetes' libraries, declared once: each CRD's environment is a clone (declaring
 * the libraries takes about a millisecond, a clone next to nothing).
 */
const libraries = lazy(() => {
  const env = new (loadCel().Environment)(OPTIONS);
  declareExtraFunctions(env);
  return registerKubernetesLibraries(env);
});

/** `self` dynamic: a rule that fails here is not ours to judge by types. */
const dynamicEnvironment = lazy(() => libraries().clone(OPTIONS).registerVariable('self', 'dyn'));

const TRUSTED_CODES: ReadonlySet<string> = new Set([
  'no_such_key',
  'cannot_index_type',
  'invalid_index_type',
  'invalid_logical_operand',
  'invalid_condition_type',
  'invalid_comprehension_range',
]);
/** Standard CEL (and k8s strings) functions whose overloads cel-js has exactly as cel-go for our types. */
const TRUSTED_FUNCTIONS: ReadonlySet<string> = new Set([
  'size',
  'contains',
  'startsWith',
  'endsWith',
  'matches',
  'lowerAscii',
  'upperAscii',
  'trim',
  'substring',
  'split',
  'charAt',
  'replace',
  'int',
  'double',
  'string',
  'bool',
]);
const TRUSTED_OPERATORS: ReadonlySet<string> = new Set(['+', '-', '*', '/', '%', '<', '<=', '>', '>=', '!_', '-_']);
const SCALARS: ReadonlySet<string> = new Set(['int', 'double', 'string', 'bool']);
const ORDERINGS: ReadonlySet<string> = new Set(['<', '<=', '>', '>=']);
const NUMBERS: ReadonlySet<string> = new Set(['int', 'uint', 'double']);

/** The prefix of the names object types are registered under (replaced by `object` in messages). */
const OBJECT = 'CrdObject';
/** A type as CEL's documentation writes it (`list(int)`), objects as `object`. */
function shown(type: string): string {
  let out = type.replace(new RegExp(`${OBJECT}\\d+`, 'g'), 'object');
  // `list<map<string, int>>` → `list(map(string, int))`, innermost first (`a > b` is an operator).
  for (let prev = ''; prev !== out;) [prev, out] = [out, out.replace(/(\w)<([^<>]*)>/g, '$1($2)')];
  return out;
}

type Checked = ASTNode & { checkedType?: { name: string; kind: string } };
type CelError = NonNullable<TypeCheckResult['error']> & { node?: ASTNode; range?: { start: number; end: number } };

export type TypeProblem =
  /** The expression type-checks but gives another type than a bool (a rule) or a string (a message). */
  | { kind: 'result'; type: string }
  /**
   * It does not type-check: `message` says what is wrong, leading with the part of the rule at fault,
   * `range` where that part is (offsets in the rule's text), when known.
   */
  | { kind: 'type'; message: string; range?: [number, number] }
  /**
   * It calls what the targeted Kubernetes release does not have in a new rule (library/versions.ts):
   * `message` is cel-go's error, `gate` what was called, `minor` the release targeted.
   */
  | { kind: 'version'; message: string; range?: [number, number]; gate: Gate; minor: number };

type ObjectSelf = Extract<SelfType, { kind: 'object' }>;

/** The fields of an object, as a message lists them (an object of no fields, preserved ones, says so). */
const fieldList = (fields: string[]): string =>
  fields.length === 0
    ? 'it declares none: fields it does not declare are not reachable from a rule, preserved or not'
    : `its fields: ${fields.length <= 12 ? fields.join(', ') : `${fields.slice(0, 12).join(', ')}…`}`;

/** The rules of one CRD document: its object types registered once, one environment per type of `self`. */
export class RuleTypes {
  private base: Environment;
  private names = new Map<SelfType, string>();
  private objects = new Map<string, ObjectSelf>();
  private envs = new Map<SelfType, Environment>();

  /**
   * `selves`: every type `self` will have (all registered before the first check: cel-js then locks them);
   * `minor`: the minor of the Kubernetes release the CRD is applied to (which libraries a rule may use).
   */
  constructor(
    selves: SelfType[],
    private readonly minor: number = NEWEST_RELEASED_MINOR,
  ) {
    this.base = libraries().clone(OPTIONS);
    for (const t of selves) this.typeName(t);
  }

  private typeName(t: SelfType): string {
    switch (t.kind) {
      case 'dyn':
        return 'dyn';
      case 'scalar':
        return t.name;
      case 'list':
        return `list<${this.typeName(t.items)}>`;
      case 'map':
        return `map<string, ${this.typeName(t.values)}>`;
      case 'object': {
        const known = this.names.get(t);
        if (known) return known;
        const fields: Record<string, string> = {};
        for (const [k, f] of Object.entries(t.fields)) fields[k] = this.typeName(f);
        const name = `${OBJECT}${this.names.size}`;
        this.base.registerType({ name, fields });
        this.names.set(t, name);
        this.objects.set(name, t);
        return name;
      }
    }
  }

  private envFor(self: SelfType): Environment {
    let env = this.envs.get(self);
    if (!env) {
      env = this.base.clone(OPTIONS);
      env.registerVariable('self', this.typeName(self));
      this.envs.set(self, env);
    }
    return env;
  }

  /** What stops the API server from accepting `source` (a rule: `bool`, a message expression: `string`). */
  check(source: string, self: SelfType, expect: 'bool' | 'string'): TypeProblem | undefined {
    const text = rewriteIndexedHas(source);
    let typed: TypeCheckResult;
    let ast: ASTNode;
    try {
      const dynamic = dynamicEnvironment().parse(text);
      // Checks of literals and names, which need no types (ruleLiterals.ts): before the check, which a
      // function of admission policies (`authorizer.group()`) fails.
      const literal = literalProblem(dynamic.ast, text === source);
      if (literal) return literal;
      // A library the targeted release does not compile new rules with: refused whatever the types.
      const gated = versionProblem(dynamic.ast, this.minor, text === source ? source : undefined);
      if (gated)
        return {
          kind: 'version',
          message: gated.error,
          gate: gated.gate,
          minor: this.minor,
          ...(gated.range ? { range: gated.range } : {}),
        };
      const loose = dynamic.check();
      // Aggregate literals are homogeneous in the API server's CEL, whatever `self` is (checked before the
      // calls on them, as cel-go checks them).
      const mixed = mixedLiteral(dynamic.ast, source, text === source, shown);
      if (mixed) return { kind: 'type', ...mixed };
      // A literal format call with arguments its clauses do not take (cel-go's string format validator).
      const format = loose.valid ? formatCallProblem(dynamic.ast, source, text === source) : undefined;
      if (format) return { kind: 'type', ...format };
      if (!loose.valid) {
        // A call without an overload in cel-go either (`['a'].sum()`, `string(type(x))`) fails with any `self`.
        const refused = overloadRefusal(loose.error as CelError | undefined, source, text === source, shown);
        return refused && { kind: 'type', ...refused };
      }
      if (self.kind === 'dyn') return this.mixedNumericOrdering(dynamic.ast, text === source);
      const parsed = this.envFor(self).parse(text);
      typed = parsed.check();
      ast = parsed.ast;
    } catch {
      return undefined; // cel-js's own trouble: not the rule's
    }
    if (typed.valid) {
      const undeclared = this.undeclaredHas(ast, text === source);
      if (undeclared) return undeclared;
      const format = formatCallProblem(ast, source, text === source);
      if (format) return { kind: 'type', ...format };
      const indexed = objectIndexRefusal(ast, (t) => this.objects.has(t), source, text === source);
      if (indexed) return { kind: 'type', ...indexed };
      const keyword = this.keywordField(ast, text === source);
      if (keyword) return keyword;
      const ordering = this.mixedNumericOrdering(ast, text === source);
      if (ordering) return ordering;
      const reversed = stringReverseRefusal(ast, source, text === source);
      if (reversed) return { kind: 'type', ...reversed };
      const type = typed.type;
      if (!type || type === expect || type === 'dyn') return undefined;
      return { kind: 'result', type: shown(type) };
    }
    const e = typed.error as CelError | undefined;
    const refused = overloadRefusal(e, source, text === source, shown);
    if (refused) return { kind: 'type', ...refused };
    if (!e || !this.trusted(e)) return undefined;
    const r = e.range ?? e.node?.range;
    // A rule written with `has()` through an index was rewritten: its offsets are not the user's.
    const range: [number, number] | undefined = r && text === source ? [r.start, r.end] : undefined;
    const part = range ? source.slice(range[0], range[1]) : '';
    // A field the schema lacks is named by the detail itself.
    const named = e.code === 'no_such_key' || (e.code === 'cannot_index_type' && e.node?.op === '.');
    const shownPart = part && part.length <= 80 && !named;
    const said = `${shownPart ? `\`${part}\`: ` : ''}${this.detail(e)}`;
    return { kind: 'type', message: said, ...(range ? { range } : {}) };
  }

  /**
   * `has(x.f)` where `x` is an object of the schema without a field `f`: cel-go refuses it ("undefined
   * field"), cel-js lets it give false.
   */
  private undeclaredHas(ast: ASTNode, sameText: boolean): TypeProblem | undefined {
    let found: TypeProblem | undefined;
    forEachNode(ast, (n) => {
      if (found || n.op !== 'call' || !Array.isArray(n.args) || n.args[0] !== 'has') return;
      const arg = (n.args[1] as Checked[] | undefined)?.[0];
      if (!arg || arg.op !== '.') return;
      const [target, field] = arg.args as [Checked, string];
      const object = this.selfAt(target);
      if (object?.kind !== 'object' || field in object.fields) return;
      const fields = Object.keys(object.fields);
      const where = object.label ? `\`${object.label}\`` : 'the root';
      const list = fieldList(fields);
      const r = (n as unknown as { range?: { start: number; end: number } }).range;
      found = {
        kind: 'type',
        message: `undefined field '${field}': the schema declares no field \`${field}\` in ${where} (${list}), so \`has()\` of it does not compile`,
        ...(r && sameText ? { range: [r.start, r.end] as [number, number] } : {}),
      };
    });
    return found;
  }

  /**
   * A reserved word reached as a field of a schema object without its escape (`self.namespace`), where the
   * targeted release does not resolve it yet (library/versions.ts keywordFieldGate): "undefined field".
   */
  private keywordField(ast: ASTNode, sameText: boolean): TypeProblem | undefined {
    let found: TypeProblem | undefined;
    forEachNode(ast, (n) => {
      if (found || (n.op !== '.' && n.op !== '.?') || !Array.isArray(n.args)) return;
      const [target, field] = n.args as [Checked, unknown];
      if (typeof field !== 'string' || !SELECTABLE_RESERVED.has(field)) return;
      const gate = keywordFieldGate(field);
      if (usableAt(gate, this.minor) || this.selfAt(target)?.kind !== 'object') return;
      const r = (n as unknown as { range?: { start: number; end: number } }).range;
      found = {
        kind: 'version',
        message: `undefined field '${field}'`,
        gate,
        minor: this.minor,
        ...(r && sameText ? { range: [r.start, r.end] as [number, number] } : {}),
      };
    });
    return found;
  }

  /**
   * `<`, `<=`, `>`, `>=` between two numbers of different types (`1.5 > 1`, `self.replicas < 2.5`), where the
   * targeted release lacks cel-go's cross-type numeric comparisons (library/versions.ts): no overload.
   */
  private mixedNumericOrdering(ast: ASTNode, sameText: boolean): TypeProblem | undefined {
    const gate = CROSS_TYPE_NUMERIC;
    if (usableAt(gate, this.minor)) return undefined;
    let found: TypeProblem | undefined;
    forEachNode(ast, (n) => {
      if (found || !ORDERINGS.has(n.op) || !Array.isArray(n.args) || n.args.length !== 2) return;
      const [a, b] = (n.args as Checked[]).map((x) => x?.checkedType?.name ?? 'dyn');
      if (a === b || !NUMBERS.has(a) || !NUMBERS.has(b)) return;
      const r = (n as unknown as { range?: { start: number; end: number } }).range;
      found = {
        kind: 'version',
        message: `found no matching overload for '_${n.op}_' applied to '(${a}, ${b})'`,
        gate,
        minor: this.minor,
        ...(r && sameText ? { range: [r.start, r.end] as [number, number] } : {}),
      };
    });
    return found;
  }

  /**
   * The schema type of a node under `has()`: cel-js's has() macro types only the variable it starts from, so
   * a path below it (`has(self.a.b.c)`: `self.a.b`) is followed through the declared fields here.
   */
  private selfAt(node: Checked): SelfType | undefined {
    const name = node.checkedType?.name;
    if (name) return this.objects.get(name);
    if (node.op !== '.' || !Array.isArray(node.args)) return undefined;
    const parent = this.selfAt(node.args[0] as Checked);
    return parent?.kind === 'object' ? parent.fields[node.args[1] as string] : undefined;
  }

  private trusted(e: CelError): boolean {
    const node = e.node as Checked | undefined;
    // `self['x']` on an object: cel-go may not index an object at all; only `self.x` is judged.
    if (e.code === 'no_such_key') return node?.op === '.';
    if (TRUSTED_CODES.has(e.code)) return true;
    if (!node) return false;
    if (e.code === 'no_matching_overload' && (node.op === 'call' || node.op === 'rcall'))
      return TRUSTED_FUNCTIONS.has(node.args[0] as string);
    if (e.code === 'no_such_overload' && (node.op === '==' || node.op === '!=')) return this.unequalTypes(node);
    if (e.code === 'no_such_overload' && TRUSTED_OPERATORS.has(node.op)) {
      const operands = (Array.isArray(node.args) ? node.args : [node.args]) as Checked[];
      return operands.every((o) => {
        const name = o.checkedType?.name ?? '';
        return SCALARS.has(name) || this.objects.has(name);
      });
    }
    return false;
  }

  /**
   * `==` of two types cel-go's checker cannot unify (its `_==_` is `(A, A)`): a string and an int, a list and
   * a bool, a scalar, list or map and `null` (null is assignable only to objects, durations and timestamps
   * there). Not judged: two numbers (Kubernetes' cross-type numeric comparisons), objects against null, and
   * any type with `dyn` inside.
   */
  private unequalTypes(node: Checked): boolean {
    const names = ((node.args ?? []) as Checked[]).map((o) => o.checkedType?.name ?? 'dyn');
    if (names.length !== 2 || names.some((n) => /\bdyn\b/.test(n))) return false;
    const sure = (n: string) => SCALARS.has(n) || /^(list|map)</.test(n);
    const [a, b] = names;
    if (a === 'null' || b === 'null') return sure(a === 'null' ? b : a);
    // Two objects are not judged: Kubernetes names their types by path, we by shape.
    if (!sure(a) && !sure(b)) return false;
    if (!sure(a) && !this.objects.has(a)) return false;
    if (!sure(b) && !this.objects.has(b)) return false;
    const numeric = (n: string) => n === 'int' || n === 'double';
    return !(numeric(a) && numeric(b));
  }

  private detail(e: CelError): string {
    const first = e.message.split('\n')[0];
    const operand = (e.node?.args as Checked[] | undefined)?.[0]?.checkedType?.name;
    if (e.code === 'cannot_index_type' && e.node?.op === '.' && operand)
      return `a value of type ${shown(operand)} has no field \`${e.node.args[1] as string}\``;
    const key = /^No such key: (.*)$/.exec(first)?.[1];
    const left = (e.node?.args as Checked[] | undefined)?.[0]?.checkedType?.name;
    const object = key !== undefined && left ? this.objects.get(left) : undefined;
    if (key === undefined || !object) return shown(first);
    const fields = Object.keys(object.fields);
    const where = object.label ? `\`${object.label}\`` : 'the root';
    const list = fieldList(fields);
    return `the schema declares no field \`${key}\` in ${where} (${list})`;
  }
}
