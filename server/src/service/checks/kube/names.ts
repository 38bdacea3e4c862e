// The name syntaxes of apimachinery's util/validation (validation.go) and the core group's, as predicates
// that answer what is wrong in words (undefined when the value is accepted). Each names the Go function it
// mirrors; the messages lead with what is wrong and say what to write.

const EMPTY = 'is empty: write a name';

const DNS1123_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const DNS1123_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const DNS1035_LABEL = /^[a-z]([-a-z0-9]*[a-z0-9])?$/;
const QUALIFIED_NAME = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;
const CONFIG_MAP_KEY = /^[-._a-zA-Z0-9]+$/;
const ENV_VAR_NAME = /^[-._a-zA-Z][-._a-zA-Z0-9]*$/;
const IANA_SVC_NAME = /^[-a-z0-9]+$/;

/** IsDNS1123Label: at most 63 lowercase letters, digits and `-`, alphanumeric at both ends. */
export function dns1123Label(v: string): string | undefined {
  if (v === '') return EMPTY;
  if (v.length > 63) return 'is longer than 63 characters';
  if (!DNS1123_LABEL.test(v))
    return 'must be lowercase letters, digits and `-`, starting and ending with a letter or digit (a DNS-1123 label)';
  return undefined;
}

/** IsDNS1123Subdomain: at most 253 characters, dot-separated DNS-1123 labels. */
export function dns1123Subdomain(v: string): string | undefined {
  if (v === '') return EMPTY;
  if (v.length > 253) return 'is longer than 253 characters';
  if (!DNS1123_SUBDOMAIN.test(v))
    return 'must be lowercase letters, digits, `-` and `.`, each dot-separated part starting and ending with a letter or digit (a DNS-1123 subdomain)';
  return undefined;
}

/** IsDNS1035Label: at most 63 lowercase letters, digits and `-`, starting with a letter. */
export function dns1035Label(v: string): string | undefined {
  if (v === '') return EMPTY;
  if (v.length > 63) return 'is longer than 63 characters';
  if (!DNS1035_LABEL.test(v))
    return 'must be lowercase letters, digits and `-`, starting with a letter and ending with a letter or digit (a DNS-1035 label)';
  return undefined;
}

/** IsQualifiedName: `[prefix/]name`, the prefix a DNS-1123 subdomain, the name at most 63 characters. */
export function qualifiedName(v: string): string | undefined {
  const parts = v.split('/');
  if (parts.length > 2)
    return 'must be a name with at most one `/`: an optional DNS subdomain prefix, then the name (`example.com/my-name`)';
  const name = parts[parts.length - 1];
  if (parts.length === 2) {
    if (parts[0] === '') return 'has an empty prefix before `/`: write a DNS subdomain (`example.com/`) or no `/`';
    const p = dns1123Subdomain(parts[0]);
    if (p) return `has a prefix \`${parts[0]}\` that ${p}`;
  }
  if (name === '') return 'has an empty name: write letters or digits (after the `/`, if any)';
  if (name.length > 63) return 'has a name part longer than 63 characters';
  if (!QUALIFIED_NAME.test(name))
    return 'must be letters, digits, `-`, `_` and `.`, starting and ending with a letter or digit (with an optional DNS subdomain prefix and `/`)';
  return undefined;
}

/** IsValidLabelValue: empty, or at most 63 characters, alphanumeric at both ends. */
export function labelValue(v: string): string | undefined {
  if (v.length > 63) return 'is longer than 63 characters';
  if (!LABEL_VALUE.test(v))
    return 'must be empty, or letters, digits, `-`, `_` and `.`, starting and ending with a letter or digit';
  return undefined;
}

/** IsConfigMapKey: at most 253 of `-._a-zA-Z0-9`, never `.`, `..` or starting with `..`. */
export function configMapKey(v: string): string | undefined {
  if (v === '') return EMPTY;
  if (v.length > 253) return 'is longer than 253 characters';
  if (!CONFIG_MAP_KEY.test(v)) return 'must be letters, digits, `-`, `_` and `.` only';
  return chDir(v);
}

/** hasChDirPrefix: `.`, `..` and a leading `..` are refused (they name directories in a volume). */
function chDir(v: string): string | undefined {
  if (v === '.') return "must not be '.'";
  if (v === '..') return "must not be '..'";
  if (v.startsWith('..')) return "must not start with '..'";
  return undefined;
}

/**
 * An environment variable's name. IsEnvVarName (strict) until 1.29; IsRelaxedEnvVarName (any printable
 * ASCII but `=`) from 1.30, where the RelaxedEnvironmentVariableValidation gate may be on: the relaxed
 * rule's refusals are refused under both, so nothing a cluster of that release may take is called wrong.
 */
export function envVarName(v: string, minor: number): string | undefined {
  if (minor >= 30) {
    if (v === '') return 'is empty: write a name';
    for (let i = 0; i < v.length; i++) {
      const c = v.charCodeAt(i);
      if (c < 0x20 || c > 0x7e || c === 0x3d) return 'must be printable ASCII characters other than `=`';
    }
    return undefined;
  }
  if (!ENV_VAR_NAME.test(v))
    return 'must be letters, digits, `_`, `-` and `.`, not starting with a digit (`MY_ENV.NAME`)';
  return chDir(v);
}

/** IsValidPortName (IANA_SVC_NAME): at most 15 of `a-z0-9-`, a letter in it, no `-` at an end or twice in a row. */
export function portName(v: string): string | undefined {
  if (v.length > 15) return 'is longer than 15 characters';
  if (!IANA_SVC_NAME.test(v)) return 'must be lowercase letters, digits and `-` (an IANA service name)';
  if (!/[a-z]/.test(v)) return 'must contain at least one letter';
  if (v.includes('--')) return 'must not contain `--`';
  if (v.startsWith('-') || v.endsWith('-')) return 'must not begin or end with `-`';
  return undefined;
}

/** IsValidPathSegmentName (path.ValidatePathSegmentName): not `.` or `..`, no `/` or `%`. */
export function pathSegmentName(v: string): string | undefined {
  if (v === '.' || v === '..') return `may not be '${v}'`;
  if (v.includes('/')) return 'may not contain `/`';
  if (v.includes('%')) return 'may not contain `%`';
  return undefined;
}
