// A CRD version's `openAPIV3Schema` as the model's own types: the same ObjectType, StringType… the built-in
// kinds are written in, so completion, hover and the walk serve both without a second validator. What the
// schema does not say is accepted (an open type); what cannot be understood is left out and noted, never
// guessed. Notes carry the path of the schema node inside the CRD document, so the CRD's own check can
// place them.
import type { CelFormat, CelValidation, EnumValue, Field, ObjectType, StringFormat, Type } from '../types';
import { allOfEntries, withAllOfChildren } from './allOf';

export type SchemaPath = (string | number)[];

export interface SchemaNote {
  /** Where in the CRD document (from its root), e.g. `spec.versions[0].schema.openAPIV3Schema.properties…`. */
  path: SchemaPath;
  code: 'crd-schema' | 'crd-schema-type';
  message: string;
}

/** The API server's field path of a node of the CRD (`spec.versions[0].schema.openAPIV3Schema.properties[spec]`). */
export function schemaFieldPath(path: SchemaPath): string {
  let out = '';
  let name = false; // the step after the keyword `properties` is a property's name
  for (const p of path) {
    if (typeof p === 'number') out += `[${p}]`;
    else if (name) out += `[${p}]`;
    else out += out === '' ? p : `.${p}`;
    name = !name && p === 'properties';
  }
  return out;
}

/** The types a structural schema node may have (apiextensions validation: "supported values"). */
const SCHEMA_TYPES = ['array', 'boolean', 'integer', 'number', 'object', 'string'];

type Json = Record<string, unknown>;

const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const int = (v: unknown): number | undefined => {
  const n = num(v);
  return n !== undefined && Number.isInteger(n) && n >= 0 ? n : undefined;
};

/**
 * The formats the API server checks on a string (apiextensions' supported formats that kube-openapi's strfmt
 * registry validates), each with the predicate that reads it as Go does. Keyed without dashes: strfmt looks a
 * name up with its dashes removed (`date-time` is `datetime`). `password` (anything) and `quantity` (not in
 * the registry) are not checked; nor are `k8s-short-name`/`k8s-long-name` (Kubernetes 1.34 on).
 */
const FORMATS: ReadonlyMap<string, StringFormat> = new Map([
  ['datetime', 'go-datetime'],
  ['uuid', 'go-uuid'],
  ['uuid3', 'go-uuid3'],
  ['uuid4', 'go-uuid4'],
  ['uuid5', 'go-uuid5'],
  // Go's parsers (IPv6 included: the operator's own `cidr` is IPv4).
  ['cidr', 'go-cidr'],
  ['ipv4', 'go-ipv4'],
  ['ipv6', 'go-ipv6'],
  ['date', 'go-date'],
  ['mac', 'go-mac'],
  ['uri', 'go-uri'],
  ['email', 'go-email'],
  ['hostname', 'go-hostname'],
  ['duration', 'go-duration'],
  ['byte', 'go-byte'],
  ['bsonobjectid', 'go-bsonobjectid'],
  ['isbn', 'go-isbn'],
  ['isbn10', 'go-isbn10'],
  ['isbn13', 'go-isbn13'],
  ['creditcard', 'go-creditcard'],
  ['ssn', 'go-ssn'],
  ['hexcolor', 'go-hexcolor'],
  ['rgbcolor', 'go-rgbcolor'],
]);

/**
 * The formats of Kubernetes' own kinds (model/kube/) as the API server decodes them: bytes with Go's JSON
 * (the empty string too), a resource.Quantity (a number is one as well).
 */
const KUBE_FORMATS: ReadonlyMap<string, StringFormat> = new Map([
  ['byte', 'kube-base64'],
  ['quantity', 'kube-quantity'],
]);

/** Formats the API server's CEL reads as bytes, a duration or a timestamp (`datetime` is not one of them). */
const CEL_FORMATS: ReadonlySet<string> = new Set<CelFormat>(['byte', 'duration', 'date', 'date-time']);

/** Bounds the work of one schema: nesting depth and nodes converted (a bundle is untrusted input). */
const MAX_DEPTH = 64;
const MAX_NODES = 100_000;

interface Ctx {
  kind: string;
  notes: SchemaNote[];
  nodes: number;
  /** The version's raw schema and the length of the path to it (rules keep their place in it). */
  root?: unknown;
  rootDepth?: number;
  /** The schema is one of Kubernetes' own kinds' (model/kube/): its formats are Go's decoding. */
  kube?: boolean;
}

const describe = (s: Json): string => (typeof s.description === 'string' ? s.description : '');

