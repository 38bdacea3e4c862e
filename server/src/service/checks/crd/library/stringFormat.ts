// cel-go's `string.format(list)` (ext/formatting.go, strings extension): the clauses `%s`, `%d`, `%f` (with a
// precision, 3 by default), `%b`, `%x`/`%X`, `%o` and `%%`, with cel-go's errors in its words ("error during
// formatting: decimal clause can only be used on integers, was given string"). What our values cannot render
// as Go does (`%e`, a timestamp or duration, a fixed-point tie or a number Go's locale printer groups) is not
// guessed: the rule gives no verdict there (a plain Error, which ruleErrors.ts reads as our engine's limit).
import { fail } from './define';

/** cel-js's evaluator, which calls a library function with itself as `this`: it names a value's CEL type. */
export type TypeNamer = { debugType(v: unknown): { name: string } };

/** cel-go's default precision of `%f`. */
const DEFAULT_PRECISION = 3;

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

/** Go's `strconv.FormatFloat(x, 'g', -1, 64)`: cel-go's `string(double)`. */
function goFloat(x: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x)) return x > 0 ? '+Inf' : '-Inf';
  if (x === 0) return Object.is(x, -0) ? '-0' : '0';
  const [mantissa, e] = x.toExponential().split('e');
  const exp = Number(e);
  if (exp < -4 || exp >= 21) return `${mantissa}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
  // JavaScript writes the same shortest digits in plain notation in this range.
  return String(x);
}

/** Go's `%.<p>f` of a double, where it is certain: no tie at the last digit, no locale grouping (|x| < 1000). */
function fixed(x: number, p: number): string {
  if (!Number.isFinite(x)) return unsupported('a fixed-point NaN or infinity');
  if (Math.abs(x) >= 1000) return unsupported("a number Go's locale printer may group");
  if (p > 60) return unsupported('a precision over 60');
  const longer = x.toFixed(Math.min(100, p + 30));
  const rest = longer.slice(longer.indexOf('.') + 1 + p);
  if (/^50*$/.test(rest)) return unsupported('a fixed-point value halfway between two roundings');
  return x.toFixed(p);
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
      return goFloat(v as number);
    case 'bool':
      return String(v);
    case 'string':
      return v as string;
    case 'bytes':
      return new TextDecoder().decode(v as Uint8Array);
    case 'null_type':
      return 'null';
    case 'google.protobuf.Timestamp':
    case 'google.protobuf.Duration':
    case 'type':
      return unsupported(`a ${name}`);
    default:
      return fail(
        `error during formatting: string clause can only be used on strings, bools, bytes, ints, doubles, maps, lists, types, durations, and timestamps, was given ${name}`,
      );
  }
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
      return formatString(v, t);
    case 'double': {
      const x = v as number;
      return Number.isFinite(x) ? fixed(x, DEFAULT_PRECISION) : unsupported('a NaN or infinity in a list');
    }
    case 'list':
      return formatList(v as unknown[], t);
    case 'map':
      return formatMap(v, t);
    default:
      return name.startsWith('google.protobuf.') || name === 'type'
        ? unsupported(`a ${name}`)
        : fail(`no formatting function for ${name}`);
  }
}

function formatList(list: unknown[], t: TypeNamer): string {
  return `[${list.map((x) => member(x, t)).join(', ')}]`;
}

function entriesOf(m: unknown): [unknown, unknown][] {
  if (m instanceof Map) return [...m.entries()];
  return Object.entries(m as Record<string, unknown>);
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
      if (name === 'string' && ['NaN', 'Infinity', '-Infinity'].includes(arg as string))
        return unsupported('a fixed-point NaN or infinity');
      if (name !== 'double') return formatting(`fixed-point clause can only be used on doubles, was given ${name}`);
      return fixed(arg as number, precision ?? DEFAULT_PRECISION);
    }
    case 'e':
      if (name !== 'double' && !(name === 'string' && ['NaN', 'Infinity', '-Infinity'].includes(arg as string)))
        return formatting(`scientific clause can only be used on doubles, was given ${name}`);
      return unsupported('the scientific clause');
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

/** cel-go's parseFormatString at run time: `format` with `args`. */
export function formatStringWith(t: TypeNamer, format: string, args: unknown[]): string {
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
    if (argIndex >= args.length) fail(`index ${argIndex} out of range`);
    if (i + 1 >= format.length) fail('unexpected end of string');
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
      precision = Number(digits);
    }
    out += clause(format[j], precision, args[argIndex], t);
    i = j + 1;
    argIndex++;
  }
  return out;
}
