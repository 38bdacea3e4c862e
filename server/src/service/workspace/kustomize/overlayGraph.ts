// The owner tree of an overlay's rendered result, for the explorer: the rendered resources under their
// rendered names (prefixes, suffixes, namespaces), nested by the owners they resolve to among the overlay's
// own resources (as the rendered checks resolve them), all under one node for the overlay. Each rendered
// resource opens where it was written (the base's document); an owner the overlay does not create (one in
// the cluster, or one its renaming broke: renamedReferences.ts) is an external node of the overlay.
import type { GraphNode } from '../../../protocol/customRequests';
import type { LineIndex } from '../../core/lineIndex';
import { ownerGraph } from '../ownerGraph';
import type { WorkspaceIndex } from '../workspaceIndex';
import type { Origins } from './render';

export interface OverlayGraphInput {
  kustomization: string;
  /** `overlays/prod`. */
  name: string;
  /** The index of the rendered resources, resource `i` under `uriOf(i)`. */
  index: WorkspaceIndex;
  uriOf: (i: number) => string;
  count: number;
  /** Where each rendered resource's values were written (`''`: the whole document). */
  origins: readonly Origins[];
  /** The line index of a file the user wrote (undefined: not known). */
  lines: (uri: string) => Pick<LineIndex, 'range'> | undefined;
  /**
   * The span of the `metadata.name` value of the document of `uri` at `start`, as written (a prefix moves
   * the rendered name's origin to the kustomization).
   */
  nameSpan?: (uri: string, start: number) => [number, number] | undefined;
}

export function overlayGraph(o: OverlayGraphInput): GraphNode[] {
  const root = `overlay:${o.kustomization}`;
  const uris = Array.from({ length: o.count }, (_, i) => o.uriOf(i));
  const at = new Map(uris.map((u, i) => [u, i]));
  const id = (inner: string) => `${root}#${inner}`;
  const out: GraphNode[] = [
    { id: root, kind: 'Kustomization', name: o.name, namespace: '', uri: o.kustomization, overlay: o.name },
  ];
  // One id scope for all the rendered resources (each under its own numbered uri): their ids are the
  // resources' identities in the overlay, unchanged when a resource is added before them.
  for (const n of ownerGraph(o.index, uris, { idScope: () => 'rendered' })) {
    const node: GraphNode = { ...n, id: id(n.id), ownerId: n.ownerId ? id(n.ownerId) : root, overlay: o.name };
    if (n.uri !== undefined) {
      // Opened where it was written: the document of the base (or the overlay's own resource file).
      const written = o.origins[at.get(n.uri) ?? -1]?.get('');
      const lines = written && o.lines(written.uri);
      const nameAt = o.origins[at.get(n.uri) ?? -1]?.get('/metadata/name');
      if (!written || !lines) continue;
      node.uri = written.uri;
      node.range = lines.range(written.span[0], written.span[1]);
      const name = nameAt && nameAt.uri === written.uri ? nameAt.span : o.nameSpan?.(written.uri, written.span[0]);
      node.selectionRange = name ? lines.range(name[0], name[1]) : node.range;
    }
    out.push(node);
  }
  return out;
}
