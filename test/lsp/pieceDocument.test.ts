// The server's open documents (lsp/pieceDocument.ts) answer as the library's TextDocument after any edits:
// random sessions of changes (several in one didChange, full texts, ranges given end first or past the end,
// ends inside a CRLF or between a surrogate pair's halves, CR and LF joined and parted) compared on the text,
// every offset's position, positions' offsets and ranges' texts; and an edit copies no whole text.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { TextDocument, type TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';
import { PieceDocument, pieceDocuments } from '../../server/src/lsp/pieceDocument';
import { random } from '../helpers/random';

const SEEDS = Number(process.env.CM_PIECE_SEEDS ?? 40);

/** Bits of text an edit writes: line breaks of every kind, a tab, a surrogate pair, `---` markers. */
const BITS = ['\n', '\r\n', '\r', 'a', 'key: value', '\t', '😀', '---\n', '...\r\n', ' ', '\n\r', 'é'];

function same(mine: PieceDocument, lib: TextDocument, r: ReturnType<typeof random>, where: string): void {
  const text = lib.getText();
  assert.equal(mine.lineCount, lib.lineCount, `${where}: line count`);
  for (let o = -1; o <= text.length + 1; o++)
    assert.deepEqual(mine.positionAt(o), lib.positionAt(o), `${where}: positionAt(${o})`);
  for (let k = 0; k < 30; k++) {
    const pos = { line: r.int(lib.lineCount + 2) - 1, character: r.int(12) - 1 };
    assert.equal(mine.offsetAt(pos), lib.offsetAt(pos), `${where}: offsetAt(${JSON.stringify(pos)})`);
    const end = { line: r.int(lib.lineCount + 1), character: r.int(12) };
    assert.equal(mine.getText({ start: pos, end }), lib.getText({ start: pos, end }), `${where}: getText(range)`);
  }
  for (let line = -1; line <= lib.lineCount + 1; line++) {
    assert.deepEqual(mine.getLineRange(line), lib.getLineRange(line), `${where}: getLineRange(${line})`);
    assert.equal(mine.getEOLCharacters(line), lib.getEOLCharacters(line), `${where}: getEOLCharacters(${line})`);
  }
  // Reading the whole text joins the pieces: only sometimes, so that a session also grows many pieces.
  if (r.int(4) === 0) assert.equal(mine.getText(), text, `${where}: text`);
}

function change(r: ReturnType<typeof random>, lib: TextDocument): TextDocumentContentChangeEvent {
  let text = '';
  for (let n = r.int(4); n > 0; n--) text += r.pick(BITS);
  if (r.int(25) === 0) return { text };
  const at = () => ({ line: r.int(lib.lineCount + 1), character: r.int(14) });
  return { range: { start: at(), end: r.int(3) === 0 ? at() : { ...at(), line: r.int(lib.lineCount) } }, text };
}

test('after random edits the store answers as TextDocument: text, positions, offsets, ranges', () => {
  for (let seed = 1; seed <= SEEDS; seed++) {
    const r = random(seed);
    let start = '';
    for (let n = r.int(30); n > 0; n--) start += r.pick(BITS);
    const mine = pieceDocuments.create('file:///x.yaml', 'yaml', 1, start);
    let lib = TextDocument.create('file:///x.yaml', 'yaml', 1, start);
    same(mine, lib, r, `seed ${seed} start`);
    for (let v = 2; v < 120; v++) {
      // Changes are computed against the library's text after the ones before them in the same didChange.
      const changes: TextDocumentContentChangeEvent[] = [];
      for (let n = 1 + r.int(3); n > 0; n--) {
        const c = change(r, lib);
        changes.push(c);
        lib = TextDocument.update(lib, [c], v);
      }
      pieceDocuments.update(mine, changes, v);
      assert.equal(mine.version, v);
      same(mine, lib, r, `seed ${seed} version ${v} (${JSON.stringify(changes)})`);
    }
    assert.equal(mine.getText(), lib.getText(), `seed ${seed}: final text`);
  }
});

test('an edit of a large document copies no whole text; reading it joins once per version', () => {
  const text = 'kind: Account\nmetadata:\n  name: a\r\n---\n'.repeat(20_000);
  const mine = new PieceDocument('file:///big.yaml', 'yaml', 1, text);
  let lib = TextDocument.create('file:///big.yaml', 'yaml', 1, text);
  for (let v = 2; v <= 26; v++) {
    const line = 3 * v;
    const c = { range: { start: { line, character: 8 }, end: { line, character: 9 } }, text: `b${v}` };
    pieceDocuments.update(mine, [c], v);
    lib = TextDocument.update(lib, [c], v);
  }
  assert.equal(mine.joins, 0, 'no whole text made by 25 edits');
  assert.deepEqual(mine.positionAt(text.length), lib.positionAt(text.length));
  assert.equal(
    mine.getText({ start: { line: 120, character: 0 }, end: { line: 124, character: 0 } }),
    lib.getText({ start: { line: 120, character: 0 }, end: { line: 124, character: 0 } }),
  );
  assert.equal(mine.joins, 0, 'nor by positions and ranges');
  assert.equal(mine.getText(), lib.getText());
  assert.equal(mine.getText(), lib.getText());
  assert.equal(mine.joins, 1, 'the whole text joined once for this version');
});
