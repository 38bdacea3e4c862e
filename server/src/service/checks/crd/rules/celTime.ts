// cel-go's timestamps and durations where cel-js's differ from them (Kubernetes runs cel-go's): a time zone
// argument of the timestamp getters may be an offset (`getHours('01:00')`, `'-05:30'`, parsed as cel-go
// parses it) as well as an IANA name; `string()` of a timestamp is RFC 3339 in the value's own offset (Go's
// `RFC3339Nano`), of a duration its seconds (`"3723.004s"`); `duration('0')` is Go's zero duration. A
// timestamp keeps the offset Go's time.Parse keeps (`timestamp('…+01:00')`, a date-time field), through
// `+` and `-` of a duration (Go's Time.Add keeps the location); `timestamp(int)` is UTC. cel-js lets no
// overload be replaced, so a parsed rule's calls are renamed to ours (as celStrings.ts does), and its `+`
// and `-` handlers wrapped.
import type * as CelJs from '@marcbachmann/cel-js';
import { forEachNode } from './celAst';
import { fail } from './library/define';

const TS = 'google.protobuf.Timestamp';
const DURATION = 'google.protobuf.Duration';
const ours = (name: string) => `__go_${name}__`;

/** The timestamp getters that take a time zone (their one-argument form is renamed). */
const GETTERS: ReadonlyMap<string, (d: Date) => number> = new Map([
  ['getDate', (d: Date) => d.getUTCDate()],
  ['getDayOfMonth', (d: Date) => d.getUTCDate() - 1],
  ['getDayOfWeek', (d: Date) => d.getUTCDay()],
  [
    'getDayOfYear',
    (d: Date) =>
      Math.round((Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()) - yearStart(d)) / 86_400_000),
  ],
  ['getFullYear', (d: Date) => d.getUTCFullYear()],
  ['getHours', (d: Date) => d.getUTCHours()],
  ['getMilliseconds', (d: Date) => d.getUTCMilliseconds()],
  ['getMinutes', (d: Date) => d.getUTCMinutes()],
  ['getMonth', (d: Date) => d.getUTCMonth()],
  ['getSeconds', (d: Date) => d.getUTCSeconds()],
]);

/** January 1st of `d`'s year, at midnight UTC (years below 100 too, which Date.UTC would move). */
function yearStart(d: Date): number {
  const s = new Date(0);
  s.setUTCFullYear(d.getUTCFullYear(), 0, 1);
  return s.getTime();
}

/** Our engine's limit (not the rule's): a plain Error, which ruleErrors.ts takes as "not evaluated". */
const unsupported = (why: string): never => {
  throw new Error(why);
};

/** Go's strconv.Atoi, within what an offset can mean (a larger number is left to cel-go: not evaluated). */
function atoi(s: string): number {
  if (!/^[+-]?\d+$/.test(s)) fail(`strconv.Atoi: parsing ${JSON.stringify(s)}: invalid syntax`);
  // Past a million hours Go's arithmetic on the offset overflows: not ours to imitate.
  if (s.replace(/^[+-]?0*/, '').length > 6) unsupported(`time zone offset out of range: ${s}`);
  return Number(s);
}

/** The offset from UTC, in seconds, of the zone `tz` names at the instant `d` (cel-go's timeZone). */
function zoneOffset(d: Date, tz: string): number {
  const colon = tz.indexOf(':');
  if (colon >= 0) {
    // cel-go: hours and minutes each by strconv.Atoi; a leading '-' subtracts the minutes.
    const hours = atoi(tz.slice(0, colon));
    const minutes = atoi(tz.slice(colon + 1));
    // Minutes outside [0, 59] were taken as they are until cel-go 0.27, which refuses them: either may run.
    if (minutes < 0 || minutes > 59) unsupported(`time zone offset minutes out of range: ${tz}`);
    return (tz.startsWith('-') ? hours * 60 - minutes : hours * 60 + minutes) * 60;
  }
  // time.LoadLocation: "" and "UTC" are UTC; "Local" is the API server's own zone, which we cannot know.
  if (tz === '' || tz === 'UTC') return 0;
  if (tz === 'Local') return unsupported('the time zone "Local" is the API server\'s own');
  let parts: Intl.DateTimeFormatPart[];
  try {
    // A name as Go's tz database files it (Intl also takes other spellings: `+01:00`, any case).
    if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(tz)) throw new RangeError(tz);
    const format = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    const resolved = format.resolvedOptions().timeZone;
    if (resolved !== tz && resolved.toLowerCase() === tz.toLowerCase()) throw new RangeError(tz);
    parts = format.formatToParts(d);
  } catch {
    // Go's tz database and the runtime's may not name the same zones: not the manifest's error.
    return unsupported(`unknown time zone ${tz}`);
  }
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const era = parts.find((p) => p.type === 'era')?.value;
  const local = new Date(0);
  local.setUTCFullYear(era === 'BC' ? 1 - part('year') : part('year'), part('month') - 1, part('day'));
  local.setUTCHours(part('hour'), part('minute'), part('second'));
  return Math.round((local.getTime() - (d.getTime() - d.getUTCMilliseconds())) / 1000);
}

