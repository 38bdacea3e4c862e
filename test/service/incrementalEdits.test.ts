// An edit costs what it touches, and what it gives equals a fresh analysis. A new version of an open file is
// split again only between the documents the edit left alone (service/resplit.ts), and everything after it
// (the line index, the analysis pass, the diagnostics) starts from the version before. Random edits
// (adding and removing `---` and `...` markers, CRLF and lone CR, edits in the first and last documents, at
// the very start and end) are checked against a fresh split and a fresh analysis of the same text.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Analysis } from '../../server/src/service/analysis';
import { LineIndex } from '../../server/src/service/core/lineIndex';
import { ChunkStore, splitDocuments, type ParsedFile } from '../../server/src/service/core/parse';
import { account, fileService, rg, share } from '../workspace/helpers';
import { random } from '../helpers/random';

/** Seeds of the random sessions; more on demand: CM_INCREMENTAL_SEEDS=200 node scripts/run-tests.mjs incrementalEdits */
const SEEDS = Number(process.env.CM_INCREMENTAL_SEEDS ?? 12);

/** Documents a file is made of: owners in the file, a name defined twice, an error, markers of every kind. */
const PIECES = [
  rg('rg'),
  account('one', 'rg'),
  account('two', 'rg', '  minimumTlsVersion: TLS1_9\n'),
  account('one', 'rg'),
  fileService('one-file', 'one'),
  share('docs', 'one-file', '  shareQuota: 10240\n'),
  account('three', 'rg-missing'),
  '# a comment only\n',
  // Another API domain, and an account without apiVersion (its fix writes the workspace's most used domain).
  account('four', 'rg').replace('cloud.example.com', 'example.org'),
  account('five', 'rg').replace(/^apiVersion: .*\n/, ''),
  // A disable comment, silencing the line after it.
  account('six', 'rg', '  # cloud-manifests-disable-next-line\n  minimumTlsVersion: TLS1_9\n'),
  'apiVersion: storage.cloud.example.com/v20220901\nkind: StorageAccount\nmetadata:\n  name: broken\nspec:\n  owner: {name: rg\n',
];
const SEPARATORS = ['---\n', '--- # next\n', '...\n---\n', '---\r\n'];
/** What an edit writes: markers whole and in part, line breaks of every kind, YAML that changes meaning. */
const INSERTS = [
  '---\n',
  '\n---\n',
  '...\n',
  '---',
  '-',
  '\r\n',
  '\r',
  '\n',
  'x',
  '  minimumTlsVersion: TLS1_9\n',
  'kind: ',
  '',
  '',
];

function initial(r: ReturnType<typeof random>, docs: number, crlf: boolean): string {
  let text = '';
  for (let i = 0; i < docs; i++) text += (i === 0 ? '' : r.pick(SEPARATORS)) + r.pick(PIECES);
  return crlf ? text.replace(/\n/g, '\r\n') : text;
}

/** An edit somewhere, often in the first or last document or at either end of the text. */
function edit(r: ReturnType<typeof random>, text: string): string {
  const where = r.int(6);
  const at =
    where === 0
      ? 0
      : where === 1
        ? text.length
        : where === 2
          ? r.int(Math.min(40, text.length + 1))
          : where === 3
            ? Math.max(0, text.length - r.int(40))
            : r.int(text.length + 1);
  const removed = r.int(3) === 0 ? r.int(12) : 0;
  return text.slice(0, at) + r.pick(INSERTS) + text.slice(Math.min(text.length, at + removed));
}

const shape = (f: ParsedFile) => f.docs.map((d) => ({ offset: d.offset, text: d.text }));

test('a version split from the one before is split as the whole text is: documents, offsets and lines', () => {
  for (let seed = 1; seed <= SEEDS * 3; seed++) {
    const r = random(seed);
    const store = new ChunkStore();
    let text = initial(r, 2 + r.int(8), seed % 4 === 0);
    let file = store.parseFile(text);
    for (let step = 0; step < 40; step++) {
      // Half the time the line index of the version before was built (the new one starts from it).
      if (r.int(2) === 0) void file.lines;
      text = edit(r, text);
      const previous = file;
      file = store.basedOn(previous, () => store.parseFile(text));
      const where = `seed ${seed}, step ${step}: ${JSON.stringify(text)}`;
      assert.deepEqual(shape(file), splitDocuments(text), where);
      assert.deepEqual(Array.from(file.lines.starts), new LineIndex(text).starts, where);
    }
  }
});

test('an edit in a file of 2,000 documents splits and looks up again only the documents it touched', () => {
  const store = new ChunkStore();
  const docs = Array.from({ length: 2000 }, (_, i) => account(`acct${i}`, 'rg'));
  const v1 = docs.join('---\n');
  const file = store.parseFile(v1);
  const v2 = v1.replace('name: acct1000\n', 'name: acct1000x\n');
  const next = store.basedOn(file, () => store.parseFile(v2));
  assert.deepEqual(shape(next), splitDocuments(v2));
  const changed = next.docs.filter((d, i) => d !== file.docs[i]);
  // The documents after the edit moved (new records of where they are), but are the same chunks.
  assert.equal(next.docs.filter((d, i) => d.key !== file.docs[i].key).length, 1, 'one chunk is new');
  assert.equal(changed[0].text.includes('acct1000x'), true);
  assert.deepEqual(next.basis && { prefix: next.basis.prefix, suffix: next.basis.suffix }, {
    prefix: 1000,
    suffix: 999,
  });
});

