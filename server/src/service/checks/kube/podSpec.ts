// A pod's spec beyond its schema (core validation.go ValidatePodSpec and what it calls): the names of
// containers, their ports, environment variables and volumes; an init container named as a container;
// a volume mount naming no volume; the restart policy a workload's template must have.
import { isMap, type Node, type YAMLMap } from 'yaml';
import { listOf } from '../../core/suggest';
import { entry } from '../../core/yamlNodes';
import { mapAt, mapsOf, report, reportWithFix, seqAt, stringAt, type KubeContext } from './context';
import { dns1123Label, envVarName, portName } from './names';

const CONTAINER_LISTS = ['initContainers', 'containers', 'ephemeralContainers'] as const;

/**
 * `label`: where the pod spec is (`spec.template.spec`). `claims`: the names of a StatefulSet's
 * volumeClaimTemplates, which its pods mount as volumes.
 */
export function checkPodSpec(ctx: KubeContext, spec: YAMLMap, label: string, claims: ReadonlySet<string>): void {
  // validateVolumes: each volume's name a DNS-1123 label (a repeated name is the schema's list-map key check).
  const volumes = new Set(claims);
  for (const [v, i] of mapsOf(seqAt(spec, 'volumes'))) {
    const name = stringAt(v, 'name');
    if (!name) continue;
    volumes.add(name.value);
    const why = dns1123Label(name.value);
    if (why)
      report(ctx, 'kube-name', name.node, `Volume name "${name.value}" at \`${label}.volumes[${i}].name\` ${why}.`);
  }
  const volumesKnown = !volumesTemplated(spec);
  const regular = new Set<string>();
  for (const [c] of mapsOf(seqAt(spec, 'containers'))) {
    const n = stringAt(c, 'name');
    if (n) regular.add(n.value);
  }
  for (const list of CONTAINER_LISTS)
    for (const [c, i] of mapsOf(seqAt(spec, list))) {
      const at = `${label}.${list}[${i}]`;
      const name = stringAt(c, 'name');
      if (name) {
        // validateContainers / validateInitContainers: ValidateDNS1123Label; an init container's name must
        // not be a container's (a repeat within one list is the schema's list-map key check).
        const why = dns1123Label(name.value);
        if (why) report(ctx, 'kube-name', name.node, `Container name "${name.value}" at \`${at}.name\` ${why}.`);
        else if (list === 'initContainers' && regular.has(name.value))
          report(
            ctx,
            'kube-duplicate',
            name.node,
            `Init container name "${name.value}" is also a container's name; every container and init container of a pod needs its own name.`,
          );
      }
      checkPorts(ctx, c, at);
      checkEnv(ctx, c, at);
      // ValidateVolumeMounts: a mount names one of the pod's volumes.
      if (volumesKnown)
        for (const [m, j] of mapsOf(seqAt(c, 'volumeMounts'))) {
          const mount = stringAt(m, 'name');
          if (mount && !volumes.has(mount.value))
            report(
              ctx,
              'kube-volume-mount',
              mount.node,
              `Volume mount "${mount.value}" at \`${at}.volumeMounts[${j}].name\` names no volume of the pod; add it to \`${label}.volumes\`${volumes.size ? ` or name one of its volumes: ${listOf([...volumes], 10)}` : ' (the pod has none)'}.`,
            );
        }
    }
}

/** The pod's volumes are not all plainly written (`volumes` not a list, or an item not a mapping). */
function volumesTemplated(spec: YAMLMap): boolean {
  const e = entry(spec, 'volumes');
  if (!e || e.value === null) return false;
  const list = seqAt(spec, 'volumes');
  return !list || list.items.some((x) => !isMap(x));
}

/** validateContainerPorts: a port's name an IANA service name, unique among the container's ports. */
function checkPorts(ctx: KubeContext, c: YAMLMap, at: string): void {
  const seen = new Set<string>();
  for (const [p, i] of mapsOf(seqAt(c, 'ports'))) {
    const name = stringAt(p, 'name');
    if (!name || name.value === '') continue;
    const why = portName(name.value);
    if (why) report(ctx, 'kube-name', name.node, `Port name "${name.value}" at \`${at}.ports[${i}].name\` ${why}.`);
    else if (seen.has(name.value))
      report(
        ctx,
        'kube-duplicate',
        name.node,
        `Port name "${name.value}" is repeated in \`${at}.ports\`; each port of a container needs its own name.`,
      );
    else seen.add(name.value);
  }
}

/** ValidateEnv: each variable's name (IsEnvVarName, or IsRelaxedEnvVarName where the release may relax it). */
function checkEnv(ctx: KubeContext, c: YAMLMap, at: string): void {
  for (const [e, i] of mapsOf(seqAt(c, 'env'))) {
    const name = stringAt(e, 'name');
    if (!name) continue;
    const why = envVarName(name.value, ctx.minor);
    if (why)
      report(
        ctx,
        'kube-name',
        name.node,
        `Environment variable name "${name.value}" at \`${at}.env[${i}].name\` ${why}.`,
      );
  }
}

/** The names of a StatefulSet's volumeClaimTemplates. */
export function claimNames(spec: YAMLMap | undefined): Set<string> {
  const out = new Set<string>();
  for (const [t] of mapsOf(seqAt(spec, 'volumeClaimTemplates'))) {
    const n = stringAt(mapAt(t, 'metadata'), 'name');
    if (n) out.add(n.value);
  }
  return out;
}

/**
 * The restart policy of a workload's pod template (apps ValidatePodTemplateSpecForReplicaSet and its
 * kin: `Always` only; batch validateJobSpec: `OnFailure` or `Never`, and an absent one defaults to `Always`).
 */
export function checkRestartPolicy(
  ctx: KubeContext,
  podSpec: YAMLMap,
  specKey: Node,
  label: string,
  job: boolean,
): void {
  const e = entry(podSpec, 'restartPolicy');
  const policy = stringAt(podSpec, 'restartPolicy');
  if (job) {
    if (!e || e.value === null)
      report(
        ctx,
        'kube-required',
        specKey,
        `A Job's pods need \`${label}.restartPolicy\`: write \`OnFailure\` or \`Never\` (absent, it defaults to \`Always\`, which a Job refuses).`,
      );
    else if (policy?.value === 'Always')
      reportWithFix(
        ctx,
        'kube-invalid-value',
        policy.node,
        "A Job's pods cannot restart `Always`: write `OnFailure` or `Never`.",
        ['OnFailure', 'Never'],
        false,
      );
    return;
  }
  if (policy && (policy.value === 'OnFailure' || policy.value === 'Never'))
    reportWithFix(
      ctx,
      'kube-invalid-value',
      policy.node,
      `A workload's pods restart \`Always\`, never \`${policy.value}\`: write \`Always\` or leave it out (use a Job for pods that finish).`,
      ['Always'],
      false,
    );
}
