// The type `self` has in a CRD's `x-kubernetes-validations` rule, read from the raw structural schema the
// rule sits on, as the API server declares it (`SchemaDeclType`, k8s.io/apiserver/pkg/cel/common/schemas.go):
// an object with `properties` is an object of those fields (escaped names), `additionalProperties` a
// map(string, T), an array list(T), integer int, number double, boolean bool, string string. The CRD is
// rejected when a rule does not type-check against it, so a wrong type here would be a false error: where
// the API server's type is not one cel-js checks as cel-go does, or the schema is unsure, it is `dyn`
// (checked at run time only, so never reported):
// - `x-kubernetes-int-or-string` (dyn in the API server too);
// - formats byte, duration, date and date-time (bytes, duration, timestamp there: cel-js lacks some of
//   cel-go's overloads on them, and our run-time values are strings anyway);
// - a rule's own node without a known type.
// A property the API server does not declare to CEL (no type, or a list or map of such) is no field here.
// An object without properties (`type: object` alone, or with `x-kubernetes-preserve-unknown-fields`) is an
// object of no fields, as the API server types it (SchemaDeclType ignores XPreserveUnknownFields: "we don't
// support validation rules on data that we don't have schema information for"), so `self.spec.anything` on
// it is refused there. `metadata` at the root, as in an embedded resource, has `name` and `generateName`
// only (WithTypeAndObjectMeta: the CRD's root schema may declare nothing else there).
// The raw schema is read rather than the converted model (model/crd/schema.ts), which keeps only what the
// product checks on manifests (formats, for one, are dropped).
import { celPropertyNames } from '../celNames';

export type SelfType =
  | { kind: 'dyn' }
  | { kind: 'scalar'; name: 'int' | 'double' | 'string' | 'bool' }
  | { kind: 'list'; items: SelfType }
  | { kind: 'map'; values: SelfType }
  | { kind: 'object'; label: string; fields: Record<string, SelfType> };

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

export const DYN: SelfType = { kind: 'dyn' };
const STRING: SelfType = { kind: 'scalar', name: 'string' };

/** Deeper schemas are `dyn` below this depth (a bundle is untrusted input). */
const MAX_DEPTH = 64;
/** Formats the API server types as bytes, duration or timestamp. */
const TIME_OR_BYTES: ReadonlySet<string> = new Set(['byte', 'duration', 'date', 'date-time']);
/** A property name the API server's `Escape` accepts (others are not reachable from CEL, so not declared). */
const ESCAPABLE = /^[A-Za-z_./-][A-Za-z0-9_./-]*$/;

/**
 * The types of the schema nodes of one CRD document, each computed once (`memo`, keyed by the schema
 * object of one `toJS()` value), labelled by the path of their first sight for messages.
 */
export class SelfTypes {
  private memo = new WeakMap<object, SelfType>();

  /** The type of `self` on `schema`, `resourceRoot` for a version's `openAPIV3Schema`. */
  of(schema: unknown, label: string, resourceRoot: boolean): SelfType {
    if (!resourceRoot) return this.typeOf(schema, label, 0);
    const t = this.compute(schema, label, 0);
    if (t.kind !== 'object') return t;
    // The root of a custom resource always has these (WithTypeAndObjectMeta in the API server).
    return { ...t, fields: { ...t.fields, apiVersion: STRING, kind: STRING, metadata: objectMeta('metadata') } };
  }

  private typeOf(schema: unknown, label: string, depth: number): SelfType {
    if (!isObj(schema)) return DYN;
    const known = this.memo.get(schema);
    if (known) return known;
    // A YAML alias can make a schema its own descendant: seen again while computed, it is dyn.
    this.memo.set(schema, DYN);
    const t = this.compute(schema, label, depth);
    this.memo.set(schema, t);
    return t;
  }

  /**
   * An embedded resource whose schema declares `kind`, `apiVersion` and `metadata` with `name` and
   * `generateName`, all strings, is taken as it is (WithTypeAndObjectMeta returns such a schema unchanged), so a
   * declared `metadata.namespace` is reachable; otherwise undefined.
   */
  private declaredResource(s: Json, label: string, depth: number): SelfType | undefined {
    const addl = s.additionalProperties;
    if (!isObj(s.properties) || (addl !== undefined && addl !== false)) return undefined;
    const t = this.object(s, label, depth);
    if (t.kind !== 'object') return undefined;
    const meta = t.fields.metadata;
    const isString = (x: SelfType | undefined) => x?.kind === 'scalar' && x.name === 'string';
    const declared =
      isString(t.fields.kind) &&
      isString(t.fields.apiVersion) &&
      meta?.kind === 'object' &&
      isString(meta.fields.name) &&
      isString(meta.fields.generateName);
    return declared ? t : undefined;
  }

  private compute(s: unknown, label: string, depth: number): SelfType {
    if (!isObj(s) || depth > MAX_DEPTH) return DYN;
    if (s['x-kubernetes-int-or-string'] === true) return DYN;
    if (s['x-kubernetes-embedded-resource'] === true)
      return this.declaredResource(s, label, depth) ?? this.embedded(s, label, depth);
    switch (s.type) {
      case 'integer':
        return { kind: 'scalar', name: 'int' };
      case 'number':
        return { kind: 'scalar', name: 'double' };
      case 'boolean':
        return { kind: 'scalar', name: 'bool' };
      case 'string':
        return typeof s.format === 'string' && TIME_OR_BYTES.has(s.format) ? DYN : STRING;
      case 'array':
        return isObj(s.items) ? { kind: 'list', items: this.typeOf(s.items, `${label}[*]`, depth + 1) } : DYN;
      case 'object':
        return this.object(s, label, depth);
      default:
        return DYN;
    }
  }