/** A readable value for hover when the default is not a single scalar. */
function defaultOf(v: unknown): Pick<Field, 'default' | 'defaultDoc'> {
  if (v === undefined || v === null) return {};
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return { default: v };
  const json = JSON.stringify(v);
  return { defaultDoc: `\`${json.length > 200 ? `${json.slice(0, 200)}…` : json}\`` };
}

/** The rules of `x-kubernetes-validations` that are well-formed (a rule is a string). */
export function validationsOf(s: Json, site?: CelValidation['site']): CelValidation[] | undefined {
  // The node's own rules, then those of its `allOf` entries, which the API server runs on it too.
  const raw = [s, ...allOfEntries(s)].flatMap((n) => {
    const r = n['x-kubernetes-validations'];
    return Array.isArray(r) ? r : [];
  });
  const rules = raw.filter(isObj).flatMap((r): CelValidation[] =>
    typeof r.rule === 'string'
      ? [
          {
            rule: r.rule,
            ...(typeof r.message === 'string' ? { message: r.message } : {}),
            ...(typeof r.messageExpression === 'string' ? { messageExpression: r.messageExpression } : {}),
            ...(typeof r.fieldPath === 'string' ? { fieldPath: r.fieldPath } : {}),
            ...(typeof r.reason === 'string' ? { reason: r.reason } : {}),
            ...(r.optionalOldSelf === true ? { optionalOldSelf: true as const } : {}),
            ...(site ? { site } : {}),
          },
        ]
      : [],
  );
  return rules.length > 0 ? rules : undefined;
}

/** One property of an object schema as a field. */
function fieldOf(s: unknown, path: SchemaPath, label: string, required: boolean, ctx: Ctx, depth: number): Field {
  const type = typeOf(s, path, label, ctx, depth);
  if (!isObj(s)) return { type, doc: '', ...(required ? { required } : {}) };
  const rules = type.kind === 'object' ? undefined : validationsOf(s, siteOf(ctx, path));
  return {
    type,
    doc: describe(s),
    ...(required ? { required } : {}),
    ...defaultOf(s.default),
    ...(s.nullable === true ? { nullable: true } : {}),
    ...(rules ? { validations: rules } : {}),
  };
}

const open = (label: string, note: string): Type => ({ kind: 'open', name: label, note });

/** A rule's place in its version's schema (for its estimated cost). */
const siteOf = (ctx: Ctx, path: SchemaPath): CelValidation['site'] =>
  ctx.root !== undefined ? { root: ctx.root, path: path.slice(ctx.rootDepth ?? 0) } : undefined;

