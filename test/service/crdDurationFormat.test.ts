// A CRD rule reads a `duration` string as the API server gives it (apiserver cel/common/values.go:
// strfmt.ParseDuration), so `5 minutes` is 5 minutes to the rule as Go's `5m` is; the value is converted in time
// linear in its length (cel-js's own duration parser takes seconds on 2,000 digits).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { crdDiagnostics } from '../helpers/crdFormats';

const diagnostics = crdDiagnostics(
  'Job',
  `                timeout:
                  type: string
                  format: duration
                  x-kubernetes-validations:
                    - rule: "self > duration('1m')"
                      message: must be longer than a minute
`,
);
const codes = (value: string) =>
  diagnostics(`  timeout: "${value}"\n`).map((d) => `${d.code}: ${d.message.slice(0, 60)}`);

test('a rule reads a duration written as strfmt reads it', () => {
  assert.deepEqual(codes('5m'), []);
  assert.deepEqual(codes('5 minutes'), []);
  assert.deepEqual(codes('1h30m'), []);
  assert.equal(codes('30 seconds').length, 1);
  assert.match(codes('30 seconds')[0], /^crd-validation: .*must be longer than a minute/);
});

test('a long run of digits in a duration field is read in linear time', () => {
  // Go: no unit, so not a duration: the format error, and the rule is not given the value.
  const got = codes('1'.repeat(100_000));
  assert.ok(
    got.some((c) => c.startsWith('format: ')),
    got.join('\n'),
  );
});
