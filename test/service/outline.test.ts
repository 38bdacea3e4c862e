// The outline as editors expect it: every symbol inside its parent, its selection inside its own range,
// on random manifests with nested, flow, block-scalar, commented and broken fields, LF and CRLF.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import type { DocumentSymbol } from 'vscode-languageserver-types';
import { analyze } from '../../server/src/service/workspace/analyze';
import { parseFile } from '../../server/src/service/core/parse';
import { documentSymbols } from '../../server/src/service/workspace/symbols';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO } from '../helpers/files';

type Pos = { line: number; character: number };
const le = (a: Pos, b: Pos) => a.line < b.line || (a.line === b.line && a.character <= b.character);
const inside = (r: { start: Pos; end: Pos }, outer: { start: Pos; end: Pos }) =>
  le(outer.start, r.start) && le(r.end, outer.end);

function problems(list: DocumentSymbol[], parent?: DocumentSymbol, path = ''): string[] {
  const out: string[] = [];
  for (const s of list) {
    const here = `${path}/${s.name}`;
    if (parent && !inside(s.range, parent.range))
      out.push(`${here} ${JSON.stringify(s.range)} outside ${JSON.stringify(parent.range)}`);
    if (!inside(s.selectionRange, s.range)) out.push(`${here}: selection outside its range`);
    out.push(...problems(s.children ?? [], s, here));
  }
  return out;
}

const HEAD = 'apiVersion: storage.cloud.example.com/v20220901\nkind: StorageAccount\nmetadata:\n  name: a\nspec:\n';
const PIECES = [
  '  tags:\n    a: 1\n',
  '  tags: {a: 1, b: [1, 2]}\n',
  '  x: &anc\n    k: v\n',
  '  y: *anc\n',
  '  z: |\n    text\n\n',
  '  w:\n  - a: 1\n    b: 2\n  - c\n',
  '  ? e\n  : f\n',
  '  v:\n    # c\n    k: 1\n  # trailing\n',
  '  q: >-\n    folded\n',
  '  r:\n',
  '  t: [a, {b: c}]\n',
  '  u:\n    - - 1\n      - 2\n',
  '  m: "multi\n    line"\n',
  '  k:\n  - |+\n    x\n\n',
  '  bad: [1, 2\n',
  '  b2: {a\n',
  "  b3: 'x\n",
  '   misindent: 1\n',
  '\tx: 1\n',
  '  c:\n   d: 1\n  e: 2\n',
  '  g: [\n    1,\n  2]\n',
  '  h: {\n  i: 1}\n',
  '  m2:\n  - n: 1\n   o: 2\n',
];

test('outline: every symbol inside its parent and its selection inside its range (random manifests, LF and CRLF)', () => {
  fc.assert(
    fc.property(
      fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 6 }),
      fc.boolean(),
      fc.boolean(),
      (pieces, crlf, twoDocs) => {
        let text = HEAD + pieces.join('');
        if (twoDocs) text = `${text}---\n${text}`;
        if (crlf) text = text.replace(/\n/g, '\r\n');
        assert.deepEqual(
          problems(documentSymbols(analyze(parseFile(text), { symbols: true }))),
          [],
          JSON.stringify(text),
        );
      },
    ),
    { seed: 3, numRuns: 500 },
  );
});

test("lists in the outline: items as the kinds they name; a core v1 List shows its items of the kinds known (Kubernetes' own too)", () => {
  const text = readFileSync(join(REPO, 'test', 'fixtures', 'workspace', 'core-list', 'list.yaml'), 'utf8');
  const [list, ...rest] = documentSymbols(parseFile(text));
  assert.equal(rest.length, 0);
  assert.equal(list.name, 'List');
  assert.deepEqual(
    list.children?.map((c) => c.name),
    ['ResourceGroup rg-listed', 'StorageAccount listedstore', 'ConfigMap listedstore'],
  );
  assert.deepEqual(problems([list]), []);
  const typed = [
    'apiVersion: authorization.cloud.example.com/v20220401',
    'kind: RoleAssignmentList',
    'items:',
    '  - kind: RoleDefinition',
    '    metadata: {name: reader-plus}',
    '  - kind: Unknown',
    '    metadata: {name: x}',
    '  - metadata: {name: plain}',
    '',
  ].join('\n');
  const [t] = documentSymbols(parseFile(typed));
  assert.deepEqual(
    t.children?.map((c) => c.name),
    ['RoleDefinition reader-plus', 'RoleAssignment plain'],
  );
  assert.deepEqual(
    documentSymbols(parseFile('apiVersion: v1\nkind: List\nitems:\n  - {apiVersion: example.org/v1, kind: Widget}\n')),
    [],
  );
});
