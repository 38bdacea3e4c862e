// Ranges users see: a syntax error's range never starts or ends between CR and LF nor inside a surrogate
// pair, never lies past the end of its line, and its message quotes what is written there (no raw CR, no lone
// surrogate). And documents are split where YAML splits them: U+2028 is not a line break to YAML.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { parseAllDocuments } from 'yaml';
import { parseFile, splitDocuments } from '../../server/src/service/core/parse';
import { LineIndex } from '../../server/src/service/core/lineIndex';
import { validateText } from '../helpers/validate';

const HEAD = [
  'apiVersion: storage.cloud.example.com/v20220901',
  'kind: StorageAccount',
  'metadata:',
  '  name: acct',
  'spec:',
  '  location: westus2',
];
const crlf = (...lines: string[]) => [...HEAD, ...lines].join('\r\n') + '\r\n';

const isHigh = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLow = (c: number) => c >= 0xdc00 && c <= 0xdfff;

/** Every problem with the syntax errors of a text, as users would see them. */
function problems(text: string): string[] {
  const lines = new LineIndex(text);
  const out: string[] = [];
  for (const d of validateText(text)) {
    if (d.code !== 'yaml-syntax') continue;
    for (const at of [d.start, d.end]) {
      if (text.charCodeAt(at - 1) === 13 && text.charCodeAt(at) === 10)
        out.push(`${d.message}: offset ${at} between CR and LF`);
      if (isHigh(text.charCodeAt(at - 1)) && isLow(text.charCodeAt(at)))
        out.push(`${d.message}: offset ${at} inside a surrogate pair`);
    }
    const start = lines.positionAt(d.start);
    if (start.character > lines.lineText(start.line).length)
      out.push(
        `${d.message}: starts at character ${start.character} of a ${lines.lineText(start.line).length}-character line`,
      );
    if (/\r/.test(d.message)) out.push(`${JSON.stringify(d.message)} quotes a CR`);
    for (let i = 0; i < d.message.length; i++) {
      const c = d.message.charCodeAt(i);
      if ((isHigh(c) && !isLow(d.message.charCodeAt(i + 1))) || (isLow(c) && !isHigh(d.message.charCodeAt(i - 1))))
        out.push(`${JSON.stringify(d.message)} quotes a lone surrogate`);
    }
  }
  return out;
}

test('CRLF: an unclosed `{` at the end of a line is shown on the `{`, not past the line end', () => {
  const text = crlf('  tags: {');
  const d = validateText(text).filter((x) => x.code === 'yaml-syntax');
  assert.ok(d.length > 0);
  assert.equal(text.slice(d[0].start, d[0].end), '{');
  assert.match(d[0].message, /^YAML syntax error at `\{`/);
  assert.deepEqual(problems(text), []);
});

test('CRLF: a flow mapping broken after a comma is shown on the comma', () => {
  const text = crlf('  tags: {a: 1,');
  const d = validateText(text).filter((x) => x.code === 'yaml-syntax');
  assert.equal(text.slice(d[0].start, d[0].end), ',');
  assert.deepEqual(problems(text), []);
});

test('a surrogate pair is never split: the emoji is the range and the message quotes it whole', () => {
  const text = crlf('  tags:', '    team: 🙂: x');
  const d = validateText(text).filter((x) => x.code === 'yaml-syntax');
  assert.equal(text.slice(d[0].start, d[0].end), '🙂');
  assert.match(d[0].message, /at `🙂`/);
  assert.deepEqual(problems(text), []);
});

test('broken YAML in CRLF files with emoji: no range between CR and LF or in a pair, no raw CR or lone surrogate quoted', () => {
  const pieces = [
    '  tags: {',
    '  tags: [a,',
    '  tags: "open',
    "  tags: 'open",
    '    team: 🙂: x',
    '  x: 🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂: y',
    '  k: v',
    '   bad: 1',
    '  - item',
    '  a: b: c',
    '  emoji🙂key: {',
    '',
    '  # 🙂 comment',
    '  y: |',
    '    block',
    '\t tab: 1',
  ];
  fc.assert(
    fc.property(
      fc.array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 6 }),
      fc.boolean(),
      (lines, windows) => {
        const text = windows ? crlf(...lines) : crlf(...lines).replace(/\r\n/g, '\n');
        assert.deepEqual(problems(text), [], JSON.stringify(text));
      },
    ),
    { seed: 7, numRuns: 400 },
  );
});

test('U+2028 inside a comment before a `---` line does not split the document (YAML reads one)', () => {
  const text = `${HEAD.join('\n')}\n# a note\u2028--- still the comment\n  kind: StorageV2\n`;
  assert.equal(parseAllDocuments(text).length, 1);
  assert.equal(splitDocuments(text).length, 1);
  assert.equal(parseFile(text).docs.length, 1);
  // Real markers still split, after LF; after a lone CR, as YAML reads it, not (`b: 2\r---` is the value `2\r---`).
  const cr = 'a: 1\n---\nb: 2\r---\nc: 3\n';
  assert.equal(parseAllDocuments(cr).length, 2);
  assert.equal(splitDocuments(cr).length, 2);
});

test('line starts: after LF, after CRLF (once), after a lone CR, for any mix of breaks, pairs and text', () => {
  const byCharacter = (text: string) => {
    const starts = [0];
    for (let i = 0; i < text.length; i++)
      if (text[i] === '\n' || (text[i] === '\r' && text[i + 1] !== '\n')) starts.push(i + 1);
    return starts;
  };
  fc.assert(
    fc.property(fc.array(fc.constantFrom('a', ' ', '\n', '\r', '\r\n', '😀', '\u2028')), (parts) => {
      const text = parts.join('');
      assert.deepEqual(new LineIndex(text).starts, byCharacter(text));
    }),
    { numRuns: 500, seed: 21 },
  );
});

test('a position stands for an offset (exactOffset) exactly when positionAt gives it for that offset', () => {
  fc.assert(
    fc.property(
      fc.array(fc.constantFrom('a', ' ', '\n', '\r', '\r\n', '😀')),
      fc.integer({ min: -1, max: 12 }),
      fc.integer({ min: -1, max: 12 }),
      (parts, line, character) => {
        const lines = new LineIndex(parts.join(''));
        // Every offset's position stands for it (a diagnostic kept across versions is placed where it was).
        for (let o = 0; o <= lines.text.length; o++) {
          const p = lines.positionAt(o);
          if (lines.exactOffset(p) !== undefined) assert.equal(lines.exactOffset(p), o);
          else assert.ok(o > lines.lineEnd(p.line), 'only an offset inside a line break has no position of its own');
        }
        // Any position: an offset only where positionAt gives that position back (none past a line's end).
        const at = lines.exactOffset({ line, character });
        if (at !== undefined) assert.deepEqual(lines.positionAt(at), { line, character });
      },
    ),
    { numRuns: 500, seed: 35 },
  );
});
