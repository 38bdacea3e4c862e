// JSON Schemas (draft-07) generated from the model, for tools that read JSON Schema
// (yaml-language-server, ajv). Whatever JSON Schema can express is here: types, required members, enums,
// ranges, lengths, item counts, patterns and formats, exclusive members and reference shapes. What it
// cannot (cross-field and cross-file rules, duration bounds) is checked by the language service only.
import { FORMAT_PATTERNS } from '../model/formats';
import { typeLimits } from '../model/describe';
import { envelopeOf, listEnvelopeOf } from '../model/envelope';
import type { ExclusiveGroup, Field, KindDef, ObjectType, Type } from '../model/types';

export type JsonSchema = { [k: string]: unknown };

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The allowed values of an enum, with their meanings where the model has them. */
function describeEnum(t: Type): string[] {
  if (t.kind !== 'string' || !t.enum) return [];
  return [
    `Allowed: ${t.enum.map((e) => e.value).join(', ')}.`,
    ...t.enum.filter((e) => e.doc).map((e) => `${e.value}: ${e.doc}.`),
  ];
}

/** Plain-text documentation of a field: meaning, requirement, limits, default and notes. */
export function fieldDescription(f: Field): string {
  const parts = [f.doc.endsWith('.') ? f.doc : `${f.doc}.`];
  if (f.required) parts.push(f.requiredApprox ? 'Required (known from a neighbouring API version).' : 'Required.');
  parts.push(...describeEnum(f.type));
  const limits = typeLimits(f.type);
  if (limits.length > 0) parts.push(`Limits: ${limits.join('; ')}.`);
  if (f.default !== undefined) parts.push(`Default: ${String(f.default)}.`);
  if (f.defaultDoc) parts.push(`Default: ${f.defaultDoc}.`);
  if (f.createOnly) parts.push('Set only at creation.');
  if (f.irreversible) parts.push(`Cannot be reverted: ${f.irreversible}.`);
  if (f.deprecated) parts.push(`Deprecated: ${f.deprecated}.`);
  if (f.approx) parts.push('(Shape known from a neighbouring API version.)');
  return parts.join(' ').replace(/`/g, '');
}

/** "These keys are present", written so that ajv's strict mode accepts it (keys declared where required). */
function has(...keys: string[]): JsonSchema {
  return { type: 'object', properties: Object.fromEntries(keys.map((k) => [k, true])), required: keys };
}

function exclusiveSchema(g: ExclusiveGroup): JsonSchema {
  if (g.mode === 'exactlyOne') return { oneOf: g.members.map((m) => has(m)) };
  const pairs: JsonSchema[] = [];
  for (let i = 0; i < g.members.length; i++)
    for (let j = i + 1; j < g.members.length; j++) pairs.push(has(g.members[i], g.members[j]));
  return { not: pairs.length === 1 ? pairs[0] : { anyOf: pairs } };
}

function referenceSchema(style: NonNullable<ObjectType['reference']>): JsonSchema {
  const none = (keys: string[]): JsonSchema => ({ not: { anyOf: keys.map((k) => has(k)) } });
  if (style === 'known') return { oneOf: [has('name'), has('armId')] };
  const variants: JsonSchema[] = [
    { ...has('armId'), ...none(['group', 'kind', 'name']) },
    { ...has('group', 'kind', 'name'), not: has('armId') },
  ];
  if (style === 'wellKnown') variants.push({ ...has('wellKnownName'), ...none(['group', 'kind', 'name', 'armId']) });
  return { anyOf: variants };
}

/**
 * Whether a CRD's Go pattern reads the same as a JSON Schema's (ECMA-262, as validators compile it, with
 * `u`): the Unicode mode refuses what is Go's alone (`(?i)`, `\\z`, `\\pL`, `[[:alpha:]]`, `\\Q…\\E`), so
 * such a pattern is left out of the JSON Schema rather than given another meaning.
 */
function isEcmaPattern(p: string): boolean {
  try {
    new RegExp(p, 'u');
    return true;
  } catch {
    return false;
  }
}

export function typeSchema(t: Type, description?: string): JsonSchema {
  const d = description ? { description } : {};
  switch (t.kind) {
    case 'string': {
      const s: JsonSchema = { type: 'string', ...d };
      if (t.enum) s.enum = t.enum.map((e) => e.value);
      if (t.minLength !== undefined) s.minLength = t.minLength;
      if (t.maxLength !== undefined) s.maxLength = t.maxLength;
      const patterns: string[] = [];
      if (t.pattern && !t.patternSeverity && (t.patternSyntax !== 'go' || isEcmaPattern(t.pattern)))
        patterns.push(t.pattern);
      const fp = t.format ? FORMAT_PATTERNS[t.format] : undefined;
      if (fp)
        patterns.push(
          t.format === 'arm-id'
            ? fp.replace('resource[Gg]roups', '[Rr][Ee][Ss][Oo][Uu][Rr][Cc][Ee][Gg][Rr][Oo][Uu][Pp][Ss]')
            : fp,
        );
      if (t.delimited) {
        const item = `(?:${t.delimited.items.map(escapeRe).join('|')})`;
        const sep = escapeRe(t.delimited.separator);
        patterns.push(`^\\s*${item}\\s*(?:${sep}\\s*${item}\\s*)*$`);
      }
      if (patterns.length === 1) s.pattern = patterns[0];
      else if (patterns.length > 1) s.allOf = patterns.map((p) => ({ pattern: p }));
      return s;
    }
    case 'int': {
      const s: JsonSchema = { type: 'integer', ...d };
      if (t.minimum !== undefined) s.minimum = t.minimum;
      if (t.maximum !== undefined) s.maximum = t.maximum;
      if (t.exclusiveMinimum !== undefined) s.exclusiveMinimum = t.exclusiveMinimum;
      return s;
    }
    case 'number': {
      const s: JsonSchema = { type: 'number', ...d };
      if (t.minimum !== undefined) s.minimum = t.minimum;
      if (t.maximum !== undefined) s.maximum = t.maximum;
      return s;
    }
    case 'bool':
      return { type: 'boolean', ...d };
    case 'array': {
      const s: JsonSchema = { type: 'array', items: typeSchema(t.items), ...d };
      if (t.minItems !== undefined) s.minItems = t.minItems;
      if (t.maxItems !== undefined) s.maxItems = t.maxItems;
      return s;
    }
    case 'map': {
      const s: JsonSchema = { type: 'object', additionalProperties: typeSchema(t.values), ...d };
      if (t.maxEntries !== undefined) s.maxProperties = t.maxEntries;
      if (t.keyMaxLength !== undefined) s.propertyNames = { maxLength: t.keyMaxLength };
      return s;
    }
    case 'object':
      return objectSchema(t, description);
    case 'open':
      return { description: description ?? `${t.name}: ${t.note}` };
  }
}

function objectSchema(t: ObjectType, description?: string): JsonSchema {
  const properties: JsonSchema = {};
  for (const [k, f] of Object.entries(t.fields)) properties[k] = typeSchema(f.type, fieldDescription(f));
  const required = Object.entries(t.fields)
    // A requirement known only from a neighbouring API version (≈) is a warning here, so no schema error.
    .filter(([, f]) => f.required && !f.requiredApprox)
    .map(([k]) => k);
  const s: JsonSchema = {
    type: 'object',
    title: t.name,
    ...((description ?? t.doc) ? { description: (description ?? t.doc!).replace(/`/g, '') } : {}),
    properties,
    additionalProperties: t.unknownFields === 'warning',
  };
  if (required.length) s.required = required;
  const all: JsonSchema[] = (t.exclusive ?? []).map(exclusiveSchema);
  if (t.reference) all.push(referenceSchema(t.reference));
  if (all.length === 1) Object.assign(s, all[0]);
  else if (all.length > 1) s.allOf = all;
  return s;
}

