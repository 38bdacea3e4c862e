// A RoleBinding's or ClusterRoleBinding's role and subjects (rbac validation.go ValidateRoleBinding,
// ValidateClusterRoleBinding, ValidateRoleBindingSubject), after the defaults (an empty `apiGroup` is
// rbac.authorization.k8s.io for the role, a User and a Group; `` for a ServiceAccount).
import type { YAMLMap } from 'yaml';
import { mapAt, mapsOf, report, reportWithFix, seqAt, stringAt, type KubeContext } from './context';
import { dns1123Subdomain, pathSegmentName } from './names';

const RBAC_GROUP = 'rbac.authorization.k8s.io';

export function checkBinding(ctx: KubeContext, root: YAMLMap, cluster: boolean): void {
  const kindName = cluster ? 'ClusterRoleBinding' : 'RoleBinding';
  const ref = mapAt(root, 'roleRef');
  if (ref) {
    const group = stringAt(ref, 'apiGroup');
    if (group && group.value !== '' && group.value !== RBAC_GROUP)
      reportWithFix(
        ctx,
        'kube-invalid-value',
        group.node,
        `\`roleRef.apiGroup\` must be \`${RBAC_GROUP}\`; found "${group.value}".`,
        [RBAC_GROUP],
        true,
      );
    const kind = stringAt(ref, 'kind');
    const kinds = cluster ? ['ClusterRole'] : ['Role', 'ClusterRole'];
    if (kind && !kinds.includes(kind.value))
      report(
        ctx,
        'kube-invalid-value',
        kind.node,
        `A ${kindName}'s \`roleRef.kind\` must be ${kinds.map((k) => `\`${k}\``).join(' or ')}; found "${kind.value}".`,
      );
    const name = stringAt(ref, 'name');
    const why = name && name.value !== '' ? pathSegmentName(name.value) : undefined;
    if (why) report(ctx, 'kube-name', name!.node, `\`roleRef.name\` "${name!.value}" ${why}.`);
  }
  for (const [s, i] of mapsOf(seqAt(root, 'subjects'))) {
    const at = `subjects[${i}]`;
    const kind = stringAt(s, 'kind');
    const group = stringAt(s, 'apiGroup');
    if (!kind) continue;
    if (kind.value === 'ServiceAccount') {
      if (group && group.value !== '')
        reportWithFix(
          ctx,
          'kube-invalid-value',
          group.node,
          `A ServiceAccount subject's \`apiGroup\` is the core group: write \`apiGroup: ""\` or leave it out (found "${group.value}").`,
          [''],
          true,
        );
      const name = stringAt(s, 'name');
      const why = name && name.value !== '' ? dns1123Subdomain(name.value) : undefined;
      if (why) report(ctx, 'kube-name', name!.node, `ServiceAccount name "${name!.value}" at \`${at}.name\` ${why}.`);
      // A ClusterRoleBinding's ServiceAccount subject without `namespace` (ValidateRoleBindingSubject refuses
      // it) is not reported: in a Kustomize base it is the usual way to write it, the overlay's `namespace:`
      // filling it in (namespace.go's fieldSpecs), and this check cannot tell a base from a file applied as
      // it is. The rendered overlay is checked whole (kustomize/renderedDiagnostics.ts).
    } else if (kind.value === 'User' || kind.value === 'Group') {
      if (group && group.value !== '' && group.value !== RBAC_GROUP)
        reportWithFix(
          ctx,
          'kube-invalid-value',
          group.node,
          `A ${kind.value} subject's \`apiGroup\` must be \`${RBAC_GROUP}\`; found "${group.value}".`,
          [RBAC_GROUP],
          true,
        );
    } else
      report(
        ctx,
        'kube-invalid-value',
        kind.node,
        `\`${at}.kind\` must be \`ServiceAccount\`, \`User\` or \`Group\`; found "${kind.value}".`,
      );
  }
}
