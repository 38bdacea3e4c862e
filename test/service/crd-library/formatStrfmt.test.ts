// Kubernetes' format library checks `uuid`, `byte`, `date` and `datetime` with strfmt.Default.Validates
// (apiserver/pkg/cel/library/format.go): the checks the API server runs on a CRD field of those formats. So
// `format.uuid()` takes a UUID with any of its dashes left out, and `format.byte()` refuses an empty string and
// a line break, as strfmt's base64 pattern does.
import { type Case, runCases, value } from './harness';

const validate = (f: string, s: string, messages: string[]): Case => ({
  expr: `format.${f}().validate(${JSON.stringify(s)}).orValue([])`,
  expect: value(messages),
});

runCases('format (strfmt)', [
  validate('uuid', '123e4567e89b-12d3-a456426614174000', []),
  validate('uuid', '123e4567-e89b-12d3-a456-42661417400', ['does not match the UUID format']),
  validate('byte', '', ['invalid base64']),
  validate('byte', 'aGVs\nbG8=', ['invalid base64']),
  validate('byte', 'YWJj', []),
  validate('datetime', '2021-01-01T00:00:00\r5Z', []),
  validate('datetime', '2021-01-01T00:00:00', ['invalid datetime']),
]);
