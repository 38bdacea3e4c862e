// Completion: keys at every depth (from the cursor's position in the text, so half-typed documents work),
// `apiVersion`, `kind`, enum and boolean values for the document's own version, and whole-resource snippets
// in an empty document. Everything is derived from the model.
import { stringify } from 'yaml';
import {
  CompletionItemKind,
  CompletionItemTag,
  InsertTextFormat,
  InsertTextMode,
  MarkupKind,
  type CompletionItem,
  type Range,
} from 'vscode-languageserver-types';
import {
  allKinds,
  DEFAULT_API_DOMAIN,
  groupVersions,
  isOurApiVersion,
  isOurKind,
  kindsOf,
  parseApiVersion,
} from '../model/registry';
import type { Field, KindDef, ObjectType, StringType, Type } from '../model/types';
import { matchesFormat } from '../model/formats';
import { pathLabel, resolvePath } from '../model/typePath';
import { ChunkText, cursorAt, type CursorContext, type Layout } from './cursor';
import { chunkAt, domainsInFile, identifyChunk, type Identity } from './identity';
import { enumValueMarkdown, fieldMarkdown, kindMarkdown, typeLabel } from './hover';
import type { ParsedDoc, ParsedFile } from './parse';
import { severityOf, validateText } from './validate';

export interface CompletionSettings {
  apiDomain?: string;
  /** domains already used in the workspace, most used first */
  workspaceDomains?: string[];
}

const TRIGGER_SUGGEST = { title: 'Suggest', command: 'editor.action.triggerSuggest' };
const md = (value: string) => ({ kind: MarkupKind.Markdown, value });

export function complete(file: ParsedFile, offset: number, settings: CompletionSettings = {}): CompletionItem[] {
  const chunk = chunkAt(file, offset);
  const text = new ChunkText(chunk.text);
  const ctx = cursorAt(text, offset - chunk.offset);
  if (!ctx) return [];
  const range = (s: number, e: number): Range => file.lines.range(chunk.offset + s, chunk.offset + e);
  if (ctx.kind === 'empty') return resourceSnippets(domainFor(file, chunk, settings), range(ctx.start, ctx.end));
  const id = identifyChunk(chunk);
  if (ctx.kind === 'value') return valueItems(file, chunk, id, ctx, range(ctx.start, ctx.end), settings);
  return keyItems(id, ctx, range(ctx.start, ctx.end), text.layout());
}

/** The domain for `apiVersion` values: the setting, the workspace's, the file's, or the spec's placeholder. */
function domainFor(file: ParsedFile, chunk: ParsedDoc, settings: CompletionSettings): string {
  return settings.apiDomain || settings.workspaceDomains?.[0] || domainsInFile(file, chunk)[0] || DEFAULT_API_DOMAIN;
}

// ---------------------------------------------------------------------------------------------------
// Keys

const isEnvelopeLevel = (id: Identity, path: string[]) =>
  path.length === 0 || (id.list && path.length === 2 && path[0] === 'items' && path[1] === '[]');