/** `d` shifted by its zone's offset: its UTC fields are the fields in that zone. */
const inZone = (d: Date, tz: string): Date => new Date(d.getTime() + zoneOffset(d, tz) * 1000);

/**
 * The offset from UTC (seconds) each timestamp value holds, where the product knows it: a `date-time` string
 * or a `timestamp('…')` keeps its own, as the API server's value does, and `string()` prints it. A timestamp
 * read from a text finer than a millisecond (a Date cannot hold it) has none here: its string is not given.
 */
const offsets = new WeakMap<Date, number>();

/** Records the offset a timestamp read from `text` (RFC 3339, `Z` or `±hh:mm`) holds. */
export function keepOffset(d: Date, text: string): Date {
  const m = /([+-])(\d{2}):(\d{2})$/.exec(text);
  offsets.set(d, m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 3600 + Number(m[3]) * 60) : 0);
  return d;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** Go's `t.Format(time.RFC3339Nano)` in the value's own offset: fractions without trailing zeros. */
export function formatTimestamp(d: Date): string {
  const offset = offsets.get(d);
  if (offset === undefined)
    return unsupported(
      'string() of a timestamp read from a text the product does not hold exactly (finer than a millisecond): its offset is not kept',
    );
  const t = new Date(d.getTime() + offset * 1000);
  const ms = t.getUTCMilliseconds();
  const fraction = ms === 0 ? '' : `.${pad(ms, 3).replace(/0+$/, '')}`;
  const zone =
    offset === 0
      ? 'Z'
      : `${offset < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(offset) / 3600), 2)}:${pad(Math.floor((Math.abs(offset) % 3600) / 60), 2)}`;
  return (
    `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1, 2)}-${pad(t.getUTCDate(), 2)}` +
    `T${pad(t.getUTCHours(), 2)}:${pad(t.getUTCMinutes(), 2)}:${pad(t.getUTCSeconds(), 2)}${fraction}${zone}`
  );
}

/** Go's `strconv.FormatFloat(x, 'f', -1, 64)`: the shortest digits that read back as `x`, never an exponent. */
export function goFloatF(x: number): string {
  const s = String(x);
  const m = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(s);
  if (!m) return s;
  const digits = m[2] + (m[3] ?? '');
  const exp = Number(m[4]);
  if (exp < 0) return `${m[1]}0.${'0'.repeat(-exp - 1)}${digits}`;
  return (
    m[1] +
    (digits.length <= exp + 1 ? digits.padEnd(exp + 1, '0') : `${digits.slice(0, exp + 1)}.${digits.slice(exp + 1)}`)
  );
}

/** cel-go's string of a duration: its seconds as Go's `d.Seconds()` float, then `s`. */
export function formatDuration(d: { seconds: bigint; nanos: number }): string {
  return `${goFloatF(Number(d.seconds) + d.nanos / 1e9)}s`;
}

/**
 * RFC 3339 as Go's time.Parse takes it with cel-go's layout (upper-case `T` and `Z`), exact in milliseconds
 * (further digits only zeros): then the Date cel-js makes of it holds the instant, and the offset is kept.
 */
const EXACT_RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3}0*)?(Z|[+-]\d{2}:\d{2})$/;

/** The offset a timestamp `t ± d` keeps: its operand's (Go's Time.Add and Sub keep the location). */
function keepArithmeticOffset(out: unknown, l: unknown, r: unknown): unknown {
  if (!(out instanceof Date)) return out;
  const from = l instanceof Date ? l : r instanceof Date ? r : undefined;
  const offset = from && offsets.get(from);
  if (offset !== undefined) offsets.set(out, offset);
  return out;
}

