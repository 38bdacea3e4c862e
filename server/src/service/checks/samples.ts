// The sample value of a string field: what a whole-resource snippet writes and what a message about an empty
// required value suggests (the same words in both places). No import of validation, so the structural walk
// can use it without an import cycle.
import { matchesFormat } from '../../model/formats';
import type { StringType } from '../../model/types';
import { matchesPattern } from '../core/patternTest';

export const ZERO_UUID = '00000000-0000-0000-0000-000000000000';
export const RG_ID = `/subscriptions/${ZERO_UUID}/resourceGroups/my-resource-group`;
export const kebab = (s: string) => s.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

/** A value of the field's format and limits, named after the field where nothing more is known. */
export function sampleString(name: string, t: StringType): string {
  switch (t.format) {
    case 'arm-id':
      return RG_ID;
    case 'uuid':
    case 'go-uuid':
      return ZERO_UUID;
    case 'duration': {
      const seconds = Math.max(1, t.durationSeconds?.min ?? 300);
      return seconds % 60 === 0 ? `PT${seconds / 60}M` : `PT${seconds}S`;
    }
    case 'date-time':
    case 'go-datetime':
      return '2030-01-01T00:00:00Z';
    case 'ipv4-or-cidr':
    case 'cidr':
      return '10.0.0.0/24';
    case 'cel':
      return 'self.status.id';
    case 'promql':
      return 'up == 0';
    default:
      break;
  }
  if (name === 'location') return 'westus';
  const candidates = [
    name,
    kebab(name),
    `my-${kebab(name)}`,
    name.toLowerCase(),
    'default',
    'example',
    'a'.repeat(Math.max(1, t.minLength ?? 1)),
  ];
  for (const c of candidates) {
    let v = c;
    if (t.maxLength !== undefined) v = v.slice(0, t.maxLength);
    if (t.minLength !== undefined && v.length < t.minLength) v = v.padEnd(t.minLength, '0');
    if (!matchesPattern(t, v)) continue;
    if (t.format && !matchesFormat(t.format, v)) continue;
    return v;
  }
  return name;
}
