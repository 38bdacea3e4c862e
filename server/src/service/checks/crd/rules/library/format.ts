// Kubernetes' format library (k8s.io/apiserver/pkg/cel/library/format.go): `format.named(name)` and
// `format.dns1123Label()`… give a format; `f.validate(s)` gives no value when `s` is valid, else the list of
// what is wrong, in apimachinery's words (validation.IsDNS1123Label…) or strfmt's (uri, uuid, byte, date,
// datetime: the model's checks of a CRD's formats, which are strfmt's).
import { type ASTNode, type Environment, Optional } from '@marcbachmann/cel-js';
import { forEachNode } from '../celAst';
import { lazy } from '../../../../core/memo';
import { define, namespace, valueType } from './define';
import { actualSize, FLAT, REGEX_LENGTH, TRAVERSAL, type LibraryCosts } from './cost';
import { isStrfmtDate } from '../../../../../model/goFormats';
import { parseRequestUri } from '../../../../../model/goUrl';
import { isStrfmtBase64, isStrfmtDateTime, isStrfmtUUID } from '../../../../../model/strfmtFormats';

export class KubernetesFormat {
  constructor(
    readonly name: string,
    readonly validate: (s: string) => string[],
  ) {}
}

const T = 'kubernetes.NamedFormat';

/** apimachinery's `RegexError`: the examples each followed by `', '`, joined with ` or `. */
const regexError = (msg: string, fmt: string, ...examples: string[]) =>
  `${msg} (${examples.length ? `e.g. ${examples.map((e) => `'${e}', `).join(' or ')}` : ''}regex used for validation is '${fmt}')`;
/**
 * `MaxLenError` has two wordings: util/validation's (the DNS names: `characters`) and, from Kubernetes 1.35,
 * api/validate/content's (label keys and values, which moved there: `bytes`).
 */
const maxLen = (n: number) => `must be no more than ${n} characters`;
const maxBytes = (n: number) => `must be no more than ${n} bytes`;

/** The first minor whose API server words label keys and values as api/validate/content does. */
const CONTENT_WORDS_MINOR = 35;

/** The release a compiled rule runs for (set before each run): the words of its format messages. */
export interface FormatWords {
  minor: number;
}

/**
 * A message in util/validation's words, which the API server before 1.35 gives for `qualifiedName` and
 * `labelValue` (`a qualified name …`, limits in characters): the only two differences from content's.
 */
const legacyMessage = (m: string) =>
  m
    .replace(/^a valid label key /, 'a qualified name ')
    .replace(/^((?:prefix part |name part )?must be no more than \d+) bytes$/, '$1 characters');

type Evaluate = (this: unknown, ev: unknown, ast: unknown, ctx: unknown) => unknown;

/**
 * Gives a parsed rule's `validate` calls the words of the release in `words` (one environment serves every
 * release; the library words its messages as the newest, and older ones are reworded here).
 */
export function useFormatWords(root: ASTNode, words: FormatWords): void {
  forEachNode(root, (x) => {
    if (x.op !== 'rcall' || !Array.isArray(x.args) || x.args[0] !== 'validate') return;
    const own = x.meta.evaluate as Evaluate;
    x.meta.evaluate = function (this: unknown, ev: unknown, ast: unknown, ctx: unknown): unknown {
      const v = own.call(this, ev, ast, ctx);
      if (words.minor >= CONTENT_WORDS_MINOR || !(v instanceof Optional) || !v.hasValue()) return v;
      const messages = v.value();
      return Array.isArray(messages) ? Optional.of(messages.map((m) => legacyMessage(String(m)))) : v;
    };
  });
}

