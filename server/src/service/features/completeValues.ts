// Completion of a value (complete.ts finds where the cursor is): enum and boolean values for the document's
// own version, `apiVersion` (the kind's versions, its area's domain) and `kind`, each with its docs.
import { CompletionItemKind, InsertTextFormat, MarkupKind, type CompletionItem } from '../core/editorTypes';
import type { Range } from '../core/lineIndex';
import { apiVersionString, DEFAULT_API_DOMAIN, parseApiVersion } from '../../model/registry';
import type { Field, KindDef, StringType, Type } from '../../model/types';
import { pathLabel, resolvePath } from '../../model/typePath';
import type { CursorContext } from './cursor';
import { domainsInFile, type Identity } from '../checks/identity';
import { enumValueMarkdown, fieldMarkdown, kindMarkdown, typeLabel } from './markdown';
import { yamlScalar } from '../core/yamlText';
import type { ParsedDoc, ParsedFile } from '../core/parse';

/** Opens the suggestions again once an item is inserted (a value after a key). */
export const TRIGGER_SUGGEST = { title: 'Suggest', command: 'editor.action.triggerSuggest' };
/** Markdown documentation. */
export const md = (value: string) => ({ kind: MarkupKind.Markdown, value });

/** The items for the value being typed at the cursor (`ctx`), replacing `range`. */
export function valueItems(
  file: ParsedFile,
  chunk: ParsedDoc,
  id: Identity,
  ctx: Extract<CursorContext, { kind: 'value' }>,
  range: Range,
  /** The API domains the settings and the workspace suggest (complete.ts `CompletionSettings`). */
  settings: { apiDomain?: string; workspaceDomains?: string[] },
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
export function namedField(root: Type, path: string[]): Field | undefined {
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

export function scalarValues(
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
