// An Ingress beyond its schema (networking validation.go ValidateIngressSpec, validateHTTPIngressPath,
// validateIngressBackend).
import { isScalar, type Node, type YAMLMap } from 'yaml';
import { entry } from '../../core/yamlNodes';
import { mapAt, mapsOf, report, seqAt, stringAt, templated, written, type KubeContext } from './context';
import { dns1035Label, portName } from './names';

const INVALID_SEQUENCES = ['//', '/./', '/../', '%2f', '%2F'];
const INVALID_SUFFIXES = ['/..', '/.'];

export function checkIngress(ctx: KubeContext, root: YAMLMap, specKey: Node | undefined): void {
  const spec = mapAt(root, 'spec');
  if (!spec || !specKey || templated(spec)) return;
  // networking.k8s.io/v1 names it defaultBackend (the removed betas `backend`, another shape).
  if (!written(spec, 'rules') && !written(spec, 'defaultBackend'))
    report(
      ctx,
      'kube-required',
      specKey,
      'An Ingress needs `spec.rules` or `spec.defaultBackend`: write where its traffic goes.',
    );
  const def = mapAt(spec, 'defaultBackend');
  if (def) checkBackend(ctx, def, entry(spec, 'defaultBackend')!.key, 'spec.defaultBackend');
  for (const [rule, i] of mapsOf(seqAt(spec, 'rules')))
    for (const [path, j] of mapsOf(seqAt(mapAt(rule, 'http'), 'paths'))) {
      const at = `spec.rules[${i}].http.paths[${j}]`;
      checkPath(ctx, path, at);
      const backend = mapAt(path, 'backend');
      if (backend) checkBackend(ctx, backend, entry(path, 'backend')!.key, `${at}.backend`);
    }
}

/** validateHTTPIngressPath: an absolute path, and for Exact and Prefix none of the sequences refused. */
function checkPath(ctx: KubeContext, p: YAMLMap, at: string): void {
  const type = stringAt(p, 'pathType')?.value;
  const path = stringAt(p, 'path');
  if (type !== 'Exact' && type !== 'Prefix' && type !== 'ImplementationSpecific') return;
  if (!path) {
    if (type !== 'ImplementationSpecific' && !entry(p, 'path'))
      report(
        ctx,
        'kube-required',
        entry(p, 'pathType')!.key,
        `\`${at}.path\` is required with \`pathType: ${type}\`: write an absolute path (\`/\`).`,
      );
    return;
  }
  if (path.value === '' && type === 'ImplementationSpecific') return;
  if (!path.value.startsWith('/')) {
    report(
      ctx,
      'kube-invalid-value',
      path.node,
      `\`${at}.path\` "${path.value}" must be an absolute path: write \`/${path.value}\`.`,
    );
    return;
  }
  if (type === 'ImplementationSpecific') return;
  const bad = INVALID_SEQUENCES.find((s) => path.value.includes(s));
  const end = bad ? undefined : INVALID_SUFFIXES.find((s) => path.value.endsWith(s));
  if (bad || end)
    report(
      ctx,
      'kube-invalid-value',
      path.node,
      `\`${at}.path\` "${path.value}" must not ${bad ? `contain \`${bad}\`` : `end with \`${end}\``} with \`pathType: ${type}\`: write the path without it.`,
    );
}

/** validateIngressBackend: a service or a resource, exactly one; a service's name and its port, name or number. */
function checkBackend(ctx: KubeContext, b: YAMLMap, key: Node, at: string): void {
  const service = mapAt(b, 'service');
  const hasService = written(b, 'service');
  const hasResource = written(b, 'resource');
  if (hasService && hasResource) {
    report(ctx, 'kube-field-combination', key, `\`${at}\` sets both \`service\` and \`resource\`: keep one.`);
    return;
  }
  if (!hasService && !hasResource) {
    report(
      ctx,
      'kube-required',
      key,
      `\`${at}\` needs a \`service\` (or a \`resource\`): write the Service and port to send traffic to.`,
    );
    return;
  }
  if (!service) return;
  const name = stringAt(service, 'name');
  if (name) {
    const why = dns1035Label(name.value);
    if (why) report(ctx, 'kube-name', name.node, `Service name "${name.value}" at \`${at}.service.name\` ${why}.`);
  }
  const port = mapAt(service, 'port');
  const portKey = entry(service, 'port')?.key;
  if (!port) {
    if (!written(service, 'port'))
      report(
        ctx,
        'kube-required',
        entry(b, 'service')!.key,
        `\`${at}.service.port\` is required: write its \`number\` or its \`name\`.`,
      );
    return;
  }
  const pName = stringAt(port, 'name');
  const numberNode = entry(port, 'number')?.value;
  const num = isScalar(numberNode) ? numberNode.value : undefined;
  // A number not written as one is the schema's wrong-type: not judged again here.
  if (num !== undefined && num !== null && typeof num !== 'number') return;
  const hasNumber = typeof num === 'number' && num !== 0;
  const hasName = !!pName && pName.value !== '';
  if (!pName && written(port, 'name')) return;
  if (hasName && hasNumber)
    report(
      ctx,
      'kube-field-combination',
      portKey,
      `\`${at}.service.port\` sets both \`name\` and \`number\`: keep one.`,
    );
  else if (hasName) {
    const why = portName(pName.value);
    if (why) report(ctx, 'kube-name', pName.node, `Port name "${pName.value}" at \`${at}.service.port.name\` ${why}.`);
  } else if (!hasNumber)
    report(ctx, 'kube-required', portKey, `\`${at}.service.port\` needs its \`number\` or its \`name\`.`);
}
