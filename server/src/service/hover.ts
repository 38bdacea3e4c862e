// Hover: what a key or a value of a manifest means, from the model. Keys show their path, type, whether
// they are required, meaning, allowed values, limits, default and notes; enum values their meaning and the
// other allowed values; `apiVersion` and `kind` the kind itself (group, API version, path shape, owner).
// The markdown builders here are shared with completion's documentation.
import { isMap, isPair, isScalar, isSeq } from 'yaml';
import { allKinds, DEFAULT_API_DOMAIN, parseApiVersion } from '../model/registry';
import type { EnumValue, Field, KindDef, ObjectType, StringType, Type } from '../model/types';
import { pathLabel, resolvePath } from '../model/typePath';
import { ChunkText, textHitAt } from './cursor';
import { chunkAt, identifyChunk } from './identity';
import { typeLimits } from '../model/describe';
import type { ParsedFile } from './parse';
import { keyName, spanOf, type Span } from './yamlNodes';

// ---------------------------------------------------------------------------------------------------
// Markdown

/** A short type line: `string`, `enum SkuName`, `CorsRule[]`, `map[string]string`. */
export function typeLabel(t: Type): string {
  switch (t.kind) {
    case 'string':
      if (t.enum) return t.enumName ? `enum ${t.enumName}` : 'enum';
      return t.format ? `string (${t.format})` : 'string';
    case 'int':
      return 'int';
    case 'number':
      return 'float64';
    case 'bool':
      return 'bool';
    case 'array':
      return `${typeLabel(t.items)}[]`;
    case 'map':
      return `map[string]${typeLabel(t.values)}`;
    case 'object':
    case 'open':
      return t.name;
  }
}

