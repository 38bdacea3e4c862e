// A workload's selector against its pod template's labels (apps ValidateDeploymentSpec,
// ValidateReplicaSetSpec, ValidateStatefulSetSpec, ValidateDaemonSetSpec: metav1.LabelSelectorAsSelector,
// then `selector.Matches(template labels)`, and an empty selector refused).
import { isScalar, type Node, type YAMLMap } from 'yaml';
import { entry } from '../../core/yamlNodes';
import { keysOf, mapAt, mapsOf, report, seqAt, stringAt, stringOf, templated, type KubeContext } from './context';

/** One requirement of a selector, or undefined where it is not plainly written (then nothing is judged). */
type Requirement = (labels: ReadonlyMap<string, string>) => boolean;

function requirements(selector: YAMLMap): Requirement[] | undefined {
  const out: Requirement[] = [];
  const matchLabels = entry(selector, 'matchLabels')?.value;
  if (matchLabels && !(isScalar(matchLabels) && matchLabels.value === null)) {
    const m = mapAt(selector, 'matchLabels');
    if (!m) return undefined;
    for (const { key, value } of keysOf(m)) {
      const v = labelString(value);
      if (v === undefined) return undefined;
      out.push((labels) => labels.get(key) === v);
    }
  }
  const exprs = entry(selector, 'matchExpressions')?.value;
  if (exprs && !(isScalar(exprs) && exprs.value === null)) {
    const list = seqAt(selector, 'matchExpressions');
    if (!list || mapsOf(list).length !== list.items.length) return undefined;
    for (const [x] of mapsOf(list)) {
      const key = stringAt(x, 'key')?.value;
      const op = stringAt(x, 'operator')?.value;
      const values = seqAt(x, 'values')?.items.map(labelString) ?? [];
      if (key === undefined || values.some((v) => v === undefined)) return undefined;
      const set = new Set(values as string[]);
      if (op === 'In' && set.size > 0) out.push((l) => l.has(key) && set.has(l.get(key)!));
      else if (op === 'NotIn' && set.size > 0) out.push((l) => !l.has(key) || !set.has(l.get(key)!));
      else if (op === 'Exists' && set.size === 0) out.push((l) => l.has(key));
      else if (op === 'DoesNotExist' && set.size === 0) out.push((l) => !l.has(key));
      // Anything else the API server refuses on its own terms (the schema's checks): not judged here.
      else return undefined;
    }
  }
  return out;
}

/** The labels the API server writes into a Job's selector and template. */
const JOB_GENERATED = [
  'controller-uid',
  'job-name',
  'batch.kubernetes.io/controller-uid',
  'batch.kubernetes.io/job-name',
];

/** The label keys a selector names. */
function selectorNames(selector: YAMLMap): Set<string> {
  const out = new Set<string>();
  const m = mapAt(selector, 'matchLabels');
  if (m) for (const { key } of keysOf(m)) out.add(key);
  for (const [x] of mapsOf(seqAt(selector, 'matchExpressions'))) {
    const k = stringAt(x, 'key')?.value;
    if (k !== undefined) out.add(k);
  }
  return out;
}

/** A label value as written: a string, or a plain number or boolean as the API server reads it. */
const labelString = (n: unknown): string | undefined => stringOf(n);

export function checkSelector(
  ctx: KubeContext,
  spec: YAMLMap,
  template: YAMLMap | undefined,
  kind: string,
  selectorKey: Node,
): void {
  const selector = mapAt(spec, 'selector');
  if (!selector || templated(selector)) return;
  const reqs = requirements(selector);
  if (!reqs) return;
  // batch ValidateJobSpec: a Job's selector is completed by the API server (generateSelector adds the
  // controller-uid label to it and to the template), so only what is written must match, and an empty or
  // absent one is never refused. A selector naming those generated labels is not judged.
  if (kind === 'Job' && (reqs.length === 0 || JOB_GENERATED.some((k) => selectorNames(selector).has(k)))) return;
  if (reqs.length === 0) {
    report(
      ctx,
      'kube-selector',
      selectorKey,
      `A ${kind}'s \`spec.selector\` must not be empty (it would select every pod): write \`matchLabels\` with the template's labels.`,
    );
    return;
  }
  const meta = template ? mapAt(template, 'metadata') : undefined;
  const labelsNode = meta ? entry(meta, 'labels') : undefined;
  if (labelsNode?.value && !mapAt(meta, 'labels')) return;
  const labelsMap = mapAt(meta, 'labels');
  if (labelsMap && templated(labelsMap)) return;
  const labels = new Map<string, string>();
  if (labelsMap)
    for (const { key, value } of keysOf(labelsMap)) {
      const v = labelString(value);
      if (v === undefined) return;
      labels.set(key, v);
    }
  if (reqs.every((r) => r(labels))) return;
  report(
    ctx,
    'kube-selector',
    labelsMap && labelsNode ? labelsNode.key : selectorKey,
    `\`spec.selector\` does not match the template's labels (\`spec.template.metadata.labels\`): the ${kind} would own none of its own pods; give the template every label the selector asks for.`,
  );
}
