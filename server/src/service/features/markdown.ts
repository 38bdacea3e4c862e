// Markdown about the model, shared by hover and completion's documentation: a field (its path, type,
// whether it is required, meaning, allowed values, limits, default and notes), an enum value, a kind.
import { apiVersionString, DEFAULT_API_DOMAIN, groupOf, type Registry } from '../../model/registry';
import { typeLimits } from '../../model/describe';
import { isTransitionRule } from '../checks/crd/rules/celRules';
import type { EnumValue, Field, KindDef, ObjectType, StringType, Type } from '../../model/types';

/**
 * A plain type, in words a user knows: `string`, `string (enum)`, `integer`, `list of objects`,
 * `map of string to string`. Not the spec's generated type names (`FileShareProperties_AccessTier`): the
 * hover's first line already names the field by its path.
 */
export function typeLabel(t: Type): string {
  switch (t.kind) {
    case 'string':
      if (t.intOrString) return 'integer or string';
      if (t.enum) return 'string (enum)';
      return t.format ? `string (${t.format})` : 'string';
    case 'int':
      return 'integer';
    case 'number':
      return 'number';
    case 'bool':
      return 'boolean';
    case 'array':
      return `list of ${plural(t.items)}`;
    case 'map':
      return `map of string to ${typeLabel(t.values)}`;
    case 'object':
      return t.reference ? 'reference' : 'object';
    case 'open':
      return 'object';
  }
}

/** The items of a list, in the plural: `strings`, `objects`, `enum strings`. */
function plural(t: Type): string {
  switch (t.kind) {
    case 'string':
      return t.enum ? 'strings (enum)' : t.format ? `strings (${t.format})` : 'strings';
    case 'int':
      return 'integers';
    case 'number':
      return 'numbers';
    case 'bool':
      return 'booleans';
    case 'object':
      return t.reference ? 'references' : 'objects';
    default:
      return `${typeLabel(t)} items`;
  }
}

export const sentence = (s: string): string => {
  const t = s.trim();
  if (!t) return t;
  const cap = t[0].toUpperCase() + t.slice(1);
  return /[.!?]$/.test(cap) ? cap : `${cap}.`;
};

const words = (s: string) => new Set(s.toLowerCase().match(/[a-z0-9]+/g) ?? []);
/** Two docs say much the same thing (a field's doc and its type's doc): show one. */
function similar(a: string, b: string): boolean {
  const wa = words(a);
  const wb = words(b);
  let common = 0;
  for (const w of wa) if (wb.has(w)) common++;
  return common / Math.max(1, Math.min(wa.size, wb.size)) >= 0.75;
}

export const code = (s: string | number | boolean) => {
  const v = String(s);
  return v.includes('`') ? `\`\` ${v} \`\`` : `\`${v}\``;
};

/** The enum of a type or of its list items. */
const enumOf = (t: Type | undefined): StringType | undefined =>
  t?.kind === 'string' && t.enum ? t : t?.kind === 'array' ? enumOf(t.items) : undefined;

const valueLine = (e: EnumValue) => `- ${code(e.value)}${e.doc ? ` — ${e.doc}` : ''}`;

/** The object a type holds (directly, as list items or as map values). */
const objectOf = (t: Type): ObjectType | undefined =>
  t.kind === 'object' ? t : t.kind === 'array' ? objectOf(t.items) : t.kind === 'map' ? objectOf(t.values) : undefined;

/** Enum values in a line: all of a few, the first of many. */
function valuesInLine(t: Type): string | undefined {
  const e = enumOf(t);
  if (!e?.enum) return undefined;
  const shown = e.enum.slice(0, 6).map((v) => code(v.value));
  return `one of ${shown.join(', ')}${e.enum.length > 6 ? ` (${e.enum.length} values)` : ''}`;
}

/**
 * What an item of a list of objects holds (`inboundIpRules`, `corsRules`, `rules`…): each field with its
 * type, required ones marked, its allowed values and limits, and what it means. Bounded by the model: one
 * line per field of the item type, never deeper.
 */
function itemMarkdown(o: ObjectType): string {
  const lines = Object.entries(o.fields).map(([k, x]) => {
    const facts = [valuesInLine(x.type), ...typeLimits(x.type)].filter((w): w is string => !!w);
    const more = facts.length ? `; ${facts.join('; ')}` : '';
    return `- ${code(k)} — ${code(typeLabel(x.type))}${x.required ? ' — **required**' : ''} — ${x.doc}${more}`;
  });
  const groups = (o.exclusive ?? []).map(
    (g) => `${g.mode === 'exactlyOne' ? 'Exactly one' : 'At most one'} of ${g.members.map(code).join(', ')}.`,
  );
  return [`**Each item holds:**`, lines.join('\n'), ...groups].join('\n\n');
}