const sentence = (s: string): string => {
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

const code = (s: string | number | boolean) => {
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

/** Markdown of a field: path, type, required or optional, meaning, values, limits, default, notes. */
export function fieldMarkdown(path: string, f: Field): string {
  const parts: string[] = [];
  parts.push(`**${code(path)}** — ${code(typeLabel(f.type))} — ${f.required ? '**Required**' : '*Optional*'}`);
  parts.push(sentence(f.doc));
  const o = objectOf(f.type);
  if (o?.doc && !similar(o.doc, f.doc)) parts.push(sentence(o.doc));
  const e = enumOf(f.type);
  if (e?.enum) parts.push(`**Allowed values:**\n${e.enum.map(valueLine).join('\n')}`);
  const limits = typeLimits(f.type);
  if (o && f.type.kind !== 'object') limits.push(...typeLimits(o).map((l) => `each item: ${l}`));
  if (limits.length) parts.push(`**Limits:** ${limits.join('; ')}.`);
  if (o) {
    const req = Object.entries(o.fields).filter(([, x]) => x.required).map(([k]) => code(k));
    if (req.length) parts.push(`**Required fields${f.type.kind === 'object' ? '' : ' of each item'}:** ${req.join(', ')}.`);
  }
  if (f.default !== undefined) parts.push(`**Default:** ${code(f.default)}${f.defaultDoc ? ` (${f.defaultDoc})` : ''}.`);
  else if (f.defaultDoc) parts.push(`**Default:** ${f.defaultDoc}.`);
  const notes: string[] = [];
  if (f.createOnly) notes.push('**Set only at creation**: changing it later is rejected.');
  if (f.irreversible) notes.push(`**Cannot be reverted:** ${f.irreversible}.`);
  if (f.deprecated) notes.push(`**Deprecated:** ${f.deprecated}.`);
  if (f.approx) notes.push('*Shape known from a neighbouring API version: problems inside it are reported as warnings.*');
  if (f.type.kind === 'open') notes.push(`*${sentence(f.type.note)}*`);
  if (notes.length) parts.push(notes.join('\n\n'));
  return parts.join('\n\n');
}

/** Markdown of one enum value of a field: its meaning and the other allowed values. */
export function enumValueMarkdown(path: string, f: Field | undefined, t: StringType, value: EnumValue): string {
  const parts = [`**${code(value.value)}** — value of ${code(path)} (${code(typeLabel(t))})`];
  if (value.doc) parts.push(sentence(value.doc));
  if (f) parts.push(sentence(f.doc));
  const others = (t.enum ?? []).filter((e) => e !== value);
  if (others.length) parts.push(`**Other allowed values:**\n${others.map(valueLine).join('\n')}`);
  else parts.push('It is the only allowed value.');
  return parts.join('\n\n');
}

/** Markdown of a kind: group, versions, management path shape, owner, meaning. */
export function kindMarkdown(def: KindDef, list: boolean, domain = DEFAULT_API_DOMAIN): string {
  const apiVersion = `${def.area}.${domain}/${def.version}`;
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
  const others = allKinds.filter((d) => d.kind === def.kind && d.area === def.area && d.version !== def.version).map((d) => code(d.version));
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

// ---------------------------------------------------------------------------------------------------
// Hover

interface Hit {
  role: 'key' | 'value';
  path: string[];
  span: Span;
  value?: unknown;
}

const within = (node: unknown, off: number) => {
  const [s, e] = spanOf(node);
  return e > s && off >= s && off < e;
};

/** The key or scalar value at a chunk-local offset, with its path. */
function locate(node: unknown, off: number, path: string[]): Hit | undefined {
  if (isMap(node)) {
    for (const it of node.items) {
      if (!isPair(it)) continue;
      const name = keyName(it);
      if (it.key && within(it.key, off)) return name === undefined ? undefined : { role: 'key', path: [...path, name], span: spanOf(it.key) };
      if (it.value && within(it.value, off)) return name === undefined ? undefined : locate(it.value, off, [...path, name]);
    }
    return undefined;
  }
  if (isSeq(node)) {
    for (const it of node.items) if (within(it, off)) return locate(it, off, [...path, '[]']);
    return undefined;
  }
  if (isScalar(node) && within(node, off)) return { role: 'value', path, span: spanOf(node), value: node.value };
  return undefined;
}

export function hover(file: ParsedFile, offset: number): { markdown: string; start: number; end: number } | undefined {
  const chunk = chunkAt(file, offset);
  const id = identifyChunk(chunk);
  if (!id.root) return undefined;
  const local = offset - chunk.offset;
  // A document that does not parse is read from its lines (its AST may pair keys wrongly).
  const fromText = (): Hit | undefined => {
    const t = textHitAt(new ChunkText(chunk.text), local);
    return t && { role: t.role, path: t.path, span: [t.start, t.end], value: t.value };
  };
  const hit = chunk.doc.errors.length > 0 ? (fromText() ?? locate(chunk.doc.contents, local, [])) : locate(chunk.doc.contents, local, []);
  if (!hit || hit.path.length === 0) return undefined;
  const start = hit.span[0] + chunk.offset;
  const end = hit.span[1] + chunk.offset;
  const out = (markdown: string) => ({ markdown, start, end });
  const path = hit.path;
  const last = path[path.length - 1];

  // `apiVersion` and `kind` of the manifest (or of a list item): the kind.
  const itemLevel = id.list && path.length === 3 && path[0] === 'items' && path[1] === '[]';
  if ((path.length === 1 || itemLevel) && (last === 'apiVersion' || last === 'kind')) {
    const domain = (id.apiVersion && parseApiVersion(id.apiVersion)?.domain) || DEFAULT_API_DOMAIN;
    if (id.def) return out(kindMarkdown(id.def, id.list && !itemLevel, domain));
  }

  const r = resolvePath(id.root, path);
  // The nearest named field (a list item's value is described by its list's field).
  let fieldEnd = path.length;
  while (fieldEnd > 0 && path[fieldEnd - 1] === '[]') fieldEnd--;
  const named = fieldEnd > 0 ? resolvePath(id.root, path.slice(0, fieldEnd)) : {};
  if (hit.role === 'value' && r.type?.kind === 'string' && r.type.enum && typeof hit.value === 'string') {
    const v = hit.value;
    const match = r.type.enum.find((e) => e.value === v) ?? r.type.enum.find((e) => e.value.toLowerCase() === v.toLowerCase());
    if (match) return out(enumValueMarkdown(pathLabel(path.slice(0, fieldEnd)), named.field, r.type, match));
  }
  if (r.field) return out(fieldMarkdown(pathLabel(path), r.field));
  if (r.mapEntry && r.type) {
    const parent = resolvePath(id.root, path.slice(0, -1));
    const lines = [`**${code(pathLabel(path))}** — ${code(typeLabel(r.type))}`, `An entry of ${code(pathLabel(path.slice(0, -1)))}.`];
    if (parent.field) lines.push(sentence(parent.field.doc));
    return out(lines.join('\n\n'));
  }
  if (hit.role === 'value' && named.field) return out(fieldMarkdown(pathLabel(path.slice(0, fieldEnd)), named.field));
  return undefined;
}
