// Completion: keys at every depth (from the cursor's position in the text, so half-typed documents work),
// `apiVersion`, `kind`, enum and boolean values for the document's own version, and whole-resource snippets
// in an empty document (snippets.ts). Everything is derived from the model; the documentation is markdown.ts's.
import {
  CompletionItemKind,
  CompletionItemTag,
  InsertTextFormat,
  InsertTextMode,
  type CompletionItem,
} from '../core/editorTypes';
import type { Range } from '../core/lineIndex';
import { DEFAULT_API_DOMAIN } from '../../model/registry';
import type { Field } from '../../model/types';
import { pathLabel, resolvePath } from '../../model/typePath';
import { ChunkText, type Layout } from './chunkLines';
import { cursorAt, type CursorContext } from './cursor';
import { domainsInFile, identifyChunk, type Identity } from '../checks/identity';
import { chunkAt } from '../core/parse';
import { fieldMarkdown, typeLabel } from './markdown';
import { resourceSnippets } from './snippets';
import { yamlKey, yamlScalar } from '../core/yamlText';
import { emptyDocumentItems } from './completeEmpty';
import { embeddedCompletion } from './embeddedAssist';
import { isCrdDocument } from '../checks/crd/definition/check';
import { crdRuleCompletion } from '../checks/crd/rules/editor/ruleComplete';
import type { ParsedDoc, ParsedFile } from '../core/parse';
import type { SnippetContext } from '../workspace/ownerNames';

import { md, namedField, scalarValues, TRIGGER_SUGGEST, valueItems } from './completeValues';
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

/** Inside a CEL rule of a CRD: the fields of `self` there (crd/rules/editor/ruleComplete.ts); a `.` opens it by itself. */
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