type Handle = (l: unknown, r: unknown, ast: unknown, ev: unknown) => unknown;
type Typed = { checkedType?: { name?: string; hasDynType?: boolean } };
type Binary = { op: string; handle: Handle; left?: Typed; right?: Typed };
type Check = (this: unknown, chk: unknown, ast: Binary, ctx: unknown) => unknown;

/**
 * `+` and `-` as cel-js checks them, then their handler (set by the check) keeping a timestamp's offset. cel-js
 * types `duration + timestamp` as a duration (its overload's declared result); cel-go as a timestamp, or as
 * dyn when the right side is dyn (two overloads of different results fit): the right side's type either way.
 */
function checkKeepingOffset(check: Check): Check {
  return function (this: unknown, chk, ast, ctx) {
    let type = check.call(this, chk, ast, ctx);
    const right = ast.right?.checkedType;
    if (
      ast.op === '+' &&
      ast.left?.checkedType?.name === DURATION &&
      right &&
      (right.name === TS || right.hasDynType === true)
    )
      type = right;
    const handle = ast.handle;
    ast.handle = (l, r, a, e) => keepArithmeticOffset(handle(l, r, a, e), l, r);
    return type;
  };
}

/** Declares our overloads (under names no rule can mean) and cel-js's missing `string()` of time values. */
export function declareGoTime(env: CelJs.Environment): void {
  for (const [name, get] of GETTERS)
    env.registerFunction(`${TS}.${ours(name)}(string): int`, (d: Date, tz: string) => BigInt(get(inZone(d, tz))));
  env.registerFunction(`string(${TS}): string`, (d: Date) => formatTimestamp(d));
  env.registerFunction('string(google.protobuf.Duration): string', (d: { seconds: bigint; nanos: number }) =>
    formatDuration(d),
  );
  // Go's time.ParseDuration takes "0" (signed or not) without a unit; cel-js's parser does not. Anything
  // else is cel-js's own duration(), parsed once on first use (the environment is complete by then).
  const programs: { zero?: CelJs.ParseResult; parse?: CelJs.ParseResult; timestamp?: CelJs.ParseResult } = {};
  env.registerFunction(`${ours('duration')}(string): google.protobuf.Duration`, (text: string) => {
    if (/^[+-]?0$/.test(text)) return (programs.zero ??= env.parse("duration('0s')"))();
    return (programs.parse ??= env.parse('duration(text)'))({ text });
  });
  env.registerFunction(`${ours('duration')}(google.protobuf.Duration): google.protobuf.Duration`, (d: unknown) => d);
  // cel-js's timestamp(), with the offset cel-go's value keeps: the text's own, UTC from an integer.
  const timestamp = (v: unknown): Date => (programs.timestamp ??= env.parse('timestamp(v)'))({ v }) as Date;
  env.registerFunction(`${ours('timestamp')}(string): ${TS}`, (text: string) => {
    const d = timestamp(text);
    const m = EXACT_RFC3339.exec(text);
    return m ? keepOffset(d, m[1]) : d;
  });
  env.registerFunction(`${ours('timestamp')}(int): ${TS}`, (i: bigint) => keepOffset(timestamp(i), 'Z'));
  env.registerFunction(`${ours('timestamp')}(${TS}): ${TS}`, (d: Date) => d);
}

/** Renames a parsed rule's calls of those functions to ours, and wraps `+` and `-` (before its first run). */
export function useGoTime(root: CelJs.ASTNode): void {
  forEachNode(root, (x) => {
    if (x.op === '+' || x.op === '-') x.meta.check = checkKeepingOffset(x.meta.check as Check);
    if (!Array.isArray(x.args) || typeof x.args[0] !== 'string') return;
    if (x.op === 'rcall' && GETTERS.has(x.args[0]) && Array.isArray(x.args[2]) && x.args[2].length === 1)
      x.args[0] = ours(x.args[0]);
    else if (
      x.op === 'call' &&
      (x.args[0] === 'duration' || x.args[0] === 'timestamp') &&
      Array.isArray(x.args[1]) &&
      x.args[1].length === 1
    )
      x.args[0] = ours(x.args[0]);
  });
}
