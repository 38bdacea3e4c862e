// References an overlay breaks by renaming. Kustomize's namePrefix/nameSuffix rename every resource and its
// name-reference transformer rewrites the references it knows (a Deployment's configMapRef…), but it does not
// know the `spec.owner.name` or the ResourceReferences of custom resources. `kubectl kustomize` (Kustomize
// v5.5) on a base with a ResourceGroup `rg` and a StorageAccount owned by `rg`, with `namePrefix: prod-`,
// gives a ResourceGroup `prod-rg` and a StorageAccount whose `spec.owner.name` is still `rg`: the overlay's
// account hangs off a group the overlay does not create. Found only where sure: the reference resolves
// to nothing in the rendered overlay, and a resource of the kind it needs, in its namespace, was written
// with the referenced name and renamed by the overlay. The caller reports them once per overlay
// (ownerConfig.ts), leaving out those a `configurations:` nameReference entry teaches Kustomize.
import { groupOf, sitesOf, type Manifest } from '../manifest';
import { targetKindOf, type WorkspaceIndex } from '../workspaceIndex';

/** The rendered resources by the name they were written with, only those the overlay renamed. */
export type RenamedByName = Map<string, Manifest[]>;

/** A reference the overlay's renaming breaks. */
export interface RenamedRef {
  /** The resource whose field names the old name, as rendered. */
  referrer: { kind: string; group: string; name?: string };
  /** The field as the user reads it (`spec.owner.name`) and as a Kustomize fieldSpec path (`spec/owner/name`). */
  field: string;
  fieldPath: string;
  /** The name written in the field. */
  written: string;
  /** The resource it named, under its rendered name. */
  owner: { kind: string; group: string; name: string };
}

/** `spec.a[0].b` → `spec/a/b`: Kustomize's fieldSpec paths go through lists without an index. */
const kustomizePath = (dotted: string): string =>
  dotted
    .replace(/\[\d+\]/g, '')
    .split('.')
    .join('/');

/**
 * The renamed references of the rendered resources `touched`, per resource.
 * `uriOf(i)` is the uri the index holds rendered resource `i` under; `written[i]` the name it was written with.
 * `kept` holds the table of renamed resources while no resource's identity or written name changes (a
 * caller that checks again after each edit: building it reads every rendered resource).
 */
export function renamedReferences(
  index: WorkspaceIndex,
  uriOf: (i: number) => string,
  written: readonly (string | undefined)[],
  touched: readonly number[],
  kept: { renamed?: RenamedByName } = {},
): RenamedRef[][] {
  let renamed = kept.renamed;
  const byWrittenName = () => {
    if (renamed) return renamed;
    renamed = kept.renamed = new Map();
    written.forEach((name, j) => {
      if (name === undefined) return;
      for (const m of index.get(uriOf(j))?.manifests ?? []) {
        if (m.name === undefined || m.name === name) continue;
        const list = renamed!.get(name);
        if (list) list.push(m);
        else renamed!.set(name, [m]);
      }
    });
    return renamed;
  };
  return touched.map((i) => {
    const out: RenamedRef[] = [];
    for (const m of index.get(uriOf(i))?.manifests ?? [])
      for (const site of sitesOf(m)) {
        if (site.name === undefined || !site.nameSpan || index.resolve(m, site).status !== 'notFound') continue;
        const target = targetKindOf(index.registry, site);
        if (!target) continue;
        const now = byWrittenName()
          .get(site.name)
          ?.find(
            (o) =>
              o.kind === target.kind && (!target.area || o.def.area === target.area) && o.namespace === m.namespace,
          );
        if (!now?.name) continue;
        const field = site.role === 'owner' ? 'spec.owner.name' : `${site.path}.name`;
        out.push({
          referrer: { kind: m.kind, group: groupOf(m), name: m.name },
          field,
          fieldPath: kustomizePath(field),
          written: site.name,
          owner: { kind: now.kind, group: groupOf(now), name: now.name },
        });
      }
    return out;
  });
}
