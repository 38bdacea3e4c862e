// Missing required fields: insert them into a block mapping at its indentation, each after the nearest
// field before it in model order, with a placeholder that shows what is needed and passes the checks
// (the first enum value, `""`, the lowest allowed number, a nested block with its own required fields).
// Not offered for flow mappings, or where no placeholder would pass (an object that must hold one of
// several members: which one is the user's choice).
import { isScalar, type YAMLMap } from 'yaml';
import type { ObjectType, StringType, Type } from '../../../model/types';
import { durationSeconds, matchesFormat } from '../../../model/formats';
import { keyName, spanOf } from '../../core/yamlNodes';
import type { FixData } from '../../core/fixData';
import { afterEntry, eolAt, lineStartOf } from '../../core/spans';
import { scalarText } from '../../core/yamlText';
import { matchesPattern } from '../../core/patternTest';

const STEP = '  ';

const SAMPLES: Record<string, string[]> = {
  duration: ['PT5M', 'PT1M', 'PT1H', 'P1D'],
  'date-time': ['2024-01-01T00:00:00Z'],
  'go-datetime': ['2024-01-01T00:00:00Z'],
  'ipv4-or-cidr': ['10.0.0.0/24'],
  cidr: ['10.0.0.0/24'],
  'arm-id': ['/subscriptions/00000000-0000-0000-0000-000000000000'],
  uuid: ['00000000-0000-0000-0000-000000000000'],
  'go-uuid': ['00000000-0000-0000-0000-000000000000'],
};

/** A string placeholder the field's own checks accept, or undefined. */
function stringPlaceholder(t: StringType): string | undefined {
  if (t.enum) return t.enum[0] ? scalarText(t.enum[0].value) : undefined;
  const samples = t.format ? (SAMPLES[t.format] ?? []) : ['', 'name', 'example'];
  for (const s of samples) {
    if (t.minLength !== undefined && s.length < t.minLength) continue;
    if (t.maxLength !== undefined && s.length > t.maxLength) continue;
    if (!matchesPattern(t, s)) continue;
    if (t.format) {
      if (!matchesFormat(t.format, s)) continue;
      const secs = t.format === 'duration' ? durationSeconds(s) : undefined;
      const b = t.durationSeconds;
      if (secs !== undefined && b && ((b.min !== undefined && secs < b.min) || (b.max !== undefined && secs > b.max)))
        continue;
    }
    return s === '' ? '""' : scalarText(s);
  }
  return undefined;
}

/** Lines of `name: placeholder` at `indent` (nested blocks below it), or undefined. */
function fieldLines(name: string, type: Type, indent: string, depth: number): string[] | undefined {
  if (depth > 6) return undefined;
  const head = `${indent}${scalarText(name)}:`;
  switch (type.kind) {
    case 'string': {
      const v = stringPlaceholder(type);
      return v === undefined ? undefined : [`${head} ${v}`];
    }
    case 'int':
    case 'number': {
      let n = type.minimum ?? 0;
      if (type.kind === 'int' && type.exclusiveMinimum !== undefined && n <= type.exclusiveMinimum)
        n = type.exclusiveMinimum + 1;
      if (type.maximum !== undefined && n > type.maximum) return undefined;
      return [`${head} ${n}`];
    }
    case 'bool':
      return [`${head} false`];
    case 'map':
    case 'open':
      return [`${head} {}`];
    case 'array': {
      if (!type.minItems) return [`${head} []`];
      const item = itemLines(type.items, indent + STEP, depth + 1);
      return item && [head, ...item];
    }
    case 'object': {
      const body = objectLines(type, indent + STEP, depth + 1);
      if (!body) return undefined;
      return body.length === 0 ? [`${head} {}`] : [head, ...body];
    }
  }
}

/** A list item `- …` at `indent`. */
function itemLines(type: Type, indent: string, depth: number): string[] | undefined {
  if (type.kind === 'object') {
    const body = objectLines(type, indent + STEP, depth);
    if (!body || body.length === 0) return undefined;
    return [`${indent}- ${body[0].trimStart()}`, ...body.slice(1)];
  }
  const one = fieldLines('x', type, '', depth);
  if (!one || one.length !== 1) return undefined;
  return [`${indent}- ${one[0].slice('x: '.length)}`];
}

/** The required fields of an object as lines (a reference gets what its shape needs). */
function objectLines(t: ObjectType, indent: string, depth: number): string[] | undefined {
  if (t.exclusive?.some((g) => g.mode === 'exactlyOne')) return undefined;
  const names = Object.entries(t.fields)
    .filter(([, f]) => f.required)
    .map(([k]) => k);
  if (t.reference === 'known') names.push('name');
  else if (t.reference) names.push('group', 'kind', 'name');
  const lines: string[] = [];
  for (const k of names) {
    const f = t.fields[k];
    const got = fieldLines(k, f?.type ?? { kind: 'string' }, indent, depth);
    if (!got) return undefined;
    for (const l of got) lines.push(l);
  }
  return lines;
}

/** The insertion that adds `missing` (in model order) to the block mapping `map` of type `t`. */
export function insertRequiredFix(text: string, map: YAMLMap, t: ObjectType, missing: string[]): FixData | undefined {
  if (map.flow || map.items.length === 0 || !isScalar(map.items[0].key)) return undefined;
  const order = Object.keys(t.fields);
  const firstKey = spanOf(map.items[0].key)[0];
  const firstLine = lineStartOf(text, firstKey);
  const indent = ' '.repeat(firstKey - firstLine);
  // Every entry must start its own line at the same column (not a compact `- a: 1` with others elsewhere).
  for (const p of map.items) {
    const s = spanOf(p.key)[0];
    if (!isScalar(p.key) || s - lineStartOf(text, s) !== indent.length) return undefined;
  }
  const byPoint = new Map<number, string[]>();
  for (const name of missing) {
    const lines = fieldLines(name, t.fields[name].type, indent, 0);
    if (!lines) return undefined;
    const rank = order.indexOf(name);
    // The last present field before it in model order; else before the first entry when that starts its line.
    let after: (typeof map.items)[number] | undefined;
    let afterRank = -1;
    for (const p of map.items) {
      const r = order.indexOf(keyName(p) ?? '');
      if (r >= 0 && r < rank && r > afterRank) [after, afterRank] = [p, r];
    }
    const dashLine = /-/.test(text.slice(firstLine, firstKey));
    if (!after && dashLine) after = map.items[0];
    const at = after ? afterEntry(text, after as { key: unknown; value: unknown }) : firstLine;
    const list = byPoint.get(at) ?? [];
    for (const l of lines) list.push(l);
    byPoint.set(at, list);
  }
  const edits = [...byPoint].map(([at, lines]) => {
    const eol = eolAt(text, at);
    const body = lines.join(eol) + eol;
    // At the end of a text without a final line break, start a new line first.
    const needsBreak = at > 0 && at === text.length && !text.endsWith('\n');
    // (A text ending in a lone CR ends inside its last line, as YAML reads it: the break goes after it.)
    return { at, text: needsBreak ? eol + body.slice(0, -eol.length) : body };
  });
  return {
    fix: 'insert',
    title: `Add ${missing.length > 1 ? 'the missing fields' : 'the missing field'} ${missing.map((m) => `\`${m}\``).join(', ')}`,
    edits,
  };
}
