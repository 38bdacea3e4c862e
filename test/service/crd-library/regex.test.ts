// Kubernetes' regex library cases from the apiextensions CEL validator's tests
// (apiextensions-apiserver/pkg/apiserver/schema/cel/validation_test.go, "stdlib regex functions").
import { type Case, error, runCases, value } from './harness';

const SELF = { str: 'this is a 123 string 456' };

const VALID = [
  "self.str.find('[0-9]+') == '123'",
  "self.str.find('[0-9]+') != '456'",
  "self.str.find('xyz') == ''",
  "self.str.findAll('[0-9]+') == ['123', '456']",
  "self.str.findAll('[0-9]+', 0) == []",
  "self.str.findAll('[0-9]+', 1) == ['123']",
  "self.str.findAll('[0-9]+', 2) == ['123', '456']",
  "self.str.findAll('[0-9]+', 3) == ['123', '456']",
  "self.str.findAll('[0-9]+', -1) == ['123', '456']",
  "self.str.findAll('xyz') == []",
  "self.str.findAll('xyz', 1) == []",
];

// The API server refuses a constant bad pattern when the CRD is created ("compile error: program
// instantiation failed: error parsing regexp: …"); here it is an error of the rule with Go's own message.
const BAD = 'error parsing regexp: unexpected ): `)`';

const CASES: Case[] = [
  ...VALID.map((expr): Case => ({ expr, expect: value(true) })),
  { expr: "self.str.find(')') == ''", expect: error(BAD) },
  { expr: "self.str.findAll(')') == []", expect: error(BAD) },
  { expr: "self.str.findAll(')', 1) == []", expect: error(BAD) },
  // Go's FindAllString: an empty match next to the previous match is not one.
  { name: 'Go empty matches', expr: "'baaab'.findAll('a*') == ['', 'aaa', '']", expect: value(true) },
  // RE2 syntax, not JavaScript's: a possessive quantifier does not exist.
  { name: 'RE2 syntax', expr: "'aa'.find('a++')", expect: error('invalid nested repetition operator') },
];

runCases('regex', CASES, SELF);
