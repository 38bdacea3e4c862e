// What hover adds for a field of Kubernetes' own kinds: its description, from the descriptions file the
// build makes of the kubernetes-types package (none in the repository: without the file, the facts alone),
// and the release that added the field (model/kube/kinds.ts knows the releases each field is served in).
import { kubeFieldAt, type KubeDescriptions } from '../../model/kube/kinds';
import type { KindDef } from '../../model/types';

/** The descriptions file, read by the host when first asked for (undefined: there is none). */
export type KubeDescriptionSource = () => KubeDescriptions | undefined;

export interface KubeFieldNotes {
  /** The field's description, as the package's declarations give it. */
  doc?: string;
  /** `since 1.29`: the release that added the field (or its kind), when later than the oldest known. */
  since?: string;
}

/**
 * The notes of the field at `path` (a manifest's key path, `[]` for list items) of a built-in kind; `list`:
 * the path is inside a `<Kind>List`'s or `v1` `List`'s `items[]`.
 */
export function kubeFieldNotes(
  def: KindDef,
  path: readonly string[],
  list: boolean,
  source: KubeDescriptionSource | undefined,
): KubeFieldNotes {
  if (!def.kube || def.kube.removedIn) return {};
  const inKind = list && path[0] === 'items' && path[1] === '[]' ? path.slice(2) : path;
  const site = kubeFieldAt(def.kube.group, def.version, def.kind, inKind);
  if (!site) return {};
  const doc = source?.()?.defs[site.definition]?.[site.field];
  const since = site.since ?? site.kindSince;
  return {
    ...(doc ? { doc } : {}),
    ...(since !== undefined ? { since: `since Kubernetes 1.${since}` } : {}),
  };
}
