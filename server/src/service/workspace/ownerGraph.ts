// The owner graph of the workspace for the explorer's tree: every manifest the workspace index holds, with
// the node its `spec.owner` resolves to — resolved by the index, exactly as the owner diagnostics resolve it.
// An owner that is not in the workspace, or one given by `armId`, becomes an `external` node, so the tree
// can still show what a manifest hangs off. Pure: no connection, no file system.
import type { GraphNode } from '../../protocol/customRequests';
import type { WorkspaceIndex } from './workspaceIndex';
import { targetKindOf } from './workspaceIndex';
import type { Manifest } from './manifest';

export function ownerGraph(index: WorkspaceIndex, uris: Iterable<string>): GraphNode[] {
  const nodes: GraphNode[] = [];
  const ids = new Map<Manifest, string>();
  const manifests: Manifest[] = [];
  for (const uri of uris) {
    const f = index.get(uri);
    if (!f) continue;
    f.manifests.forEach((m, i) => {
      const id = `${uri}#${i}`;
      ids.set(m, id);
      manifests.push(m);
      nodes.push({
        id,
        kind: m.kind,
        name: m.name ?? '',
        namespace: m.namespace,
        apiVersion: `${m.def.area}.${m.domain}/${m.def.version}`,
        uri,
        range: f.lines().range(m.span[0], m.span[1]),
        selectionRange: f.lines().range((m.nameSpan ?? m.span)[0], (m.nameSpan ?? m.span)[1]),
      });
    });
  }
  const external = new Map<string, GraphNode>();
  manifests.forEach((m, i) => {
    const o = m.owner;
    if (!o) return;
    const owner = index.ownerOf(m);
    const ownerId = owner && ids.get(owner);
    if (ownerId) {
      nodes[i].ownerId = ownerId;
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
