// The fixes of issue 26's checks, as a user sees them applied: an advanced filter written flat moved under the
// member its `operatorType` names (block and flow, LF and CRLF), and a destination's `endpointType` added
// when missing or set to its one value when wrong; each result validated again with nothing left.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { applyEdits } from '../../server/src/service/core/edits';
import { codeActions } from '../../server/src/service/features/codeActions';
import { fixAllEdits } from '../../server/src/service/workspace/fixAll';
import { parseFile } from '../../server/src/service/core/parse';
import { validateFile } from '../../server/src/service/checks/validate';

const SUB = [
  'apiVersion: eventgrid.cloud.example.com/v20200601',
  'kind: EventSubscription',
  'metadata:',
  '  name: sub',
  'spec:',
  '  owner:',
  '    group: eventgrid.cloud.example.com',
  '    kind: Topic',
  '    name: orders',
];

/** The one action offered on the one diagnostic of `code`, applied. */
function fixed(text: string, code: string): string {
  const file = parseFile(text);
  const diags = validateFile(file).filter((d) => d.code === code);
  assert.equal(diags.length, 1, `one ${code} in:\n${text}\n${JSON.stringify(validateFile(file), null, 1)}`);
  const actions = codeActions(file, diags).filter((a) => !a.title.startsWith('Disable'));
  assert.equal(actions.length, 1, actions.map((a) => a.title).join(' | '));
  return applyEdits(text, actions[0].edits);
}

const clean = (text: string) =>
  assert.deepEqual(
    validateFile(parseFile(text)).map((d) => `${d.code}: ${d.message}`),
    [],
  );

describe('advanced filter written flat', () => {
  for (const eol of ['\n', '\r\n']) {
    const name = eol === '\n' ? 'LF' : 'CRLF';
    test(`a block item gets its member line and its entries indented under it (${name})`, () => {
      const text = [
        ...SUB,
        '  filter:',
        '    advancedFilters:',
        '      - operatorType: NumberIn',
        '        key: data.count',
        '        values: [1, 2]',
        '      - stringIn: {operatorType: StringIn, key: subject, values: [a]}',
        '',
      ].join(eol);
      const after = fixed(text, 'missing-member');
      assert.equal(
        after,
        [
          ...SUB,
          '  filter:',
          '    advancedFilters:',
          '      - numberIn:',
          '          operatorType: NumberIn',
          '          key: data.count',
          '          values: [1, 2]',
          '      - stringIn: {operatorType: StringIn, key: subject, values: [a]}',
          '',
        ].join(eol),
      );
      clean(after);
    });
  }

  test('a flow item is wrapped in its member; fix-all does it too', () => {
    const text = [
      ...SUB,
      '  filter:',
      '    advancedFilters:',
      '      - {operatorType: StringContains, key: subject, values: [a]}',
      '',
    ].join('\n');
    const want = [
      ...SUB,
      '  filter:',
      '    advancedFilters:',
      '      - {stringContains: {operatorType: StringContains, key: subject, values: [a]}}',
      '',
    ].join('\n');
    assert.equal(fixed(text, 'missing-member'), want);
    const file = parseFile(text);
    assert.equal(applyEdits(text, fixAllEdits(file, validateFile(file))), want);
    clean(want);
  });

  test('an operatorType that names no filter: one diagnostic, no fix', () => {
    const text = [
      ...SUB,
      '  filter:',
      '    advancedFilters:',
      '      - operatorType: Between',
      '        key: a',
      '        values: [1]',
      '',
    ].join('\n');
    const file = parseFile(text);
    const diags = validateFile(file);
    assert.deepEqual(
      diags.map((d) => d.code),
      ['missing-member'],
    );
    assert.match(diags[0].message, /"Between" names no member/);
    assert.deepEqual(
      codeActions(file, diags).filter((a) => !a.title.startsWith('Disable')),
      [],
    );
  });
});

describe('destination endpointType', () => {
  test("missing: the fix inserts the member's own value", () => {
    const text = [...SUB, '  destination:', '    storageQueue:', '      queueName: orders', ''].join('\n');
    const after = fixed(text, 'missing-required');
    assert.match(after, /\n {4}storageQueue:\n {6}endpointType: StorageQueue\n {6}queueName: orders\n/);
    clean(after);
  });

  test('wrong: one error, and the fix writes the one value (fix-all included)', () => {
    const text = [...SUB, '  destination:', '    webHook:', '      endpointType: StorageQueue', ''].join('\n');
    const file = parseFile(text);
    const diags = validateFile(file);
    assert.deepEqual(
      diags.map((d) => `${d.code} ${d.message}`),
      [
        'enum-value `spec.destination.webHook.endpointType` is "StorageQueue"; write `WebHook`, the one value where it stands.',
      ],
    );
    const after = applyEdits(text, fixAllEdits(file, diags));
    assert.match(after, /endpointType: WebHook\n/);
    clean(after);
  });
});

describe('an owner of a fixed kind given by group and kind', () => {
  test('one reference-shape, and the fix keeps `name`', () => {
    const text = [
      'apiVersion: storage.cloud.example.com/v20220901',
      'kind: StorageAccountsBlobService',
      'metadata:',
      '  name: blob',
      'spec:',
      '  owner:',
      '    group: storage.cloud.example.com',
      '    kind: StorageAccount',
      '    name: appstore',
      '',
    ].join('\n');
    const file = parseFile(text);
    assert.deepEqual(
      validateFile(file).map((d) => d.code),
      ['reference-shape'],
    );
    const after = fixed(text, 'reference-shape');
    assert.match(after, /\n {2}owner:\n {4}name: appstore\n$/);
    clean(after);
  });
});

describe('spec fields written at the top level', () => {
  for (const eol of ['\n', '\r\n'])
    test(`one unknown-field, and the fix moves them under spec: (${eol === '\n' ? 'LF' : 'CRLF'})`, () => {
      const head = [
        'apiVersion: appconfiguration.cloud.example.com/v20240601',
        'kind: KeyValue',
        'metadata:',
        '  name: k',
      ];
      const text = [...head, 'owner:', '  name: app-config', 'value: "on"', ''].join(eol);
      const file = parseFile(text);
      assert.deepEqual(
        validateFile(file).map((d) => d.code),
        ['unknown-field'],
      );
      const after = fixed(text, 'unknown-field');
      assert.equal(after, [...head, 'spec:', '  owner:', '    name: app-config', '  value: "on"', ''].join(eol));
      clean(after);
    });
});
