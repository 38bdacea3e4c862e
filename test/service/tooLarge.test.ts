// A document too large to check in full (service/tooLarge.ts): its one message, and the YAML syntax check
// that goes one YAML document at a time.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MAX_SYNTAX_DOCUMENT, syntaxSteps, tooLargeDiag } from '../../server/src/service/checks/tooLarge';

const DOC = `apiVersion: storage.cloud.example.com/v20220901
kind: StorageAccount
metadata:
  name: acct
spec:
  location: westus
`;
const BROKEN = DOC.replace('location: westus', 'location: [westus');
const syntax = (text: string) => [...syntaxSteps(text)].flatMap((s) => s.diags);

test('the too-large message: on the first character, whole, naming the limit and the setting', () => {
  const d = tooLargeDiag('😀x', 1);
  assert.deepEqual([d.code, d.start, d.end], ['document-too-large', 0, 2]);
  assert.deepEqual([tooLargeDiag('\r\nx', 1).start, tooLargeDiag('\r\nx', 1).end], [0, 0]);
  assert.match(d.message, /^This document is too large to check in full \(3 characters; the limit is 1\)/);
  assert.match(d.message, /`cloudManifests\.maxDocumentSize`/);
});

test('the syntax check: one step per YAML document, errors at file offsets, others\u2019 documents left alone', () => {
  const text = `${DOC}---\n${BROKEN}---\nfoo: {{ .Values.x }}\n`;
  const steps = [...syntaxSteps(text)];
  assert.equal(steps.length, 3);
  const ds = steps.flatMap((s) => s.diags);
  assert.ok(ds.length > 0 && ds.every((d) => d.code === 'yaml-syntax'));
  const second = DOC.length + 4;
  for (const d of ds) assert.ok(d.start >= second && d.start < second + BROKEN.length, `${d.start}`);
});

test('the syntax check: a `---` after a lone CR is no document marker (YAML reads it as text)', () => {
  assert.equal([...syntaxSteps(`${DOC}  x: 1 # a\r---\n`)].length, 1);
});

test('the syntax check: a YAML document longer than the bound is not parsed (it cannot be cut in slices)', () => {
  const long = `${BROKEN}  note: ${'x'.repeat(MAX_SYNTAX_DOCUMENT)}\n`;
  assert.equal(syntax(long).length, 0);
  assert.ok(syntax(BROKEN).length > 0);
});