/** A schema node as a model type. */
export function typeOf(raw: unknown, path: SchemaPath, label: string, ctx: Ctx, depth = 0): Type {
  if (!isObj(raw)) return open(label, 'the schema says nothing here');
  const s = withAllOfChildren(raw);
  if (++ctx.nodes > MAX_NODES || depth > MAX_DEPTH) return open(label, 'the schema is too large to read whole');
  const preserve = s['x-kubernetes-preserve-unknown-fields'] === true;
  if (s['x-kubernetes-int-or-string'] === true) return stringOf(s, path, label, ctx, true);
  const props = isObj(s.properties) ? s.properties : undefined;
  const embedded = s['x-kubernetes-embedded-resource'] === true;
  const t = s.type;
  if (t === undefined && !props && !embedded) {
    // A structural schema gives every node a type, unless it keeps unknown fields.
    if (!preserve && depth > 0)
      ctx.notes.push({
        path,
        code: 'crd-schema',
        message: `\`${label}\` has no \`type\` (a structural schema needs one, or \`x-kubernetes-preserve-unknown-fields: true\`); anything is accepted there.`,
      });
    return open(label, 'the schema gives no type');
  }
  switch (t) {
    case 'string':
      return stringOf(s, path, label, ctx, false);
    case 'integer':
    case 'number':
      return {
        kind: t === 'integer' ? 'int' : 'number',
        ...bounds(s),
        // An integer's `multipleOf` by a positive integer is exact; a number's is left to the API server.
        ...(t === 'integer' && Number.isSafeInteger(s.multipleOf) && (s.multipleOf as number) > 0
          ? { multipleOf: s.multipleOf as number }
          : {}),
      };
    case 'boolean':
      return { kind: 'bool' };
    case 'array': {
      const listType = s['x-kubernetes-list-type'];
      const keys = s['x-kubernetes-list-map-keys'];
      const mapKeys =
        listType === 'map' && Array.isArray(keys) && keys.length > 0 && keys.every((k) => typeof k === 'string')
          ? (keys as string[])
          : undefined;
      const items =
        s.items === undefined
          ? open(`${label}[*]`, 'the schema gives no item type')
          : typeOf(s.items, [...path, 'items'], `${label}[*]`, ctx, depth + 1);
      // An object item holds its rules; another item's are the list's to run on each item.
      const itemRules =
        isObj(s.items) && items.kind !== 'object' ? validationsOf(s.items, siteOf(ctx, [...path, 'items'])) : undefined;
      return {
        kind: 'array',
        items,
        ...(itemRules ? { itemValidations: itemRules } : {}),
        ...(isObj(s.items) && s.items.nullable === true ? { nullableItems: true as const } : {}),
        ...(int(s.minItems) !== undefined ? { minItems: int(s.minItems) } : {}),
        ...(int(s.maxItems) !== undefined ? { maxItems: int(s.maxItems) } : {}),
        ...(mapKeys ? { mapKeys } : {}),
        ...(s.uniqueItems === true || listType === 'set' ? { unique: true as const } : {}),
        ...(listType === 'set' ? { setList: true as const } : {}),
      };
    }
    case 'object':
    case undefined:
      break;
    default:
      ctx.notes.push(
        typeof t === 'string' && t !== ''
          ? {
              path: [...path, 'type'],
              code: 'crd-schema-type',
              message: `\`${schemaFieldPath([...path, 'type'])}\`: Unsupported value: ${JSON.stringify(t)}: supported values: ${SCHEMA_TYPES.map((x) => `"${x}"`).join(', ')}. The API server refuses the CRD: write one of them.`,
            }
          : {
              path: [...path, 'type'],
              code: 'crd-schema',
              message: `\`type: ${String(t)}\` is not one of object, array, string, integer, number, boolean; the field is not checked.`,
            },
      );
      return open(label, 'the schema names an unknown type');
  }
  const addl = s.additionalProperties;
  if (!props && !embedded) {
    if (isObj(addl)) {
      const values = typeOf(addl, [...path, 'additionalProperties'], `${label}.*`, ctx, depth + 1);
      const valueRules =
        values.kind !== 'object' ? validationsOf(addl, siteOf(ctx, [...path, 'additionalProperties'])) : undefined;
      return {
        kind: 'map',
        values,
        ...(valueRules ? { valueValidations: valueRules } : {}),
        ...(int(s.maxProperties) !== undefined ? { maxEntries: int(s.maxProperties) } : {}),
        ...(int(s.minProperties) !== undefined ? { minEntries: int(s.minProperties) } : {}),
      };
    }
    // `type: object` alone, `additionalProperties: true`, or preserved: any content.
    return open(label, preserve ? 'the schema keeps any field here' : 'the schema lists no fields here');
  }
  if (props && addl !== undefined && addl !== false)
    ctx.notes.push({
      path: [...path, 'additionalProperties'],
      code: 'crd-schema',
      message:
        '`additionalProperties` beside `properties` is not a structural schema (the API server rejects it); unknown fields are not reported here.',
    });
  if (props && t === undefined && !preserve)
    ctx.notes.push({
      path,
      code: 'crd-schema',
      message:
        'A schema with `properties` must say `type: object` (a structural schema); unknown fields are not reported here.',
    });
  const required = new Set(Array.isArray(s.required) ? s.required.filter((r) => typeof r === 'string') : []);
  const fields: Record<string, Field> = {};
  if (embedded) {
    // A whole object: Kubernetes requires its `apiVersion` and `kind`; its metadata is not checked further.
    fields.apiVersion = {
      type: { kind: 'string' },
      doc: 'API group and version of the embedded object',
      required: true,
    };
    fields.kind = { type: { kind: 'string' }, doc: 'kind of the embedded object', required: true };
    fields.metadata = { type: open(`${label}.metadata`, 'object metadata'), doc: 'metadata of the embedded object' };
  }
  // A required field with a default is never missing: the API server applies defaults before it validates.
  const needed = (k: string, v: unknown) => required.has(k) && !(isObj(v) && v.default !== undefined);
  for (const [k, v] of Object.entries(props ?? {}))
    fields[k] = fieldOf(v, [...path, 'properties', k], label ? `${label}.${k}` : k, needed(k, v), ctx, depth + 1);
  // An embedded resource's metadata is the API server's ObjectMeta (namespace, labels…) whatever the schema
  // declares of it: a declared metadata reports no other field as unknown.
  const meta = fields.metadata;
  if (embedded && props && isObj(props.metadata) && meta.type.kind === 'object')
    fields.metadata = { ...meta, type: { ...meta.type, unknownFields: 'accept' } };
  const structural = t === 'object' && (addl === undefined || addl === false);
  const o: ObjectType = {
    kind: 'object',
    name: `${ctx.kind}${label ? `.${label}` : ''}`,
    doc: describe(s),
    fields,
    ...(preserve || !structural || (embedded && !props) ? { unknownFields: 'accept' as const } : {}),
    ...(int(s.minProperties) !== undefined ? { minProperties: int(s.minProperties) } : {}),
    ...(int(s.maxProperties) !== undefined ? { maxProperties: int(s.maxProperties) } : {}),
    ...(embedded ? { embedded: true as const } : {}),
  };
  const rules = validationsOf(s, siteOf(ctx, path));
  if (rules) o.validations = rules;
  const defaults = Object.entries(props ?? {}).filter(([, v]) => isObj(v) && v.default !== undefined);
  if (defaults.length > 0) o.defaults = Object.fromEntries(defaults.map(([k, v]) => [k, (v as Json).default]));
  return o;
}

