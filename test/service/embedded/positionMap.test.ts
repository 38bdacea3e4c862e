// The position map of embedded languages: for every scalar style, each decoded character maps back to the
// character it was written as (or, for characters YAML makes up, to the break or escape they replace).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { Document, isMap, isScalar, isSeq, parseDocument, Scalar } from 'yaml';
import { spanIn, valueMap, valueOffset } from '../../../server/src/service/checks/embedded/positionMap';

const STYLES = ['PLAIN', 'QUOTE_SINGLE', 'QUOTE_DOUBLE', 'BLOCK_LITERAL', 'BLOCK_FOLDED'] as const;

/** The scalar under key `v` of a document. */
function scalarOf(text: string): Scalar {
  const doc = parseDocument(text);
  assert.equal(doc.errors.length, 0, `${JSON.stringify(text)}: ${doc.errors.map((e) => e.message).join('; ')}`);
  let node: unknown = doc.contents;
  while (isMap(node) || isSeq(node)) node = isMap(node) ? node.items[0].value : node.items[0];
  assert.ok(isScalar(node));
  return node as Scalar;
}

/** Every character maps into the scalar, in order, onto itself or onto what produced it. */
function checkMap(text: string) {
  const node = scalarOf(text);
  const map = valueMap(text, node);
  assert.ok(
    map.exact,
    `decoded ${JSON.stringify(text)} (${node.type}) to the parser's value ${JSON.stringify(node.value)}`,
  );
  const [start, , end] = node.range!;
  for (let i = 0; i < map.value.length; i++) {
    const at = map.at[i];
    assert.ok(at >= start && at <= end, `char ${i} of ${JSON.stringify(text)} at ${at} outside [${start}, ${end}]`);
    if (i > 0) assert.ok(at >= map.at[i - 1], `offsets in order in ${JSON.stringify(text)}`);
    const src = text[at];
    const quoteEscape = node.type === 'QUOTE_SINGLE' && src === "'";
    const made =
      src === '\n' ||
      src === '\r' ||
      (src === '\\' && node.type === 'QUOTE_DOUBLE') ||
      (at === end && map.value[i] === '\n') ||
      quoteEscape;
    if (quoteEscape) assert.equal(text.slice(at, map.to[i]), "''", 'a quote inside single quotes is written twice');
    if (!made)
      assert.equal(
        src,
        map.value[i],
        `char ${i} (${JSON.stringify(map.value[i])}) of ${JSON.stringify(text)} maps to ${JSON.stringify(src)} at ${at}`,
      );
    const written = text.slice(at, map.to[i]);
    if (!made) assert.equal(map.to[i], at + 1, `char ${i} of ${JSON.stringify(text)} was written as one character`);
    else if (src === '\\')
      assert.match(
        written,
        /^\\(?:x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|.)$/s,
        `an escape covers its whole sequence: ${JSON.stringify(written)}`,
      );
    if (src === '\n' || src === '\r')
      assert.ok(
        /[\n\r ]/.test(map.value[i]) || node.type === 'QUOTE_DOUBLE',
        `only breaks and folded spaces come from a line break`,
      );
  }
}

/** A document holding `value` under `v` (nested `depth` levels), its scalar written in `style`. */
function write(value: string, style: (typeof STYLES)[number], depth: number, width: number): string {
  let tree: unknown = { v: value };
  for (let d = 0; d < depth; d++) tree = d % 2 ? { [`k${d}`]: tree } : [tree];
  const doc = new Document(tree);
  let node: unknown = doc.contents;
  while (isMap(node) || isSeq(node)) node = isMap(node) ? node.items[0].value : node.items[0];
  (node as Scalar).type = style;
  return doc.toString({ lineWidth: width, minContentWidth: 0 });
}

const alphabet = fc.constantFrom(
  'a',
  'b',
  'x',
  ' ',
  ' ',
  '\n',
  '\n',
  '\t',
  '"',
  "'",
  '\\',
  '#',
  ':',
  '-',
  'é',
  '😀',
  '{',
  '[',
  ',',
  '\u00a0',
);

test('position map: every style the YAML library writes, at several widths and depths, LF and CRLF', () => {
  fc.assert(
    fc.property(
      fc.array(alphabet, { minLength: 0, maxLength: 60 }).map((a) => a.join('')),
      fc.constantFrom(...STYLES),
      fc.integer({ min: 0, max: 3 }),
      fc.constantFrom(12, 20, 80),
      fc.boolean(),
      (value, style, depth, width, crlf) => {
        let text = write(value, style, depth, width);
        if (crlf) text = text.replace(/\n/g, '\r\n');
        // A style forced on a value it cannot hold (a plain `:`) is written as YAML that does not read back.
        fc.pre(parseDocument(text).errors.length === 0 && scalarOf(text).value === value.replace(/\r\n/g, '\n'));
        checkMap(text);
      },
    ),
    { numRuns: 3000 },
  );
});

