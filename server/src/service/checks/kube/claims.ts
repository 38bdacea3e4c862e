// A PersistentVolumeClaim's spec beyond the schema (core validation.go ValidatePersistentVolumeClaimSpec):
// an access mode at least, and the storage it requests.
import type { Node, YAMLMap } from 'yaml';
import { entry } from '../../core/yamlNodes';
import { mapAt, report, seqAt, templated, written, type KubeContext } from './context';

export function checkClaim(ctx: KubeContext, root: YAMLMap, specKey: Node | undefined): void {
  const spec = mapAt(root, 'spec');
  if (!spec || !specKey || templated(spec)) return;
  const modes = seqAt(spec, 'accessModes');
  if (!written(spec, 'accessModes') || (modes && modes.items.length === 0))
    report(
      ctx,
      'kube-required',
      entry(spec, 'accessModes')?.key ?? specKey,
      'A PersistentVolumeClaim needs at least one of `spec.accessModes`: write `ReadWriteOnce`, `ReadOnlyMany`, `ReadWriteMany` or `ReadWriteOncePod`.',
    );
  const resources = entry(spec, 'resources');
  const requests = mapAt(resources?.value, 'requests');
  // A resources or requests not written as a mapping is the schema's to say.
  if (resources?.value && !mapAt(spec, 'resources')) return;
  if (entry(resources?.value, 'requests')?.value && !requests) return;
  if (!requests || !entry(requests, 'storage'))
    report(
      ctx,
      'kube-required',
      requests ? entry(resources!.value, 'requests')!.key : (resources?.key ?? specKey),
      'A PersistentVolumeClaim needs `spec.resources.requests.storage`: write the size it asks for (`10Gi`).',
    );
}