const LABEL_FMT = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';
const SUBDOMAIN_FMT = `${LABEL_FMT}(\\.${LABEL_FMT})*`;
const DNS1035_FMT = '[a-z]([-a-z0-9]*[a-z0-9])?';
const QNAME_FMT = '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]';
const LABEL_VALUE_FMT = `(${QNAME_FMT})?`;
const whole = (fmt: string) => new RegExp(`^(?:${fmt})$`);
const LABEL = whole(LABEL_FMT);
const SUBDOMAIN = whole(SUBDOMAIN_FMT);
const DNS1035 = whole(DNS1035_FMT);
const QNAME = whole(QNAME_FMT);
const LABEL_VALUE = whole(LABEL_VALUE_FMT);

const LABEL_MSG =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character";
const SUBDOMAIN_MSG =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";
const DNS1035_MSG =
  "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character";
const QNAME_MSG =
  "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const LABEL_VALUE_MSG =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";

/**
 * A string as Go holds it: one character per byte of its UTF-8 (`latin1`), so `length` is Go's `len`, a slice
 * cuts bytes as Go's does (through a character, as maskTrailingDash may), and the patterns above, all ASCII,
 * match exactly where Go's match (a byte of a multi-byte character matches no ASCII class, as its rune does not).
 */
const goBytes = (s: string) => Buffer.from(s, 'utf8').toString('latin1');

/** The validators below take `v` as goBytes gives it. */
function isDns1123Label(v: string): string[] {
  const errs: string[] = [];
  if (v.length > 63) errs.push(maxLen(63));
  if (!LABEL.test(v))
    errs.push(SUBDOMAIN.test(v) ? 'must not contain dots' : regexError(LABEL_MSG, LABEL_FMT, 'my-name', '123-abc'));
  return errs;
}

/** util/validation's IsDNS1123Subdomain (`max` words the length limit: content's copy says bytes). */
function isDns1123Subdomain(v: string, max = maxLen): string[] {
  const errs: string[] = [];
  if (v.length > 253) errs.push(max(253));
  if (!SUBDOMAIN.test(v)) errs.push(regexError(SUBDOMAIN_MSG, SUBDOMAIN_FMT, 'example.com'));
  return errs;
}

function isDns1035Label(v: string): string[] {
  const errs: string[] = [];
  if (v.length > 63) errs.push(maxLen(63));
  if (!DNS1035.test(v)) errs.push(regexError(DNS1035_MSG, DNS1035_FMT, 'my-name', 'abc-123'));
  return errs;
}

/**
 * api/validate/content's IsLabelKey, which util/validation's IsQualifiedName is from Kubernetes 1.35 (before:
 * its own copy, saying `a qualified name` and limits in characters: `useFormatWords`).
 */
function isQualifiedName(v: string): string[] {
  const errs: string[] = [];
  const parts = v.split('/');
  let name: string;
  if (parts.length === 1) name = parts[0];
  else if (parts.length === 2) {
    const prefix = parts[0];
    name = parts[1];
    if (prefix.length === 0) errs.push('prefix part must be non-empty');
    else for (const m of isDns1123Subdomain(prefix, maxBytes)) errs.push(`prefix part ${m}`);
  } else
    return [
      `a valid label key ${regexError(QNAME_MSG, QNAME_FMT, 'MyName', 'my.name', '123-abc')} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`,
    ];
  if (name.length === 0) errs.push('name part must be non-empty');
  else if (name.length > 63) errs.push(`name part ${maxBytes(63)}`);
  if (!QNAME.test(name)) errs.push(`name part ${regexError(QNAME_MSG, QNAME_FMT, 'MyName', 'my.name', '123-abc')}`);
  return errs;
}

/** api/validate/content's IsLabelValue (util/validation's IsValidLabelValue from Kubernetes 1.35). */
function isLabelValue(v: string): string[] {
  const errs: string[] = [];
  if (v.length > 63) errs.push(maxBytes(63));
  if (!LABEL_VALUE.test(v)) errs.push(regexError(LABEL_VALUE_MSG, LABEL_VALUE_FMT, 'MyValue', 'my_value', '12345'));
  return errs;
}

