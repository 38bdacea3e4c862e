// Services and the workloads whose pods they select, indexed by label pair (kubeSelectors.ts reads the
// pairs): a Service's workloads are looked up through the pair of its selector that the fewest workloads
// carry, a workload's Services through its pods' pairs, never by comparing every Service with every
// workload. Navigation only; kept by the workspace index as it links and unlinks manifests.
import type { LabelSet, Manifest } from './manifest';

const SEP = '\u0000';
const pairKey = (scope: string, key: string, value: string) => `${scope}${SEP}${key}${SEP}${value}`;

/**
 * Whether a Service and a workload are in one namespace for certain: both written alike, or both without
 * `metadata.namespace` (applied to the same one). One written and the other not depends on where each is
 * applied: not listed.
 */
const sameNamespace = (a: Manifest, b: Manifest): boolean =>
  a.namespaced === b.namespaced && (!a.namespaced || a.namespace === b.namespace);

/** Whether every pair of a selector is among a pod's labels. */
function selects(selector: LabelSet, pods: LabelSet): boolean {
  const labels = new Map(pods.pairs);
  return selector.pairs.every(([k, v]) => labels.get(k) === v);
}

/** What the index reads of a manifest's labels (its chunk's, unshifted: no span is read). */
type Pairs = Pick<LabelSet, 'role' | 'pairs'>;

const byPlace = (a: Manifest, b: Manifest) => (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : a.span[0] - b.span[0]);

export class LabelIndex {
  /** scope, label key and value → the workloads whose pods carry that label. */
  private readonly pods = new Map<string, Set<Manifest>>();
  /** scope, label key and value → the Services whose selector holds that pair. */
  private readonly selectors = new Map<string, Set<Manifest>>();

  private mapOf(labels: Pairs): Map<string, Set<Manifest>> {
    return labels.role === 'selector' ? this.selectors : this.pods;
  }

  add(scope: string, m: Manifest, labels: Pairs): void {
    const map = this.mapOf(labels);
    for (const [k, v] of labels.pairs) {
      const key = pairKey(scope, k, v);
      const set = map.get(key);
      if (set) set.add(m);
      else map.set(key, new Set([m]));
    }
  }

  remove(scope: string, m: Manifest, labels: Pairs): void {
    const map = this.mapOf(labels);
    for (const [k, v] of labels.pairs) {
      const key = pairKey(scope, k, v);
      const set = map.get(key);
      if (set?.delete(m) && set.size === 0) map.delete(key);
    }
  }

  /** The workloads of a scope whose pods a Service's selector selects, in its namespace, by place. */
  selectedBy(scope: string, service: Manifest): Manifest[] {
    const selector = service.labels;
    if (selector?.role !== 'selector') return [];
    let fewest: Set<Manifest> | undefined;
    for (const [k, v] of selector.pairs) {
      const set = this.pods.get(pairKey(scope, k, v));
      if (!set) return [];
      if (!fewest || set.size < fewest.size) fewest = set;
    }
    const out: Manifest[] = [];
    for (const w of fewest ?? []) {
      const pods = w.labels;
      if (pods && sameNamespace(service, w) && selects(selector, pods)) out.push(w);
    }
    return out.sort(byPlace);
  }

  /** The Services of a scope whose selector selects a workload's pods, in its namespace, by place. */
  selecting(scope: string, workload: Manifest): Manifest[] {
    const pods = workload.labels;
    if (pods?.role !== 'pods') return [];
    const seen = new Set<Manifest>();
    const out: Manifest[] = [];
    for (const [k, v] of pods.pairs)
      for (const s of this.selectors.get(pairKey(scope, k, v)) ?? []) {
        if (seen.has(s)) continue;
        seen.add(s);
        const selector = s.labels;
        if (selector && sameNamespace(s, workload) && selects(selector, pods)) out.push(s);
      }
    return out.sort(byPlace);
  }
}
