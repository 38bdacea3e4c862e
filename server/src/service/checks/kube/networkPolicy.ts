// A NetworkPolicy's ports and peers beyond the schema (networking validation.go ValidateNetworkPolicySpec,
// ValidateNetworkPolicyPort, ValidateNetworkPolicyPeer).
import { isScalar, type YAMLMap } from 'yaml';
import { entry } from '../../core/yamlNodes';
import { mapAt, mapsOf, report, seqAt, templated, written, type KubeContext } from './context';
import { portName } from './names';

export function checkNetworkPolicy(ctx: KubeContext, root: YAMLMap): void {
  const spec = mapAt(root, 'spec');
  if (!spec || templated(spec)) return;
  for (const [dir, peersKey] of [
    ['ingress', 'from'],
    ['egress', 'to'],
  ] as const)
    for (const [rule, i] of mapsOf(seqAt(spec, dir))) {
      const at = `spec.${dir}[${i}]`;
      for (const [port, j] of mapsOf(seqAt(rule, 'ports'))) checkPort(ctx, port, `${at}.ports[${j}]`);
      for (const [peer, j] of mapsOf(seqAt(rule, peersKey))) checkPeer(ctx, peer, `${at}.${peersKey}[${j}]`);
    }
}

/** ValidateNetworkPolicyPort: a port number or name; `endPort` only after a numeric `port`, not below it. */
function checkPort(ctx: KubeContext, p: YAMLMap, at: string): void {
  const port = entry(p, 'port')?.value;
  const end = entry(p, 'endPort')?.value;
  const portValue = isScalar(port) ? port.value : undefined;
  if (typeof portValue === 'number' && Number.isInteger(portValue) && (portValue < 1 || portValue > 65535))
    report(
      ctx,
      'kube-invalid-value',
      port,
      `\`${at}.port\` ${portValue} is not a port: write a number from 1 to 65535, or a port name.`,
    );
  if (typeof portValue === 'string') {
    const why = portName(portValue);
    if (why) report(ctx, 'kube-name', port, `Port name "${portValue}" at \`${at}.port\` ${why}.`);
  }
  if (!isScalar(end) || typeof end.value !== 'number') return;
  if (portValue === undefined || portValue === null)
    report(ctx, 'kube-required', end, `\`${at}.endPort\` needs \`${at}.port\`: write the first port of the range.`);
  else if (typeof portValue === 'string')
    report(
      ctx,
      'kube-field-combination',
      end,
      `\`${at}.endPort\` may not be used with a named \`port\`: write the port's number.`,
    );
  else if (typeof portValue === 'number' && end.value < portValue)
    report(
      ctx,
      'kube-field-combination',
      end,
      `\`${at}.endPort\` ${end.value} is below \`port\` ${portValue}: write the last port of the range.`,
    );
}

/** ValidateNetworkPolicyPeer: at least one peer, and an `ipBlock` alone. */
function checkPeer(ctx: KubeContext, peer: YAMLMap, at: string): void {
  const kinds = ['podSelector', 'namespaceSelector', 'ipBlock'].filter((k) => written(peer, k));
  const key = peer.items[0]?.key ?? peer;
  if (kinds.length === 0 && peer.items.length === 0)
    report(
      ctx,
      'kube-required',
      peer,
      `\`${at}\` must name a peer: write \`podSelector\`, \`namespaceSelector\` or \`ipBlock\`.`,
    );
  else if (kinds.length > 1 && kinds.includes('ipBlock'))
    report(
      ctx,
      'kube-field-combination',
      entry(peer, 'ipBlock')?.key ?? key,
      `\`${at}\` may not have an \`ipBlock\` with another peer: make the \`ipBlock\` an item of its own.`,
    );
}