function keyItems(id: Identity, ctx: Extract<CursorContext, { kind: 'key' }>, range: Range, layout: Layout): CompletionItem[] {
  if (!id.root) return [];
  const r = resolvePath(id.root, ctx.path);
  const t = r.type;
  if (!t) return [];
  if (t.kind !== 'object') {
    // `- wor|` in a list of scalars: the item's value.
    if (ctx.path[ctx.path.length - 1] === '[]' && !ctx.flow) return scalarValues(t, ctx.path, ctx.partial, range, false, false, namedField(id.root, ctx.path));
    return [];
  }
  const envelope = isEnvelopeLevel(id, ctx.path);
  // Members of an exclusive group whose other member is already written (`value` / `valueFromConfig`).
  const excluded = new Set<string>();
  for (const g of t.exclusive ?? []) if (g.members.some((m) => ctx.present.has(m))) g.members.forEach((m) => excluded.add(m));
  if (t.reference && ['armId', 'wellKnownName'].some((m) => ctx.present.has(m))) ['group', 'kind', 'name', 'armId', 'wellKnownName'].forEach((m) => excluded.add(m));
  if (t.reference === 'known' && ctx.present.has('name')) excluded.add('armId');
  if (t.reference && ['group', 'kind', 'name'].some((m) => ctx.present.has(m))) ['armId', 'wellKnownName'].forEach((m) => excluded.add(m));
  const items: CompletionItem[] = [];
  for (const [name, f] of Object.entries(t.fields)) {
    if (ctx.present.has(name) || excluded.has(name)) continue;
    // `status` is written by the service only.
    if (envelope && name === 'status') continue;
    const insert = keyInsert(name, f, ctx, layout);
    const expectsMore = !ctx.hasColon && (f.type.kind === 'object' || f.type.kind === 'array' || f.type.kind === 'bool' || (f.type.kind === 'string' && !!f.type.enum) || (envelope && (name === 'apiVersion' || name === 'kind')));
    items.push({
      label: name,
      kind: CompletionItemKind.Property,
      detail: `${typeLabel(f.type)} · ${f.required ? 'required' : 'optional'}`,
      documentation: md(fieldMarkdown(pathLabel([...ctx.path, name]), f)),
      sortText: `${f.required ? '0' : f.deprecated ? '2' : '1'}_${name}`,
      filterText: name,
      textEdit: { range, newText: insert },
      insertTextFormat: InsertTextFormat.PlainText,
      insertTextMode: InsertTextMode.asIs,
      ...(f.deprecated ? { tags: [CompletionItemTag.Deprecated] } : {}),
      ...(expectsMore ? { command: TRIGGER_SUGGEST } : {}),
    });
  }
  return items;
}

const PLAIN_KEY = /^[A-Za-z_$][\w$.-]*$/;
const yamlKey = (k: string) => (PLAIN_KEY.test(k) ? k : JSON.stringify(k));

function keyInsert(name: string, f: Field, ctx: Extract<CursorContext, { kind: 'key' }>, layout: Layout): string {
  const k = yamlKey(name);
  if (ctx.hasColon) return k;
  if (ctx.flow) return `${k}: `;
  const t = f.type;
  if (t.kind === 'object' || t.kind === 'map') return `${k}:\n${' '.repeat(ctx.col + layout.unit)}`;
  if (t.kind === 'array') return `${k}:\n${' '.repeat(layout.compactSeq ? ctx.col : ctx.col + layout.unit)}- `;
  return `${k}: `;
}

// ---------------------------------------------------------------------------------------------------
// Values

/** A scalar as YAML writes it: quoted when it would not read back as the same string. */
export function yamlScalar(v: string, flow: boolean): string {
  const s = stringify(v, { lineWidth: 0 }).trimEnd();
  if (s.startsWith('"') || s.startsWith("'")) return s;
  if (flow && /[,[\]{}]/.test(v)) return JSON.stringify(v);
  return s;
}

function valueItems(
  file: ParsedFile,
  chunk: ParsedDoc,
  id: Identity,
  ctx: Extract<CursorContext, { kind: 'value' }>,
  range: Range,
  settings: CompletionSettings,
): CompletionItem[] {
  // Anchors, aliases, tags and block scalars: nothing to offer.
  if (/^[&*!|>]/.test(ctx.partial)) return [];
  const path = ctx.path;
  const last = path[path.length - 1];
  const top = path.length === 1;
  const listItem = id.list && path.length === 3 && path[0] === 'items' && path[1] === '[]';
  const domain = (): string => {
    const own = id.apiVersion ? parseApiVersion(id.apiVersion) : undefined;
    return settings.apiDomain || settings.workspaceDomains?.[0] || domainsInFile(file, chunk)[0] || (own && isOurApiVersion(id.apiVersion) ? own.domain : '') || DEFAULT_API_DOMAIN;
  };
  if (top && last === 'apiVersion') {
    // Offered unless the document is clearly someone else's (a kind that is not ours).
    if (id.kind !== undefined && !isOurKind(id.kind) && !id.def) return [];
    return apiVersionItems(id, domain(), ctx, range);
  }
  if (top && last === 'kind') {
    if (id.apiVersion !== undefined && !isOurApiVersion(id.apiVersion)) return [];
    return kindItems(id, ctx, range);
  }
  if (listItem && id.def && (last === 'apiVersion' || last === 'kind')) {
    const v = last === 'kind' ? id.def.kind : (id.apiVersion ?? `${id.def.area}.${domain()}/${id.def.version}`);
    return [valueItem(v, ctx, range, { kind: CompletionItemKind.Value, documentation: md(kindMarkdown(id.def, false, parseApiVersion(v)?.domain || domain())) }, 0)];
  }
  if (!id.root) return [];
  const r = resolvePath(id.root, path);
  if (!r.type) return [];
  return scalarValues(r.type, path, ctx.partial, range, ctx.needsSpace, ctx.flow, r.field ?? namedField(id.root, path));
}

