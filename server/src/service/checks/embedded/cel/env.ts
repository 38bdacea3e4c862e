// The CEL environment of the operator's destination expressions, derived from the model: `self` is the
// resource as written (apiVersion, kind, metadata, spec, status with this kind's and version's types),
// `secret` (in `secretExpressions` only) has the keys of the kind's `operatorSpec.secrets`, all strings
// (reference-shapes.md, "Languages inside manifests"). Functions: cel-go's standard library, the extended
// strings library version 3 and optional types; the few of them cel-js lacks are declared here for the
// type checker (they are never evaluated).
import type { Environment } from '@marcbachmann/cel-js';
import { loadCel } from '../../../core/libraries';

import { envelopeOf } from '../../../../model/envelope';
import type { KindDef, ObjectType, Type } from '../../../../model/types';

/** cel-js, loaded on first use: a workspace without operator expressions never pays for it (as for PromQL). */

/** Property names with `.`, `-` or `/` are written escaped in CEL; `__` itself is escaped too. */
export const escapeField = (name: string): string =>
  ['true', 'false', 'null', 'in'].includes(name)
    ? `__${name}__`
    : name
        .replace(/__/g, '__underscores__')
        .replace(/\./g, '__dot__')
        .replace(/-/g, '__dash__')
        .replace(/\//g, '__slash__');

export const unescapeField = (name: string): string =>
  /^__(true|false|null|in)__$/.test(name)
    ? name.slice(2, -2)
    : name
        .replace(/__dot__/g, '.')
        .replace(/__dash__/g, '-')
        .replace(/__slash__/g, '/')
        .replace(/__underscores__/g, '__');

/** The `operatorSpec.secrets` type of a kind, if it has one. */
export function secretsType(def: KindDef): ObjectType | undefined {
  const op = def.spec.fields.operatorSpec?.type;
  const secrets = op?.kind === 'object' ? op.fields.secrets?.type : undefined;
  return secrets?.kind === 'object' ? secrets : undefined;
}

/** The type `secret` has: the keys of `operatorSpec.secrets`, each a string. */
export function secretObject(def: KindDef): ObjectType {
  const s = secretsType(def);
  const fields: ObjectType['fields'] = {};
  for (const [k, f] of Object.entries(s?.fields ?? {})) fields[k] = { type: { kind: 'string' }, doc: f.doc };
  return {
    kind: 'object',
    name: `${def.kind}Secrets`,
    doc: `The secrets of the ${def.kind} (\`operatorSpec.secrets\` keys), as strings.`,
    fields,
  };
}

/** Declarations cel-go has and cel-js lacks (extended strings v3, standard conversions). */
const EXTRA_FUNCTIONS = [
  'string.charAt(int): string',
  'string.replace(string, string): string',
  'string.replace(string, string, int): string',
  'string.format(list<dyn>): string',
  'string.reverse(): string',
  'matches(string, string): bool',
  'string(google.protobuf.Timestamp): string',
  'string(google.protobuf.Duration): string',
  'int(google.protobuf.Timestamp): int',
  'timestamp(google.protobuf.Timestamp): google.protobuf.Timestamp',
  'duration(google.protobuf.Duration): google.protobuf.Duration',
];

const never = () => {
  throw new Error('declared for type checking only');
};

/** Declares, for the type checker, the functions cel-go has and cel-js lacks (also used by crd/rules/compile/ruleTypes.ts). */
export function declareExtraFunctions(env: Environment): void {
  for (const sig of EXTRA_FUNCTIONS) env.registerFunction(sig, never);
}

/**
 * A model type as a CEL type: `declared` as cel-js declares types (`list<int>`, `map<string, dyn>`), or
 * `written` as CEL documentation writes them (`list(int)`), for hover. Objects are named by `objectName`.
 */
export function celTypeOf(t: Type, objectName: (o: ObjectType) => string, notation: 'declared' | 'written'): string {
  const of = (inner: Type) => celTypeOf(inner, objectName, notation);
  const [open, close] = notation === 'declared' ? ['<', '>'] : ['(', ')'];
  switch (t.kind) {
    case 'string':
      return 'string';
    case 'int':
      return 'int';
    case 'number':
      return 'double';
    case 'bool':
      return 'bool';
    case 'array':
      return `list${open}${of(t.items)}${close}`;
    case 'map':
      return `map${open}string, ${of(t.values)}${close}`;
    case 'open':
      return 'dyn';
    case 'object':
      return objectName(t);
  }
}

class Builder {
  private names = new Map<ObjectType, string>();
  private n = 0;
  constructor(readonly env: Environment) {}
  typeOf(t: Type): string {
    return celTypeOf(t, (o) => this.object(o), 'declared');
  }
  object(t: ObjectType): string {
    const known = this.names.get(t);
    if (known) return known;
    const name = `T${this.n++}_${t.name.replace(/[^A-Za-z0-9_]/g, '_')}`;
    this.names.set(t, name);
    const fields: Record<string, string> = {};
    for (const [k, f] of Object.entries(t.fields)) fields[escapeField(k)] = this.typeOf(f.type);
    this.env.registerType(name, { fields });
    return name;
  }
}

/** Environments by kind definition (an immutable model value); never changed once built. */
const environments = new WeakMap<KindDef, { plain?: Environment; withSecret?: Environment }>();

/** The type-checking environment of a kind's expressions (`withSecret` for `secretExpressions`). */
export function celEnvironment(def: KindDef, withSecret: boolean): Environment {
  let built = environments.get(def);
  if (!built) environments.set(def, (built = {}));
  const slot = withSecret ? 'withSecret' : 'plain';
  let env = built[slot];
  if (env) return env;
  env = new (loadCel().Environment)({ enableOptionalTypes: true, homogeneousAggregateLiterals: false });
  declareExtraFunctions(env);
  const b = new Builder(env);
  env.registerVariable('self', b.object(envelopeOf(def)));
  if (withSecret) env.registerVariable('secret', b.object(secretObject(def)));
  built[slot] = env;
  return env;
}