function bounds(s: Json): { minimum?: number; maximum?: number; exclusiveMinimum?: number; exclusiveMaximum?: number } {
  const min = num(s.minimum);
  const max = num(s.maximum);
  // OpenAPI 3.0: `exclusiveMinimum: true` makes `minimum` strict.
  return {
    ...(min !== undefined ? (s.exclusiveMinimum === true ? { exclusiveMinimum: min } : { minimum: min }) : {}),
    ...(max !== undefined ? (s.exclusiveMaximum === true ? { exclusiveMaximum: max } : { maximum: max }) : {}),
  };
}

function stringOf(s: Json, path: SchemaPath, label: string, ctx: Ctx, intOrString: boolean): Type {
  const values = Array.isArray(s.enum) ? s.enum : undefined;
  // An enum is used only when every value is a string (an int-or-string enum with numbers is not checked).
  const enumValues: EnumValue[] | undefined =
    values && values.length > 0 && values.every((v) => typeof v === 'string')
      ? (values as string[]).map((value) => ({ value }))
      : undefined;
  const format =
    typeof s.format !== 'string'
      ? undefined
      : ((ctx.kube ? KUBE_FORMATS.get(s.format) : undefined) ?? FORMATS.get(s.format.replaceAll('-', '')));
  const celFormat = typeof s.format === 'string' && CEL_FORMATS.has(s.format) ? (s.format as CelFormat) : undefined;
  // Kept in Go's syntax: the service matches it with RE2 (service/goRegexp.ts) and the CRD's check says
  // where Go cannot compile it.
  const pattern = typeof s.pattern === 'string' ? { pattern: s.pattern, patternSyntax: 'go' as const } : undefined;
  return {
    kind: 'string',
    ...(enumValues ? { enum: enumValues } : {}),
    ...(int(s.minLength) !== undefined ? { minLength: int(s.minLength) } : {}),
    ...(int(s.maxLength) !== undefined ? { maxLength: int(s.maxLength) } : {}),
    ...(pattern ?? {}),
    ...(format ? { format } : {}),
    ...(celFormat && !intOrString ? { celFormat } : {}),
    ...(intOrString ? { intOrString: true as const } : {}),
    ...(format === 'kube-quantity' ? { numeric: true as const } : {}),
  };
}

/** What a version's root schema gives a kind: its top-level fields and what the root accepts. */
export interface RootShape {
  topFields: Record<string, Field>;
  topUnknown?: 'accept';
  validations?: CelValidation[];
  topDefaults?: Record<string, unknown>;
  notes: SchemaNote[];
}

const ENVELOPE: ReadonlySet<string> = new Set(['apiVersion', 'kind', 'metadata']);

/** Converts a version's `openAPIV3Schema` (at `path` in the CRD document) for the kind `kind`. */
export function rootShape(schema: unknown, path: SchemaPath, kind: string, kube = false): RootShape {
  const ctx: Ctx = { kind, notes: [], nodes: 0, root: schema, rootDepth: path.length, ...(kube ? { kube } : {}) };
  if (!isObj(schema)) return { topFields: {}, topUnknown: 'accept', notes: ctx.notes };
  const root = typeOf(schema, path, '', ctx);
  if (root.kind !== 'object') return { topFields: {}, topUnknown: 'accept', notes: ctx.notes };
  const topFields: Record<string, Field> = {};
  for (const [k, f] of Object.entries(root.fields)) if (!ENVELOPE.has(k)) topFields[k] = f;
  return {
    topFields,
    ...(root.unknownFields === 'accept' ? { topUnknown: 'accept' as const } : {}),
    ...(root.validations ? { validations: root.validations } : {}),
    ...(root.defaults ? { topDefaults: root.defaults } : {}),
    notes: ctx.notes,
  };
}
