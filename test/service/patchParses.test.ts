// A file of JSON 6902 operations is parsed once for its own check, not also by the pass that computes what is
// cached per chunk (it holds no manifest): 30,000 operations in a 1.5 MB file were parsed once more than
// needed (issue 30: a second of CPU and a tree of hundreds of MB per parse). Counted on the texts the
// analysis parses; the render reads the file with its own parse, not counted here.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Analysis } from '../../server/src/service/analysis';
import { account, rg } from '../workspace/helpers';

const OPS =
  '- op: replace\n  path: /spec/location\n  value: eastus\n- op: replace\n  path: /spec/nothere/x\n  value: 1\n';

test('an operations file is parsed once for its diagnostics', () => {
  const a = new Analysis();
  const parsed: string[] = [];
  const store = (a as unknown as { store: { parsed(c: { text: string }): void } }).store;
  const count = store.parsed.bind(store);
  store.parsed = (c) => {
    parsed.push(c.text);
    count(c);
  };
  a.indexFile(
    'file:///repo/o/kustomization.yaml',
    'resources:\n  - sa.yaml\n  - rg.yaml\npatches:\n  - path: ops.yaml\n    target:\n      kind: StorageAccount\n',
  );
  a.indexFile('file:///repo/o/sa.yaml', account('acctsa', 'rg-app'));
  a.indexFile('file:///repo/o/rg.yaml', rg('rg-app'));
  // As the workspace scan reads it (each file analysed for what it is, its diagnostics wanted next).
  a.indexFile('file:///repo/o/ops.yaml', a.parseAs('file:///repo/o/ops.yaml', OPS));
  const found = a.fileDiagnostics('file:///repo/o/ops.yaml', undefined, { complete: true });
  // Its check ran: the operation on a path that is not there is reported.
  assert.ok(
    found.some((d) => OPS.slice(d.start, d.end).includes('nothere')),
    found.map((d) => `${d.code}: ${d.message}`).join('\n'),
  );
  assert.equal(parsed.filter((t) => t === OPS).length, 1);
});
