// How `kubectl kustomize` merges a strategic-merge patch into Kubernetes' own kinds: the patch strategy and
// merge keys of each list, from the OpenAPI bundle Kustomize carries (Kubernetes 1.21.2, whatever release
// is targeted), reduced by scripts/gen-kustomize-merge.ts into kustomizeMerge.json. Read on first use.

/** A property on the way to a merged list: the definition of its value (or items), strategy, merge keys. */
export type MergeProp = readonly [string, string, readonly string[]];

interface MergeData {
  source: string;
  /** `apps/v1 Deployment` → its definition. */
  kinds: Record<string, string>;
  defs: Record<string, Record<string, MergeProp>>;
  /** `rbac.authorization.k8s.io/v1 ClusterRole`…: the kinds the bundle says are cluster-scoped. */
  cluster: string[];
}

const data = (): MergeData => require('./kustomizeMerge.json') as MergeData;

/** The definition Kustomize's bundle has for a kind (undefined: Kustomize merges it without a schema). */
export const kustomizeKindDef = (apiVersion: string, kind: string): string | undefined =>
  data().kinds[`${apiVersion} ${kind}`];

/** A property of a definition as the bundle has it (undefined: no list below it is merged by key). */
export const kustomizeProp = (def: string, prop: string): MergeProp | undefined => {
  const d = data().defs[def];
  return d && Object.hasOwn(d, prop) ? d[prop] : undefined;
};

/** Whether Kustomize's bundle says a kind is cluster-scoped (its namespace transformer then leaves it be). */
export const kustomizeClusterScoped = (apiVersion: string, kind: string): boolean =>
  data().cluster.includes(`${apiVersion} ${kind}`);

/** The kinds Kustomize's bundle says are cluster-scoped, as `apiVersion kind` (a caller checking many). */
export const kustomizeClusterKinds = (): ReadonlySet<string> => new Set(data().cluster);
