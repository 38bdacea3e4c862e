// cel-go's `string.format(list)` (ext/formatting.go, strings extension version 2 as Kubernetes declares it, so
// the locale is cel-go's default, en_US): the clauses `%s`, `%d`, `%f` and `%e` (precision 6 by default),
// `%b`, `%x`/`%X`, `%o` and `%%`, with cel-go's errors in its words ("error during formatting: decimal clause
// can only be used on integers, was given string"). `%f` and `%e` go through Go's locale printer
// (goLocalePrinter.ts: `1,234.500000`, `3.140000×10⁰⁰`); `%s` of a double is Go's `%g`, of a timestamp or
// duration its `string()`; in a list or map a double is `%.6f` without the printer, a timestamp
// `timestamp("…")`. What cannot be told here (a timestamp whose offset the product lost, a width or
// precision past Go's printer's bounds) is not guessed: a plain Error, which ruleErrors.ts reads as our
// engine's limit.
import { isDataObject } from '../celLists';
import { formatDuration, formatTimestamp } from '../celTime';
import { fail } from './define';
import { formatFixed, formatShortest } from './goDecimal';
import { localeFixed, localeScientific, MAX_WIDTH_OR_PRECISION } from './goLocalePrinter';

/** cel-js's evaluator, which calls a library function with itself as `this`: it names a value's CEL type. */
export type TypeNamer = { debugType(v: unknown): { name: string } };

/** cel-go's default precision of `%f` and `%e`, and the digits of a double in a list or map. */
const DEFAULT_PRECISION = 6;

/**
 * The widest `%e` padded here (cel-go pads to any width up to a million): past it the text is mostly spaces,
 * and a rule may format once per step of a million, so our memory stays bounded (`%f` writes at most ~1,500).
 */
const MAX_SCIENTIFIC_WIDTH = 1_000;

const unsupported = (what: string): never => {
  throw new Error(`string.format: ${what} is not rendered here as cel-go renders it`);
};

/** cel-go's type names in its messages (`null_type`, `list`, `map`). */
function typeName(v: unknown, t: TypeNamer): string {
  const name = t.debugType(v).name;
  if (name.startsWith('list')) return 'list';
  if (name.startsWith('map')) return 'map';
  return name === 'null' ? 'null_type' : name;
}

/** Go's `strconv.Quote` (`%q`): printable characters kept, the rest escaped. */
function goQuote(s: string): string {
  let out = '"';
  for (const c of s) {
    const code = c.codePointAt(0)!;
    if (c === '"' || c === '\\') out += `\\${c}`;
    else if (c === '\x07') out += '\\a';
    else if (c === '\b') out += '\\b';
    else if (c === '\f') out += '\\f';
    else if (c === '\n') out += '\\n';
    else if (c === '\r') out += '\\r';
    else if (c === '\t') out += '\\t';
    else if (c === '\v') out += '\\v';
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else if (code >= 0x80 && code < 0xa0) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else if (code >= 0xd800 && code <= 0xdfff) out += '\\ufffd';
    else out += c;
  }
  return `${out}"`;
}

/** A timestamp's or a duration's `string()` (cel-go's ConvertToType), or `undefined` for another value. */
function timeText(v: unknown, name: string): string | undefined {
  if (name === 'google.protobuf.Timestamp') return formatTimestamp(v as Date);
  if (name === 'google.protobuf.Duration') return formatDuration(v as { seconds: bigint; nanos: number });
  return undefined;
}

/** The string a double-taking clause reads: cel-go also takes the strings "NaN", "Infinity", "-Infinity". */
function doubleArg(v: unknown, name: string): number | undefined {
  if (name === 'double') return v as number;
  if (name === 'string' && ['NaN', 'Infinity', '-Infinity'].includes(v as string)) return Number(v);
  return undefined;
}

function integerText(v: unknown, t: TypeNamer, radix: number): string | undefined {
  const name = typeName(v, t);
  if (name === 'int' && typeof v === 'bigint') return v.toString(radix);
  if (name === 'uint') return BigInt(String(v)).toString(radix);
  return undefined;
}

