// A CronJob's `schedule` as batch validateScheduleFormat reads it: robfig/cron v3's ParseStandard (five
// fields, or a descriptor such as `@hourly` or `@every 1h`), and from 1.29 no `TZ`/`CRON_TZ` in it (the
// `timeZone` field says it). Anything this reading is not sure of is accepted.

interface Bounds {
  name: string;
  min: number;
  max: number;
  names?: ReadonlyMap<string, number>;
}

const MONTHS: ReadonlyMap<string, number> = new Map(
  ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'].map((m, i) => [m, i + 1]),
);
const DAYS: ReadonlyMap<string, number> = new Map(
  ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'].map((d, i) => [d, i]),
);

const FIELDS: readonly Bounds[] = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12, names: MONTHS },
  { name: 'day of week', min: 0, max: 6, names: DAYS },
];

/** robfig's descriptors (parseDescriptor); `@every` takes a Go duration. */
const DESCRIPTORS: ReadonlySet<string> = new Set([
  '@yearly',
  '@annually',
  '@monthly',
  '@weekly',
  '@daily',
  '@midnight',
  '@hourly',
]);

/** Go's time.ParseDuration, as far as `@every` needs it: a sequence of numbers with units. */
const GO_DURATION =
  /^[-+]?0$|^[-+]?(\d+(\.\d*)?|\.\d+)(ns|us|µs|μs|ms|s|m|h)((\d+(\.\d*)?|\.\d+)(ns|us|µs|μs|ms|s|m|h))*$/;

/** What is wrong with a schedule (robfig's complaint in words), or undefined. */
export function scheduleProblem(schedule: string, minor: number): string | undefined {
  // validateScheduleFormat: `strings.Contains(schedule, "TZ")` on create, from 1.29 (kubernetes/kubernetes#116252; the
  // website documents the refusal "starting with Kubernetes 1.29"): earlier releases are not judged on it.
  if (minor >= 29 && schedule.includes('TZ'))
    return 'must not name a time zone (`TZ=`/`CRON_TZ=`): write the zone in `spec.timeZone` and the schedule without it';
  let s = schedule.trim();
  // robfig: a leading TZ=/CRON_TZ= is the parser's own (earlier releases took it).
  const tz = /^(CRON_TZ|TZ)=(\S*)\s*/.exec(s);
  if (tz) s = s.slice(tz[0].length);
  if (s === '') return 'is empty: write five fields (`*/5 * * * *`) or a descriptor (`@hourly`)';
  if (s.startsWith('@')) {
    if (DESCRIPTORS.has(s)) return undefined;
    if (s.startsWith('@every ')) {
      const d = s.slice('@every '.length);
      return GO_DURATION.test(d)
        ? undefined
        : `has \`@every ${d}\`, whose duration Go cannot read: write one such as \`@every 1h30m\``;
    }
    return `has an unknown descriptor \`${s}\`: write \`@yearly\`, \`@monthly\`, \`@weekly\`, \`@daily\`, \`@hourly\` or \`@every <duration>\``;
  }
  const fields = s.split(/\s+/);
  if (fields.length !== 5)
    return `has ${fields.length} field${fields.length === 1 ? '' : 's'}: write exactly five (minute, hour, day of month, month, day of week)`;
  for (let i = 0; i < 5; i++) {
    const why = fieldProblem(fields[i], FIELDS[i]);
    if (why) return why;
  }
  return undefined;
}

/** robfig getField/getRange: comma-separated ranges `*`, `?`, `a`, `a-b`, each with an optional `/step`. */
function fieldProblem(field: string, b: Bounds): string | undefined {
  for (const range of field.split(',')) {
    const [span, step, ...more] = range.split('/');
    if (more.length > 0) return `has \`${range}\` in the ${b.name} field: one \`/\` at most`;
    const ends = span.split('-');
    if (ends.length > 2 && ends[0] !== '*' && ends[0] !== '?')
      return `has \`${range}\` in the ${b.name} field: one \`-\` at most`;
    let start = b.min;
    let end = b.max;
    // robfig reads a range starting with `*` or `?` as the whole range, whatever follows its `-`.
    if (ends[0] !== '*' && ends[0] !== '?') {
      const first = valueOf(ends[0], b);
      if (typeof first === 'string') return first;
      start = first;
      end = first;
      if (ends.length === 2) {
        const last = valueOf(ends[1], b);
        if (typeof last === 'string') return last;
        end = last;
      } else if (step !== undefined) end = b.max;
    }
    if (step !== undefined) {
      const n = number(step);
      if (n === undefined || n < 0) return `has a step \`${step}\` in the ${b.name} field that is not a number`;
      if (n === 0) return `has a step of 0 in the ${b.name} field: write 1 or more`;
    }
    if (start < b.min) return `has ${start} in the ${b.name} field, below its minimum ${b.min}`;
    if (end > b.max) return `has ${end} in the ${b.name} field, above its maximum ${b.max}`;
    if (start > end) return `has the range \`${span}\` in the ${b.name} field, whose start is after its end`;
  }
  return undefined;
}

/** strconv.Atoi of a non-negative number (robfig mustParseInt), or undefined. */
function number(s: string): number | undefined {
  if (!/^[-+]?\d{1,9}$/.test(s)) return undefined;
  return Math.abs(Number(s)) === 0 ? 0 : Number(s);
}

/** A field's value: a number or (month, day of week) a name, case-insensitive (robfig parseIntOrName). */
function valueOf(s: string, b: Bounds): number | string {
  const named = b.names?.get(s.toLowerCase());
  if (named !== undefined) return named;
  const n = number(s);
  if (n === undefined || n < 0)
    return `has \`${s}\` in the ${b.name} field: write a number from ${b.min} to ${b.max}${b.names ? ' or a three-letter name' : ''}`;
  return n;
}
