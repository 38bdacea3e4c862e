// The owner graph of a set of parsed files: every manifest (each YAML document of ours, and each item of a
// `<Kind>List`) with the node its `spec.owner` resolves to. Pure: no connection, no file system.
//
// Resolution follows the operator: an owner given by `name` is the manifest of that `metadata.name` in the
// same namespace (`default` when absent) and of the kind the model expects (an ArbitraryOwnerReference
// names its kind itself). An owner that is not in the workspace, or one given by `armId`, becomes an
// `external` node, so the tree can still show what a manifest hangs off.
import { isMap, isSeq, type YAMLMap } from 'yaml';
import type { KindDef } from '../model/types';
import type { ParsedFile } from '../service/parse';
import { identify } from '../service/validate';
import { entry, scalarValue, spanOf } from '../service/yamlNodes';
import type { GraphNode } from './protocol';

export interface GraphInput {
  uri: string;
  file: ParsedFile;
}

interface OwnerRef {
  name?: string;
  armId?: string;
  /** The kind the owner must be (from the model, or the reference's own `kind`); undefined: any. */
  kind?: string;
}

interface Manifest {
  node: GraphNode;
  owner?: OwnerRef;
}

const str = (node: unknown): string | undefined => {
  const v = scalarValue(node);
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined;
};

function ownerOf(root: YAMLMap, def: KindDef | undefined): OwnerRef | undefined {
  const owner = entry(entry(root, 'spec')?.value, 'owner')?.value;
  if (!isMap(owner)) return undefined;
  const name = str(entry(owner, 'name')?.value);
  const armId = str(entry(owner, 'armId')?.value);
  const kind = def?.owner.style === 'known' ? def.owner.kind : str(entry(owner, 'kind')?.value);
  if (!name && !armId) return undefined;
  return { name, armId, kind };
}

/** The manifests of one file, in order. */
export function manifestsOf(uri: string, file: ParsedFile): { node: GraphNode; owner?: OwnerRef }[] {
  const out: Manifest[] = [];
  const add = (root: YAMLMap, offset: number, whole: [number, number], def: KindDef | undefined, kindText: string, apiVersion: string) => {
    const meta = entry(root, 'metadata')?.value;
    const nameNode = entry(meta, 'name')?.value;
    const name = str(nameNode) ?? '';
    const namespace = str(entry(meta, 'namespace')?.value) || 'default';
    const anchor = nameNode ? spanOf(nameNode) : spanOf(entry(root, 'kind')?.value ?? root);
    out.push({
      node: {
        id: `${uri}#${out.length}`,
        kind: kindText,
        name,
        namespace,
        apiVersion,
        uri,
        range: file.lines.range(whole[0], whole[1]),
        selectionRange: file.lines.range(offset + anchor[0], offset + anchor[1]),
      },
      owner: ownerOf(root, def),
    });
  };
  for (const chunk of file.docs) {
    const root = chunk.doc.contents;
    if (!isMap(root)) continue;
    const id = identify(root);
    const apiVersion = str(entry(root, 'apiVersion')?.value) ?? '';
    const kindText = str(entry(root, 'kind')?.value) ?? '';
    const whole: [number, number] = [chunk.offset, chunk.offset + chunk.text.length];
    if (id.status === 'ok' && id.list) {
      const items = entry(root, 'items')?.value;
      if (!isSeq(items)) continue;
      for (const item of items.items) {
        if (!isMap(item)) continue;
        const [s, e] = spanOf(item);
        add(item, chunk.offset, [chunk.offset + s, chunk.offset + e], id.def, id.def.kind, str(entry(item, 'apiVersion')?.value) ?? apiVersion);
      }
    } else if (id.status === 'ok') {
      add(root, chunk.offset, whole, id.def, id.def.kind, apiVersion);
    } else if (id.status !== 'notOurs') {
      // Ours, but of an unknown kind or version: still a manifest the user wants to find (with its problems).
      add(root, chunk.offset, whole, undefined, kindText, apiVersion);
    }
  }
  return out;
}

/** Every manifest of the files with its owner resolved; owners not in the files become external nodes. */
export function ownerGraph(files: Iterable<GraphInput>): GraphNode[] {
  const manifests: Manifest[] = [];
  for (const f of files) manifests.push(...manifestsOf(f.uri, f.file));
  const byName = new Map<string, GraphNode[]>();
  for (const m of manifests) {
    if (!m.node.name) continue;
    const key = `${m.node.namespace}\u0000${m.node.name}`;
    const list = byName.get(key);
    if (list) list.push(m.node);
    else byName.set(key, [m.node]);
  }
  const external = new Map<string, GraphNode>();
  for (const m of manifests) {
    const o = m.owner;
    if (!o) continue;
    if (o.name) {
      const candidates = byName.get(`${m.node.namespace}\u0000${o.name}`)?.filter((n) => n !== m.node) ?? [];
      const hit = o.kind ? candidates.find((n) => n.kind === o.kind) : candidates[0];
      if (hit) {
        m.node.ownerId = hit.id;
        continue;
      }
      const id = `external:${m.node.namespace}/${o.kind ?? ''}/${o.name}`;
      if (!external.has(id)) external.set(id, { id, kind: o.kind ?? '', name: o.name, namespace: m.node.namespace, external: true });
      m.node.ownerId = id;
    } else if (o.armId) {
      const id = `external:arm:${o.armId.toLowerCase()}`;
      const last = o.armId.replace(/\/+$/, '').split('/').pop() || o.armId;
      if (!external.has(id)) external.set(id, { id, kind: o.kind ?? '', name: last, namespace: m.node.namespace, external: true, armId: o.armId });
      m.node.ownerId = id;
    }
  }
  return [...manifests.map((m) => m.node), ...external.values()];
}
