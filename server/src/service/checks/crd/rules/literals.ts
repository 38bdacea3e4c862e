// Literal arguments as cel-go reads them: a duration as Go's `time.ParseDuration` takes it, a timestamp as
// RFC 3339. Kubernetes refuses a rule whose `duration('…')` or `timestamp('…')` literal does not parse
// (cel-go's ValidateDurationLiterals and ValidateTimestampLiterals), and a duration string that Go refuses
// at run time is the manifest's error.

/** Go's duration syntax: signed, a sequence of decimal numbers each with a unit; `0` alone. */
const GO_DURATION = /^[-+]?(?:(?:\d+(?:\.\d*)?|\.\d+)(?:ns|us|\u00b5s|\u03bcs|ms|s|m|h))+$/;
const UNIT_NS: Readonly<Record<string, number>> = {
  ns: 1,
  us: 1e3,
  '\u00b5s': 1e3,
  '\u03bcs': 1e3,
  ms: 1e6,
  s: 1e9,
  m: 60e9,
  h: 3600e9,
};
/** Go's int64 nanoseconds: about 292 years. */
const MAX_NS = 9.223372036854776e18;

/**
 * Whether Go's `time.ParseDuration` takes `text` (its grammar, and its range: a duration over about 292
 * years overflows). Near the limit, rounding could differ from Go's: there a duration counts as valid.
 */
export function isGoDuration(text: string): boolean {
  if (/^[-+]?0$/.test(text)) return true;
  if (!GO_DURATION.test(text)) return false;
  let ns = 0;
  for (const m of text.matchAll(/(\d+(?:\.\d*)?|\.\d+)(ns|us|\u00b5s|\u03bcs|ms|s|m|h)/g))
    ns += Number(m[1]) * UNIT_NS[m[2]];
  return ns <= MAX_NS * 1.001;
}

/** RFC 3339 as Go's `time.Parse(time.RFC3339, …)` takes it (fields in range are not checked: lenient). */
export const isRfc3339 = (text: string): boolean =>
  /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2})$/.test(text);
