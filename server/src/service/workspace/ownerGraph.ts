// The owner graph of the workspace for the explorer's tree: every manifest the workspace index holds, with
// the node its `spec.owner` resolves to — resolved by the index, exactly as the owner diagnostics resolve it.
// An owner named in the workspace but of another kind (the `owner-kind` error) is that manifest, the node
// marked with the kind its owner must be: the tree shows what the name really names. An owner that is not
// in the workspace, or one given by `armId`, becomes an `external` node, so the tree can still show what a
// manifest hangs off. Pure: no connection, no file system.
import type { GraphNode } from '../../protocol/customRequests';
import type { WorkspaceIndex } from './workspaceIndex';
import { targetKindOf } from './workspaceIndex';
import type { Manifest } from './manifest';

export interface OwnerGraphOptions {
  /**
   * What a node's id starts with for a manifest of `uri` (default: the uri). The rendered resources of an
   * overlay, one per made-up uri numbered by position, give one key for all: their ids then stay the same
   * when a resource is added before them.
   */
  idScope?: (uri: string) => string;
}

/**
 * A manifest's node id from what it is (its group, kind, namespace and name within its file), never its
 * position: the tree keeps a node's id (its expansion, its selection) across an edit that adds or moves
 * another document. The same identity written twice in a file is told apart by its order among those.
 */
function identityIds(manifests: readonly Manifest[], scope: (uri: string) => string): string[] {
  const seen = new Map<string, number>();
  return manifests.map((m) => {
    const key = `${scope(m.uri)}#${m.def.area}/${m.kind}/${m.namespace}/${m.name ?? ''}`;
    const n = seen.get(key) ?? 0;
    seen.set(key, n + 1);
    return n === 0 ? key : `${key}#${n + 1}`;
  });
}

export function ownerGraph(index: WorkspaceIndex, uris: Iterable<string>, opts: OwnerGraphOptions = {}): GraphNode[] {
  const nodes: GraphNode[] = [];
  const manifests: Manifest[] = [];
  for (const uri of uris) {
    const f = index.get(uri);
    if (!f) continue;
    for (const m of f.manifests) {
      manifests.push(m);
      nodes.push({
        id: '',
        kind: m.kind,
        name: m.name ?? '',
        namespace: m.namespace,
        apiVersion: `${m.def.area}.${m.domain}/${m.def.version}`,
        uri,
        range: f.lines().range(m.span[0], m.span[1]),
        selectionRange: f.lines().range((m.nameSpan ?? m.span)[0], (m.nameSpan ?? m.span)[1]),
      });
    }
  }
  const ids = new Map<Manifest, string>();
  identityIds(manifests, opts.idScope ?? ((u) => u)).forEach((id, i) => {
    nodes[i].id = id;
    ids.set(manifests[i], id);
  });
  const external = new Map<string, GraphNode>();
  manifests.forEach((m, i) => {
    const o = m.owner;
    if (!o) return;
    const r = index.resolve(m, o);
    const owner =
      r.status === 'found' ? r.targets[0] : r.status === 'wrongKind' ? r.others.find((x) => x !== m) : undefined;
    const ownerId = owner && ids.get(owner);
    if (ownerId) {
      nodes[i].ownerId = ownerId;
      if (r.status === 'wrongKind' && o.expectedKind) nodes[i].ownerKindExpected = o.expectedKind;
      return;
    }
    const kind = targetKindOf(index.registry, o)?.kind ?? o.expectedKind ?? o.kind ?? '';
    let id: string;
    if (o.armId !== undefined) {
      id = `external:arm:${o.armId.toLowerCase()}`;
      const last = o.armId.replace(/\/+$/, '').split('/').pop() || o.armId;
      if (!external.has(id))
        external.set(id, { id, kind, name: last, namespace: m.namespace, external: true, armId: o.armId });
    } else if (o.name !== undefined) {
      id = `external:${m.namespace}/${kind}/${o.name}`;
      if (!external.has(id)) external.set(id, { id, kind, name: o.name, namespace: m.namespace, external: true });
    } else return;
    nodes[i].ownerId = id;
  });
  return [...nodes, ...external.values()];
}
