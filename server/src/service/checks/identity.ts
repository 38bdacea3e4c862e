// What a document chunk is, for completion and hover: the chunk at an offset, its `apiVersion` and `kind`
// (from its AST when it has one, else from its top-level lines, so a half-typed manifest is recognised), and
// the type of the whole document.
import { isMap, isSeq, type YAMLMap } from 'yaml';
import { coreListEnvelopeOf, coreListOf, envelopeOf, listEnvelopeOf } from '../../model/envelope';
import { allKinds, builtinRegistry, parseApiVersion, type Lookup, type Registry } from '../../model/registry';
import type { Field, KindDef, ObjectType } from '../../model/types';
import type { ParsedDoc, ParsedFile } from '../core/parse';
import { entry, scalarValue } from '../core/yamlNodes';

/** What a document is: ours (with its kind), or not. */
export function identify(root: unknown, registry: Registry = builtinRegistry()): Lookup {
  if (!isMap(root)) return { status: 'notOurs' };
  return registry.lookup(scalarValue(entry(root, 'apiVersion')?.value), scalarValue(entry(root, 'kind')?.value));
}

const TOP_API = /^apiVersion:[ \t]*(["']?)([^\s"'#]*)\1/m;
const TOP_KIND = /^kind:[ \t]*(["']?)([^\s"'#]*)\1/m;

/**
 * A document's `apiVersion` and `kind` from its top-level lines, without parsing it (what `identifyChunk`
 * falls back on): enough to ask whether its kind is known (the host's `unknownKinds`), no verdict on it.
 */
export function headOf(text: string): { apiVersion: string; kind: string } | undefined {
  const apiVersion = TOP_API.exec(text)?.[2];
  const kind = TOP_KIND.exec(text)?.[2];
  return apiVersion && kind ? { apiVersion, kind } : undefined;
}

export interface Identity {
  /** The top-level `apiVersion` and `kind` values, as written (possibly half-typed). */
  apiVersion?: string;
  kind?: string;
  lookup: Lookup;
  /** The kind's definition when the document is fully identified. */
  def?: KindDef;
  /** The document is a `<Kind>List`. */
  list: boolean;
  /** The registry the document was identified with (completion and hover list its kinds). */
  registry: Registry;
  /**
   * The document is a core `apiVersion: v1` `kind: List`: `apiVersion`, `kind` and `def` are those of its
   * item at the offset asked about, and `root` types that item under `items[]`.
   */
  coreList?: boolean;
  /**
   * The type of the whole document: the kind's envelope (or its list's), or a generic envelope when only
   * the group or only the kind is recognised. Undefined when the document is not ours.
   */
  root?: ObjectType;
}

/** The envelope of a manifest whose kind is not known yet: `apiVersion`, `kind`, `metadata`, `spec`. */
export const genericEnvelope = (): ObjectType => GENERIC;

/** Built once: every kind shares the envelope's `apiVersion`, `kind` and `metadata`, so any kind gives them. */
const GENERIC: ObjectType = (() => {
  const base = envelopeOf(allKinds[0]);
  const f = base.fields;
  const spec: Field = {
    ...f.spec,
    required: false,
    doc: 'desired state of the resource',
    type: { kind: 'open', name: 'spec', note: 'the kind is not known yet' },
  };
  return {
    kind: 'object',
    name: 'Manifest',
    fields: {
      apiVersion: { ...f.apiVersion, doc: 'API group and version: `<area>.{api_domain}/<version>`' },
      kind: { ...f.kind, type: { kind: 'string' }, doc: 'the kind of the resource' },
      metadata: f.metadata,
      spec,
    },
  };
})();

const ITEM_API = /^[ \t]*(?:-[ \t]+)?apiVersion:[ \t]*(["']?)([^\s"'#]*)\1/m;
const ITEM_KIND = /^[ \t]*(?:-[ \t]+)?kind:[ \t]*(["']?)([^\s"'#]*)\1/m;

/**
 * The identity of the item of a core `v1` `List` holding a chunk-local offset (the last item starting at or
 * before it, so an empty line being typed in an item belongs to it): from its AST, else from its lines.
 */
function coreListItem(registry: Registry, root: YAMLMap, text: string, offset: number): Identity {
  const none: Identity = { lookup: { status: 'notOurs' }, list: false, coreList: true, registry };
  const items = entry(root, 'items')?.value;
  if (!isSeq(items)) return none;
  let at = -1;
  items.items.forEach((it, i) => {
    const start = (it as { range?: [number, number] } | null)?.range?.[0];
    if (start !== undefined && start <= offset) at = i;
  });
  const item = items.items[at];
  if (!isMap(item)) return none;
  const next = (items.items[at + 1] as { range?: [number, number] } | undefined)?.range?.[0] ?? text.length;
  const lines = text.slice(item.range?.[0] ?? 0, next);
  const a = scalarValue(entry(item, 'apiVersion')?.value);
  const k = scalarValue(entry(item, 'kind')?.value);
  const apiVersion = typeof a === 'string' ? a : ITEM_API.exec(lines)?.[2] || undefined;
  const kind = typeof k === 'string' ? k : ITEM_KIND.exec(lines)?.[2] || undefined;
  const lk = registry.lookup(apiVersion, kind);
  if (lk.status === 'ok' && !lk.list)
    return {
      apiVersion,
      kind,
      registry,
      lookup: lk,
      def: lk.def,
      list: false,
      coreList: true,
      root: coreListEnvelopeOf(lk.def),
    };
  // Half-typed: a generic manifest where what the item has is ours (as for a document of its own).
  return {
    ...none,
    apiVersion,
    kind,
    lookup: lk,
    root: partlyOurs(registry, apiVersion, kind, lk) ? coreListOf(genericEnvelope()) : undefined,
  };
}

/**
 * What the document of a chunk is, from its AST when it has one, else from its top-level lines. `offset`
 * (chunk-local) picks the item of a core `v1` `List`.
 */
export function identifyChunk(
  chunk: Pick<ParsedDoc, 'doc' | 'text'> & { store: { registry: Registry } },
  offset = 0,
): Identity {
  const registry = chunk.store.registry;
  let apiVersion: string | undefined;
  let kind: string | undefined;
  const root = chunk.doc.contents;
  if (isMap(root)) {
    const a = scalarValue(entry(root, 'apiVersion')?.value);
    const k = scalarValue(entry(root, 'kind')?.value);
    if (typeof a === 'string') apiVersion = a;
    if (typeof k === 'string') kind = k;
  }
  apiVersion ??= TOP_API.exec(chunk.text)?.[2] || undefined;
  kind ??= TOP_KIND.exec(chunk.text)?.[2] || undefined;
  if (apiVersion === 'v1' && kind === 'List')
    return isMap(root)
      ? coreListItem(registry, root, chunk.text, offset)
      : { lookup: { status: 'notOurs' }, list: false, registry };
  const lk = registry.lookup(apiVersion, kind);
  if (lk.status === 'ok') {
    return {
      apiVersion,
      kind,
      registry,
      lookup: lk,
      def: lk.def,
      list: lk.list,
      root: lk.list ? listEnvelopeOf(lk.def) : envelopeOf(lk.def),
    };
  }
  return {
    apiVersion,
    kind,
    registry,
    lookup: lk,
    list: false,
    root: partlyOurs(registry, apiVersion, kind, lk) ? genericEnvelope() : undefined,
  };
}

/** Only part of the identity is there (or valid) yet: one of the two must be ours, the other absent or ours. */
function partlyOurs(registry: Registry, apiVersion: string | undefined, kind: string | undefined, lk: Lookup): boolean {
  const apiOk = registry.isOurApiVersion(apiVersion);
  const kindOk = registry.isOurKind(kind);
  return (
    (apiOk && (kind === undefined || kindOk || lk.status !== 'notOurs')) ||
    (kindOk && (apiVersion === undefined || apiOk || lk.status !== 'notOurs'))
  );
}

/** Domains of our groups used in the other documents of a file, most used first. */
export function domainsInFile(file: Pick<ParsedFile, 'docs'>, except?: Pick<ParsedDoc, 'store'>): string[] {
  const registry = (except ?? file.docs[0])?.store.registry;
  if (!registry) return [];
  return domainsOf(
    file.docs.filter((d) => d !== except).map((d) => d.text),
    registry,
  );
}

/** Domains of our groups in the top-level `apiVersion` of documents' texts, most used first. */
export function domainsOf(texts: Iterable<string>, registry: Registry): string[] {
  const counts = new Map<string, number>();
  for (const text of texts) {
    const api = TOP_API.exec(text)?.[2];
    const p = api ? parseApiVersion(api) : undefined;
    if (p && p.domain && registry.isOurArea(p.area)) counts.set(p.domain, (counts.get(p.domain) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([d]) => d);
}
