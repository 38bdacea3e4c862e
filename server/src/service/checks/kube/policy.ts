// A HorizontalPodAutoscaler's replica bounds (autoscaling validateHorizontalPodAutoscalerSpec) and a
// PodDisruptionBudget's budget (policy ValidatePodDisruptionBudgetSpec).
import { isScalar, type YAMLMap } from 'yaml';
import { entry } from '../../core/yamlNodes';
import { mapAt, report, type KubeContext } from './context';

const intAt = (m: YAMLMap, key: string) => {
  const v = entry(m, key)?.value;
  return isScalar(v) && typeof v.value === 'number' && Number.isInteger(v.value)
    ? { value: v.value, node: v }
    : undefined;
};

export function checkHpa(ctx: KubeContext, root: YAMLMap): void {
  const spec = mapAt(root, 'spec');
  if (!spec) return;
  const min = intAt(spec, 'minReplicas');
  const max = intAt(spec, 'maxReplicas');
  if (max && max.value < 1) {
    report(ctx, 'kube-invalid-value', max.node, `\`spec.maxReplicas\` ${max.value} must be greater than 0.`);
    return;
  }
  // minReplicas defaults to 1; a written one above maxReplicas is refused.
  if (min && max && max.value < min.value)
    report(
      ctx,
      'kube-field-combination',
      max.node,
      `\`spec.maxReplicas\` ${max.value} is below \`spec.minReplicas\` ${min.value}: write a maximum at least the minimum.`,
    );
}

/** ValidatePositiveIntOrPercent and IsNotMoreThan100Percent. */
function intOrPercent(ctx: KubeContext, spec: YAMLMap, key: string): void {
  const v = entry(spec, key)?.value;
  if (!isScalar(v)) return;
  if (typeof v.value === 'number' && Number.isInteger(v.value) && v.value < 0)
    report(ctx, 'kube-invalid-value', v, `\`spec.${key}\` ${v.value} must be 0 or more.`);
  else if (typeof v.value === 'string') {
    const m = /^(\d+)%$/.exec(v.value);
    if (!m)
      report(
        ctx,
        'kube-invalid-value',
        v,
        `\`spec.${key}\` "${v.value}" must be a number of pods or a percentage (\`50%\`).`,
      );
    else if (Number(m[1]) > 100)
      report(ctx, 'kube-invalid-value', v, `\`spec.${key}\` ${v.value} must not be more than 100%.`);
  }
}

export function checkPdb(ctx: KubeContext, root: YAMLMap): void {
  const spec = mapAt(root, 'spec');
  if (!spec) return;
  const min = entry(spec, 'minAvailable');
  const max = entry(spec, 'maxUnavailable');
  const set = (e: typeof min) => !!e && e.value !== null && !(isScalar(e.value) && e.value.value === null);
  if (set(min) && set(max))
    report(
      ctx,
      'kube-field-combination',
      max!.key,
      '`spec.minAvailable` and `spec.maxUnavailable` cannot both be set: keep one.',
    );
  intOrPercent(ctx, spec, 'minAvailable');
  intOrPercent(ctx, spec, 'maxUnavailable');
}
