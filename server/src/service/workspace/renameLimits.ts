// Rename keeps a manifest's cloud name within its kind's name limits: when the cloud name is
// `metadata.name` (no `spec.cloudName`), a new name outside them is refused, naming the rule, rather than
// written into every file. A limit the spec states only as a warning refuses only a name that met it.
import { breaksLimit as breaks, limitWords } from '../../model/nameLimits';
import type { KindDef } from '../../model/types';

/** Why `newName` may not replace `oldName` as the cloud name of a `def` manifest, or undefined. */
export function renameNameLimit(
  def: KindDef,
  cloudName: string | undefined,
  oldName: string | undefined,
  newName: string,
): string | undefined {
  if (cloudName !== undefined || def.cloudNameDefault === 'uuid' || !def.nameLimits) return undefined;
  for (const l of def.nameLimits) {
    if (!breaks(l, newName)) continue;
    if (l.severity === 'warning' && oldName !== undefined && breaks(l, oldName)) continue;
    return `"${newName}" is not a valid ${def.kind} name: it must be ${limitWords(def, l)} (\`metadata.name\` is the cloud name when \`spec.cloudName\` is absent).`;
  }
  return undefined;
}