  /**
   * An embedded resource: an object of its declared properties, and always `apiVersion`, `kind` and `metadata`
   * (WithTypeAndObjectMeta), whether or not it preserves unknown fields: a rule reaches no other field
   * (Kubernetes' "embedded object with preserve unknown" case: `has(self.embedded.spec)` is "undefined field
   * 'spec'"); `has(self.embedded.metadata.namespace)` is "undefined field 'namespace'").
   */
  private embedded(s: Json, label: string, depth: number): SelfType {
    const props = isObj(s.properties) && Object.keys(s.properties).length > 0;
    const addl = s.additionalProperties;
    if (addl !== undefined && addl !== false) return DYN;
    const t: SelfType = props ? this.object(s, label, depth) : { kind: 'object', label, fields: {} };
    if (t.kind !== 'object') return DYN;
    // Its metadata has `name` and `generateName` only, whatever the schema declares there.
    const metadata: SelfType = {
      kind: 'object',
      label: `${label}.metadata`,
      fields: { name: STRING, generateName: STRING },
    };
    return { ...t, fields: { ...t.fields, apiVersion: STRING, kind: STRING, metadata } };
  }

  private object(s: Json, label: string, depth: number): SelfType {
    const addl = s.additionalProperties;
    const props = isObj(s.properties) ? s.properties : undefined;
    if (isObj(addl) && !props) return { kind: 'map', values: this.typeOf(addl, `${label}.*`, depth + 1) };
    // `additionalProperties` beside `properties` is not structural: the API server rejects the CRD anyway.
    if (addl !== undefined && addl !== false) return DYN;
    // No properties: an object of no fields (unknown fields, preserved or pruned, are not reachable).
    if (!props) return { kind: 'object', label, fields: {} };
    const fields: Record<string, SelfType> = {};
    for (const [k, v] of Object.entries(props)) {
      if (!ESCAPABLE.test(k) || !declared(v, depth + 1)) continue;
      const sub = label ? `${label}.${k}` : k;
      // A nullable field has its own type (a null there is absent to the rules: validations.ts celValue), so
      // comparing it with null is refused, as validation_test.go's 'field nullability' case says.
      const t = this.typeOf(v, sub, depth + 1);
      for (const name of celPropertyNames(k)) fields[name] = t;
    }
    return { kind: 'object', label, fields };
  }
}

/**
 * Whether the API server declares a property of this schema to CEL at all: `SchemaDeclType` gives no type
 * (and the object no such field: "If the type of a property is unknown it is not accessible in CEL") for a
 * schema without a type (`x-kubernetes-preserve-unknown-fields` alone), a list whose items or a map whose
 * values have none, and a list without items. Anything unsure (too deep, not a mapping) counts as declared,
 * so a rule reading it is never refused for it. Each step goes down one child, so this is linear.
 */
function declared(s: unknown, depth: number): boolean {
  if (!isObj(s) || depth > MAX_DEPTH) return true;
  if (s['x-kubernetes-int-or-string'] === true || s['x-kubernetes-embedded-resource'] === true) return true;
  switch (s.type) {
    case 'integer':
    case 'number':
    case 'boolean':
    case 'string':
      return true;
    case 'array':
      return isObj(s.items) && declared(s.items, depth + 1);
    case 'object':
      return isObj(s.additionalProperties) && !isObj(s.properties) ? declared(s.additionalProperties, depth + 1) : true;
    default:
      return false;
  }
}

/** The `metadata` of a resource's root as the API server types it for rules (an embedded resource's: `embedded`). */
const objectMeta = (label: string): SelfType => ({
  kind: 'object',
  label,
  fields: { name: STRING, generateName: STRING },
});

/** Where `self` is in the document: the schema node and its label, a version's root, or no schema. */
export type Where = { label: string; root: boolean } | undefined;

/** A version's `openAPIV3Schema`: `spec.versions[i].schema.openAPIV3Schema`. */
export const isVersionRoot = (path: (string | number)[]): boolean =>
  path.length === 5 &&
  path[0] === 'spec' &&
  path[1] === 'versions' &&
  path[3] === 'schema' &&
  path[4] === 'openAPIV3Schema';

/**
 * The place of a child of a schema node (`inProperties`: a child of its `properties` map): each property,
 * `items` and `additionalProperties` are schemas; anything else (`default`, `enum`, `allOf`…) is not.
 */
export function childWhere(where: Where, inProperties: boolean, key: string): Where {
  if (!where) return undefined;
  if (inProperties) return { label: where.label ? `${where.label}.${key}` : key, root: false };
  if (key === 'items') return { label: `${where.label}[*]`, root: false };
  if (key === 'additionalProperties') return { label: `${where.label}.*`, root: false };
  return undefined;
}

/** The place of the node at `path` in a CRD document, if it is a schema node of a version. */
export function placeOf(path: (string | number)[]): Where {
  if (path.length < 5 || !isVersionRoot(path.slice(0, 5))) return undefined;
  let where: Where = { label: '', root: true };
  for (let i = 5; i < path.length && where; i++) {
    const k = path[i];
    if (k === 'properties' && typeof path[i + 1] === 'string') where = childWhere(where, true, path[++i] as string);
    else where = typeof k === 'string' ? childWhere(where, false, k) : undefined;
  }
  return where;
}

/** A type as CEL's documentation writes it: `list(string)`, `map(string, int)`, `object`. */
export function selfTypeText(t: SelfType): string {
  switch (t.kind) {
    case 'dyn':
      return 'dyn';
    case 'scalar':
      return t.name;
    case 'list':
      return `list(${selfTypeText(t.items)})`;
    case 'map':
      return `map(string, ${selfTypeText(t.values)})`;
    case 'object':
      return 'object';
  }
}
