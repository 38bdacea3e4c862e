// Services and the workloads whose pods they select, indexed by label pair (kubeSelectors.ts reads the
// pairs): a Service's workloads are looked up through the pair of its selector that the fewest workloads
// carry, a workload's Services through its pods' pairs, never by comparing every Service with every
// workload. Navigation only; kept by the workspace index as it links and unlinks manifests.
import type { LabelSet, Manifest } from './manifest';

/**
 * The manifests of one pair: most pairs are one workload's (its name as a label), held as the manifest
 * itself, not a Set each (2,500 Sets weighed about 0.4 MB in the 5,000-resource bench file).
 */
type Holders = Manifest | Set<Manifest>;
/** scope → label key → label value → the manifests: no key string made per pair. */
type ByPair = Map<string, Map<string, Map<string, Holders>>>;

const each = (h: Holders | undefined): Iterable<Manifest> => (h === undefined ? [] : h instanceof Set ? h : [h]);
const sizeOf = (h: Holders): number => (h instanceof Set ? h.size : 1);

/** What the index reads of a manifest's labels (its chunk's, unshifted: no span is read). */
type Pairs = Pick<LabelSet, 'role' | 'pairs'>;

/**
 * Whether a Service and a workload are in one namespace for certain: both written alike, or both without
 * `metadata.namespace` (applied to the same one). One written and the other not depends on where each is
 * applied: not listed.
 */
const sameNamespace = (a: Manifest, b: Manifest): boolean =>
  a.namespaced === b.namespaced && (!a.namespaced || a.namespace === b.namespace);

/** Whether every pair of a selector is among a pod's labels (both flat). */
function selects(selector: readonly string[], pods: readonly string[]): boolean {
  const labels = new Map<string, string>();
  for (let i = 0; i < pods.length; i += 2) labels.set(pods[i], pods[i + 1]);
  for (let i = 0; i < selector.length; i += 2) if (labels.get(selector[i]) !== selector[i + 1]) return false;
  return true;
}

const byPlace = (a: Manifest, b: Manifest) => (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : a.span[0] - b.span[0]);

export class LabelIndex {
  /** The workloads whose pods carry a label. */
  private readonly pods: ByPair = new Map();
  /** The Services whose selector holds a pair. */
  private readonly selectors: ByPair = new Map();

  private mapOf(labels: Pairs): ByPair {
    return labels.role === 'selector' ? this.selectors : this.pods;
  }

  add(scope: string, m: Manifest, labels: Pairs): void {
    const byPair = this.mapOf(labels);
    let byKey = byPair.get(scope);
    if (!byKey) byPair.set(scope, (byKey = new Map()));
    const p = labels.pairs;
    for (let i = 0; i < p.length; i += 2) {
      let byValue = byKey.get(p[i]);
      if (!byValue) byKey.set(p[i], (byValue = new Map()));
      const h = byValue.get(p[i + 1]);
      if (h === undefined) byValue.set(p[i + 1], m);
      else if (h instanceof Set) h.add(m);
      else if (h !== m) byValue.set(p[i + 1], new Set([h, m]));
    }
  }

  remove(scope: string, m: Manifest, labels: Pairs): void {
    const byPair = this.mapOf(labels);
    const byKey = byPair.get(scope);
    if (!byKey) return;
    const p = labels.pairs;
    for (let i = 0; i < p.length; i += 2) {
      const byValue = byKey.get(p[i]);
      const h = byValue?.get(p[i + 1]);
      if (!byValue || h === undefined) continue;
      if (h === m) byValue.delete(p[i + 1]);
      else if (h instanceof Set && h.delete(m) && h.size === 1) byValue.set(p[i + 1], h.values().next().value!);
      if (byValue.size === 0) byKey.delete(p[i]);
    }
    if (byKey.size === 0) byPair.delete(scope);
  }

  private holders(byPair: ByPair, scope: string, key: string, value: string): Holders | undefined {
    return byPair.get(scope)?.get(key)?.get(value);
  }

  /** The workloads of a scope whose pods a Service's selector selects, in its namespace, by place. */
  selectedBy(scope: string, service: Manifest): Manifest[] {
    const selector = service.labels;
    if (selector?.role !== 'selector') return [];
    const p = selector.pairs;
    let fewest: Holders | undefined;
    for (let i = 0; i < p.length; i += 2) {
      const h = this.holders(this.pods, scope, p[i], p[i + 1]);
      if (h === undefined) return [];
      if (fewest === undefined || sizeOf(h) < sizeOf(fewest)) fewest = h;
    }
    const out: Manifest[] = [];
    for (const w of each(fewest)) {
      const pods = w.labels;
      if (pods && sameNamespace(service, w) && selects(p, pods.pairs)) out.push(w);
    }
    return out.sort(byPlace);
  }

  /** The Services of a scope whose selector selects a workload's pods, in its namespace, by place. */
  selecting(scope: string, workload: Manifest): Manifest[] {
    const pods = workload.labels;
    if (pods?.role !== 'pods') return [];
    const p = pods.pairs;
    const seen = new Set<Manifest>();
    const out: Manifest[] = [];
    for (let i = 0; i < p.length; i += 2)
      for (const s of each(this.holders(this.selectors, scope, p[i], p[i + 1]))) {
        if (seen.has(s)) continue;
        seen.add(s);
        const selector = s.labels;
        if (selector && sameNamespace(s, workload) && selects(selector.pairs, p)) out.push(s);
      }
    return out.sort(byPlace);
  }
}
