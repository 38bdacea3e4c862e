// What a document chunk is, for completion and hover: the chunk at an offset, its `apiVersion` and `kind`
// (from its AST when it has one, else from its top-level lines, so a half-typed manifest is recognised), and
// the type of the whole document.
import { isMap } from 'yaml';
import { envelopeOf, listEnvelopeOf } from '../model/envelope';
import { allKinds, builtinRegistry, parseApiVersion, type Lookup, type Registry } from '../model/registry';
import type { Field, KindDef, ObjectType } from '../model/types';
import type { ParsedDoc, ParsedFile } from './parse';
import { entry, scalarValue } from './yamlNodes';

/** What a document is: ours (with its kind), or not. */
export function identify(root: unknown, registry: Registry = builtinRegistry()): Lookup {
  if (!isMap(root)) return { status: 'notOurs' };
  return registry.lookup(scalarValue(entry(root, 'apiVersion')?.value), scalarValue(entry(root, 'kind')?.value));
}

const TOP_API = /^apiVersion:[ \t]*(["']?)([^\s"'#]*)\1/m;
const TOP_KIND = /^kind:[ \t]*(["']?)([^\s"'#]*)\1/m;

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

/** What the document of a chunk is, from its AST when it has one, else from its top-level lines. */
export function identifyChunk(chunk: Pick<ParsedDoc, 'doc' | 'text'> & { store: { registry: Registry } }): Identity {
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
  // Only part of the identity is there (or valid) yet: one of the two must be ours, the other absent or ours.
  const apiOk = registry.isOurApiVersion(apiVersion);
  const kindOk = registry.isOurKind(kind);
  const ours =
    (apiOk && (kind === undefined || kindOk || lk.status !== 'notOurs')) ||
    (kindOk && (apiVersion === undefined || apiOk || lk.status !== 'notOurs'));
  return { apiVersion, kind, registry, lookup: lk, list: false, root: ours ? genericEnvelope() : undefined };
}

/** Domains of our groups used in the other documents of a file, most used first. */
export function domainsInFile(file: ParsedFile, except?: ParsedDoc): string[] {
  const counts = new Map<string, number>();
  for (const d of file.docs) {
    if (d === except) continue;
    const api = TOP_API.exec(d.text)?.[2];
    const p = api ? parseApiVersion(api) : undefined;
    if (p && p.domain && file.store.registry.isOurArea(p.area)) counts.set(p.domain, (counts.get(p.domain) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([d]) => d);
}
