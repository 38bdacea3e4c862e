// Completion from the workspace: `owner.name` with the names of manifests of the owner kind in the same
// namespace; `group`, `kind` and `name` of ArbitraryOwnerReference and ResourceReference fields. The
// server merges these items with those of the per-file completion.
import { isMap, isPair, isSeq, type Document } from 'yaml';
import { CompletionItemKind, InsertTextFormat, type CompletionItem } from '../core/editorTypes';
import { DEFAULT_API_DOMAIN, parseApiVersion } from '../../model/registry';
import { resolvePath } from '../../model/typePath';
import { yamlScalar } from '../core/yamlText';
import { ChunkText } from './chunkLines';
import { cursorAt } from './cursor';
import { identifyChunk } from '../checks/identity';
import { chunkAt } from '../core/parse';
import type { ParsedFile } from '../core/parse';
import { entry, scalarValue } from '../core/yamlNodes';
import { defaultDisplay, whereOf } from '../workspace/checks';
import type { WorkspaceIndex } from '../workspace/workspaceIndex';
import type { Manifest } from '../workspace/manifest';
import { groupOfNamedKind, objectRefAt } from '../workspace/kubeRefs';

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** The innermost mapping at a chunk-local offset, with the manifest mapping above it. */
function mappingsAt(doc: Document.Parsed, local: number): { map?: unknown; manifest?: unknown } {
  const root = doc.contents;
  let node: unknown = root;
  let map: unknown;
  let manifest: unknown = isMap(root) ? root : undefined;
  let depth = 0;
  while (node && depth++ < 100) {
    if (isMap(node)) {
      map = node;
      let next: unknown;
      for (const item of node.items) {
        if (!isPair(item)) continue;
        const start = (item.key as { range?: number[] } | null)?.range?.[0];
        if (start !== undefined && start <= local) next = item.value;
      }
      const r = (next as { range?: number[] } | null)?.range;
      if (!r || local < r[0] || local > r[2] || !(isMap(next) || isSeq(next))) break;
      node = next;
    } else if (isSeq(node)) {
      let next: unknown;
      for (const it of node.items) {
        const s = (it as { range?: number[] } | null)?.range?.[0];
        if (s !== undefined && s <= local) next = it;
      }
      const r = (next as { range?: number[] } | null)?.range;
      if (!r || local < r[0] || local > r[2] || !(isMap(next) || isSeq(next))) break;
      // An item of a `<Kind>List` is a manifest.
      if (node === entry(root, 'items')?.value && isMap(next)) manifest = next;
      node = next;
    } else break;
  }
  return { map, manifest };
}

