// An open document's new version made from the editor's changes (lsp/pieceDocument.ts → service/core/
// fileText.ts → parseChanged in core/parse.ts), without its whole text: random LSP edits (several changes
// in one didChange, bursts of versions analysed once, whole texts, CRLF, lone CR, surrogate pairs, `---`
// and `...` markers written and broken) give the documents, lines and diagnostics a fresh analysis of the
// text gives; and an edit of a large file, through the server, joins no whole text.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';
import { PieceDocument } from '../../server/src/lsp/pieceDocument';
import { Analysis } from '../../server/src/service/analysis';
import { LineIndex } from '../../server/src/service/core/lineIndex';
import { splitDocuments, type ParsedFile } from '../../server/src/service/core/parse';
import { account, fileService, rg, share } from '../workspace/helpers';
import { random } from '../helpers/random';
import { TestClient } from '../e2e/lspClient';

const SEEDS = Number(process.env.CM_EDITED_SEEDS ?? 10);

const PIECES = [
  rg('rg'),
  account('one', 'rg'),
  account('two', 'rg', '  minimumTlsVersion: TLS1_9\n'),
  account('one', 'rg'),
  fileService('one-file', 'one'),
  share('docs', 'one-file', '  shareQuota: 10240\n'),
  account('three', 'rg-missing'),
  '# a comment only\n',
  account('four', 'rg', '  # cloud-manifests-disable-next-line\n  minimumTlsVersion: TLS1_9\n'),
];
const SEPARATORS = ['---\n', '--- # next\n', '...\n---\n', '---\r\n'];
const INSERTS = ['---\n', '\n---\n', '...\n', '---', '-', '\r\n', '\r', '\n', 'x', '😀', '\t', 'kind: ', '', ''];

const shape = (f: ParsedFile) => f.docs.map((d) => ({ offset: d.offset, text: d.text }));

/** A change somewhere in the document: often at either end, sometimes replacing lines, end first. */
function change(r: ReturnType<typeof random>, doc: PieceDocument): TextDocumentContentChangeEvent {
  const text = r.pick(INSERTS) + (r.int(3) === 0 ? r.pick(INSERTS) : '');
  if (r.int(40) === 0) return { text: doc.getText().replace(/one/g, 'uno') };
  const pos = () => {
    const w = r.int(5);
    if (w === 0) return { line: 0, character: r.int(3) };
    if (w === 1) return { line: doc.lineCount, character: 0 };
    return { line: r.int(doc.lineCount), character: r.int(20) };
  };
  const start = pos();
  const end = r.int(3) === 0 ? pos() : { line: start.line + r.int(2), character: r.int(20) };
  return { range: { start, end }, text };
}

test('a version made from random editor changes is the fresh analysis of its text', () => {
  const uri = 'file:///ws/edited.yaml';
  const cross = { complete: true };
  for (let seed = 1; seed <= SEEDS; seed++) {
    const r = random(500 + seed);
    let text = '';
    for (let i = 2 + r.int(8); i > 0; i--) text += (text ? r.pick(SEPARATORS) : '') + r.pick(PIECES);
    if (seed % 3 === 0) text = text.replace(/\n/g, '\r\n');
    const doc = new PieceDocument(uri, 'yaml', 1, text);
    const analysis = new Analysis();
    analysis.updateFile(uri, analysis.openFile(uri, 1, doc));
    for (let v = 2; v < 40; v++) {
      const changes: TextDocumentContentChangeEvent[] = [];
      for (let n = 1 + r.int(3); n > 0; n--) changes.push(change(r, doc));
      doc.update(changes, v);
      // A burst: some versions are not analysed, the next one is made from the changes of both.
      if (r.int(4) === 0) continue;
      const file = analysis.openFile(uri, v, doc);
      if (r.int(2) === 0) void file.lines;
      analysis.updateFile(uri, file);
      const got = analysis.fileDiagnostics(uri, undefined, cross);
      const now = doc.getText();
      const where = `seed ${seed}, version ${v}: ${JSON.stringify(now)}`;
      assert.deepEqual(shape(file), splitDocuments(now), where);
      const fresh = new LineIndex(now);
      assert.deepEqual(Array.from(file.lines.starts), fresh.starts, where);
      for (let line = 0; line < fresh.lineCount; line++)
        assert.equal(file.lines.lineText(line), fresh.lineText(line), `${where}: line ${line}`);
      const other = new Analysis();
      other.updateFile(uri, other.openFile(uri, 1, now));
      assert.deepEqual(got, other.fileDiagnostics(uri, undefined, cross), where);
      assert.equal(file.text, now, where);
    }
  }
});

test('through the server, an edit of a 2,000-resource file makes no whole text of it', async () => {
  const client = new TestClient({ transport: 'in-process' });
  try {
    await client.initialize();
    const uri = 'file:///counted/large.yaml';
    const text = [rg('rg'), ...Array.from({ length: 2000 }, (_, i) => account(`acct${i}`, 'rg'))].join('---\n');
    assert.deepEqual(await client.open(uri, text), []);
    const state = client.serverState!;
    const doc = state.documents.get(uri) as PieceDocument;
    const texts = state.host.status().counters.texts;
    const joins = doc.joins;
    // Typing over a value, then a line added: each edit's diagnostics (with their positions) published.
    const line = text.split('\n').indexOf('  name: acct1000');
    let diags = await client.changeRanges(uri, [
      { range: { start: { line, character: 8 }, end: { line, character: 16 } }, text: 'acct1000x' },
    ]);
    assert.deepEqual(diags, []);
    diags = await client.changeRanges(uri, [
      {
        range: { start: { line: line + 2, character: 0 }, end: { line: line + 2, character: 0 } },
        text: '  minimumTlsVersion: TLS1_9\n',
      },
    ]);
    assert.equal(diags.length, 1);
    assert.equal(diags[0].range.start.line, line + 2);
    // What an editor asks after an edit: the outline and the code lenses (no committed version to compare).
    const symbols = await client.request<unknown[]>('textDocument/documentSymbol', { textDocument: { uri } });
    assert.equal(symbols.length, 2001);
    const lenses = await client.request<{ command?: { title: string } }[]>('textDocument/codeLens', {
      textDocument: { uri },
    });
    assert.equal(lenses.filter((l) => l.command?.title.startsWith('Compared with')).length, 0);
    assert.ok(lenses.length > 0);
    assert.equal(state.host.status().counters.texts - texts, 0, 'whole texts joined by the analysis');
    assert.equal(doc.joins - joins, 0, 'whole texts joined by the document store');
  } finally {
    await client.stop();
  }
});
