// Kubernetes' format library tests (apiserver/pkg/cel/library/format_test.go, TestFormat), each with the
// outcome Kubernetes gives. `validate` gives an optional list of messages; a case reads it with
// `.orValue([])` (no value: valid) and compares the list (cel-js has no `==` on optionals).
import { type Case, runCases, value } from './harness';

const LABEL_MSG =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
const SUBDOMAIN_MSG =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const DNS1035_MSG =
  "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')";
const QNAME_MSG =
  "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
const LABEL_VALUE_MSG =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";

/** `format.<f>().validate(<s>)`, as the list of its messages. */
const validate = (name: string, f: string, s: string, messages: string[]): Case => ({
  name,
  expr: `format.${f}().validate(${JSON.stringify(s)}).orValue([])`,
  expect: value(messages),
});

const FORMATS = [
  'dns1123Label',
  'dns1123Subdomain',
  'dns1035Label',
  'qualifiedName',
  'dns1123LabelPrefix',
  'dns1123SubdomainPrefix',
  'dns1035LabelPrefix',
  'labelValue',
  'uri',
  'uuid',
  'byte',
  'date',
  'datetime',
];

const CASES: Case[] = [
  validate('example_usage_dns1123Subdomain', 'dns1123Subdomain', 'apiextensions.k8s.io', []),
  validate('example_usage_qualifiedName', 'qualifiedName', 'apiextensions.k8s.io/v1beta1', []),
  validate('example_usage_dns1123LabelPrefix', 'dns1123LabelPrefix', 'my-label-prefix-', []),
  validate('example_usage_dns1123SubdomainPrefix', 'dns1123SubdomainPrefix', 'mysubdomain.prefix.-', []),
  validate('example_usage_dns1035LabelPrefix', 'dns1035LabelPrefix', 'my-label-prefix-', []),
  validate('example_usage_uri', 'uri', 'http://example.com', []),
  validate('example_usage_uuid', 'uuid', '123e4567-e89b-12d3-a456-426614174000', []),
  validate('example_usage_byte', 'byte', 'aGVsbG8=', []),
  validate('example_usage_date', 'date', '2021-01-01', []),
  validate('example_usage_datetime', 'datetime', '2021-01-01T00:00:00Z', []),
  validate('dns1123Label', 'dns1123Label', 'contains a space', [LABEL_MSG]),
  validate('dns1123Subdomain', 'dns1123Subdomain', 'contains a space', [SUBDOMAIN_MSG]),
  validate('dns1035Label', 'dns1035Label', 'contains a space', [DNS1035_MSG]),
  validate('qualifiedName', 'qualifiedName', 'contains a space', [QNAME_MSG]),
  validate('dns1123LabelPrefix', 'dns1123LabelPrefix', 'contains a space-', [LABEL_MSG]),
  validate('dns1123SubdomainPrefix', 'dns1123SubdomainPrefix', 'contains a space-', [SUBDOMAIN_MSG]),
  validate('dns1035LabelPrefix', 'dns1035LabelPrefix', 'contains a space-', [DNS1035_MSG]),
  validate('dns1123Label_Success', 'dns1123Label', 'my-label-name', []),
  validate('dns1123Subdomain_Success', 'dns1123Subdomain', 'example.com', []),
  validate('dns1035Label_Success', 'dns1035Label', 'my-label-name', []),
  validate('qualifiedName_Success', 'qualifiedName', 'my.name', []),
  validate('byte_success', 'byte', 'aGVsbG8=', []),
  validate('byte_failure', 'byte', 'aGVsbG8', ['invalid base64']),
  validate('date_success', 'date', '2020-01-01', []),
  validate('date_failure', 'date', '2020-01-32', ['invalid date']),
  validate('datetime_success', 'datetime', '2020-01-01T00:00:00Z', []),
  validate('datetime_failure', 'datetime', '2020-01-32T00:00:00Z', ['invalid datetime']),
  { name: 'unknown_format', expr: 'format.named("unknown").hasValue()', expect: value(false) },
  validate('labelValue_success', 'labelValue', 'my-cool-label-Value', []),
  validate('labelValue_failure', 'labelValue', 'my-cool-label-Value!!\n\n!!!', [LABEL_VALUE_MSG]),
  // Beyond format_test.go, from the validators the library calls (apimachinery v0.36: util/validation for the
  // DNS names, api/validate/content for label keys and values, whose length limit says bytes).
  validate('label with dots', 'dns1123Label', 'a.b', ['must not contain dots']),
  validate('label too long', 'dns1123Label', 'a'.repeat(64), ['must be no more than 63 characters']),
  validate('label of 64 bytes in 32 characters', 'dns1123Label', 'é'.repeat(32), [
    'must be no more than 63 characters',
    LABEL_MSG,
  ]),
  validate('subdomain too long', 'dns1123Subdomain', 'a'.repeat(254), ['must be no more than 253 characters']),
  validate('dns1035 label starting with a digit', 'dns1035Label', '1abc', [DNS1035_MSG]),
  validate('qualified name of three parts', 'qualifiedName', 'a/b/c', [
    "a valid label key must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",
  ]),
  validate('qualified name with an empty prefix', 'qualifiedName', '/name', ['prefix part must be non-empty']),
  validate('qualified name with an upper-case prefix', 'qualifiedName', 'Example.com/name', [
    `prefix part ${SUBDOMAIN_MSG}`,
  ]),
  validate('qualified name with a long prefix', 'qualifiedName', `${'a'.repeat(254)}/name`, [
    'prefix part must be no more than 253 bytes',
  ]),
  validate('qualified name with an empty name', 'qualifiedName', 'example.com/', [
    'name part must be non-empty',
    QNAME_MSG,
  ]),
  validate('qualified name too long', 'qualifiedName', 'a'.repeat(64), ['name part must be no more than 63 bytes']),
  validate('label value too long', 'labelValue', 'a'.repeat(64), ['must be no more than 63 bytes']),
  validate('empty label value', 'labelValue', '', []),
  // maskTrailingDash drops the last two bytes of the prefix: here one byte of `é` stays, which no label takes.
  validate('prefix cutting a character', 'dns1123LabelPrefix', 'é-', [LABEL_MSG]),
  validate('prefix of a single dash', 'dns1123LabelPrefix', '-', [LABEL_MSG]),
  validate('prefix ending in a dash', 'dns1035LabelPrefix', 'ab-', []),
  // "Also test format names and comparisons of all constants"
  ...FORMATS.flatMap((lhs): Case[] => [
    { name: 'lookup and comparison', expr: `format.named("${lhs}").hasValue()`, expect: value(true) },
    {
      name: 'comparison with lookup succeeds',
      expr: `format.named("${lhs}").value() == format.${lhs}()`,
      expect: value(true),
    },
    ...FORMATS.filter((rhs) => rhs !== lhs).map((rhs): Case => ({
      name: `compare_${lhs}_${rhs}`,
      expr: `format.${lhs}() == format.${rhs}()`,
      expect: value(false),
    })),
  ]),
];

runCases('format', CASES);