export function completeReferences(
  index: WorkspaceIndex,
  uri: string,
  file: ParsedFile,
  offset: number,
): CompletionItem[] {
  const chunk = chunkAt(file, offset);
  const local = offset - chunk.offset;
  const ctx = cursorAt(new ChunkText(chunk.text), local);
  if (!ctx || ctx.kind !== 'value') return [];
  const field = ctx.path[ctx.path.length - 1];
  if (field !== 'name' && field !== 'group' && field !== 'kind') return [];
  if (/^[&*!|>]/.test(ctx.partial)) return [];
  const id = identifyChunk(chunk, local);
  if (!id.root) return [];
  const object = id.def ? objectRefAt(id.def, ctx.path) : undefined;
  const parent = resolvePath(id.root, ctx.path.slice(0, -1)).type;
  if (!object && (parent?.kind !== 'object' || !parent.reference)) return [];

  const { map, manifest } = mappingsAt(chunk.doc, local);
  const sibling = (k: string) => str(scalarValue(entry(map, k)?.value));
  const namespace = str(scalarValue(entry(entry(manifest, 'metadata')?.value, 'namespace')?.value)) ?? 'default';
  const scope = index.get(uri)?.scope ?? uri;
  const range = file.lines.range(chunk.offset + ctx.start, chunk.offset + ctx.end);
  const item = (label: string, kind: CompletionItemKind, detail: string, i: number): CompletionItem => {
    let text = yamlScalar(label, ctx.flow);
    if (/^["']/.test(ctx.partial) && !/^["']/.test(text))
      text = ctx.partial[0] === "'" ? `'${label}'` : JSON.stringify(label);
    return {
      label,
      kind,
      detail,
      sortText: String(i).padStart(5, '0'),
      filterText: /^["']/.test(ctx.partial) ? text : label,
      textEdit: { range, newText: (ctx.needsSpace ? ' ' : '') + text },
      insertTextFormat: InsertTextFormat.PlainText,
    };
  };
  const isSelf = (m: Manifest) => m.uri === uri && m.span[0] <= offset && offset <= m.span[1];
  /** The ConfigMaps or Secrets the operator's destinations write in the namespace, after `from` items. */
  const written = (kind: string, from: number): CompletionItem[] => {
    if (kind !== 'ConfigMap' && kind !== 'Secret') return [];
    const seen = new Map<string, Manifest>();
    for (const m of index.manifests(scope)) {
      if (m.namespace !== namespace) continue;
      for (const s of m.refs)
        if (s.role === 'writes' && s.expectedKind === kind && s.name !== undefined && !seen.has(s.name))
          seen.set(s.name, m);
    }
    return [...seen]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([n, m], i) =>
        item(
          n,
          CompletionItemKind.Reference,
          `${kind} written by ${m.kind} ${m.name ?? ''} · ${whereOf(index, m, uri, defaultDisplay)}`,
          from + i,
        ),
      );
  };
  const names = (kind: string | undefined, area: string | undefined, group?: string): CompletionItem[] => {
    // One item per kind and name: of several copies, the first by file and position (not by indexing order).
    const seen = new Map<string, Manifest>();
    for (const m of index.manifests(scope)) {
      if (m.name === undefined || m.namespace !== namespace || isSelf(m)) continue;
      if (kind && m.kind !== kind) continue;
      if (area && m.def.area !== area) continue;
      if (group !== undefined && m.def.kube?.group !== group) continue;
      const k = `${m.kind}/${m.name}`;
      const had = seen.get(k);
      if (!had || m.uri < had.uri || (m.uri === had.uri && m.span[0] < had.span[0])) seen.set(k, m);
    }
    const found = [...seen.values()];
    found.sort((x, y) => (x.name! < y.name! ? -1 : x.name! > y.name! ? 1 : 0));
    return found.map((m, i) =>
      item(m.name!, CompletionItemKind.Reference, `${m.kind} · ${whereOf(index, m, uri, defaultDisplay)}`, i),
    );
  };

  if (object) {
    // A Kubernetes object's name: the objects of that kind, and the ConfigMaps and Secrets the operator writes.
    const named = object === 'from-kind' ? sibling('kind') : object.kind;
    const group = object === 'from-kind' ? named && groupOfNamedKind(named) : object.group;
    if (!named || group === undefined) return [];
    const found = names(named, undefined, group);
    return found.concat(written(named, found.length));
  }
  if (parent?.kind !== 'object') return [];
  if (parent.reference === 'known') {
    if (field !== 'name') return [];
    const owner = id.def?.owner;
    const isOwner = ctx.path.slice(-3, -1).join('.') === 'spec.owner';
    if (!isOwner || owner?.style !== 'known') return names(undefined, undefined);
    return names(owner.kind, undefined);
  }

  const group = sibling('group');
  const kind = sibling('kind');
  const registry = id.registry;
  const groupArea = registry.ourAreaOfGroup(group);
  if (field === 'name') {
    if (group && !groupArea) return [];
    return names(kind, groupArea);
  }
  if (field === 'kind') {
    if (group && !groupArea) return [];
    const areas = groupArea ? [groupArea] : registry.ourAreas();
    let i = 0;
    return areas.flatMap((a) =>
      registry.kindsOfArea(a).map((k) => item(k, CompletionItemKind.Class, `${a}.{api_domain}`, i++)),
    );
  }
  // group
  const own =
    id.apiVersion && registry.isOurApiVersion(id.apiVersion) ? parseApiVersion(id.apiVersion)?.domain : undefined;
  const domain = own || DEFAULT_API_DOMAIN;
  const kindArea = kind ? registry.ourAreas().find((a) => registry.kindsOfArea(a).includes(kind)) : undefined;
  const areas = kindArea ? [kindArea] : registry.ourAreas();
  return areas.map((a, i) => item(`${a}.${domain}`, CompletionItemKind.Module, registry.kindsOfArea(a).join(', '), i));
}
