// Completion: keys at every depth (from the cursor's position in the text, so half-typed documents work),
// `apiVersion`, `kind`, enum and boolean values for the document's own version, and whole-resource snippets
// in an empty document (snippets.ts). Everything is derived from the model; the documentation is markdown.ts's.
import {
  CompletionItemKind,
  CompletionItemTag,
  InsertTextFormat,
  InsertTextMode,
  MarkupKind,
  type CompletionItem,
  type Range,
} from '../core/editorTypes';
import { apiVersionString, DEFAULT_API_DOMAIN, parseApiVersion } from '../../model/registry';
import type { Field, KindDef, StringType, Type } from '../../model/types';
import { pathLabel, resolvePath } from '../../model/typePath';
import { ChunkText, cursorAt, type CursorContext, type Layout } from './cursor';
import { domainsInFile, identifyChunk, type Identity } from '../checks/identity';
import { chunkAt } from '../core/parse';
import { enumValueMarkdown, fieldMarkdown, kindMarkdown, typeLabel } from './markdown';
import { resourceSnippets } from './snippets';
import { yamlKey, yamlScalar } from '../core/yamlText';
import { emptyDocumentItems } from './completeEmpty';
import { embeddedCompletion } from './embeddedAssist';
import { isCrdDocument } from '../checks/crd/check';
import { crdRuleCompletion } from '../checks/crd/ruleComplete';
import type { ParsedDoc, ParsedFile } from '../core/parse';
import type { SnippetContext } from '../workspace/ownerNames';

export interface CompletionSettings {
  apiDomain?: string;
  /** domains already used in the workspace, most used first */
  workspaceDomains?: string[];
  /**
   * What the snippets take from the workspace (asked in an empty document only): the namespace of a new
   * manifest there, and the names of the workspace's manifests per kind for their owners.
   */
  workspace?: () => SnippetContext;
  /** The character that opened completion by itself (LSP `CompletionContext.triggerCharacter`), if one did. */
  trigger?: string;
}

/**
 * Characters that open completion by themselves inside PromQL and CEL (`.` after `self`, `(` and `,` among
 * a function's arguments…). Anywhere else they are ordinary YAML text: nothing opens.
 */
export const EXPRESSION_TRIGGERS = ['.', '(', '{', ',', '='];

const TRIGGER_SUGGEST = { title: 'Suggest', command: 'editor.action.triggerSuggest' };
const md = (value: string) => ({ kind: MarkupKind.Markdown, value });

/** The completion items at `offset` (see `completion`). */
export function complete(file: ParsedFile, offset: number, settings: CompletionSettings = {}): CompletionItem[] {
  return completion(file, offset, settings).items;
}

/**
 * The completion at `offset`. A value typed out in full (`default`, `westus2`) gets nothing: an item that
 * would write exactly what is there changes nothing, yet takes the Enter the user meant as a line break, and
 * so would a longer one that starts with it (`StorageAccount` → `StorageAccountsBlobService`). Value lists
 * are `isIncomplete`: an editor asks again as the word grows (it filters on its own otherwise, and would keep
 * the list open on a whole value).
 */
export function completion(
  file: ParsedFile,
  offset: number,
  settings: CompletionSettings = {},
): { items: CompletionItem[]; isIncomplete: boolean } {
  const inValue = { value: false };
  const items = completeAll(file, offset, settings, inValue);
  // Typed out: the caret at the end of the word an item would write as it is (mid-word, the user is editing).
  if (inValue.value && items.some((i) => writesWhatIsThere(file, i, offset))) return { items: [], isIncomplete: true };
  return { items: items.filter((i) => !writesWhatIsThere(file, i, offset)), isIncomplete: inValue.value };
}

/**
 * Whether accepting the item would write exactly the text its edit replaces, the caret (`offset`) at its
 * end: a word typed out.
 */
export function writesWhatIsThere(
  file: Pick<ParsedFile, 'text' | 'lines'>,
  i: CompletionItem,
  offset: number,
): boolean {
  const e = i.textEdit;
  if (!e || !('range' in e)) return false;
  const s = file.lines.offsetAt(e.range.start);
  const t = file.lines.offsetAt(e.range.end);
  return t > s && t === offset && file.text.slice(s, t) === e.newText;
}

