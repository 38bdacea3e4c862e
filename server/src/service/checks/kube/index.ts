// What the API server refuses in Kubernetes' own kinds beyond their OpenAPI schema (issue 44, point 2):
// each family in its own file, each check naming the validation function it mirrors. Run on a whole
// manifest only (never a Kustomize patch, which is partial); a value with a Helm action in it is not
// judged, and in a template the checks that read the manifest as a whole say nothing
// (WHOLE_MANIFEST_CODES: an `include` may write what seems missing).
import type { YAMLMap } from 'yaml';
import type { Code } from '../../core/codes';
import type { Reporter } from '../../core/diag';
import { entry } from '../../core/yamlNodes';
import { checkConfigMap, checkSecret } from './configData';
import { mapAt, report, stringAt, type KubeContext } from './context';
import { scheduleProblem } from './cron';
import { checkIngress } from './ingress';
import { checkMetadata } from './metadata';
import { checkPodSpec, checkRestartPolicy, claimNames } from './podSpec';
import { checkHpa, checkPdb } from './policy';
import { checkBinding } from './rbac';
import { checkSelector } from './selector';
import { checkService } from './service';
import { checkNetworkPolicy } from './networkPolicy';
import { checkClaim } from './claims';

/** Every code these checks report. */
export const KUBE_CODES: readonly Code[] = [
  'kube-name',
  'kube-duplicate',
  'kube-volume-mount',
  'kube-selector',
  'kube-cron-schedule',
  'kube-too-large',
  'kube-secret-type',
  'kube-required',
  'kube-field-combination',
  'kube-invalid-value',
];

/** The codes that judge a manifest as a whole (what is absent, or two places together): not in a template. */
export const WHOLE_MANIFEST_CODES: ReadonlySet<string> = new Set([
  'kube-duplicate',
  'kube-volume-mount',
  'kube-selector',
  'kube-too-large',
  'kube-secret-type',
  'kube-required',
  'kube-field-combination',
]);

/** The workloads whose `spec.template` is a pod template, and whether their selector is checked. */
const WORKLOADS: ReadonlyMap<string, { selector: boolean }> = new Map([
  ['apps/Deployment', { selector: true }],
  ['apps/ReplicaSet', { selector: true }],
  ['apps/StatefulSet', { selector: true }],
  ['apps/DaemonSet', { selector: true }],
  ['batch/Job', { selector: true }],
  // A ReplicationController's selector defaults to the template's labels: nothing to compare.
  ['/ReplicationController', { selector: false }],
]);

/** The checks of one built-in manifest (`group`/`kind` from its kind definition). */
export function checkKubeManifest(
  out: Reporter,
  text: string,
  root: YAMLMap,
  group: string,
  kind: string,
  minor: number,
): void {
  const ctx: KubeContext = { out, text, minor };
  checkMetadata(ctx, mapAt(root, 'metadata'), 'metadata', false);
  const id = `${group}/${kind}`;
  const workload = WORKLOADS.get(id);
  if (workload) {
    const spec = mapAt(root, 'spec');
    if (spec) checkTemplate(ctx, spec, 'spec', kind, workload.selector, group === 'batch');
    return;
  }
  switch (id) {
    case '/Pod': {
      const spec = mapAt(root, 'spec');
      if (spec) checkPodSpec(ctx, spec, 'spec', new Set());
      return;
    }
    case 'batch/CronJob':
      return checkCronJob(ctx, root);
    case '/Service':
      return checkService(ctx, root, entry(root, 'spec')?.key);
    case '/ConfigMap':
      return checkConfigMap(ctx, root);
    case '/Secret':
      return checkSecret(ctx, root);
    case 'networking.k8s.io/Ingress':
      return checkIngress(ctx, root, entry(root, 'spec')?.key);
    case 'networking.k8s.io/NetworkPolicy':
      return checkNetworkPolicy(ctx, root);
    case '/PersistentVolumeClaim':
      return checkClaim(ctx, root, entry(root, 'spec')?.key);
    case 'autoscaling/HorizontalPodAutoscaler':
      return checkHpa(ctx, root);
    case 'policy/PodDisruptionBudget':
      return checkPdb(ctx, root);
    case 'rbac.authorization.k8s.io/RoleBinding':
      return checkBinding(ctx, root, false);
    case 'rbac.authorization.k8s.io/ClusterRoleBinding':
      return checkBinding(ctx, root, true);
  }
}

/** A workload's spec (`at`: `spec`, or `spec.jobTemplate.spec`): its template, selector and restart policy. */
function checkTemplate(
  ctx: KubeContext,
  spec: YAMLMap,
  at: string,
  kind: string,
  selector: boolean,
  job: boolean,
): void {
  const template = mapAt(spec, 'template');
  if (template) {
    checkMetadata(ctx, mapAt(template, 'metadata'), `${at}.template.metadata`, true);
    const podSpec = mapAt(template, 'spec');
    if (podSpec) {
      checkPodSpec(ctx, podSpec, `${at}.template.spec`, kind === 'StatefulSet' ? claimNames(spec) : new Set());
      if (kind !== 'ReplicationController')
        checkRestartPolicy(ctx, podSpec, entry(template, 'spec')!.key, `${at}.template.spec`, job);
    }
  }
  const selectorKey = entry(spec, 'selector')?.key;
  if (selector && selectorKey) checkSelector(ctx, spec, template, kind, selectorKey);
}

/** batch ValidateCronJob: the schedule, and the job template as a Job's. */
function checkCronJob(ctx: KubeContext, root: YAMLMap): void {
  const spec = mapAt(root, 'spec');
  if (!spec) return;
  const schedule = stringAt(spec, 'schedule');
  const why = schedule ? scheduleProblem(schedule.value, ctx.minor) : undefined;
  if (why) report(ctx, 'kube-cron-schedule', schedule!.node, `\`spec.schedule\` "${schedule!.value}" ${why}.`);
  const jobTemplate = mapAt(spec, 'jobTemplate');
  if (!jobTemplate) return;
  checkMetadata(ctx, mapAt(jobTemplate, 'metadata'), 'spec.jobTemplate.metadata', true);
  const jobSpec = mapAt(jobTemplate, 'spec');
  if (jobSpec) checkTemplate(ctx, jobSpec, 'spec.jobTemplate.spec', 'Job', false, true);
}