/** `%s` of a value (cel-go's FormatString). */
function formatString(v: unknown, t: TypeNamer): string {
  const name = typeName(v, t);
  switch (name) {
    case 'list':
      return formatList(v as unknown[], t);
    case 'map':
      return formatMap(v, t);
    case 'int':
    case 'uint':
      return String(v);
    case 'double':
      return formatShortest(v as number);
    case 'bool':
      return String(v);
    case 'string':
      return v as string;
    case 'bytes':
      return new TextDecoder().decode(v as Uint8Array);
    case 'null_type':
      return 'null';
    case 'type':
      return typeValueName(v);
    case 'google.protobuf.Timestamp':
    case 'google.protobuf.Duration':
      return timeText(v, name) as string;
    default:
      return fail(
        `error during formatting: string clause can only be used on strings, bools, bytes, ints, doubles, maps, lists, types, durations, and timestamps, was given ${name}`,
      );
  }
}

/** A type value's name as cel-go's `string()` of it gives it (`null_type` for null's). */
function typeValueName(v: unknown): string {
  const name = (v as { name: string }).name;
  return name === 'null' ? 'null_type' : name;
}

/** A list or map member as cel-go writes it there (clauseForType, then quoteForCEL). */
function member(v: unknown, t: TypeNamer): string {
  const name = typeName(v, t);
  switch (name) {
    case 'int':
    case 'uint':
      return String(v);
    case 'string':
      return goQuote(v as string);
    case 'bytes':
      return `b${goQuote(new TextDecoder().decode(v as Uint8Array))}`;
    case 'bool':
    case 'null_type':
    case 'type':
      return formatString(v, t);
    case 'double': {
      // fmt.Sprintf("%.6f"), not the locale printer, so that the text reads back as a CEL literal.
      const x = v as number;
      const text = formatFixed(x, DEFAULT_PRECISION);
      return Number.isFinite(x) ? text : goQuote(text);
    }
    case 'google.protobuf.Timestamp':
      return `timestamp(${goQuote(timeText(v, name) as string)})`;
    case 'google.protobuf.Duration':
      return `duration(${goQuote(timeText(v, name) as string)})`;
    case 'list':
      return formatList(v as unknown[], t);
    case 'map':
      return formatMap(v, t);
    default:
      return fail(`no formatting function for ${name}`);
  }
}

function formatList(list: unknown[], t: TypeNamer): string {
  return `[${list.map((x) => member(x, t)).join(', ')}]`;
}

/**
 * A map's entries. A map the rule wrote is a plain object in cel-js whose int and bool keys became strings
 * (`{1: 'a'}` holds `'1'`): where a key may have been one, cel-go's text (`1:` or `"1":`) is not known.
 */
function entriesOf(m: unknown): [unknown, unknown][] {
  if (m instanceof Map) return [...m.entries()];
  const o = m as Record<string, unknown>;
  const entries = Object.entries(o);
  // A manifest's object answers to a reserved word's field under both names (`namespace`, `__namespace__`:
  // celNames.ts); the API server's map iterates the escaped one alone (valuesunstructured.go Iterator).
  if (isDataObject(o)) return entries.filter(([k, v]) => !(`__${k}__` in o && o[`__${k}__`] === v));
  if (!isDataObject(m as object) && entries.some(([k]) => /^(?:-?\d+|true|false)$/.test(k)))
    unsupported("a map whose keys may be ints or bools (the product's engine holds them as strings)");
  return entries;
}

function formatMap(m: unknown, t: TypeNamer): string {
  const pairs = entriesOf(m).map(([k, v]) => {
    const kn = typeName(k, t);
    let key: string;
    if (kn === 'string') key = goQuote(k as string);
    else if (kn === 'bool' || kn === 'int' || kn === 'uint') key = String(k);
    else return fail(`no formatting function for map key of type ${kn}`);
    return { key, value: member(v, t) };
  });
  // Go sorts the quoted keys as strings (byte order: code points for these).
  pairs.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return `{${pairs.map((p) => `${p.key}:${p.value}`).join(', ')}}`;
}

const formatting = (message: string): never => fail(`error during formatting: ${message}`);