/** Inside a CEL rule of a CRD: the fields of `self` there (crd/ruleComplete.ts); a `.` opens it by itself. */
function ruleCompletion(file: ParsedFile, offset: number, trigger: string | undefined): CompletionItem[] | undefined {
  const chunk = chunkAt(file, offset);
  const root = chunk.doc.contents;
  if (chunk.doc.errors.length > 0 || !isCrdDocument(root)) return undefined;
  const found = crdRuleCompletion(root, chunk.text, offset - chunk.offset);
  if (!found) return undefined;
  if (trigger && trigger !== '.') return [];
  const range = file.lines.range(chunk.offset + found.from, chunk.offset + found.to);
  return found.items.map(({ newText, ...item }) => ({ ...item, textEdit: { range, newText } }));
}

function completeAll(
  file: ParsedFile,
  offset: number,
  settings: CompletionSettings,
  inValue: { value: boolean },
): CompletionItem[] {
  // Inside a PromQL or CEL expression: that language's completion.
  const trigger = settings.trigger && EXPRESSION_TRIGGERS.includes(settings.trigger) ? settings.trigger : undefined;
  const embedded = embeddedCompletion(file, offset, trigger) ?? ruleCompletion(file, offset, trigger);
  if (embedded) return embedded;
  if (trigger) return [];
  const chunk = chunkAt(file, offset);
  const text = new ChunkText(chunk.text);
  const ctx = cursorAt(text, offset - chunk.offset);
  if (!ctx) return [];
  const range = (s: number, e: number): Range => file.lines.range(chunk.offset + s, chunk.offset + e);
  if (ctx.kind === 'empty') {
    const r = range(ctx.start, ctx.end);
    const snippets = resourceSnippets(file.store.registry, domainFor(file, chunk, settings), r, settings.workspace?.());
    return emptyDocumentItems(snippets, r);
  }
  const id = identifyChunk(chunk, offset - chunk.offset);
  if (ctx.kind === 'value') {
    inValue.value = true;
    return valueItems(file, chunk, id, ctx, range(ctx.start, ctx.end), settings);
  }
  return keyItems(id, ctx, range(ctx.start, ctx.end), text.layout());
}

/** The domain for `apiVersion` values: the setting, the workspace's, the file's, or the spec's placeholder. */
function domainFor(file: ParsedFile, chunk: ParsedDoc, settings: CompletionSettings): string {
  return settings.apiDomain || settings.workspaceDomains?.[0] || domainsInFile(file, chunk)[0] || DEFAULT_API_DOMAIN;
}

// ---------------------------------------------------------------------------------------------------
// Keys

const isEnvelopeLevel = (id: Identity, path: string[]) =>
  path.length === 0 || ((id.list || !!id.coreList) && path.length === 2 && path[0] === 'items' && path[1] === '[]');

