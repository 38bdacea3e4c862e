// Rename edits stay on the name they rename (issue 30's fuzzing: 3 of 79,003 rename requests edited across
// lines or past a line's end): in a document that does not parse as written (an unclosed quote swallowing
// the lines below, a lone CR, which LSP counts as a line break), the index's span of a name may cover other
// lines; such a name is not renamed, with a message saying why. Each edit made is on one line and reads as
// the old name, on any mutation of the files (fast-check, fixed seed).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { isScalar, parseDocument } from 'yaml';
import { prepareRenameAt, renameAt } from '../../server/src/service/workspace/navigate';
import { account, rg, URI, workspace } from './helpers';

const STORE = account('samplekubestorage', 'rg-app');

test('a name whose unclosed quote swallows the lines below is not renamed', () => {
  const text = STORE.replace('name: samplekubestorage', 'name: "samplekubestorage');
  const index = workspace({ 'st.yaml': text, 'rg.yaml': rg('rg-app') });
  const at = text.indexOf('samplekube') + 3;
  const prepared = prepareRenameAt(index, URI('st.yaml'), at);
  assert.ok(prepared && 'error' in prepared, JSON.stringify(prepared));
  assert.match(prepared.error, /written over several lines/);
  const r = renameAt(index, URI('st.yaml'), at, 'renamed');
  assert.ok('error' in r, JSON.stringify('error' in r ? r : [...r]));
});

test('a name with a lone CR in it (two lines to LSP) is not renamed', () => {
  const text = STORE.replace('name: samplekubestorage', 'name: samplekubes\rtorage');
  const index = workspace({ 'st.yaml': text });
  const r = renameAt(index, URI('st.yaml'), text.indexOf('samplekube') + 3, 'renamed');
  assert.ok('error' in r && /several lines/.test(r.error), JSON.stringify('error' in r ? r : [...r]));
});

test('a quoted name with escapes is rewritten whole when it reads as the name', () => {
  const text = account('appstore', 'rg-app').replace('name: rg-app', 'name: "rg\\x2dapp"');
  const index = workspace({ 'st.yaml': text, 'rg.yaml': rg('rg-app') });
  const r = renameAt(index, URI('rg.yaml'), rg('rg-app').indexOf('rg-app') + 1, 'rg-new');
  assert.ok(!('error' in r));
  const [edit] = r.get(URI('st.yaml'))!;
  assert.deepEqual([text.slice(edit.span[0], edit.span[1]), edit.newText], ['"rg\\x2dapp"', '"rg-new"']);
});

/** A text's span read as a YAML scalar. */
const readsAs = (raw: string, value: string) => {
  const d = parseDocument(raw);
  return d.errors.length === 0 && isScalar(d.contents) && String(d.contents.value) === value;
};

test('property: every rename edit is on one line and reads as the old name', { timeout: 120_000 }, () => {
  const RG = rg('samplekubestorage');
  const PIECES = [
    '',
    ' ',
    '\n',
    '\r',
    '"',
    "'",
    ':',
    '\\',
    '#',
    '- ',
    '{',
    '}',
    '[',
    '\t',
    'x',
    'name: samplekubestorage',
  ];
  const mutation = fc.tuple(fc.nat(STORE.length), fc.nat(6), fc.constantFrom(...PIECES));
  fc.assert(
    fc.property(fc.array(mutation, { maxLength: 4 }), fc.nat(STORE.length), (muts, cur) => {
      let t = account('samplestore', 'samplekubestorage');
      for (const [p, n, s] of muts) t = t.slice(0, p) + s + t.slice(p + n);
      const index = workspace({ 'rg.yaml': RG, 'st.yaml': t });
      const cursors: [string, number][] = [
        ['st.yaml', cur % (t.length + 1)],
        ['rg.yaml', RG.indexOf('samplekube') + 2],
      ];
      for (const [name, offset] of cursors) {
        const prepared = prepareRenameAt(index, URI(name), offset);
        if (!prepared || 'error' in prepared) continue;
        const r = renameAt(index, URI(name), offset, 'renamed');
        if ('error' in r) continue;
        for (const [uri, edits] of r) {
          const text = index.get(uri)!.text;
          for (const e of edits) {
            const raw = text.slice(e.span[0], e.span[1]);
            assert.ok(e.span[1] <= text.length && !/[\r\n]/.test(raw), `an edit over lines: ${JSON.stringify(raw)}`);
            assert.ok(
              raw === prepared.placeholder || readsAs(raw, prepared.placeholder),
              `${JSON.stringify(raw)} is not ${prepared.placeholder}`,
            );
          }
        }
      }
    }),
    { numRuns: 4000, seed: 30 },
  );
});
