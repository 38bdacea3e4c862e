// Parsing once per document, cached by content, with syntax trees released after use: what a user sees
// (diagnostics, hover, completion, outline) must not depend on whether a document's tree is still held or
// is parsed again on demand.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { analyze } from '../../server/src/service/workspace/analyze';
import { complete } from '../../server/src/service/features/complete';
import { hover } from '../../server/src/service/features/hover';
import { ChunkStore, splitDocuments, type ParsedFile } from '../../server/src/service/core/parse';
import { validateFile } from '../../server/src/service/checks/validate';
import { documentSymbols } from '../../server/src/service/workspace/symbols';
import { storageAccount } from '../helpers/manifests';

// One store for the whole file, as one analysis holds one: its cache is what these tests observe.
const store = new ChunkStore();
const parseFile = (text: string) => store.parseFile(text);
const holdFile = (file: ParsedFile) => store.hold(file);
const releaseFile = (file: ParsedFile) => store.release(file);
const parseCacheStats = () => store.stats();
const readOnce = <T>(fn: () => T): T => store.readOnce(fn);

const account = (i: number, tls = 'TLS1_2') => storageAccount({ name: `acct${i}`, minimumTlsVersion: tls });

/** A file of many more documents than syntax trees are kept for; every 7th has a wrong TLS version. */
const big = (n: number) =>
  Array.from({ length: n }, (_, i) => account(i, i % 7 === 3 ? 'TLS1_9' : 'TLS1_2')).join('---\n');

test('a large file: diagnostics, hover, completion and outline of its first document once its tree was released', () => {
  const text = big(600);
  const file = analyze(parseFile(text), { symbols: true });
  // By now the first document's tree has been released: everything below parses it again.
  const diags = validateFile(file);
  assert.equal(diags.length, Math.ceil((600 - 3) / 7));
  const first = diags[0];
  assert.equal(text.slice(first.start, first.end), 'TLS1_9');
  assert.match(first.message, /minimumTlsVersion/);

  const key = text.indexOf('minimumTlsVersion') + 3;
  const h = hover(file, key);
  assert.ok(h, 'hover over minimumTlsVersion in the first document');
  assert.equal(text.slice(h.start, h.end), 'minimumTlsVersion');
  assert.equal(h.markdown, hover(parseFile(account(0)), account(0).indexOf('minimumTlsVersion') + 3)?.markdown);

  const value = text.indexOf('accessTier: ') + 'accessTier: '.length;
  const labels = complete(file, value).map((c) => c.label);
  assert.ok(labels.includes('Cool'), `accessTier values offered: ${labels.join(', ')}`);

  const outline = documentSymbols(file);
  assert.equal(outline.length, 600);
  assert.equal(outline[599].name, 'StorageAccount acct599');
  assert.equal(
    outline[599].selectionRange.start.line,
    text.slice(0, text.indexOf('name: acct599')).split('\n').length - 1,
  );
});

test('an edit re-checks the document it touches; the others keep their diagnostics', () => {
  const text = big(300);
  const before = validateFile(analyze(parseFile(text)));
  const at = text.indexOf('name: acct150');
  const edited = text.slice(0, at) + text.slice(at).replace('TLS1_2', 'TLS1_7');
  const after = validateFile(analyze(parseFile(edited)));
  assert.equal(after.length, before.length + 1);
  const added = after.find((d) => !before.some((b) => b.start === d.start && b.message === d.message));
  assert.ok(added);
  assert.equal(edited.slice(added.start, added.end), 'TLS1_7');
});

test('a released file parses again to the same results once other texts pushed it out of the slack', () => {
  const text = big(80);
  const file = analyze(parseFile(text));
  holdFile(file);
  const diags = validateFile(file);
  releaseFile(file);
  assert.equal(parseFile(text).docs[0].key, file.docs[0].key, 'just released: still in the slack (undo)');
  // More than the slack's bytes of texts nobody holds.
  for (let i = 0; i < 40; i++) parseFile(`# filler ${i}\n${'x: y\n'.repeat(10_000)}`);
  const again = parseFile(text);
  assert.notEqual(again.docs[0].key, file.docs[0].key, 'the chunks were dropped from the cache');
  assert.deepEqual(validateFile(analyze(again)), diags);
});

test('versions of an edited document do not accumulate: the cache keeps held chunks and a bounded slack', () => {
  // A 150 KB single-document file typed into: each version is one new chunk of the whole text.
  const base = `${account(1)}  tags:\n    note: \n${'# padding line of a large document\n'.repeat(4000)}`;
  let held = parseFile(base);
  holdFile(held);
  const before = parseCacheStats();
  for (let k = 1; k <= 200; k++) {
    const next = parseFile(base.replace('note: ', `note: ${'a'.repeat(k)}`));
    holdFile(next);
    releaseFile(held);
    held = next;
  }
  const after = parseCacheStats();
  assert.equal(after.heldBytes - before.heldBytes, held.text.length - base.length, 'only the current version is held');
  assert.ok(after.slackBytes <= 1 << 20, `slack ${after.slackBytes} bytes`);
  assert.ok(after.slackChunks < 10, `${after.slackChunks} old versions kept`);
  releaseFile(held);
});

test('document markers split exactly: every chunk starts a document, and the chunks tile the file', () => {
  const text = `${account(1)}---\n${account(2)}...\n# a comment after the end marker\n---\n${account(3)}`;
  const chunks = splitDocuments(text);
  assert.equal(chunks.map((c) => c.text).join(''), text);
  assert.equal(chunks.length, 4);
  assert.ok(chunks[1].text.startsWith('---\n') && chunks[1].text.endsWith('...\n'));
  assert.equal(validateFile(parseFile(text)).length, 0);
});

test('analysis keeps no tree alive; a tree a request is using stays', () => {
  const file = parseFile(big(5));
  const [first, second] = file.docs;
  const held = first.doc; // a request looks into the first document
  analyze(file);
  assert.equal(first.doc, held, 'the tree in use was kept');
  const seen = readOnce(() => second.doc);
  assert.equal(
    readOnce(() => second.doc === seen),
    false,
    'a tree parsed for analysis is dropped after it',
  );
  // Nested: the tree lives until the outermost call returns, so one pass parses each chunk once.
  readOnce(() => {
    const a = second.doc;
    readOnce(() => second.doc);
    assert.equal(second.doc, a);
  });
});
