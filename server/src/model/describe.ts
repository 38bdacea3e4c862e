// Limits of a type in words, one phrase each: shown by hover and completion (markdown) and in the JSON
// Schemas' descriptions (plain text), so each limit is worded once.
import { describeSeconds, FORMAT_DOCS } from './formats';
import type { Type } from './types';

const code = (s: string | number | boolean) => {
  const v = String(s);
  return v.includes('`') ? `\`\` ${v} \`\`` : `\`${v}\``;
};

/** Limits of a type, one phrase each (markdown: values in backticks). */
export function typeLimits(t: Type): string[] {
  const out: string[] = [];
  switch (t.kind) {
    case 'string':
      if (t.minLength !== undefined && t.maxLength !== undefined)
        out.push(`${t.minLength} to ${t.maxLength} characters`);
      else if (t.minLength !== undefined) out.push(`at least ${t.minLength} characters`);
      else if (t.maxLength !== undefined) out.push(`at most ${t.maxLength} characters`);
      if (t.patternDoc) out.push(`${t.patternDoc}${t.patternSeverity ? ' (a warning only)' : ''}`);
      else if (t.pattern) out.push(`matches ${code(t.pattern)}${t.patternSeverity ? ' (a warning only)' : ''}`);
      if (t.format) out.push(FORMAT_DOCS[t.format]);
      if (t.notBefore) out.push(`${code(t.notBefore)} or later`);
      if (t.durationSeconds) {
        const { min, max } = t.durationSeconds;
        if (min !== undefined && max !== undefined) out.push(`from ${describeSeconds(min)} to ${describeSeconds(max)}`);
        else if (min !== undefined) out.push(`at least ${describeSeconds(min)}`);
        else if (max !== undefined) out.push(`at most ${describeSeconds(max)}`);
      }
      if (t.delimited)
        out.push(
          `items separated by ${code(t.delimited.separator)}, each one of ${t.delimited.items.map(code).join(', ')}`,
        );
      break;
    case 'int':
    case 'number': {
      const lo =
        t.exclusiveMinimum !== undefined
          ? `greater than ${t.exclusiveMinimum}`
          : t.minimum !== undefined
            ? `at least ${t.minimum}`
            : undefined;
      const hi =
        t.exclusiveMaximum !== undefined
          ? `less than ${t.exclusiveMaximum}`
          : t.maximum !== undefined
            ? `at most ${t.maximum}`
            : undefined;
      const unit = t.kind === 'int' && t.unit ? ` ${t.unit}` : '';
      if (t.kind === 'int' && t.minimum !== undefined && t.maximum !== undefined)
        out.push(`${t.minimum} to ${t.maximum}${unit}`);
      else if (lo || hi) out.push([lo, hi].filter(Boolean).join(' and ') + unit);
      else if (unit) out.push(`in${unit}`);
      break;
    }
    case 'array':
      if (t.minItems !== undefined && t.maxItems !== undefined) out.push(`${t.minItems} to ${t.maxItems} items`);
      else if (t.minItems !== undefined) out.push(`at least ${t.minItems} item${t.minItems === 1 ? '' : 's'}`);
      else if (t.maxItems !== undefined) out.push(`at most ${t.maxItems} item${t.maxItems === 1 ? '' : 's'}`);
      if (t.uniqueBy) out.push(`${code(t.uniqueBy)} unique within the list`);
      if (t.mapKeys) out.push(`${t.mapKeys.map(code).join(' and ')} together unique within the list`);
      if (t.unique) out.push('no two items equal');
      out.push(...typeLimits(t.items).map((l) => `each item: ${l}`));
      break;
    case 'map':
      if (t.minEntries !== undefined) out.push(`at least ${t.minEntries} entries`);
      if (t.maxEntries !== undefined) out.push(`at most ${t.maxEntries} entries`);
      if (t.keyMaxLength !== undefined) out.push(`keys at most ${t.keyMaxLength} characters`);
      out.push(...typeLimits(t.values).map((l) => `each value: ${l}`));
      break;
    case 'object':
      if (t.minProperties !== undefined) out.push(`at least ${t.minProperties} fields`);
      if (t.maxProperties !== undefined) out.push(`at most ${t.maxProperties} fields`);
      if (t.embedded) out.push('a whole object: `apiVersion` and `kind` required');
      if (t.unknownFields === 'accept') out.push('fields besides those listed are kept');
      for (const g of t.exclusive ?? [])
        out.push(`${g.mode === 'exactlyOne' ? 'exactly one' : 'at most one'} of ${g.members.map(code).join(', ')}`);
      if (t.reference === 'known') out.push('exactly one of `name` or `armId`');
      else if (t.reference === 'arbitrary') out.push('either `armId` alone, or all of `group`, `kind` and `name`');
      else if (t.reference === 'wellKnown')
        out.push('`wellKnownName` alone, or `armId` alone, or all of `group`, `kind` and `name`');
      break;
    default:
      break;
  }
  return out;
}