/**
 * apimachinery's `maskTrailingDash` (api/validation/generic.go): a prefix may end with `-` (a generated name
 * follows), so its last two bytes become `a` — Go's slice, which may cut a character before the dash.
 */
const maskTrailingDash = (s: string) => (s.length > 1 && s.endsWith('-') ? `${s.slice(0, -2)}a` : s);

/** A validator of Go's bytes, given the string a rule holds. */
const onBytes = (f: (v: string) => string[]) => (s: string) => f(goBytes(s));

const check = (ok: (s: string) => boolean, message: string) => (s: string) => (ok(s) ? [] : [message]);

const FORMATS: Readonly<Record<string, (s: string) => string[]>> = {
  dns1123Label: onBytes(isDns1123Label),
  dns1123Subdomain: onBytes((v) => isDns1123Subdomain(v)),
  dns1035Label: onBytes(isDns1035Label),
  qualifiedName: onBytes(isQualifiedName),
  dns1123LabelPrefix: onBytes((v) => isDns1123Label(maskTrailingDash(v))),
  dns1123SubdomainPrefix: onBytes((v) => isDns1123Subdomain(maskTrailingDash(v))),
  dns1035LabelPrefix: onBytes((v) => isDns1035Label(maskTrailingDash(v))),
  labelValue: onBytes(isLabelValue),
  uri: (s) => {
    try {
      parseRequestUri(s);
      return [];
    } catch (e) {
      return [(e as Error).message];
    }
  },
  // strfmt.Default.Validates, as the library calls it: the checks of a CRD's formats of these names.
  uuid: check(isStrfmtUUID, 'does not match the UUID format'),
  byte: check(isStrfmtBase64, 'invalid base64'),
  date: check(isStrfmtDate, 'invalid date'),
  datetime: check(isStrfmtDateTime, 'invalid datetime'),
};

export function registerFormat(env: Environment): void {
  valueType(env, T, KubernetesFormat, (a, b) => a.name === b.name);
  const none = lazy(() => env.parse('optional.none()')({}));
  const some = lazy(() => env.parse('optional.of(x)'));
  const ns = namespace(env, 'format');
  const formats = new Map(Object.entries(FORMATS).map(([name, f]) => [name, new KubernetesFormat(name, f)]));
  for (const [name, f] of formats) define(env, `${ns}.${name}(): ${T}`, () => f);
  define(env, `${ns}.named(string): optional<${T}>`, (_: unknown, name: string) => {
    const f = formats.get(name);
    return f ? some()({ x: f }) : none();
  });
  define(env, `${T}.validate(string): optional<list<string>>`, (f: KubernetesFormat, s: string) => {
    const errs = f.validate(s);
    return errs.length === 0 ? none() : some()({ x: errs });
  });
}

/** format.go's MaxRegexSize of the formats whose patterns are apimachinery's (the others: unknown here). */
const FORMAT_REGEX_SIZE: Readonly<Record<string, number>> = {
  dns1123Label: 30,
  dns1123Subdomain: 60,
  dns1035Label: 30,
  qualifiedName: 60,
  dns1123LabelPrefix: 30,
  dns1123SubdomainPrefix: 60,
  dns1035LabelPrefix: 30,
  labelValue: 40,
};

/**
 * What each function costs at run time (cost.ts): `validate` runs its format's pattern over the string, so
 * it costs as a regex of the format's MaxRegexSize (a format of unknown size: flat); the formats are constants.
 */
export const FORMAT_COSTS: LibraryCosts = {
  namespaced: {
    ...Object.fromEntries(Object.keys(FORMATS).map((name) => [`format.${name}`, FLAT])),
    'format.named': FLAT,
  },
  member: {
    validate: (a) => {
      const size = FORMAT_REGEX_SIZE[(a[0] as { name?: string } | null)?.name ?? ''];
      return size === undefined
        ? undefined
        : Math.ceil((1.0 + actualSize(a[1])) * TRAVERSAL) * Math.ceil(size * REGEX_LENGTH);
    },
  },
};