/** One clause (`s`, `d`, `f`…) of `arg`, with its precision. */
function clause(c: string, precision: number | undefined, arg: unknown, t: TypeNamer): string {
  const name = typeName(arg, t);
  switch (c) {
    case 's':
      return formatString(arg, t);
    case 'd':
      return integerText(arg, t, 10) ?? formatting(`decimal clause can only be used on integers, was given ${name}`);
    case 'f': {
      const x = doubleArg(arg, name);
      if (x === undefined) return formatting(`fixed-point clause can only be used on doubles, was given ${name}`);
      const p = precision ?? DEFAULT_PRECISION;
      if (p > MAX_WIDTH_OR_PRECISION) return unsupported(`a precision over ${MAX_WIDTH_OR_PRECISION}`);
      return localeFixed(x, p);
    }
    case 'e': {
      const x = doubleArg(arg, name);
      if (x === undefined) return formatting(`scientific clause can only be used on doubles, was given ${name}`);
      // cel-go writes the clause's precision as the printer's width (`%<p>e`): the digits stay 6.
      const width = precision ?? DEFAULT_PRECISION;
      if (width > MAX_SCIENTIFIC_WIDTH) return unsupported(`a scientific clause ${width} characters wide`);
      return localeScientific(x, width);
    }
    case 'b':
      if (name === 'bool') return arg ? '1' : '0';
      return (
        integerText(arg, t, 2) ?? formatting(`only integers and bools can be formatted as binary, was given ${name}`)
      );
    case 'x':
    case 'X': {
      let hex = integerText(arg, t, 16);
      if (hex === undefined && name === 'string') hex = Buffer.from(arg as string, 'utf8').toString('hex');
      if (hex === undefined && name === 'bytes') hex = Buffer.from(arg as Uint8Array).toString('hex');
      if (hex === undefined)
        return formatting(`only integers, byte buffers, and strings can be formatted as hex, was given ${name}`);
      return c === 'X' ? hex.toUpperCase() : hex;
    }
    case 'o':
      return integerText(arg, t, 8) ?? formatting(`octal clause can only be used on integers, was given ${name}`);
    default:
      return fail(`could not parse formatting clause: unrecognized formatting clause "${c}"`);
  }
}

/** The clause letter at `j` as cel-go reads it: one byte, so a character past ASCII is its first UTF-8 byte. */
function clauseLetter(format: string, j: number): string {
  const c = format[j];
  return c <= '\x7f' ? c : String.fromCharCode(Buffer.from(String.fromCodePoint(format.codePointAt(j)!))[0]);
}

/**
 * cel-go's parseFormatString: `format` with `argCount` arguments, `clause(letter, precision, index)` writing
 * each clause, in cel-go's order of errors ("index 2 out of range", "unexpected end of string", a precision
 * that does not parse; `checking`: the order of cel-go's check of a literal call). At run time the clauses write the arguments; cel-go's check of a literal format call
 * (ruleFormatCalls.ts) runs the same scan on their types.
 */
export function scanFormat(
  format: string,
  argCount: number,
  clause: (letter: string, precision: number | undefined, index: number) => string,
  checking = false,
): string {
  let out = '';
  let argIndex = 0;
  let i = 0;
  while (i < format.length) {
    if (format[i] !== '%') {
      out += format[i++];
      continue;
    }
    if (format[i + 1] === '%') {
      out += '%';
      i += 2;
      continue;
    }
    // At run time the argument is fetched first; cel-go's check fetches none, so the format's end is first.
    if (!checking && argIndex >= argCount) fail(`index ${argIndex} out of range`);
    if (i + 1 >= format.length) fail('unexpected end of string');
    if (argIndex >= argCount) fail(`index ${argIndex} out of range`);
    let j = i + 1;
    let precision: number | undefined;
    if (format[j] === '.') {
      j++;
      const start = j;
      while (j < format.length && format[j] >= '0' && format[j] <= '9') j++;
      if (j >= format.length)
        fail(
          'could not parse formatting clause: error while parsing precision: could not find end of precision specifier',
        );
      const digits = format.slice(start, j);
      if (digits === '')
        fail(
          'could not parse formatting clause: error while parsing precision: error while converting precision to integer: strconv.Atoi: parsing "": invalid syntax',
        );
      if (BigInt(digits) > 9223372036854775807n)
        fail(
          `could not parse formatting clause: error while parsing precision: error while converting precision to integer: strconv.Atoi: parsing ${goQuote(digits)}: value out of range`,
        );
      precision = Number(digits);
    }
    const letter = clauseLetter(format, j);
    if (!CLAUSES.has(letter)) fail(`could not parse formatting clause: unrecognized formatting clause "${letter}"`);
    out += clause(letter, precision, argIndex);
    i = j + 1;
    argIndex++;
  }
  return out;
}

/** The clause letters cel-go knows. */
const CLAUSES: ReadonlySet<string> = new Set(['s', 'd', 'f', 'e', 'b', 'x', 'X', 'o']);

/** cel-go's string.format at run time: `format` with `args`. */
export function formatStringWith(t: TypeNamer, format: string, args: unknown[]): string {
  return scanFormat(format, args.length, (letter, precision, index) => clause(letter, precision, args[index], t));
}
