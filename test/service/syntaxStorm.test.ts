// A document with a storm of syntax errors (issue 43: a template line of `}}` 512,000 times took the CLI past
// two minutes, one Error object and one diagnostic per stray closer): its first 100 errors and one line
// saying the rest is not checked (core/syntaxStorm.ts). A large document without one is checked as before.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MAX_SYNTAX_ERRORS, STORM_CHECK_FROM } from '../../server/src/service/core/syntaxStorm';
import { validateText } from '../helpers/validate';

const HEAD = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: storm\n';

test('a document of more than 10,000 syntax errors: its first 100, then one line saying nothing else is checked', () => {
  const closers = Math.max(MAX_SYNTAX_ERRORS, STORM_CHECK_FROM / 2);
  const text = `${HEAD}${'}}'.repeat(closers)}`;
  const ds = validateText(text);
  assert.equal(ds.length, 101);
  assert.ok(ds.every((d) => d.code === 'yaml-syntax'));
  // In the order of the text, the first one on the first stray closer.
  assert.equal(ds[0].start, HEAD.length);
  for (let i = 1; i < ds.length; i++) assert.ok(ds[i].start > ds[i - 1].start);
  assert.match(ds[100].message, /more than 10,000 syntax errors: the first 100 are shown, and nothing else/);
});

test('a large document with a few syntax errors, or none, is composed and checked as before', () => {
  const keys = Array.from({ length: 20_000 }, (_, i) => `  key${i}: "value ${i}"\n`).join('');
  const valid = `${HEAD}data:\n${keys}  count: 3\n`;
  assert.ok(valid.length > STORM_CHECK_FROM);
  // A number where a ConfigMap's data holds strings: found at the end of a 400 KB document.
  assert.deepEqual(
    validateText(valid).map((d) => d.code),
    ['wrong-type'],
  );
  const broken = `${valid}${'}}'.repeat(100)}`;
  assert.equal(validateText(broken).filter((d) => d.code === 'yaml-syntax').length, 200);
});