/** The field a path names, list item steps left out (the items of `allowedMethods` belong to it). */
function namedField(root: Type, path: string[]): Field | undefined {
  let end = path.length;
  while (end > 0 && path[end - 1] === '[]') end--;
  return end > 0 ? resolvePath(root, path.slice(0, end)).field : undefined;
}

function valueItem(
  value: string,
  ctx: { partial: string; needsSpace?: boolean; flow: boolean },
  range: Range,
  extra: Partial<CompletionItem>,
  index: number,
): CompletionItem {
  let text = yamlScalar(value, ctx.flow);
  // The user started a quoted value: keep quoting.
  if (/^["']/.test(ctx.partial) && !/^["']/.test(text)) text = ctx.partial[0] === "'" ? `'${value.replace(/'/g, "''")}'` : JSON.stringify(value);
  const newText = ('needsSpace' in ctx && ctx.needsSpace ? ' ' : '') + text;
  return {
    label: value,
    sortText: String(index).padStart(4, '0'),
    filterText: ctx.partial && /^["']/.test(ctx.partial) ? text : value,
    textEdit: { range, newText },
    insertTextFormat: InsertTextFormat.PlainText,
    ...extra,
  };
}

function scalarValues(t: Type, path: string[], partial: string, range: Range, needsSpace: boolean, flow: boolean, field?: Field): CompletionItem[] {
  const ctx = { partial, needsSpace, flow };
  // The field naming the value (a list item's value belongs to its list's field).
  let end = path.length;
  while (end > 0 && path[end - 1] === '[]') end--;
  const label = pathLabel(path.slice(0, end));
  if (t.kind === 'string' && t.enum) {
    const st: StringType = t;
    return st.enum!.map((e, i) =>
      valueItem(e.value, ctx, range, { kind: CompletionItemKind.EnumMember, detail: e.doc ?? typeLabel(st), documentation: md(enumValueMarkdown(label, field, st, e)) }, i),
    );
  }
  if (t.kind === 'bool') {
    return ['true', 'false'].map((v, i) => ({
      label: v,
      kind: CompletionItemKind.Keyword,
      detail: 'bool',
      sortText: String(i),
      textEdit: { range, newText: (needsSpace ? ' ' : '') + v },
      insertTextFormat: InsertTextFormat.PlainText,
      ...(field ? { documentation: md(fieldMarkdown(label, field)) } : {}),
    }));
  }
  if (field && field.default !== undefined && (t.kind === 'string' || t.kind === 'int' || t.kind === 'number')) {
    const v = String(field.default);
    const newText = (needsSpace ? ' ' : '') + (t.kind === 'string' ? yamlScalar(v, flow) : v);
    return [{ label: v, kind: CompletionItemKind.Value, detail: 'default', documentation: md(fieldMarkdown(label, field)), textEdit: { range, newText }, insertTextFormat: InsertTextFormat.PlainText }];
  }
  return [];
}

const areaOrder = (a: { area: string }, b: { area: string }) => a.area.localeCompare(b.area);

function apiVersionItems(id: Identity, domain: string, ctx: Extract<CursorContext, { kind: 'value' }>, range: Range): CompletionItem[] {
  const kind = id.kind;
  const base = kind && isOurKind(kind) && !allKinds.some((d) => d.kind === kind) ? kind.slice(0, -4) : kind;
  const all = groupVersions().sort(areaOrder);
  const withKind = base ? all.filter((gv) => kindsOf(gv.area, gv.version).some((d) => d.kind === base)) : [];
  const list = withKind.length ? withKind : all;
  return list.map((gv, i) => {
    const value = `${gv.area}.${domain}/${gv.version}`;
    const kinds = kindsOf(gv.area, gv.version).map((d) => `\`${d.kind}\``);
    return valueItem(
      value,
      ctx,
      range,
      {
        kind: CompletionItemKind.Module,
        detail: `API version ${gv.apiVersionValue}`,
        documentation: md(`**\`${value}\`** — group \`${gv.area}.${domain}\`, version \`${gv.version}\`, API version \`${gv.apiVersionValue}\`\n\n**Kinds:** ${kinds.join(', ')}`),
        ...(id.kind === undefined ? { command: TRIGGER_SUGGEST } : {}),
      },
      i,
    );
  });
}

function kindItems(id: Identity, ctx: Extract<CursorContext, { kind: 'value' }>, range: Range): CompletionItem[] {
  const p = id.apiVersion ? parseApiVersion(id.apiVersion) : undefined;
  let defs: KindDef[] = p ? kindsOf(p.area, p.version) : [];
  if (defs.length === 0 && p) defs = allKinds.filter((d) => d.area === p.area);
  if (defs.length === 0) defs = [...allKinds];
  const seen = new Set<string>();
  defs = defs.filter((d) => !seen.has(d.kind) && seen.add(d.kind)).sort((a, b) => a.kind.localeCompare(b.kind));
  const domain = p?.domain || DEFAULT_API_DOMAIN;
  const items: CompletionItem[] = [];
  defs.forEach((d, i) => {
    const doc = md(kindMarkdown(d, false, domain));
    items.push(valueItem(d.kind, ctx, range, { kind: CompletionItemKind.Class, detail: `${d.area} ${d.version} · API version ${d.apiVersionValue}`, documentation: doc }, i));
  });
  defs.forEach((d, i) => {
    const doc = md(kindMarkdown(d, true, domain));
    items.push(valueItem(`${d.kind}List`, ctx, range, { kind: CompletionItemKind.Class, detail: `list of ${d.kind}`, documentation: doc }, defs.length + i));
  });
  return items;
}

// ---------------------------------------------------------------------------------------------------
// Whole-resource snippets

type Part = string | { stop: number; text: string } | { stop: number; choices: string[] };
interface SnippetLine {
  indent: number;
  parts: Part[];
}

const escText = (s: string) => s.replace(/[\\$]/g, '\\$&');
const escPlaceholder = (s: string) => s.replace(/[\\$}]/g, '\\$&');
const escChoice = (s: string) => s.replace(/[\\$,|}]/g, '\\$&');

class SnippetBuilder {
  readonly lines: SnippetLine[] = [];
  readonly choices: { choices: string[] }[] = [];
  private n = 1;
  constructor(readonly def: KindDef, readonly domain: string) {}

  line(indent: number, ...parts: Part[]): SnippetLine {
    const l = { indent, parts };
    this.lines.push(l);
    return l;
  }
  stop(text: string): Part {
    return { stop: this.n++, text };
  }
  choice(values: string[]): Part {
    const c = { stop: this.n++, choices: values };
    this.choices.push(c);
    return c;
  }
  render(mode: 'snippet' | 'filled'): string {
    const out = this.lines.map(
      (l) =>
        ' '.repeat(l.indent) +
        l.parts
          .map((p) => {
            if (typeof p === 'string') return mode === 'snippet' ? escText(p) : p;
            if ('text' in p) return mode === 'snippet' ? `\${${p.stop}:${escPlaceholder(p.text)}}` : p.text;
            return mode === 'snippet' ? `\${${p.stop}|${p.choices.map(escChoice).join(',')}|}` : p.choices[0];
          })
          .join(''),
    );
    return out.join('\n') + (mode === 'snippet' ? '\n$0' : '\n');
  }
}

const ZERO_UUID = '00000000-0000-0000-0000-000000000000';
const RG_ID = `/subscriptions/${ZERO_UUID}/resourceGroups/my-resource-group`;
const kebab = (s: string) => s.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

/** Fields a manifest needs, and where a choice is needed (exactly-one groups, reference shapes), the simplest one. */
const EXTRA_FIELDS: Record<string, Record<string, string[]>> = {
  // A rule is an alerting rule (`alert`) or a recording rule (`record`): the rule-alert-or-record rule.
  PrometheusRule: { alert: [] },
};

/** The usual choice where the model gives no default (the first choice of the snippet, when valid). */
const PREFERRED: Record<string, string> = {
  'StorageAccount:spec.kind': 'StorageV2',
  'StorageAccount:spec.sku.name': 'Standard_LRS',
};

function requiredCost(t: Type, depth = 0): number {
  if (depth > 6) return 1;
  if (t.kind === 'object') return Object.values(t.fields).filter((f) => f.required).reduce((n, f) => n + requiredCost(f.type, depth + 1), 1);
  if (t.kind === 'array') return (t.minItems ?? 0) > 0 ? requiredCost(t.items, depth + 1) : 1;
  return 1;
}

function chosenFields(o: ObjectType): [string, Field][] {
  const names = new Set(Object.entries(o.fields).filter(([, f]) => f.required).map(([k]) => k));
  for (const g of o.exclusive ?? []) {
    if (g.mode !== 'exactlyOne' || g.members.some((m) => names.has(m))) continue;
    const members = g.members.filter((m) => o.fields[m]);
    members.sort((a, b) => requiredCost(o.fields[a].type) - requiredCost(o.fields[b].type));
    if (members[0]) names.add(members[0]);
  }
  for (const k of Object.keys(EXTRA_FIELDS[o.name] ?? {})) if (o.fields[k]) names.add(k);
  const fields = [...names].map((k) => [k, o.fields[k]] as [string, Field]);
  const first = (k: string) => (k === 'location' ? 0 : k === 'owner' ? 1 : 2);
  return fields.sort((a, b) => first(a[0]) - first(b[0]));
}

function sampleString(name: string, t: StringType): string {
  switch (t.format) {
    case 'arm-id':
      return RG_ID;
    case 'uuid':
      return ZERO_UUID;
    case 'duration': {
      const seconds = Math.max(1, t.durationSeconds?.min ?? 300);
      return seconds % 60 === 0 ? `PT${seconds / 60}M` : `PT${seconds}S`;
    }
    case 'date-time':
      return '2030-01-01T00:00:00Z';
    case 'ipv4-or-cidr':
    case 'cidr':
      return '10.0.0.0/24';
    case 'cel':
      return 'self.status.id';
    case 'promql':
      return 'up == 0';
    default:
      break;
  }
  if (name === 'location') return 'westus';
  const candidates = [name, kebab(name), `my-${kebab(name)}`, name.toLowerCase(), 'default', 'example', 'a'.repeat(Math.max(1, t.minLength ?? 1))];
  for (const c of candidates) {
    let v = c;
    if (t.maxLength !== undefined) v = v.slice(0, t.maxLength);
    if (t.minLength !== undefined && v.length < t.minLength) v = v.padEnd(t.minLength, '0');
    if (t.pattern && !new RegExp(t.pattern).test(v)) continue;
    if (t.format && !matchesFormat(t.format, v)) continue;
    return v;
  }
  return name;
}

/** A `metadata.name` that fits the kind's name limits and the cluster's name rules. */
function sampleName(def: KindDef): string {
  const letters = def.kind.toLowerCase().replace(/[^a-z0-9]/g, '');
  for (const c of [letters, kebab(def.kind), 'default', 'sample']) {
    let v = c;
    const max = Math.min(253, ...(def.nameLimits ?? []).map((l) => l.maxLength ?? 253));
    v = v.slice(0, max).replace(/-+$/, '');
    const ok = (def.nameLimits ?? []).every(
      (l) => (l.minLength === undefined || v.length >= l.minLength) && (!l.pattern || new RegExp(l.pattern).test(v)),
    );
    if (ok && /^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/.test(v)) return v;
  }
  return letters.slice(0, 24);
}

function scalarPart(b: SnippetBuilder, name: string, t: Type, path: string[], f?: Field): Part {
  switch (t.kind) {
    case 'string': {
      if (t.enum) {
        const values = t.enum.map((e) => yamlScalar(e.value, false));
        const dflt = f?.default !== undefined ? yamlScalar(String(f.default), false) : undefined;
        const preferred = dflt ?? PREFERRED[`${b.def.kind}:${pathLabel(path)}`];
        if (preferred && values.includes(preferred)) {
          values.splice(values.indexOf(preferred), 1);
          values.unshift(preferred);
        }
        return b.choice(values);
      }
      return b.stop(yamlScalar(sampleString(name, t), false));
    }
    case 'int':
    case 'number': {
      let v = t.minimum ?? (t.kind === 'int' && t.exclusiveMinimum !== undefined ? t.exclusiveMinimum + 1 : 1);
      if (t.maximum !== undefined && v > t.maximum) v = t.maximum;
      if (f?.default !== undefined && typeof f.default === 'number') v = f.default;
      return b.stop(String(v));
    }
    case 'bool':
      return b.choice(f?.default === false ? ['false', 'true'] : ['true', 'false']);
    default:
      return '{}';
  }
}

/** Emits the lines of a field (`name: value`, or `name:` and its content). */
function emitField(b: SnippetBuilder, indent: number, name: string, f: Field, path: string[], prefix = ''): void {
  const t = f.type;
  const key = `${prefix}${yamlKey(name)}:`;
  const at = [...path, name];
  if (t.kind === 'object') {
    const fields = objectFields(b, t, at);
    if (fields.length === 0) {
      b.line(indent, `${key} {}`);
      return;
    }
    b.line(indent, key);
    emitObject(b, indent + 2, t, at, fields);
    return;
  }
  if (t.kind === 'array') {
    b.line(indent, key);
    const count = Math.max(1, t.minItems ?? 1);
    for (let i = 0; i < count; i++) emitItem(b, indent + 2, t.items, [...at, '[]']);
    return;
  }
  if (t.kind === 'map' || t.kind === 'open') {
    b.line(indent, `${key} {}`);
    return;
  }
  b.line(indent, `${key} `, scalarPart(b, name, t, at, f));
}

function emitItem(b: SnippetBuilder, indent: number, t: Type, path: string[]): void {
  if (t.kind === 'object') {
    const fields = objectFields(b, t, path);
    if (fields.length === 0) {
      b.line(indent, '- {}');
      return;
    }
    const start = b.lines.length;
    emitObject(b, indent + 2, t, path, fields);
    const first = b.lines[start];
    first.indent = indent;
    first.parts.unshift('- ');
    return;
  }
  if (t.kind === 'array' || t.kind === 'map' || t.kind === 'open') {
    b.line(indent, t.kind === 'array' ? '- []' : '- {}');
    return;
  }
  b.line(indent, '- ', scalarPart(b, path[path.length - 2] ?? 'value', t, path));
}

type Emit = [string, Field] | [string, 'literal', string] | [string, 'stop', string];

/** The members of an object the snippet writes. */
function objectFields(b: SnippetBuilder, o: ObjectType, path: string[]): Emit[] {
  const fields: Emit[] = chosenFields(o);
  const has = (k: string) => fields.some((f) => f[0] === k);
  if (o.reference && !['name', 'armId', 'wellKnownName'].some(has)) {
    const isOwner = path.length === 2 && path[0] === 'spec' && path[1] === 'owner';
    const def = b.def;
    if (o.reference === 'known') {
      const ownerKind = def.owner.style === 'known' && isOwner ? def.owner.kind : 'resource';
      fields.unshift(['name', 'stop', `my-${kebab(ownerKind)}`]);
    } else if (o.reference === 'wellKnown') {
      fields.unshift(['wellKnownName', 'stop', 'Reader']);
    } else if (isOwner) {
      fields.unshift(['group', 'literal', `resources.${b.domain}`], ['kind', 'literal', 'ResourceGroup'], ['name', 'stop', 'my-resource-group']);
    } else {
      fields.unshift(['armId', 'stop', RG_ID]);
    }
  }
  return fields;
}

function emitObject(b: SnippetBuilder, indent: number, o: ObjectType, path: string[], fields = objectFields(b, o, path)): void {
  for (const e of fields) {
    if (e[1] === 'literal') b.line(indent, `${e[0]}: ${e[2]}`);
    else if (e[1] === 'stop') b.line(indent, `${e[0]}: `, b.stop(e[2]));
    else emitField(b, indent, e[0], e[1], path);
  }
}

function buildSnippet(def: KindDef, domain: string): SnippetBuilder {
  const b = new SnippetBuilder(def, domain);
  b.line(0, `apiVersion: ${def.area}.${domain}/${def.version}`);
  b.line(0, `kind: ${def.kind}`);
  b.line(0, 'metadata:');
  b.line(2, 'name: ', b.stop(sampleName(def)));
  b.line(2, 'namespace: ', b.stop('default'));
  const fields = objectFields(b, def.spec, ['spec']);
  if (fields.length) {
    b.line(0, 'spec:');
    emitObject(b, 2, def.spec, ['spec'], fields);
  }
  return b;
}

/** Problems of the filled-in snippet: errors count far more than warnings. */
function score(text: string): number {
  return validateText(text).reduce((n, d) => n + ({ error: 100, warning: 1, info: 0, hint: 0 } as const)[severityOf(d)], 0);
}

const snippetCache = new Map<string, { snippet: string; filled: string }>();

/**
 * The snippet of a kind: every required field (at any depth) as a tab stop, enums as choices. The first
 * choice of each is the one that makes the filled-in manifest valid (cross-field rules included).
 */
export function resourceSnippet(def: KindDef, domain = DEFAULT_API_DOMAIN): { snippet: string; filled: string } {
  const key = `${def.area}/${def.version}/${def.kind}@${domain}`;
  const hit = snippetCache.get(key);
  if (hit) return hit;
  const b = buildSnippet(def, domain);
  let best = score(b.render('filled'));
  for (const c of b.choices) {
    if (best === 0) break;
    const original = [...c.choices];
    let bestOrder = original;
    for (let i = 1; i < original.length; i++) {
      c.choices = [original[i], ...original.filter((_, j) => j !== i)];
      const s = score(b.render('filled'));
      if (s < best) [best, bestOrder] = [s, [...c.choices]];
    }
    c.choices = bestOrder;
  }
  const out = { snippet: b.render('snippet'), filled: b.render('filled') };
  snippetCache.set(key, out);
  return out;
}

function resourceSnippets(domain: string, range: Range): CompletionItem[] {
  const defs = [...allKinds].sort((a, b) => a.kind.localeCompare(b.kind) || b.version.localeCompare(a.version));
  return defs.map((def, i) => {
    const { snippet, filled } = resourceSnippet(def, domain);
    return {
      label: `${def.kind} (${def.area} ${def.version})`,
      kind: CompletionItemKind.Snippet,
      detail: `${def.area}.${domain}/${def.version} · API version ${def.apiVersionValue}`,
      documentation: md(`${kindMarkdown(def, false, domain)}\n\n\`\`\`yaml\n${filled}\`\`\``),
      sortText: String(i).padStart(4, '0'),
      filterText: `${def.kind} ${def.area} ${def.version}`,
      textEdit: { range, newText: snippet },
      insertTextFormat: InsertTextFormat.Snippet,
      insertTextMode: InsertTextMode.asIs,
    };
  });
}