/** Markdown of a field: path, type, required or optional, meaning, values, limits, default, notes. */
export function fieldMarkdown(path: string, f: Field): string {
  const parts: string[] = [];
  parts.push(`**${code(path)}** — ${code(typeLabel(f.type))} — ${f.required ? '**Required**' : '*Optional*'}`);
  // A field without a description (a built-in kind's without the descriptions file): no empty paragraph.
  if (f.doc) parts.push(sentence(f.doc));
  const o = objectOf(f.type);
  if (o?.doc && !similar(o.doc, f.doc)) parts.push(sentence(o.doc));
  const e = enumOf(f.type);
  if (e?.enum) parts.push(`**Allowed values:**\n${e.enum.map(valueLine).join('\n')}`);
  const limits = typeLimits(f.type);
  if (o && f.type.kind !== 'object') for (const l of typeLimits(o)) limits.push(`each item: ${l}`);
  if (limits.length) parts.push(`**Limits:** ${limits.join('; ')}.`);
  if (o && f.type.kind === 'array' && !o.reference) parts.push(itemMarkdown(o));
  else if (o) {
    const req = Object.entries(o.fields)
      .filter(([, x]) => x.required)
      .map(([k]) => code(k));
    if (req.length)
      parts.push(`**Required fields${f.type.kind === 'object' ? '' : ' of each item'}:** ${req.join(', ')}.`);
  }
  if (f.default !== undefined)
    parts.push(`**Default:** ${code(f.default)}${f.defaultDoc ? ` (${f.defaultDoc})` : ''}.`);
  else if (f.defaultDoc) parts.push(`**Default:** ${f.defaultDoc}.`);
  const rules = [...(f.type.kind === 'object' ? (f.type.validations ?? []) : []), ...(f.validations ?? [])];
  if (rules.length)
    parts.push(
      `**Rules (CEL, checked as you type):**\n${rules
        .map(
          (r) =>
            `- ${code(r.rule)}${r.message ? ` — ${r.message}` : ''}${isTransitionRule(r.rule) ? ' *(a transition rule: it compares with the object stored in the cluster, so the editor does not check it)*' : ''}`,
        )
        .join('\n')}`,
    );
  const notes: string[] = [];
  if (f.createOnly) notes.push('**Set only at creation**: changing it later is rejected.');
  if (f.irreversible) notes.push(`**Cannot be reverted:** ${f.irreversible}.`);
  if (f.deprecated) notes.push(`**Deprecated:** ${f.deprecated}.`);
  if (f.nullable) notes.push('`null` is allowed.');
  if (f.approx)
    notes.push('*Shape known from a neighbouring API version: problems inside it are reported as warnings.*');
  if (f.type.kind === 'open') notes.push(`*${sentence(f.type.note)}*`);
  if (notes.length) parts.push(notes.join('\n\n'));
  return parts.join('\n\n');
}

/** Markdown of one enum value of a field: its meaning and the other allowed values. */
export function enumValueMarkdown(path: string, f: Field | undefined, t: StringType, value: EnumValue): string {
  const parts = [`**${code(value.value)}** — value of ${code(path)} (${code(typeLabel(t))})`];
  if (value.doc) parts.push(sentence(value.doc));
  if (f?.doc) parts.push(sentence(f.doc));
  const others = (t.enum ?? []).filter((e) => e !== value);
  if (others.length) parts.push(`**Other allowed values:**\n${others.map(valueLine).join('\n')}`);
  else parts.push('It is the only allowed value.');
  return parts.join('\n\n');
}

/** The last part of a file's URI, decoded (where a CRD was read). */
const fileName = (uri: string): string => {
  const last = uri.slice(uri.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
};

/** Markdown of a kind: group, versions, management path shape, owner, meaning. */
export function kindMarkdown(registry: Registry, def: KindDef, list: boolean, domain = DEFAULT_API_DOMAIN): string {
  const apiVersion = def.kube ? def.apiVersionValue : apiVersionString(def, domain);
  const name = list ? `${def.kind}List` : def.kind;
  const parts = [`**${name}** — ${code(apiVersion)}`];
  if (list) parts.push(`A list of ${def.kind} manifests, under \`items\`.`);
  parts.push(sentence(def.doc));
  const owner =
    def.owner.style === 'known'
      ? `a ${code(def.owner.kind)}: \`spec.owner.name\` (its \`metadata.name\`, same namespace) or \`spec.owner.armId\``
      : def.owner.style === 'arbitrary'
        ? 'any resource (an extension resource): `spec.owner.armId`, or `group`, `kind` and `name`'
        : `none: a ${def.kind} has no owner`;
  const others = registry.otherVersionsOf(def).map((d) => code(d.version));
  if (def.kube) {
    const facts = [
      `- **API version:** ${code(def.apiVersionValue)}`,
      `- **Defined by:** Kubernetes ${def.kube.release}${def.kube.removedIn ? `; no longer served since ${def.kube.removedIn}` : ''}`,
    ];
    parts.push(facts.join('\n'));
    return parts.join('\n\n');
  }
  if (def.crd) {
    const facts = [
      `- **Group:** ${code(groupOf(def, domain))}`,
      `- **Version:** ${code(def.version)}${def.crd.storage ? ' (the storage version)' : ''}`,
      `- **Defined by:** the CustomResourceDefinition ${code(def.crd.name)}${def.crd.uri ? ` in ${code(fileName(def.crd.uri))}` : ''}`,
    ];
    if (def.crd.deprecated) facts.push(`- **Deprecated:** ${def.crd.deprecated}`);
    if (others.length) facts.push(`- **Other versions:** ${others.join(', ')}`);
    parts.push(facts.join('\n'));
    return parts.join('\n\n');
  }
  const facts = [
    `- **Group:** ${code(`${def.area}.${domain}`)}`,
    `- **Version:** ${code(def.version)}`,
    `- **API version:** ${code(def.apiVersionValue)}`,
    `- **Management path:** ${def.pathShape ? code(def.pathShape) : 'not shown in the spec'}`,
    `- **Owner:** ${owner}`,
  ];
  if (others.length) facts.push(`- **Other versions:** ${others.join(', ')}`);
  parts.push(facts.join('\n'));
  return parts.join('\n\n');
}
