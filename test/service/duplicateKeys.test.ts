// Duplicate keys are found in one pass after parsing (the parser's own check is quadratic): the errors must be
// the ones the parser's `uniqueKeys` check gives, and the diagnostic users see must not change.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { parseDocument } from 'yaml';
import { addDuplicateKeyErrors } from '../../server/src/service/core/duplicateKeys';
import { validateText } from '../helpers/validate';

const OPTIONS = { merge: true, prettyErrors: false, keepSourceTokens: false, strict: true } as const;

/**
 * The errors of a text, as `code start message`, by the parser's check or by ours. After an empty value the
 * parser places the error before the key (at the end of the previous line): ours is at the key itself, so
 * positions are compared past blanks, line breaks and comments.
 */
function errors(text: string, ours: boolean): string[] {
  const doc = parseDocument(text, { ...OPTIONS, uniqueKeys: !ours });
  if (ours) addDuplicateKeyErrors(doc);
  return doc.errors
    .map((e) => `${e.code} ${e.code === 'DUPLICATE_KEY' ? keyAt(text, e.pos[0]) : e.pos[0]} ${e.message}`)
    .sort();
}

function keyAt(text: string, at: number): number {
  const m = /^(?:[ \t\r\n]|#[^\n]*)*/.exec(text.slice(at));
  return at + m![0].length;
}

const KEYS = [
  'a',
  'b',
  '"a"',
  "'a'",
  '1',
  '"1"',
  '01',
  'null',
  '~',
  '',
  '<<',
  '.nan',
  '!!str a',
  '&x a',
  '? [a]\n',
  'true',
  'True',
  '"\\u0061"',
];
const VALUES = ['1', 'x', '*x', '{a: 1, a: 2}', '[a: 1, a: 2]', '{b: 1, "b": 2}', '', '|\n  text'];

test("duplicate keys: the same errors as the parser's uniqueKeys on random mappings, nested, flow and broken", () => {
  const line = fc.record({
    indent: fc.integer({ min: 0, max: 3 }),
    dash: fc.boolean(),
    key: fc.constantFrom(...KEYS),
    value: fc.constantFrom(...VALUES),
  });
  fc.assert(
    fc.property(fc.array(line, { minLength: 1, maxLength: 12 }), (lines) => {
      const text =
        lines.map((l) => `${'  '.repeat(l.indent)}${l.dash ? '- ' : ''}${l.key}: ${l.value}`).join('\n') + '\n';
      const ours = errors(text, true);
      const theirs = errors(text, false);
      if (theirs.every((e) => e.startsWith('DUPLICATE_KEY '))) assert.deepEqual(ours, theirs, JSON.stringify(text));
      else {
        // A broken structure: the same errors, and as many duplicates (the parser may place them elsewhere
        // in a key it read across lines).
        const dup = (es: string[]) => es.filter((e) => e.startsWith('DUPLICATE_KEY '));
        assert.deepEqual(
          ours.filter((e) => !dup([e]).length),
          theirs.filter((e) => !dup([e]).length),
          JSON.stringify(text),
        );
        assert.equal(dup(ours).length, dup(theirs).length, JSON.stringify(text));
      }
    }),
    { seed: 12, numRuns: 1000 },
  );
});

test('duplicate keys: the diagnostic names the repeated key at its second occurrence', () => {
  const text =
    'apiVersion: storage.cloud.example.com/v20220901\nkind: StorageAccount\nmetadata:\n  name: a\nspec:\n  location: westus2\n  location: eastus\n';
  const d = validateText(text).filter((x) => x.code === 'yaml-syntax');
  assert.equal(d.length, 1);
  assert.equal(text.slice(d[0].start, d[0].end), 'location');
  assert.equal(d[0].start, text.lastIndexOf('location'));
  assert.equal(d[0].message, 'YAML syntax error at `location`: Map keys must be unique');
});

test('duplicate keys: a mapping of 50,000 keys with one repeated at the end is reported once', () => {
  const keys = Array.from({ length: 50_000 }, (_, i) => `k${i}: v`);
  keys.push('k7: again');
  const text = keys.join('\n') + '\n';
  assert.deepEqual(errors(text, true), [`DUPLICATE_KEY ${text.lastIndexOf('k7:')} Map keys must be unique`]);
});