function keyItems(
  id: Identity,
  ctx: Extract<CursorContext, { kind: 'key' }>,
  range: Range,
  layout: Layout,
): CompletionItem[] {
  if (!id.root) return [];
  const r = resolvePath(id.root, ctx.path);
  const t = r.type;
  if (!t) return [];
  if (t.kind !== 'object') {
    // `- wor|` in a list of scalars: the item's value.
    if (ctx.path[ctx.path.length - 1] === '[]' && !ctx.flow)
      return scalarValues(t, ctx.path, ctx.partial, range, false, false, namedField(id.root, ctx.path));
    return [];
  }
  const envelope = isEnvelopeLevel(id, ctx.path);
  // Members of an exclusive group whose other member is already written (`value` / `valueFromConfig`).
  const excluded = new Set<string>();
  for (const g of t.exclusive ?? [])
    if (g.members.some((m) => ctx.present.has(m))) g.members.forEach((m) => excluded.add(m));
  if (t.reference && ['armId', 'wellKnownName'].some((m) => ctx.present.has(m)))
    ['group', 'kind', 'name', 'armId', 'wellKnownName'].forEach((m) => excluded.add(m));
  if (t.reference === 'known' && ctx.present.has('name')) excluded.add('armId');
  if (t.reference && ['group', 'kind', 'name'].some((m) => ctx.present.has(m)))
    ['armId', 'wellKnownName'].forEach((m) => excluded.add(m));
  const items: CompletionItem[] = [];
  for (const [name, f] of Object.entries(t.fields)) {
    if (ctx.present.has(name) || excluded.has(name)) continue;
    // `status` is written by the service only.
    if (envelope && name === 'status') continue;
    const insert = keyInsert(name, f, ctx, layout);
    const expectsMore =
      !ctx.hasColon &&
      (f.type.kind === 'object' ||
        f.type.kind === 'array' ||
        f.type.kind === 'bool' ||
        (f.type.kind === 'string' && !!f.type.enum) ||
        (envelope && (name === 'apiVersion' || name === 'kind')) ||
        // An owner or reference by name: the workspace's names are offered next (completeRefs.ts).
        (!!t.reference && name === 'name'));
    // In an owner or reference, `name` (the usual way, completed from the workspace) before `armId`.
    const first = f.required || (!!t.reference && name === 'name');
    items.push({
      label: name,
      kind: CompletionItemKind.Property,
      detail: `${typeLabel(f.type)} · ${f.required ? 'required' : 'optional'}`,
      documentation: md(fieldMarkdown(pathLabel([...ctx.path, name]), f)),
      sortText: `${first ? '0' : f.deprecated ? '2' : '1'}_${name}`,
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

function keyInsert(name: string, f: Field, ctx: Extract<CursorContext, { kind: 'key' }>, layout: Layout): string {
  const k = yamlKey(name);
  if (ctx.hasColon) return k;
  if (ctx.flow) return `${k}: `;
  const t = f.type;
  if (t.kind === 'object') {
    // Required members with one possible value (a destination's `endpointType`) come written.
    const indent = ' '.repeat(ctx.col + layout.unit);
    const fixed = Object.entries(t.fields).flatMap(([n, x]) =>
      x.required && x.type.kind === 'string' && x.type.fixed && x.type.enum?.length === 1
        ? [`${yamlKey(n)}: ${yamlScalar(x.type.enum[0].value, false)}\n${indent}`]
        : [],
    );
    return `${k}:\n${indent}${fixed.join('')}`;
  }
  if (t.kind === 'map') return `${k}:\n${' '.repeat(ctx.col + layout.unit)}`;
  if (t.kind === 'array') return `${k}:\n${' '.repeat(layout.compactSeq ? ctx.col : ctx.col + layout.unit)}- `;
  return `${k}: `;
}

// ---------------------------------------------------------------------------------------------------
// Values

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
    return (
      settings.apiDomain ||
      settings.workspaceDomains?.[0] ||
      domainsInFile(file, chunk)[0] ||
      (own && id.registry.isOurApiVersion(id.apiVersion) ? own.domain : '') ||
      DEFAULT_API_DOMAIN
    );
  };
  // A core `v1` `List`'s own `apiVersion` and `kind` are Kubernetes', not ours; its items' are as a manifest's.
  if (top && id.coreList) return [];
  const coreItem = !!id.coreList && path.length === 3 && path[0] === 'items' && path[1] === '[]';
  if (coreItem && last === 'apiVersion' && !(id.kind !== undefined && !id.registry.isOurKind(id.kind) && !id.def))
    return apiVersionItems(id, domain(), ctx, range);
  if (coreItem && last === 'kind' && !(id.apiVersion !== undefined && !id.registry.isOurApiVersion(id.apiVersion)))
    return kindItems(id, ctx, range);
  if (top && last === 'apiVersion') {
    // Offered unless the document is clearly someone else's (a kind that is not ours).
    if (id.kind !== undefined && !id.registry.isOurKind(id.kind) && !id.def) return [];
    return apiVersionItems(id, domain(), ctx, range);
  }
  if (top && last === 'kind') {
    if (id.apiVersion !== undefined && !id.registry.isOurApiVersion(id.apiVersion)) return [];
    return kindItems(id, ctx, range);
  }
  if (listItem && id.def && (last === 'apiVersion' || last === 'kind')) {
    const v = last === 'kind' ? id.def.kind : (id.apiVersion ?? apiVersionString(id.def, domain()));
    return [
      valueItem(
        v,
        ctx,
        range,
        {
          kind: CompletionItemKind.Value,
          documentation: md(kindMarkdown(id.registry, id.def, false, parseApiVersion(v)?.domain || domain())),
        },
        0,
      ),
    ];
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
  if (/^["']/.test(ctx.partial) && !/^["']/.test(text))
    text = ctx.partial[0] === "'" ? `'${value.replace(/'/g, "''")}'` : JSON.stringify(value);
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

function scalarValues(
  t: Type,
  path: string[],
  partial: string,
  range: Range,
  needsSpace: boolean,
  flow: boolean,
  field?: Field,
): CompletionItem[] {
  const ctx = { partial, needsSpace, flow };
  // The field naming the value (a list item's value belongs to its list's field).
  let end = path.length;
  while (end > 0 && path[end - 1] === '[]') end--;
  const label = pathLabel(path.slice(0, end));
  if (t.kind === 'string' && t.enum) {
    const st: StringType = t;
    return st.enum!.map((e, i) =>
      valueItem(
        e.value,
        ctx,
        range,
        {
          kind: CompletionItemKind.EnumMember,
          detail: e.doc ?? typeLabel(st),
          documentation: md(enumValueMarkdown(label, field, st, e)),
        },
        i,
      ),
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
    return [
      {
        label: v,
        kind: CompletionItemKind.Value,
        detail: 'default',
        documentation: md(fieldMarkdown(label, field)),
        textEdit: { range, newText },
        insertTextFormat: InsertTextFormat.PlainText,
      },
    ];
  }
  return [];
}

const areaOrder = (a: { area: string }, b: { area: string }) => a.area.localeCompare(b.area);

function apiVersionItems(
  id: Identity,
  domain: string,
  ctx: Extract<CursorContext, { kind: 'value' }>,
  range: Range,
): CompletionItem[] {
  const kind = id.kind;
  const registry = id.registry;
  const base = kind && registry.isOurKind(kind) && !registry.hasKind(kind) ? kind.slice(0, -4) : kind;
  const kindsOf = (gv: { area: string; version: string; domain?: string }) =>
    registry.kindsOf(gv.area, gv.version, gv.domain).filter((d) => d.domain === gv.domain);
  // A CRD's version that is not served is not offered.
  const all = registry
    .groupVersions()
    .filter((gv) => kindsOf(gv).some((d) => !d.crd || d.crd.served))
    .sort(areaOrder);
  const withKind = base ? all.filter((gv) => kindsOf(gv).some((d) => d.kind === base)) : [];
  const list = withKind.length ? withKind : all;
  return list.map((gv, i) => {
    // A CRD's group is its own; a built-in group takes the workspace's domain.
    const group = `${gv.area}.${gv.domain ?? domain}`;
    const value = `${group}/${gv.version}`;
    const kinds = kindsOf(gv).map((d) => `\`${d.kind}\``);
    return valueItem(
      value,
      ctx,
      range,
      {
        kind: CompletionItemKind.Module,
        detail: `API version ${gv.apiVersionValue}`,
        documentation: md(
          `**\`${value}\`** — group \`${group}\`, version \`${gv.version}\`, API version \`${gv.apiVersionValue}\`\n\n**Kinds:** ${kinds.join(', ')}`,
        ),
      },
      i,
    );
  });
}

function kindItems(id: Identity, ctx: Extract<CursorContext, { kind: 'value' }>, range: Range): CompletionItem[] {
  const p = id.apiVersion ? parseApiVersion(id.apiVersion) : undefined;
  const registry = id.registry;
  const inGroup = (d: KindDef) => d.area === p?.area && (d.domain === undefined || d.domain === p.domain);
  let defs: KindDef[] = p ? registry.kindsOf(p.area, p.version, p.domain) : [];
  if (defs.length === 0 && p) defs = registry.kinds.filter(inGroup);
  if (defs.length === 0) defs = [...registry.kinds];
  const seen = new Set<string>();
  defs = defs.filter((d) => !seen.has(d.kind) && seen.add(d.kind)).sort((a, b) => a.kind.localeCompare(b.kind));
  const domain = p?.domain || DEFAULT_API_DOMAIN;
  const items: CompletionItem[] = [];
  defs.forEach((d, i) => {
    const doc = md(kindMarkdown(registry, d, false, domain));
    items.push(
      valueItem(
        d.kind,
        ctx,
        range,
        {
          kind: CompletionItemKind.Class,
          detail: `${d.area} ${d.version} · API version ${d.apiVersionValue}`,
          documentation: doc,
        },
        i,
      ),
    );
  });
  defs.forEach((d, i) => {
    const doc = md(kindMarkdown(registry, d, true, domain));
    items.push(
      valueItem(
        `${d.kind}List`,
        ctx,
        range,
        { kind: CompletionItemKind.Class, detail: `list of ${d.kind}`, documentation: doc },
        defs.length + i,
      ),
    );
  });
  return items;
}
