// The vocabulary the apiextensions CEL validator's tests (validation_test.go) build their cases with:
// structural schemas (`objectType`, `listType`, `withRule`…), Go values (`int64`, `float64`, `math.MaxInt64`)
// and `fmt.Sprintf`, so the ported tables read as the originals; then each schema as the OpenAPI v3 JSON a
// CRD carries and each value as the JSON a manifest holds.

/** A rule as `x-kubernetes-validations` holds it. */
export interface Rule {
  Rule: string;
  Message?: string;
}

/** The part of a structural schema that holds value validations, nested (`allOf`) or not. */
export interface Nested {
  Items?: Nested;
  Properties?: Record<string, Nested>;
  AdditionalProperties?: Nested;
  ValueValidation?: ValueValidation;
  ValidationExtensions?: { XValidations?: Rule[] };
  AllOf?: Nested[];
  AnyOf?: Nested[];
  OneOf?: Nested[];
  Not?: Nested;
}

export interface ValueValidation {
  Format?: string;
  Enum?: { Object: unknown }[];
  MaxLength?: number;
  MaxItems?: number;
  MaxProperties?: number;
  AllOf?: Nested[];
  AnyOf?: Nested[];
  OneOf?: Nested[];
  Not?: Nested;
}

/** schema.Structural, with the fields the tests set. */
export interface Structural {
  Generic?: { Type?: string; Nullable?: boolean; Default?: unknown };
  Properties?: Record<string, Structural>;
  Items?: Structural;
  AdditionalProperties?: { Bool?: boolean; Structural?: Structural };
  Extensions?: {
    XListType?: string;
    XListMapKeys?: string[];
    XEmbeddedResource?: boolean;
    XPreserveUnknownFields?: boolean;
    XIntOrString?: boolean;
  };
  ValueValidation?: ValueValidation;
  ValidationExtensions?: { XValidations?: Rule[] };
  XValidations?: Rule[];
}

/** A Go float64/float32 in an object: written with a decimal point so YAML reads a double, as Go holds it. */
export class GoFloat {
  constructor(readonly value: number) {}
}

export const math = {
  MaxInt64: 9223372036854775807n,
  MaxInt32: 2147483647,
  MaxFloat64: Number.MAX_VALUE,
  MaxFloat32: 3.4028234663852886e38,
};
export const int64 = (v: number | bigint): bigint => BigInt(v);
export const int32 = (v: number): number => v;
export const float64 = (v: number | GoFloat): GoFloat => (v instanceof GoFloat ? v : new GoFloat(v));
export const float32 = (v: number): GoFloat => new GoFloat(Math.fround(v));
/** A Go float literal in an `interface{}` (a float64). */
export const f = float64;

/** fmt.Sprintf's `%d` and `%f` (six decimals, every integer digit of a large float). */
export function sprintf(format: string, ...args: unknown[]): string {
  let n = 0;
  return format.replace(/%([df])/g, (_, verb: string) => {
    const v = args[n++];
    const x = v instanceof GoFloat ? v.value : v;
    if (verb === 'd') return String(x);
    const num = Number(x);
    return Number.isInteger(num) ? `${BigInt(num)}.000000` : num.toFixed(6);
  });
}

const primitive = (type: string, format?: string): Structural => ({
  Generic: { Type: type },
  ...(format ? { ValueValidation: { Format: format } } : {}),
});

export const integerType = primitive('integer');
export const int32Type = primitive('integer', 'int32');
export const int64Type = primitive('integer', 'int64');
export const numberType = primitive('number');
export const floatType = primitive('number', 'float');
export const doubleType = primitive('number', 'double');
export const stringType = primitive('string');
export const byteType = primitive('string', 'byte');
export const booleanType = primitive('boolean');
export const durationFormat = primitive('string', 'duration');
export const dateFormat = primitive('string', 'date');
export const dateTimeFormat = primitive('string', 'date-time');

const arrayType = (listType: string, keys: string[] | undefined, items: Structural): Structural => ({
  Generic: { Type: 'array' },
  Extensions: { XListType: listType, ...(keys && listType === 'map' ? { XListMapKeys: keys } : {}) },
  Items: items,
});
export const listType = (items: Structural) => arrayType('atomic', undefined, items);
export const listTypePtr = listType;
export const listSetType = (items: Structural) => arrayType('set', undefined, items);
export const listMapType = (keys: string[], items: Structural) => arrayType('map', keys, items);
export const listMapTypePtr = listMapType;
export const objectType = (props: Record<string, Structural>): Structural => ({
  Generic: { Type: 'object' },
  Properties: props,
});
export const objectTypePtr = objectType;
export const mapType = (value: Structural): Structural => ({
  Generic: { Type: 'object' },
  AdditionalProperties: { Bool: true, Structural: value },
});
export const mapTypePtr = mapType;
export const intOrStringType = (): Structural => ({ Extensions: { XIntOrString: true } });
export const withRule = (s: Structural, rule: string): Structural => ({ ...s, XValidations: [{ Rule: rule }] });
export const withRulePtr = withRule;
export const cloneWithRule = withRule;
export const withNullable = (nullable: boolean, s: Structural): Structural => ({
  ...s,
  Generic: { ...s.Generic, Nullable: nullable },
});
export const withNullablePtr = withNullable;
export const withDefault = (dflt: unknown, s: Structural): Structural => ({
  ...s,
  Generic: { ...s.Generic, Default: dflt },
});
export const withMaxLength = (s: Structural, n: number): Structural => ({
  ...s,
  ValueValidation: { ...s.ValueValidation, MaxLength: n },
});