test('an edit of one document of a 2,000-document file runs the cross-document checks of its manifest alone', () => {
  const analysis = new Analysis();
  const uri = 'file:///ws/many.yaml';
  const cross = { complete: true };
  // Every account's owner is in the file, and one name is defined twice: the checks have work to do.
  const docs = [rg('rg'), ...Array.from({ length: 2000 }, (_, i) => account(`acct${i}`, 'rg')), account('acct7', 'rg')];
  const v1 = docs.join('---\n');
  analysis.updateFile(uri, analysis.openFile(uri, 1, v1));
  const before = analysis.fileDiagnostics(uri, undefined, cross);
  assert.deepEqual(
    before.map((d) => d.code),
    ['duplicate-resource', 'duplicate-resource'],
  );
  const checks = analysis.index.crossChecks;
  // A value of one account changes (not its name, nor its owner), with a line added before the duplicate.
  const v2 = v1.replace('name: acct1000\nspec:\n', 'name: acct1000\nspec:\n  # a note\n');
  analysis.updateFile(uri, analysis.openFile(uri, 2, v2));
  const after = analysis.fileDiagnostics(uri, undefined, cross);
  // The edited account is checked again, and the first copy of acct7, whose message names the line of the
  // second, one line further down now; no other (the second names the first, which did not move).
  assert.equal(analysis.index.crossChecks - checks, 2);
  const fresh = new Analysis();
  fresh.updateFile(uri, fresh.openFile(uri, 1, v2));
  assert.deepEqual(after, fresh.fileDiagnostics(uri, undefined, cross));
});

test('an open file edited at random has the diagnostics a fresh analysis of its text has', () => {
  const uri = 'file:///ws/edited.yaml';
  const cross = { complete: true };
  for (let seed = 1; seed <= SEEDS; seed++) {
    const r = random(100 + seed);
    const analysis = new Analysis();
    // A second file: names it defines and refers to tie it to the edited one (duplicates, owners).
    analysis.updateFile('file:///ws/other.yaml', analysis.parse(account('one', 'rg') + '---\n' + rg('rg2')));
    let text = initial(r, 3 + r.int(10), seed % 3 === 0);
    let otherBefore = analysis.fileDiagnostics('file:///ws/other.yaml', undefined, cross);
    for (let step = 0; step < 25; step++) {
      text = edit(r, text);
      const file = analysis.openFile(uri, step + 1, text);
      const affected = analysis.updateFile(uri, file);
      // The other file is among those the edit affects whenever its diagnostics changed.
      const otherNow = analysis.fileDiagnostics('file:///ws/other.yaml', undefined, cross);
      if (JSON.stringify(otherNow) !== JSON.stringify(otherBefore))
        assert.ok(
          affected.has('file:///ws/other.yaml'),
          `seed ${seed}, step ${step}: other.yaml not marked ${JSON.stringify(otherBefore)} -> ${JSON.stringify(otherNow)} ${JSON.stringify(text)}`,
        );
      otherBefore = otherNow;
      const got = analysis.fileDiagnostics(uri, undefined, cross);
      const fresh = new Analysis();
      fresh.updateFile('file:///ws/other.yaml', fresh.parse(account('one', 'rg') + '---\n' + rg('rg2')));
      fresh.updateFile(uri, fresh.openFile(uri, 1, text));
      assert.deepEqual(
        got,
        fresh.fileDiagnostics(uri, undefined, cross),
        `seed ${seed}, step ${step}: ${JSON.stringify(text)}`,
      );
      // The index holds the same manifests, in the same order and places.
      const held = (a: Analysis) =>
        a.index.get(uri)?.manifests.map((m) => [m.kind, m.name, m.span, m.nameSpan, m.owner?.nameSpan]);
      assert.deepEqual(held(analysis), held(fresh), `manifests, seed ${seed}, step ${step}`);
      assert.deepEqual(
        analysis.fileDiagnostics('file:///ws/other.yaml', undefined, cross),
        fresh.fileDiagnostics('file:///ws/other.yaml', undefined, cross),
        `other file, seed ${seed}, step ${step}`,
      );
    }
  }
});

test('an edit inside a line of a 2,000-document file keeps the line starts of the version before, not a copy', () => {
  const store = new ChunkStore();
  const v1 = Array.from({ length: 2000 }, (_, i) => account(`acct${i}`, 'rg')).join('---\n');
  const file = store.parseFile(v1);
  const before = file.lines.starts;
  // The same length, no line break added or removed: every line starts where it did.
  const v2 = v1.replace('name: acct1000\n', 'name: acct1001\n');
  const next = store.basedOn(file, () => store.parseFile(v2));
  assert.deepEqual(Array.from(next.lines.starts), new LineIndex(v2).starts);
  assert.equal(next.lines.starts, before);
  // A line break added: new starts.
  const v3 = v2.replace('name: acct1001\n', 'name: acct1001\n\n');
  const third = store.basedOn(next, () => store.parseFile(v3));
  assert.deepEqual(Array.from(third.lines.starts), new LineIndex(v3).starts);
  assert.notEqual(third.lines.starts, before);
});
