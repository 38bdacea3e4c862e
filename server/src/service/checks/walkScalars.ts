// The structural walk's check of one scalar value against its type (structuralWalk.ts walks to it): the type
// itself (with the fix a quoted number or a duration in seconds needs), enums (case, other versions, names
// used elsewhere), lengths, patterns, formats, durations, delimited lists and numeric bounds.
import type { IntType, NumberType, StringType, Type } from '../../model/types';
import { describeSeconds, durationSeconds, FORMAT_DOCS, isoDuration, matchesFormat } from '../../model/formats';
import { nearAll } from './fixes/candidates';
import { boundFix, choiceFix, isoDurationFix, quoteFix, secondsFix, unquoteFix, valueFix } from './fixes/values';
import { listOf, nearest } from '../core/suggest';
import { describeValue, type Span } from '../core/yamlNodes';
import { isMasked } from '../core/maskedChars';
import { matchesPattern } from '../core/patternTest';
import { checkTemplatedString } from './templatedValues';
import { typeWord, type WalkContext } from './walkContext';
/** A string type any short text satisfies: quoting a value for it cannot make another error. */
const isFreeString = (t: StringType): boolean => !t.enum && !t.pattern && !t.format && !t.delimited && !t.minLength;

/** The allowed value a name used elsewhere stands for (`Private` for a container's `None`), if one. */
function aliasOf(t: StringType, written: string, allowed: readonly string[]): string | undefined {
  const to = t.aliases && Object.hasOwn(t.aliases, written) ? t.aliases[written] : undefined;
  return to !== undefined && allowed.includes(to) ? to : undefined;
}

export function checkScalar(
  ctx: WalkContext,
  { value: v, yaml11 }: { value: unknown; yaml11?: boolean },
  span: Span,
  type: Type,
  label: string,
  schemaPath: string[],
): void {
  if (v === null) return;
  const out = ctx.out;
  switch (type.kind) {
    case 'string':
      // `x-kubernetes-int-or-string`: an integer is as good as a string (the string limits are for strings).
      if (type.intOrString && typeof v === 'number' && Number.isInteger(v)) return;
      if (type.numeric && typeof v === 'number') return;
      if (typeof v !== 'string') {
        const written = ctx.text?.slice(span[0], span[1]) || String(v);
        const found = yaml11 ? `${written}, which Kubernetes reads as the boolean ${v} (YAML 1.1)` : describeValue(v);
        const hint = typeof v === 'number' || typeof v === 'boolean' ? ` Quote it: "${written}".` : '';
        return out.report(
          'wrong-type',
          span,
          `\`${label}\` must be ${type.numeric ? 'a number or a string' : 'a string'}; found ${found}.${hint}`,
          undefined,
          hint && ctx.text && isFreeString(type) ? quoteFix(ctx.text, span) : undefined,
        );
      }
      return checkString(ctx, v, span, type, label, schemaPath);
    case 'int':
      if (typeof v !== 'number' || !Number.isInteger(v)) {
        // An ISO 8601 duration where a number of seconds is wanted: say which number.
        const secs = typeof v === 'string' && type.unit === 'seconds' ? durationSeconds(v) : undefined;
        const hint = secs !== undefined ? ` For ${v} write the number of seconds: ${secs}.` : '';
        const fix =
          secs !== undefined
            ? secondsFix(span, v as string, secs)
            : typeof v === 'string' && ctx.text
              ? unquoteFix(ctx.text, span, v, true)
              : undefined;
        return out.report(
          'wrong-type',
          span,
          `\`${label}\` must be an integer; found ${describeValue(v)}.${hint}`,
          undefined,
          fix,
        );
      }
      return checkRange(ctx, v, span, type, label);
    case 'number':
      if (typeof v !== 'number')
        return out.report(
          'wrong-type',
          span,
          `\`${label}\` must be a number; found ${describeValue(v)}.`,
          undefined,
          typeof v === 'string' && ctx.text ? unquoteFix(ctx.text, span, v, false) : undefined,
        );
      return checkRange(ctx, v, span, type, label);
    case 'bool':
      if (typeof v !== 'boolean')
        return out.report(
          'wrong-type',
          span,
          `\`${label}\` must be a boolean (\`true\` or \`false\`); found ${describeValue(v)}.`,
        );
      return;
    default:
      return out.report('wrong-type', span, `\`${label}\` must be ${typeWord(type)}; found ${describeValue(v)}.`);
  }
}

