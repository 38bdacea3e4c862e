// No input crashes or hangs the language service: mutated manifests (fast-check), alias bombs, merge
// keys, tabs, CRLF, a BOM, non-ASCII text (UTF-16 positions), a 10 MB file, binary garbage.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { complete } from '../../server/src/service/features/complete';
import { hover } from '../../server/src/service/features/hover';
import { parseFile } from '../../server/src/service/core/parse';
import { LineIndex } from '../../server/src/service/core/lineIndex';
import { validateFile } from '../../server/src/service/checks/validate';
import { validateText } from '../helpers/validate';

const MANIFEST = `apiVersion: storage.cloud.example.com/v20220901
kind: StorageAccount
metadata:
  name: appstore
  namespace: default
spec:
  location: westus
  kind: StorageV2
  sku:
    name: Standard_LRS
  owner:
    name: rg-app
  tags:
    team: platform
  networkAcls:
    defaultAction: Deny
    ipRules:
      - action: Allow
        value: 10.0.0.0/24
---
apiVersion: eventgrid.cloud.example.com/v20200601
kind: EventSubscription
metadata:
  name: sub
spec:
  owner:
    armId: /subscriptions/0000/resourceGroups/rg
  destination:
    webHook:
      endpointType: WebHook
  filter:
    advancedFilters:
      - numberIn: {key: data.size, operatorType: NumberIn, values: [1, 2]}
`;

const FRAGMENTS = [
  '\n',
  ' ',
  '  ',
  '\t',
  ':',
  ': ',
  '- ',
  '-',
  '{',
  '}',
  '[',
  ']',
  '"',
  "'",
  '&a ',
  '*a',
  '<<: *a\n',
  '---\n',
  '...\n',
  '#',
  '|',
  '>',
  '?',
  '!!str ',
  '%YAML 1.2\n',
  '\r\n',
  '\uFEFF',
  'é',
  '😀',
  '\u0000',
  'null',
  '~',
  '0x1F',
  '1e400',
  'spec:',
  'kind: ',
  'apiVersion: ',
];

/** Checks one text: every entry point answers, and every range lies inside the text. */
function exercise(text: string, offsets: number[]) {
  const file = parseFile(text);
  for (const d of validateFile(file)) {
    assert.ok(
      d.start >= 0 && d.end >= d.start && d.end <= text.length,
      `range in bounds: ${d.code} ${d.start}-${d.end} of ${text.length}`,
    );
    assert.ok(d.message.length > 0);
  }
  for (const o of offsets) {
    const offset = Math.min(o, text.length);
    const items = complete(file, offset, {});
    assert.ok(Array.isArray(items));
    const h = hover(file, offset);
    if (h) assert.ok(h.start >= 0 && h.end <= text.length && h.markdown.length > 0);
  }
}

test('property: mutated manifests never crash validate, complete or hover', { timeout: 120_000 }, () => {
  const mutation = fc.record({
    at: fc.nat(),
    del: fc.nat({ max: 12 }),
    insert: fc.oneof(
      fc.constantFrom(...FRAGMENTS),
      fc.string({ maxLength: 6 }),
      fc.string({ unit: 'grapheme', maxLength: 3 }),
    ),
  });
  fc.assert(
    fc.property(
      fc.array(mutation, { minLength: 1, maxLength: 8 }),
      fc.array(fc.nat(), { maxLength: 4 }),
      (muts, offsets) => {
        let text = MANIFEST;
        for (const m of muts) {
          const at = m.at % (text.length + 1);
          text = text.slice(0, at) + m.insert + text.slice(at + m.del);
        }
        exercise(
          text,
          offsets.map((o) => o % (text.length + 1)),
        );
      },
    ),
    { numRuns: 400 },
  );
});

test('property: arbitrary strings never crash', { timeout: 60_000 }, () => {
  fc.assert(
    fc.property(fc.string({ maxLength: 300 }), fc.nat(), (s, o) => exercise(s, [o % (s.length + 1)])),
    { numRuns: 300 },
  );
});

test('an alias bomb is answered quickly without expansion', { timeout: 20_000 }, () => {
  const lines = [
    'apiVersion: storage.cloud.example.com/v20220901',
    'kind: StorageAccount',
    'metadata:',
    '  name: bomb',
    'x0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]',
  ];
  for (let i = 1; i < 12; i++)
    lines.push(
      `x${i}: &a${i} [${Array(9)
        .fill(`*a${i - 1}`)
        .join(', ')}]`,
    );
  lines.push('spec:', '  tags: *a11');
  const text = lines.join('\n') + '\n';
  const diags = validateText(text);
  assert.ok(
    diags.some((d) => d.code === 'unknown-field'),
    'x0..x11 are unknown top-level fields',
  );
  assert.ok(
    diags.some((d) => d.code === 'wrong-type' && text.slice(d.start, d.end) === '*a11'),
    'tags given a list through an alias',
  );
  exercise(text, [text.length - 3]);
});

test('merge keys: merged fields count as present', () => {
  const text = `apiVersion: storage.cloud.example.com/v20220901
kind: StorageAccountsQueueServicesQueue
metadata:
  name: orders
spec: &base
  owner:
    name: queues
---
apiVersion: storage.cloud.example.com/v20220901
kind: StorageAccountsQueueServicesQueue
metadata:
  name: invoices
spec:
  <<: {owner: {name: queues}}
  metadata:
    team: billing
`;
  assert.deepEqual(
    validateText(text).map((d) => d.code),
    [],
  );
});