/** An object of `val1`, `val2`… */
export const objs = (...vals: unknown[]): Record<string, unknown> =>
  Object.fromEntries(vals.map((v, i) => [`val${i + 1}`, v]));
/** An object schema of `val1`, `val2`… */
export const schemas = (...vals: Structural[]): Structural =>
  objectType(Object.fromEntries(vals.map((v, i) => [`val${i + 1}`, v])));

export const ValsEqualThemselvesAndDataLiteral = (val1: string, val2: string, literal: string): string =>
  `${val1} == ${literal} && ${literal} == ${val1} && ${val1} == ${val2}`;

/** A nil `[]interface{}` in an `interface{}`: Go's JSON of it is `null`. */
export const nilInterfaceOfStringSlice = (): null => null;

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

const rules = (rs: Rule[] | undefined): Record<string, Json> =>
  rs?.length
    ? { 'x-kubernetes-validations': rs.map((r) => ({ rule: r.Rule, ...(r.Message ? { message: r.Message } : {}) })) }
    : {};

function valueValidation(v: ValueValidation | undefined): Record<string, Json> {
  if (!v) return {};
  const out: Record<string, Json> = {};
  if (v.Format) out.format = v.Format;
  if (v.Enum) out.enum = v.Enum.map((e) => toJson(e.Object));
  if (v.MaxLength !== undefined) out.maxLength = v.MaxLength;
  if (v.MaxItems !== undefined) out.maxItems = v.MaxItems;
  if (v.MaxProperties !== undefined) out.maxProperties = v.MaxProperties;
  if (v.AllOf) out.allOf = v.AllOf.map(nested);
  if (v.AnyOf) out.anyOf = v.AnyOf.map(nested);
  if (v.OneOf) out.oneOf = v.OneOf.map(nested);
  if (v.Not) out.not = nested(v.Not);
  return out;
}

function nested(n: Nested): Json {
  return {
    ...(n.Items ? { items: nested(n.Items) } : {}),
    ...(n.Properties
      ? { properties: Object.fromEntries(Object.entries(n.Properties).map(([k, v]) => [k, nested(v)])) }
      : {}),
    ...(n.AdditionalProperties ? { additionalProperties: nested(n.AdditionalProperties) } : {}),
    ...valueValidation({
      ...n.ValueValidation,
      AllOf: n.AllOf ?? n.ValueValidation?.AllOf,
      AnyOf: n.AnyOf ?? n.ValueValidation?.AnyOf,
      OneOf: n.OneOf ?? n.ValueValidation?.OneOf,
      Not: n.Not ?? n.ValueValidation?.Not,
    }),
    ...rules(n.ValidationExtensions?.XValidations),
  };
}

/** The OpenAPI v3 schema a CRD carries for a structural schema. */
export function openApi(s: Structural): Json {
  const out: Record<string, Json> = {};
  const g = s.Generic ?? {};
  if (g.Type) out.type = g.Type;
  if (g.Nullable) out.nullable = true;
  if (g.Default !== undefined) out.default = toJson(g.Default);
  if (s.Properties) out.properties = Object.fromEntries(Object.entries(s.Properties).map(([k, v]) => [k, openApi(v)]));
  if (s.Items) out.items = openApi(s.Items);
  if (s.AdditionalProperties)
    out.additionalProperties = s.AdditionalProperties.Structural
      ? openApi(s.AdditionalProperties.Structural)
      : (s.AdditionalProperties.Bool ?? false);
  const x = s.Extensions ?? {};
  if (x.XListType) out['x-kubernetes-list-type'] = x.XListType;
  if (x.XListMapKeys) out['x-kubernetes-list-map-keys'] = x.XListMapKeys;
  if (x.XEmbeddedResource) out['x-kubernetes-embedded-resource'] = true;
  if (x.XPreserveUnknownFields) out['x-kubernetes-preserve-unknown-fields'] = true;
  if (x.XIntOrString) out['x-kubernetes-int-or-string'] = true;
  Object.assign(out, valueValidation(s.ValueValidation));
  Object.assign(out, rules([...(s.ValidationExtensions?.XValidations ?? []), ...(s.XValidations ?? [])]));
  return out;
}

/** A Go value as JSON data (a float64 stays a float: see `yamlOf`). */
function toJson(v: unknown): Json {
  return v as Json;
}

/** A Go value as a YAML flow node: int64 exact, a float64 with its decimal point or exponent. */
export function yamlOf(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (v instanceof GoFloat) {
    const s = String(v.value);
    return /[.e]/.test(s) ? s : `${s}.0`;
  }
  if (typeof v === 'bigint') return v.toString();
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (typeof v === 'string') return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(yamlOf).join(', ')}]`;
  return `{${Object.entries(v as Record<string, unknown>)
    .map(([k, x]) => `${JSON.stringify(k)}: ${yamlOf(x)}`)
    .join(', ')}}`;
}

/** A label selector's `matchExpressions` with `rule` on it (as validation_test.go's genMatchSelectorSchema). */
export const genMatchSelectorSchema = (rule: string): Structural =>
  withRule(
    objectType({
      matchExpressions: listType(
        objectTypePtr({ key: stringType, operator: stringType, values: listType(stringType) }),
      ),
    }),
    rule,
  );
