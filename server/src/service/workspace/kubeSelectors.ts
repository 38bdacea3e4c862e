// A Service's selector and the pods it selects, as data for navigation only (issue 44, point 4): a Service's
// `spec.selector` pairs, and a workload's pod template labels (a Pod's own). Never a diagnostic: overlays,
// charts and controllers add labels, so a selector matching nothing in the workspace proves nothing. Read
// once per manifest by extract.ts; labelIndex.ts indexes them by pair.
import { isMap, isPair, type YAMLMap } from 'yaml';
import type { KindDef } from '../../model/types';
import { isMasked } from '../core/maskedChars';
import { clusterValue, entry, keyName, spanOf } from '../core/yamlNodes';

/**
 * Where a kind's pods' labels are (`group/kind`, the core group empty): the pod template's, a Pod's own. A
 * Service selects the pods these controllers create (endpoints are pods', so the workload stands for them).
 */
const POD_LABELS: ReadonlyMap<string, readonly string[]> = new Map([
  ['/Pod', ['metadata', 'labels']],
  ['/ReplicationController', ['spec', 'template', 'metadata', 'labels']],
  ['apps/Deployment', ['spec', 'template', 'metadata', 'labels']],
  ['apps/StatefulSet', ['spec', 'template', 'metadata', 'labels']],
  ['apps/DaemonSet', ['spec', 'template', 'metadata', 'labels']],
  ['apps/ReplicaSet', ['spec', 'template', 'metadata', 'labels']],
  ['batch/Job', ['spec', 'template', 'metadata', 'labels']],
  ['batch/CronJob', ['spec', 'jobTemplate', 'spec', 'template', 'metadata', 'labels']],
]);

const SERVICE_SELECTOR = ['spec', 'selector'];

/**
 * More pairs than any real selector or label set has: a mapping beyond it is not indexed (each pair is an
 * index entry, and the mapping is user-controlled).
 */
export const MAX_LABEL_PAIRS = 64;

/**
 * A Service's selector (`selector`) or a workload's pod labels (`pods`), chunk-relative: the key's span
 * (`selector`, `labels`), the mapping's, and its pairs flat (`[key, value, key, value…]`, sized exactly: kept
 * for every workload and Service of the workspace, 5,000 of them in a large file).
 */
export class LabelFacts {
  constructor(
    readonly role: 'selector' | 'pods',
    readonly k0: number,
    readonly k1: number,
    readonly s0: number,
    readonly s1: number,
    readonly pairs: string[],
  ) {}
}

/**
 * The pairs of a labels mapping the cluster reads as written: string keys and values (a plain `yes` is a
 * boolean to kubectl, a number is no label value), no alias, no merge key, nothing a Helm action writes.
 * `all`: whether every entry was such a pair (a selector with an unknown pair selects an unknown set).
 */
function pairsOf(map: YAMLMap): { pairs: string[]; all: boolean } {
  let n = 0;
  const flat = new Array<string>(map.items.length * 2);
  for (const item of map.items) {
    const k = isPair(item) ? keyName(item) : undefined;
    const v = isPair(item) ? clusterValue(item.value).value : undefined;
    if (k === undefined || k === '<<' || typeof v !== 'string' || isMasked(k) || isMasked(v)) continue;
    flat[n++] = k;
    flat[n++] = v;
  }
  return { pairs: n === flat.length ? flat : flat.slice(0, n), all: n === flat.length };
}

/** A Service's selector or a workload's pod labels, when the manifest has them as literal pairs. */
export function labelFactsOf(root: YAMLMap, def: KindDef): LabelFacts | undefined {
  const group = def.kube?.group;
  if (group === undefined) return undefined;
  const isService = group === '' && def.kind === 'Service';
  const path = isService ? SERVICE_SELECTOR : POD_LABELS.get(`${group}/${def.kind}`);
  if (!path) return undefined;
  let node: unknown = root;
  let key: unknown;
  for (const seg of path) {
    const e = entry(node, seg);
    if (!e || e.merged) return undefined;
    key = e.key;
    node = e.value;
  }
  if (!isMap(node) || node.items.length > MAX_LABEL_PAIRS) return undefined;
  const { pairs, all } = pairsOf(node);
  // An empty selector is none once stored (the endpoints controllers skip a Service without one); a pair not
  // known here makes the set selected unknown.
  if (isService && (!all || pairs.length === 0)) return undefined;
  if (pairs.length === 0) return undefined;
  const [k0, k1] = spanOf(key);
  const [s0, s1] = spanOf(node);
  return new LabelFacts(isService ? 'selector' : 'pods', k0, k1, s0, s1, pairs);
}
