// cel-go's time functions in CRD rules, beyond Kubernetes' own cases (crdValidationExpressions.test.ts): a
// time zone given as a signed offset or an IANA name, one cel-go cannot parse (its strconv.Atoi error),
// `string()` of durations (Go's shortest float, never an exponent) and of a timestamp in its own offset (a
// date-time, a `timestamp('…')`, and what `+`/`-` of a duration make of them), and what the product does not
// know (a timestamp finer than a millisecond): said, never judged.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Analysis } from '../../server/src/service/analysis';
import { severityOf } from '../../server/src/service/core/diag';
import { crdText } from '../helpers/manifests';

const SCHEMA = `              properties:
                at: {type: string, format: date-time}
                west: {type: string, format: date-time}
                tiny: {type: string, format: duration}
                long: {type: string, format: duration}
`;

const MANIFEST = `apiVersion: example.org/v1
kind: Clock
metadata: {name: c}
spec:
  at: "2011-08-18T23:30:00Z"
  west: "2011-08-18T19:03:37-05:30"
  tiny: 1ns
  long: 2562047h
`;

/** The crd- diagnostics of MANIFEST under one rule on `spec`: `code severity: message`; `[]` where it holds. */
function judged(rule: string): string[] {
  const crd = crdText({
    group: 'example.org',
    kind: 'Clock',
    plural: 'clocks',
    spec: `              x-kubernetes-validations:\n                - rule: ${JSON.stringify(rule)}\n${SCHEMA}`,
  });
  const a = new Analysis();
  a.indexFile('file:///w/crd.yaml', crd);
  a.applyCrds();
  return a
    .fileDiagnostics('file:///w/c.yaml', a.parse(MANIFEST))
    .filter((d) => d.code.startsWith('crd-'))
    .map((d) => `${d.code} ${severityOf(d)}: ${d.message}`);
}

/** The rule holds and its negation fails: it was judged. */
function holds(rule: string): void {
  assert.deepEqual(judged(rule), []);
  assert.match(judged(`!(${rule})`).join('\n'), /^crd-validation error/);
}

describe('CRD rules: time zones as cel-go reads them', () => {
  test('a signed offset, with minutes, moves the day and the hour', () => {
    holds("self.at.getHours('+01:00') == 0 && self.at.getDate('+01:00') == 19 && self.at.getDayOfWeek('+01:00') == 5");
    holds("self.at.getHours('-05:30') == 18 && self.at.getMinutes('-05:30') == 0");
    holds("self.at.getDayOfYear('+01:00') == 230 && self.at.getMonth('-12:00') == 7");
  });
  test('an IANA name, with its summer time', () => {
    holds("self.at.getHours('America/New_York') == 19 && self.at.getHours('UTC') == 23");
  });
  test('an offset cel-go cannot parse is its strconv.Atoi error', () => {
    const d = judged("self.at.getHours('x1:00') == 0");
    assert.equal(d.length, 1, d.join('\n'));
    assert.match(d[0], /^crd-validation error: .*strconv\.Atoi: parsing "x1": invalid syntax/);
  });
});

describe('CRD rules: string() of durations and timestamps', () => {
  test("a duration's seconds as Go prints a float", () => {
    holds("string(self.tiny) == '0.000000001s' && string(self.long) == '9223369200s'");
    holds("string(duration('-1.5h')) == '-5400s' && string(duration('0')) == '0s'");
  });
  test('a date-time keeps the offset it was written with', () => {
    holds("string(self.west) == '2011-08-18T19:03:37-05:30' && string(self.at) == '2011-08-18T23:30:00Z'");
  });
  test('a timestamp the rule computes keeps its offset through + and - of a duration (Go: Time.Add)', () => {
    holds("string(self.west + duration('1s')) == '2011-08-18T19:03:38-05:30'");
    holds("string(self.west - duration('24h')) == '2011-08-17T19:03:37-05:30'");
    holds("string(timestamp('2023-02-03T23:31:20+01:00') + duration('30m')) == '2023-02-04T00:01:20+01:00'");
  });
  test('a duration plus a timestamp is a timestamp (cel-js types it a duration)', () => {
    holds("string(duration('1h') + self.west) == '2011-08-18T20:03:37-05:30'");
    holds("duration('1h') + self.at > self.at && duration('1h') + timestamp('2011-08-18T23:00:00Z') > self.at");
  });
  test('timestamp() of a text keeps its offset, of an integer is UTC', () => {
    holds("string(timestamp('2023-02-03T23:31:20.250-07:00')) == '2023-02-03T23:31:20.25-07:00'");
    holds("string(timestamp('2023-02-03T23:31:20+00:00')) == '2023-02-03T23:31:20Z'");
    holds("string(timestamp(1700000000)) == '2023-11-14T22:13:20Z'");
  });
  test('a timestamp finer than a millisecond is not judged: the product cannot hold it', () => {
    const d = judged("string(timestamp('2023-02-03T23:31:20.0001Z')) == ''");
    assert.equal(d.length, 1, d.join('\n'));
    assert.match(d[0], /^crd-rule-not-run info: .*is not evaluated/);
  });
});
