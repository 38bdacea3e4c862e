// Document sources: a text analysed and the map of its offsets to what the user wrote. A plain file maps to
// itself, an embedded expression through its scalar's position map, and a document spliced from the user's
// text (here a Helm-style template with its action masked) through its pieces: diagnostics computed on it
// land on what the user wrote.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isMap, isScalar, parseDocument, type Scalar } from 'yaml';
import { Analysis } from '../../server/src/service/analysis';
import { valueMap, valueSource } from '../../server/src/service/checks/embedded/positionMap';
import { identitySource, splicedSource, toUserSpans } from '../../server/src/service/core/source';
import { storageAccount } from '../helpers/manifests';

test('a plain file is its own source', () => {
  const s = identitySource('kind: X\n');
  assert.equal(s.toUser(3), 3);
  assert.equal(s.fromUser(5), 5);
  assert.deepEqual(s.spanToUser(6, 7), [6, 7]);
  assert.deepEqual(s.spanToUser(2, 2), [2, 3], 'an empty span marks one character');
  assert.equal(s.toUser(99), undefined);
});

test('an embedded value is a source: its offsets map through the scalar it was decoded from', () => {
  const text = 'expr: "rate(x[5m]) \\u003e 1"\n';
  const doc = parseDocument(text);
  const node = (isMap(doc.contents) ? doc.contents.items[0].value : undefined) as Scalar;
  assert.ok(isScalar(node));
  const s = valueSource(valueMap(text, node), text);
  assert.equal(s.text, 'rate(x[5m]) > 1');
  const gt = s.text.indexOf('>');
  // The `>` was written as a six-character escape: its span is the whole escape.
  assert.deepEqual(s.spanToUser(gt, gt + 1), [text.indexOf('\\u003e'), text.indexOf('\\u003e') + 6]);
  assert.equal(s.toUser(0), text.indexOf('rate'));
  assert.equal(s.fromUser(text.indexOf('x[')), s.text.indexOf('x['));
});

test('a spliced source maps copied text character for character and a generated piece to what it stands for', () => {
  const user = 'a: {{ .Values.x }}\nb: 2\n';
  const action: [number, number] = [3, 3 + '{{ .Values.x }}'.length];
  const s = splicedSource(user, [
    { copied: 0, length: 3 },
    { generated: 'X', standsFor: action },
    { copied: action[1], length: user.length - action[1] },
  ]);
  assert.equal(s.text, 'a: X\nb: 2\n');
  const b = s.text.indexOf('b');
  assert.equal(s.toUser(b), user.indexOf('b'));
  assert.deepEqual(s.spanToUser(b, b + 4), [user.indexOf('b'), user.indexOf('b') + 4]);
  assert.deepEqual(s.spanToUser(3, 4), action, 'the masked value stands for the whole action');
  assert.equal(s.fromUser(user.indexOf('b')), b);
  const unmapped = splicedSource(user, [{ generated: 'kind: Y\n' }]);
  assert.equal(unmapped.spanToUser(0, 4), undefined);
  assert.deepEqual(toUserSpans(unmapped, [{ start: 0, end: 4 }]), []);
});

test('a masked template analysed like any file: its diagnostics land on what the user wrote', () => {
  const user = storageAccount({ name: '{{ include "account.name" . }}', minimumTlsVersion: 'TLS1_9' });
  const actionStart = user.indexOf('{{');
  const actionEnd = user.indexOf('}}') + 2;
  // The action masked with a valid name, shorter than the action: every later offset moves.
  const source = splicedSource(user, [
    { copied: 0, length: actionStart },
    { generated: 'acct1', standsFor: [actionStart, actionEnd] },
    { copied: actionEnd, length: user.length - actionEnd },
  ]);
  const analysis = new Analysis();
  const diags = analysis.sourceDiagnostics(source);
  assert.deepEqual(
    diags.map((d) => [d.code, user.slice(d.start, d.end)]),
    [['enum-value', 'TLS1_9']],
  );
  assert.equal(diags[0].data, undefined, 'no fix: its edits would be offsets in the masked text');
  // Unmasked, the action is not a valid name: masking is what lets the rest be checked.
  assert.ok(analysis.fileDiagnostics('file:///t.yaml', analysis.parse(user)).some((d) => d.code !== 'enum-value'));
});
