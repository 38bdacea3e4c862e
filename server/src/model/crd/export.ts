// The built-in kinds as CustomResourceDefinitions (`apiextensions.k8s.io/v1`): the model as data in one
// more form, which the product reads back as kinds (test/service/crdRoundTrip.test.ts). What an OpenAPI
// schema cannot state is left out: formats Kubernetes does not know (durations, resource ids, CEL, PromQL),
// duration bounds, `;`-separated items, key lengths, exclusive groups, reference shapes, approximate facts
// (warnings), and every cross-field rule.
import type { Field, KindDef, ObjectType, Type } from '../types';

type Json = Record<string, unknown>;

/** Formats whose meaning Kubernetes' OpenAPI has. */
const K8S_FORMATS: ReadonlySet<string> = new Set(['date-time', 'uuid', 'cidr']);

function schemaOf(t: Type): Json {
  switch (t.kind) {
    case 'string':
      return {
        type: 'string',
        ...(t.enum ? { enum: t.enum.map((e) => e.value) } : {}),
        ...(t.minLength !== undefined ? { minLength: t.minLength } : {}),
        ...(t.maxLength !== undefined ? { maxLength: t.maxLength } : {}),
        // A pattern the spec only warns about cannot be stated (a schema's pattern is an error).
        ...(t.pattern !== undefined && !t.patternSeverity ? { pattern: t.pattern } : {}),
        ...(t.format && K8S_FORMATS.has(t.format) ? { format: t.format } : {}),
      };
    case 'int':
    case 'number':
      return {
        type: t.kind === 'int' ? 'integer' : 'number',
        ...(t.minimum !== undefined ? { minimum: t.minimum } : {}),
        ...(t.exclusiveMinimum !== undefined ? { minimum: t.exclusiveMinimum, exclusiveMinimum: true } : {}),
        ...(t.maximum !== undefined ? { maximum: t.maximum } : {}),
        ...(t.exclusiveMaximum !== undefined ? { maximum: t.exclusiveMaximum, exclusiveMaximum: true } : {}),
      };
    case 'bool':
      return { type: 'boolean' };
    case 'array':
      return {
        type: 'array',
        items: schemaOf(t.items),
        ...(t.minItems !== undefined ? { minItems: t.minItems } : {}),
        ...(t.maxItems !== undefined ? { maxItems: t.maxItems } : {}),
        ...(t.uniqueBy ? { 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': [t.uniqueBy] } : {}),
      };
    case 'map':
      return {
        type: 'object',
        additionalProperties: schemaOf(t.values),
        ...(t.maxEntries !== undefined ? { maxProperties: t.maxEntries } : {}),
      };
    case 'object':
      return objectSchema(t);
    case 'open':
      return { 'x-kubernetes-preserve-unknown-fields': true };
  }
}

function fieldSchema(f: Field): Json {
  return {
    ...schemaOf(f.type),
    ...(f.doc ? { description: f.doc } : {}),
    ...(f.default !== undefined ? { default: f.default } : {}),
  };
}

function objectSchema(t: ObjectType, extra: Record<string, Field> = {}): Json {
  const fields = { ...extra, ...t.fields };
  const required = Object.entries(fields)
    .filter(([, f]) => f.required)
    .map(([k]) => k);
  return {
    type: 'object',
    ...(t.doc ? { description: t.doc } : {}),
    properties: Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, fieldSchema(f)])),
    ...(required.length ? { required } : {}),
    // An approximately known shape accepts more than it lists (the model warns about the rest).
    ...(t.unknownFields === 'warning' || t.unknownFields === 'accept'
      ? { 'x-kubernetes-preserve-unknown-fields': true }
      : {}),
  };
}

const plural = (kind: string) => `${kind.toLowerCase()}${kind.endsWith('s') ? 'es' : 's'}`;

/** One CRD per kind of an area: every version of it (the newest is the storage version). */
export function crdOf(versions: readonly KindDef[], domain: string): Json {
  const def = versions[0];
  const group = `${def.area}.${domain}`;
  const specRequired = (d: KindDef) => Object.values(d.spec.fields).some((f) => f.required);
  const sorted = [...versions].sort((a, b) => a.version.localeCompare(b.version));
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `${plural(def.kind)}.${group}` },
    spec: {
      group,
      names: { kind: def.kind, plural: plural(def.kind), listKind: `${def.kind}List` },
      scope: 'Namespaced',
      versions: sorted.map((d, i) => ({
        name: d.version,
        served: true,
        storage: i === sorted.length - 1,
        subresources: { status: {} },
        schema: {
          openAPIV3Schema: {
            type: 'object',
            description: d.doc,
            properties: {
              apiVersion: { type: 'string' },
              kind: { type: 'string' },
              metadata: { type: 'object' },
              spec: { ...objectSchema(d.spec), description: `desired state of the ${d.kind}` },
              status: { ...objectSchema(d.status), description: 'observed state' },
            },
            ...(specRequired(d) ? { required: ['spec'] } : {}),
          },
        },
      })),
    },
  };
}

/** Every built-in kind as a CRD, one per kind (its versions together). */
export function crdsOf(kinds: readonly KindDef[], domain: string): Json[] {
  const byKind = new Map<string, KindDef[]>();
  for (const d of kinds) byKind.set(`${d.area}/${d.kind}`, [...(byKind.get(`${d.area}/${d.kind}`) ?? []), d]);
  return [...byKind.values()].map((v) => crdOf(v, domain));
}