/** Words and spaces with few line breaks: long lines the writer folds (plain and folded styles). */
const prose = fc
  .array(fc.constantFrom('rate(x[5m])', 'sum', 'by', '(job)', 'é😀', ' ', ' ', '  ', '\n', 'self.spec', '"q"', "'s'"), {
    maxLength: 40,
  })
  .map((a) => a.join(''));

test('position map: long lines folded by the writer, in every style', () => {
  const seen = new Set<string>();
  fc.assert(
    fc.property(
      prose,
      fc.constantFrom(...STYLES),
      fc.integer({ min: 0, max: 2 }),
      fc.constantFrom(12, 24),
      fc.boolean(),
      (value, style, depth, width, crlf) => {
        let text = write(value, style, depth, width);
        if (crlf) text = text.replace(/\n/g, '\r\n');
        fc.pre(parseDocument(text).errors.length === 0);
        const node = scalarOf(text);
        if (typeof node.value !== 'string') return;
        if (/\n./.test(text.slice(node.range![0], node.range![1]).trimEnd())) seen.add(node.type!);
        checkMap(text);
      },
    ),
    { numRuns: 3000 },
  );
  // Every style was written over several lines at least once.
  assert.deepEqual([...seen].sort(), [...STYLES].sort());
});

/** Plain multi-line scalars written by hand: any indentation, blank lines, trailing spaces. */
test('position map: plain scalars over several lines', () => {
  fc.assert(
    fc.property(
      fc.array(
        fc.tuple(
          fc.constantFrom('rate(x[5m])', 'a b', 'é😀', 'self.x'),
          fc.integer({ min: 2, max: 6 }),
          fc.constantFrom('', ' ', '\t'),
          fc.integer({ min: 0, max: 2 }),
        ),
        { minLength: 1, maxLength: 6 },
      ),
      fc.boolean(),
      (lines, crlf) => {
        let text = `v: ${lines[0][0]}${lines[0][2]}\n`;
        for (const [words, indent, trail, blanks] of lines.slice(1))
          text += '\n'.repeat(blanks) + `${' '.repeat(indent)}${words}${trail}\n`;
        if (crlf) text = text.replace(/\n/g, '\r\n');
        checkMap(text);
      },
    ),
    { numRuns: 1000 },
  );
});

test('position map: hand-written scalars of every style map to the characters written', () => {
  const cases: [string, string, string][] = [
    // [document, a word of the value, the text that word must map to]
    ['v: rate(x[5m])\n', 'x[5m]', 'x[5m]'],
    ['v: sum(rate(x[5m]))\n  by (job)\n', 'by', 'by'],
    ['v: "rate(\\"x\\"[5m])"\n', 'x', 'x'],
    // A span that ends on an escaped character covers the whole escape.
    ['v: "-\\"text\\" + 1"\n', '-"text"', '-\\"text\\"'],
    ["v: 'it''s'\n", "it's", "it''s"],
    ['v: "a\\tb  \\\n    rate(y)"\n', 'rate(y)', 'rate(y)'],
    ["v: 'it''s\n\n   rate(z)'\n", 'rate(z)', 'rate(z)'],
    ['v: |\n  up ==\n    0\n', '0', '0'],
    ['v: >-\n  sum by (job)\n  (rate(q[5m]))\n\n  > 0\n', 'q[5m]', 'q[5m]'],
    ['v: |2-\n     indented(x)\n', 'indented(x)', 'indented(x)'],
    ['v: >+\n  a\n  é😀 self.b\n\n', 'self.b', 'self.b'],
    ['v: plain\r\n  continued(w)\r\n', 'continued(w)', 'continued(w)'],
    ['a:\n  - b:\n      v: "\\u00e9\\U0001F600 self.spec"\n', 'self.spec', 'self.spec'],
  ];
  for (const [text, word, written] of cases) {
    checkMap(text);
    const node = scalarOf(text);
    const map = valueMap(text, node);
    const i = map.value.indexOf(word);
    assert.ok(i >= 0, `${word} in ${JSON.stringify(map.value)}`);
    const [s, e] = spanIn(text, map, i, i + word.length);
    assert.equal(text.slice(s, e), written, JSON.stringify(text));
    assert.equal(valueOffset(map, s), i, 'a cursor before the word is before its first character');
  }
});

test('position map: a folded line break maps to the break, an escape to its backslash', () => {
  const text = 'v: "ab\\ncd\n  ef"\n';
  const node = scalarOf(text);
  const map = valueMap(text, node);
  assert.equal(map.value, 'ab\ncd ef');
  assert.equal(text[map.at[2]], '\\');
  assert.equal(text[map.at[5]], '\n');
  assert.deepEqual(spanIn(text, map, 6, 8), [text.indexOf('ef'), text.indexOf('ef') + 2]);
});