test('tabs, CRLF and a BOM: positions stay right', () => {
  const base =
    'apiVersion: storage.cloud.example.com/v20220901\r\nkind: StorageAccount\r\nmetadata:\r\n  name: appstore\r\nspec:\r\n  location: westus\r\n  kind: StorageV3\r\n  sku:\r\n    name: Standard_LRS\r\n  owner:\r\n    name: rg\r\n';
  const text = '\uFEFF' + base;
  const file = parseFile(text);
  const diags = validateFile(file);
  assert.deepEqual(
    diags.map((d) => d.code),
    ['enum-value'],
  );
  const pos = file.lines.positionAt(diags[0].start);
  assert.deepEqual(pos, { line: 6, character: 8 });
  assert.equal(text.slice(diags[0].start, diags[0].end), 'StorageV3');
  const tabbed = base.replace('  location: westus', '\tlocation: westus');
  const t = validateText(tabbed);
  assert.ok(
    t.some((d) => d.code === 'yaml-syntax'),
    'a tab used for indentation is a syntax error',
  );
});

test('non-ASCII text: columns count UTF-16 code units', () => {
  const text =
    'apiVersion: storage.cloud.example.com/v20220901\nkind: StorageAccount\nmetadata:\n  name: appstore\nspec:\n  location: westus\n  kind: StorageV2\n  sku:\n    name: Standard_LRS\n  owner:\n    name: rg\n  tags:\n    "😀é": 1\n';
  const file = parseFile(text);
  const diags = validateFile(file);
  assert.deepEqual(
    diags.map((d) => d.code),
    ['wrong-type'],
  );
  // `    "😀é": 1`: the value 1 is at UTF-16 column 4 + 5 (quote, 2 units, é, quote) + 2 (": ") = 11.
  assert.deepEqual(file.lines.positionAt(diags[0].start), { line: 12, character: 11 });
});

test('binary garbage and NUL bytes are answered', () => {
  let seed = 7;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const bytes = Array.from({ length: 20_000 }, () => String.fromCharCode(Math.floor(rand() * 256))).join('');
  exercise(bytes, [0, 100, 19_999]);
  exercise(MANIFEST.replace('westus', 'west\u0000us'), [10]);
});

test('a 10 MB file is validated', { timeout: 120_000 }, () => {
  const doc = MANIFEST.split('---\n')[0];
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < 10 * 1024 * 1024; i++) {
    const d = `---\n${doc.replace('name: appstore', `name: store${i}`)}`;
    parts.push(d);
    size += d.length;
  }
  const text = parts.join('');
  const diags = validateText(text);
  // `store<N>` names are valid; nothing to report.
  assert.deepEqual(
    diags.slice(0, 3).map((d) => d.message),
    [],
  );
});

test('half-typed documents', () => {
  const prefixes = [
    'apiVersion: stor',
    'apiVersion: storage.cloud.example.com/v20220901\nkind: Stor',
    MANIFEST.slice(0, 200),
    MANIFEST.slice(0, 420),
  ];
  for (const p of prefixes) exercise(p, [p.length]);
});

test(
  'property: the line index joined from cached chunks equals one computed from the whole text',
  { timeout: 60_000 },
  () => {
    const piece = fc.constantFrom('a: 1', 'b:', '  - x', '---', '...', '', '\r', '# c', 'k: "q"', '\t');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), fc.constantFrom('\n', '\r\n', '\r'), (parts, eol) => {
        const text = parts.join(eol);
        parseFile(text); // warm the chunk cache, as an earlier version of the file would
        const edited = text + eol + 'z: 2';
        assert.deepEqual(parseFile(edited).lines.starts, new LineIndex(edited).starts);
        assert.deepEqual(parseFile(text).lines.starts, new LineIndex(text).starts);
      }),
      { numRuns: 500 },
    );
  },
);

test('values nested past the bound: one Information, never a syntax error; below it, checked', () => {
  const head = `apiVersion: storage.cloud.example.com/v20220901\nkind: StorageAccount\nmetadata:\n  name: appstore\nspec:\n`;
  const flow = (n: number) => `${head}  tags: ${'['.repeat(n)}1${']'.repeat(n)}\n`;
  let block = `${head}  tags:\n`;
  for (let i = 0, ind = '    '; i < 300; i++, ind += '  ') block += `${ind}k${i}:\n`;
  block += `${' '.repeat(604)}v: 1\n`;
  for (const text of [flow(1000), flow(5000), block]) {
    const found = validateText(text).map((d) => `${d.code} ${d.severity ?? ''}`);
    assert.deepEqual(found, ['nesting-too-deep '], found.join('; '));
  }
  // 200 levels: read and checked (tags are strings).
  const codes = validateText(flow(200)).map((d) => d.code);
  assert.ok(!codes.includes('nesting-too-deep') && !codes.includes('yaml-syntax'), codes.join('; '));
  assert.ok(codes.includes('wrong-type') || codes.includes('missing-required'), codes.join('; '));
});
