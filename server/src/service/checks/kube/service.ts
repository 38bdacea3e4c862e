// A Service beyond its schema (core validation.go ValidateService and validateServicePort).
import { isScalar, type Node, type YAMLMap } from 'yaml';
import { entry } from '../../core/yamlNodes';
import { mapsOf, report, seqAt, stringAt, stringOf, templated, written, type KubeContext } from './context';
import { dns1123Label, dns1123Subdomain, portName } from './names';

export function checkService(ctx: KubeContext, root: YAMLMap, specKey: Node | undefined): void {
  const specEntry = entry(root, 'spec');
  const spec = specEntry?.value;
  if (!spec || templated(spec) || !specKey) return;
  const type = entry(spec, 'type') ? stringAt(spec, 'type') : { value: 'ClusterIP', node: specKey };
  if (!type) return;
  const ipsSeq = seqAt(spec, 'clusterIPs');
  const clusterIP =
    stringAt(spec, 'clusterIP') ??
    (ipsSeq ? { value: stringOf(ipsSeq.items[0]) ?? '', node: ipsSeq.items[0] as Node } : undefined);
  const headless = clusterIP?.value === 'None';
  const ports = seqAt(spec, 'ports');
  // ports are required unless the Service is headless or an ExternalName.
  if (!written(spec, 'ports') && !headless && type.value !== 'ExternalName')
    report(
      ctx,
      'kube-required',
      specKey,
      'A Service needs `spec.ports` (unless it is headless, `clusterIP: None`, or of `type: ExternalName`): write the ports it serves.',
    );
  if (headless && (type.value === 'LoadBalancer' || type.value === 'NodePort'))
    report(
      ctx,
      'kube-field-combination',
      clusterIP!.node,
      `\`clusterIP\` may not be \`None\` for a ${type.value} Service: remove it, or make the Service \`type: ClusterIP\`.`,
    );
  if (type.value === 'ExternalName') {
    const ext = stringAt(spec, 'externalName');
    const clean = ext?.value.replace(/\.$/, '') ?? '';
    if (!ext || clean === '') {
      if (!entry(spec, 'externalName') || ext)
        report(
          ctx,
          'kube-required',
          ext?.node ?? type.node,
          'An `ExternalName` Service needs `spec.externalName`: write the DNS name it stands for (`db.example.com`).',
        );
    } else {
      const why = dns1123Subdomain(clean);
      if (why) report(ctx, 'kube-invalid-value', ext.node, `\`spec.externalName\` "${ext.value}" ${why}.`);
    }
  }
  const items = mapsOf(ports);
  const names = new Set<string>();
  for (const [p, i] of items) {
    const at = `spec.ports[${i}]`;
    const name = entry(p, 'name') ? stringAt(p, 'name') : { value: '', node: p as Node };
    if (name && name.value === '' && items.length > 1)
      report(
        ctx,
        'kube-required',
        entry(p, 'name')?.value ?? p.items[0]?.key ?? p,
        `\`${at}.name\` is required: a Service with more than one port names each of them.`,
      );
    else if (name && name.value !== '') {
      const why = dns1123Label(name.value);
      if (why) report(ctx, 'kube-name', name.node, `Service port name "${name.value}" at \`${at}.name\` ${why}.`);
      else if (names.has(name.value))
        report(
          ctx,
          'kube-duplicate',
          name.node,
          `Service port name "${name.value}" is repeated; each port of a Service needs its own name.`,
        );
      names.add(name.value);
    }
    // ValidatePortNumOrName: a number from 1 to 65535 (0 and "" default to `port`) or an IANA port name.
    const target = entry(p, 'targetPort')?.value;
    if (isScalar(target)) {
      const v = target.value;
      if (typeof v === 'number' && Number.isInteger(v) && v !== 0 && (v < 1 || v > 65535))
        report(
          ctx,
          'kube-invalid-value',
          target,
          `\`${at}.targetPort\` ${v} is not a port: write a number from 1 to 65535, or a container port's name.`,
        );
      else if (typeof v === 'string' && v !== '' && stringOf(target) !== undefined) {
        const why = portName(v);
        if (why)
          report(
            ctx,
            'kube-invalid-value',
            target,
            `\`${at}.targetPort\` "${v}" ${why}; write a container port's name or a number.`,
          );
      }
    }
    // A ClusterIP Service has no node ports.
    const nodePort = entry(p, 'nodePort')?.value;
    if (type.value === 'ClusterIP' && isScalar(nodePort) && typeof nodePort.value === 'number' && nodePort.value !== 0)
      report(
        ctx,
        'kube-field-combination',
        nodePort,
        `\`${at}.nodePort\` may not be used when \`type\` is \`ClusterIP\`: remove it, or make the Service \`type: NodePort\`.`,
      );
  }
}
