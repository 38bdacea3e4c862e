// Completion in an empty document: the whole-resource snippets and the envelope keys (`apiVersion`, `kind`,
// `metadata`, `spec`), for a user who writes a manifest key by key. The four keys always come first (a user
// starting a manifest meets them before 28 snippets); the snippets follow, by kind.
import {
  CompletionItemKind,
  InsertTextFormat,
  InsertTextMode,
  MarkupKind,
  type CompletionItem,
} from '../core/editorTypes';
import type { Range } from '../core/lineIndex';

const TRIGGER_SUGGEST = { title: 'Suggest', command: 'editor.action.triggerSuggest' };

const KEYS: { name: string; insert: string; detail: string; doc: string; more: boolean }[] = [
  {
    name: 'apiVersion',
    insert: 'apiVersion: ',
    detail: 'string · required',
    doc: 'API group and version of the manifest, e.g. `storage.{api_domain}/v20220901`: completion offers them.',
    more: true,
  },
  {
    name: 'kind',
    insert: 'kind: ',
    detail: 'string · required',
    doc: 'The kind of resource, e.g. `StorageAccount`: completion offers the kinds of the `apiVersion`.',
    more: true,
  },
  {
    name: 'metadata',
    insert: 'metadata:\n  ',
    detail: 'ObjectMeta · required',
    doc: 'Kubernetes object metadata: `name` (required), `namespace`, labels, annotations.',
    more: true,
  },
  {
    name: 'spec',
    insert: 'spec:\n  ',
    detail: 'object',
    doc: 'The desired state of the resource: its fields depend on `kind`.',
    more: true,
  },
];

const escPlaceholder = (s: string) => s.replace(/[\\$}]/g, '\\$&');
const escChoice = (s: string) => s.replace(/[\\$,|}]/g, '\\$&');
/** `spec.owner`'s `name` tab stop in a whole-resource snippet (after `group` and `kind` lines when it has them). */
const OWNER_NAME = /(\n {2}owner:\n(?: {4}(?:group|kind): [^\n]*\n)* {4}name: )\$\{(\d+):[^}]*\}/;

/** A whole-resource snippet with its owner's `name` as a choice of existing names (unchanged without any). */
export function withOwnerChoice(snippet: string, names: readonly string[] | undefined): string {
  if (!names?.length) return snippet;
  return snippet.replace(
    OWNER_NAME,
    (_, head: string, stop: string) => `${head}\${${stop}|${names.slice(0, 50).map(escChoice).join(',')}|}`,
  );
}

/** `metadata.namespace`'s tab stop in a whole-resource snippet (written `default`: snippets.ts). */
const NAMESPACE = /(\n {2}namespace: )\$\{(\d+):default\}/;

/**
 * A whole-resource snippet with the namespace of the workspace (its folder's): where every manifest uses
 * `data`, a new one in `default` would not find the owners it is offered.
 */
export function withNamespace(snippet: string, namespace: string | undefined): string {
  if (!namespace || namespace === 'default') return snippet;
  return snippet.replace(
    NAMESPACE,
    (_, head: string, stop: string) => `${head}\${${stop}:${escPlaceholder(namespace)}}`,
  );
}

/** `spec.location`'s tab stop in a whole-resource snippet (written with the sample `westus`: samples.ts). */
const LOCATION = /(\n {2}location: )\$\{(\d+):westus\}/;

/**
 * A whole-resource snippet with the location the workspace's manifests use most (ownerNames.ts), where it
 * is a plain word (a region name) that needs no quoting.
 */
export function withLocation(snippet: string, location: string | undefined): string {
  if (!location || location === 'westus' || !/^[A-Za-z0-9](?:[\w .-]*[\w.-])?$/.test(location)) return snippet;
  return snippet.replace(LOCATION, (_, head: string, stop: string) => `${head}\${${stop}:${escPlaceholder(location)}}`);
}

export function emptyDocumentItems(snippets: CompletionItem[], range: Range): CompletionItem[] {
  const keys: CompletionItem[] = KEYS.map((k, i) => ({
    label: k.name,
    kind: CompletionItemKind.Property,
    detail: k.detail,
    documentation: { kind: MarkupKind.Markdown, value: k.doc },
    sortText: `0_${i}`,
    filterText: k.name,
    textEdit: { range, newText: k.insert },
    insertTextFormat: InsertTextFormat.PlainText,
    insertTextMode: InsertTextMode.asIs,
    ...(k.more ? { command: TRIGGER_SUGGEST } : {}),
  }));
  const snips = snippets.map((s) => ({ ...s, sortText: `1_${s.sortText ?? ''}` }));
  return [...keys, ...snips];
}