/** The `apiVersion` pattern of a kind: a built-in kind's area with any domain, a CRD's kind's exact group. */
export const apiVersionPattern = (def: KindDef) =>
  def.domain !== undefined
    ? `^${escapeRe(`${def.area}.${def.domain}`)}/${escapeRe(def.version)}$`
    : `^${escapeRe(def.area)}\\.[^/]+/${escapeRe(def.version)}$`;
const groupName = (def: KindDef) => `${def.area}.${def.domain ?? '{api_domain}'}`;

function withIdentity(def: KindDef, env: ObjectType, kindName: string): JsonSchema {
  const s = objectSchema(env);
  const props = s.properties as JsonSchema;
  props.apiVersion = { ...(props.apiVersion as JsonSchema), pattern: apiVersionPattern(def) };
  props.kind = { ...(props.kind as JsonSchema), enum: [kindName] };
  return s;
}

/** The JSON Schema of one kind and version. */
export function kindSchema(def: KindDef): JsonSchema {
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    ...withIdentity(def, envelopeOf(def), def.kind),
    title: `${def.kind} (${groupName(def)}/${def.version}, API version ${def.apiVersionValue})`,
  };
}

/** The JSON Schema of the `<Kind>List` of one kind and version. */
export function listSchema(def: KindDef): JsonSchema {
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    ...withIdentity(def, listEnvelopeOf(def), `${def.kind}List`),
    title: `${def.kind}List (${groupName(def)}/${def.version})`,
  };
}

export const schemaFileName = (def: KindDef, list = false) =>
  `${def.domain !== undefined ? `${def.area}.${def.domain}` : def.area}/${def.version}/${def.kind}${list ? 'List' : ''}.json`;
