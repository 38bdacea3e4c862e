// An edit costs what it touches: what the analysis counts over a file's documents (documents that teach
// Kustomize name references, documents that may be CRDs) and the cross-document diagnostics of the manifests
// an edit left alone are carried from the version before, and equal what a fresh look at the new version gives.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Analysis } from '../../server/src/service/analysis';
import { countOverDocs } from '../../server/src/service/core/docCount';
import { ChunkStore, splitDocuments } from '../../server/src/service/core/parse';
import { crdTextsOf, crdTextsOfFile } from '../../server/src/service/checks/crd/kinds/sources';
import { account, rg } from '../workspace/helpers';
import { random } from '../helpers/random';

const SEEDS = Number(process.env.CM_INCREMENTAL_SEEDS ?? 12);

const CRD =
  'apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: widgets.example.com\nspec:\n  group: example.com\n';
const NAME_REF = 'nameReference:\n- kind: ResourceGroup\n';
const PIECES = [CRD, NAME_REF, account('one', 'rg'), rg('rg'), '# a comment only\n', 'nameReference: []\n'];
const SEPARATORS = ['---\n', '--- # next\n', '...\n---\n', '---\r\n'];
const INSERTS = ['---\n', '\n---\n', '...\n', '-', '\r\n', '\r', '\n', 'x', CRD, NAME_REF, 'nameRef', ''];

const hasNameRef = (text: string) => (/^nameReference\s*:/m.test(text) ? 1 : 0);

test('a count over the documents of a file edited at random equals the count over its fresh split', () => {
  for (let seed = 1; seed <= SEEDS * 3; seed++) {
    const r = random(seed);
    const store = new ChunkStore();
    const memo = new WeakMap<object, number>();
    let text = '';
    for (let i = 0, n = 2 + r.int(8); i < n; i++) text += (i === 0 ? '' : r.pick(SEPARATORS)) + r.pick(PIECES);
    let file = store.parseFile(text);
    for (let step = 0; step < 40; step++) {
      // Counted on some versions only: a version whose previous one was never counted counts all its documents.
      if (r.int(3) > 0)
        assert.equal(
          countOverDocs(file, memo, (d) => hasNameRef(d.text)),
          splitDocuments(text).reduce((n, d) => n + hasNameRef(d.text), 0),
          `seed ${seed}, step ${step}: ${JSON.stringify(text)}`,
        );
      // The CRD texts of the file, from its documents, are those of its text.
      assert.deepEqual(crdTextsOfFile(file), crdTextsOf(text), `CRDs, seed ${seed}, step ${step}`);
      const at = r.int(text.length + 1);
      const removed = r.int(3) === 0 ? r.int(12) : 0;
      text = text.slice(0, at) + r.pick(INSERTS) + text.slice(Math.min(text.length, at + removed));
      const previous = file;
      file = store.basedOn(previous, () => store.parseFile(text));
    }
  }
});

test('an edit of one document of a 2,000-document file counts that document again, and the one it replaced', () => {
  const store = new ChunkStore();
  const memo = new WeakMap<object, number>();
  const v1 = Array.from({ length: 2000 }, (_, i) => account(`acct${i}`, 'rg')).join('---\n');
  const file = store.parseFile(v1);
  let asked = 0;
  const count = (d: { text: string }) => (asked++, hasNameRef(d.text));
  assert.equal(countOverDocs(file, memo, count), 0);
  assert.equal(asked, 2000);
  const v2 = v1.replace('name: acct1000\n', 'name: acct1000\nnameReference: []\n');
  const next = store.basedOn(file, () => store.parseFile(v2));
  asked = 0;
  assert.equal(countOverDocs(next, memo, count), 1);
  assert.equal(asked, 2);
});

test('the cross-document diagnostics of manifests an edit left alone are the same diagnostics, not copies', () => {
  const analysis = new Analysis();
  const uri = 'file:///ws/many.yaml';
  const cross = { complete: true };
  // acct7 is defined twice: both copies have a cross-document diagnostic. The edit is between them, and
  // keeps the length of the text (the second copy stays at its offset).
  const docs = [
    rg('rg'),
    ...Array.from({ length: 2000 }, (_, i) => account(`acct${i}`, 'rg', i === 1000 ? '# note A\n' : '')),
    account('acct7', 'rg'),
  ];
  const v1 = docs.join('---\n');
  analysis.updateFile(uri, analysis.openFile(uri, 1, v1));
  const before = analysis.fileDiagnostics(uri, undefined, cross);
  assert.deepEqual(
    before.map((d) => d.code),
    ['duplicate-resource', 'duplicate-resource'],
  );
  const v2 = v1.replace('# note A\n', '# note B\n');
  analysis.updateFile(uri, analysis.openFile(uri, 2, v2));
  const after = analysis.fileDiagnostics(uri, undefined, cross);
  assert.deepEqual(after, before);
  // The same objects: what the server converted and serialised for them once is written again as it was
  // (lsp/diagnosticJson.ts), rather than converted anew for every edit of the file.
  assert.equal(after[0], before[0]);
  assert.equal(after[1], before[1]);
});