function checkString(
  ctx: WalkContext,
  v: string,
  span: Span,
  t: StringType,
  label: string,
  schemaPath: string[],
): void {
  // Written with a template action in it: only what its literal parts decide.
  if (isMasked(v)) return checkTemplatedString(ctx, v, span, t, label);
  const out = ctx.out;
  if (t.enum) {
    const values = t.enum.map((e) => e.value);
    if (values.includes(v)) return;
    // Every value that differs only in case (a CRD may allow both `head` and `HEAD`): the user chooses.
    const caseMatches = values.filter((x) => x.toLowerCase() === v.toLowerCase());
    if (caseMatches.length > 0) {
      const names = listOf(caseMatches);
      return out.report(
        'enum-case',
        span,
        `\`${label}\` value "${v}" differs only in case from the allowed ${names}; write ${names}.`,
        undefined,
        ctx.text ? valueFix(ctx.text, span, caseMatches, true) : undefined,
      );
    }
    for (const other of ctx.otherVersions?.(schemaPath) ?? []) {
      if (other.type.kind === 'string' && other.type.enum?.some((e) => e.value === v)) {
        const move = ctx.moveToVersion?.(other.version);
        return out.report(
          'enum-other-version',
          span,
          `\`${label}\` value "${v}" exists only in version \`${other.version}\`; this version allows ${listOf(values)}.${move?.advice ?? ''}`,
          undefined,
          move?.fix,
        );
      }
    }
    if (t.fixed)
      // The value is fixed by the member holding it: whatever was written, the one value is the fix.
      return out.report(
        'enum-value',
        span,
        `\`${label}\` is "${v}"; write \`${values[0]}\`, the one value where it stands.`,
        undefined,
        ctx.text ? valueFix(ctx.text, span, values, true) : undefined,
      );
    const near = nearest(v, values) ?? aliasOf(t, v, values);
    const text = ctx.text;
    // Near values (or the one a name used elsewhere stands for), else every value listed, for the user to choose.
    const fix = !text
      ? undefined
      : near
        ? valueFix(text, span, nearest(v, values) ? nearAll(v, values) : [near], true)
        : choiceFix(text, span, values);
    return out.report(
      'enum-value',
      span,
      `\`${label}\` does not allow "${v}"; allowed: ${listOf(values, 20)}.${near ? ` Did you mean \`${near}\`?` : ''}`,
      undefined,
      fix,
    );
  }
  if (t.minLength !== undefined && v.length < t.minLength)
    out.report(
      'string-length',
      span,
      `\`${label}\` is ${v.length} characters long; it must be at least ${t.minLength}.`,
    );
  if (t.maxLength !== undefined && v.length > t.maxLength)
    out.report(
      'string-length',
      span,
      `\`${label}\` is ${v.length} characters long; it must be at most ${t.maxLength}.`,
    );
  if (!matchesPattern(t, v))
    out.report(
      'pattern',
      span,
      `\`${label}\` value "${v}" is not allowed: ${t.patternDoc ?? `it must match \`${t.pattern}\``}.`,
      t.patternSeverity,
    );
  if (t.notBefore !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(v) && v < t.notBefore)
    // ISO dates of one form compare as strings.
    out.report('value-range', span, `\`${label}\` is ${v}; it must be ${t.notBefore} or later.`);
  if (t.format) {
    if (!matchesFormat(t.format, v)) {
      // A duration written the Prometheus way (`5m`): the same duration in ISO 8601 is what to write.
      const iso = t.format === 'duration' ? isoDuration(v) : undefined;
      out.report(
        'format',
        span,
        iso
          ? `\`${label}\` value "${v}" must be an ISO 8601 duration; write \`${iso}\`.`
          : `\`${label}\` value "${v}" must be ${FORMAT_DOCS[t.format]}.`,
        undefined,
        iso && ctx.text ? isoDurationFix(ctx.text, span, iso) : undefined,
      );
    } else if (t.format === 'duration' && t.durationSeconds) {
      const s = durationSeconds(v)!;
      const { min, max } = t.durationSeconds;
      if ((min !== undefined && s < min) || (max !== undefined && s > max)) {
        const bounds = `${min !== undefined ? describeSeconds(min) : '0'} to ${max !== undefined ? describeSeconds(max) : 'any'}`;
        // The bound passed, in ISO 8601 (as the number fix of value-range: preferred, not fix-all).
        const bound = isoDuration(`${min !== undefined && s < min ? min : max}s`);
        out.report(
          'duration-range',
          span,
          `\`${label}\` is ${describeSeconds(s)} ("${v}"); it must be from ${bounds}.`,
          undefined,
          bound && ctx.text ? valueFix(ctx.text, span, [bound], false) : undefined,
        );
      }
    }
  }
  if (t.delimited) {
    const { separator, items } = t.delimited;
    let pos = 0;
    for (const part of v.split(separator)) {
      const item = part.trim();
      if (!items.includes(item)) {
        // Point at the offending item inside the quoted or plain scalar when it can be found.
        // Plain scalars span exactly the value; quoted ones add one quote on each side. Anything else
        // (escapes, folded lines) falls back to the whole value.
        const extra = span[1] - span[0] - v.length;
        const lead = part.length - part.trimStart().length;
        const itemSpan: Span =
          extra !== 0 && extra !== 2
            ? span
            : item.length === 0 && pos > 0
              ? [span[0] + extra / 2 + pos - separator.length, span[0] + extra / 2 + pos] // an empty item: its separator
              : [span[0] + extra / 2 + pos + lead, span[0] + extra / 2 + pos + lead + Math.max(1, item.length)];
        const near = item ? (nearest(item, items) ?? aliasOf(t, item, items)) : undefined;
        // The item alone is replaced, where its place in the text is exact.
        const exact = itemSpan !== span || v.trim() === item;
        const fix =
          !exact || !item || !ctx.text
            ? undefined
            : near
              ? valueFix(ctx.text, itemSpan, [near], true)
              : choiceFix(ctx.text, itemSpan, items);
        out.report(
          'delimited-item',
          itemSpan,
          `\`${label}\` item "${item}" is not allowed; items (separated by \`${separator}\`) are ${listOf(items)}.${near ? ` Did you mean \`${near}\`?` : ''}`,
          undefined,
          fix,
        );
      }
      pos += part.length + separator.length;
    }
  }
}

function checkRange(ctx: WalkContext, v: number, span: Span, t: IntType | NumberType, label: string): void {
  if (t.kind === 'int' && t.multipleOf !== undefined && Number.isSafeInteger(v) && v % t.multipleOf !== 0)
    ctx.out.report(
      'value-range',
      span,
      `\`${label}\` is ${v}; it must be a multiple of ${t.multipleOf} (the API server: "should be a multiple of ${t.multipleOf}").`,
    );
  const min = t.minimum;
  const max = t.maximum;
  const exMin = t.exclusiveMinimum;
  const exMax = t.exclusiveMaximum;
  const bad =
    (min !== undefined && v < min) ||
    (max !== undefined && v > max) ||
    (exMin !== undefined && v <= exMin) ||
    (exMax !== undefined && v >= exMax);
  if (!bad) return;
  const lower = exMin !== undefined ? `greater than ${exMin}` : min !== undefined ? `at least ${min}` : '';
  const upper = exMax !== undefined ? `less than ${exMax}` : max !== undefined ? `at most ${max}` : '';
  // The bound the message names, where it is a value (an integer's exclusive bound: the next integer).
  const int = t.kind === 'int';
  const low = min ?? (exMin !== undefined && int ? exMin + 1 : undefined);
  const high = max ?? (exMax !== undefined && int ? exMax - 1 : undefined);
  const below = (min !== undefined && v < min) || (exMin !== undefined && v <= exMin);
  const fix = below
    ? low !== undefined && (high === undefined || low <= high)
      ? boundFix(span, low, 'minimum')
      : undefined
    : high !== undefined && (low === undefined || low <= high)
      ? boundFix(span, high, 'maximum')
      : undefined;
  ctx.out.report(
    'value-range',
    span,
    `\`${label}\` is ${v}; it must be ${[lower, upper].filter(Boolean).join(' and ')}.`,
    undefined,
    fix,
  );
}
