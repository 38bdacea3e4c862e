// What an open document of thousands of resources costs the server in memory, and that what the server keeps
// compact (a manifest's spans as numbers, file-offset copies only for the manifests read last) answers as a
// fresh analysis does: definition, references, hover and diagnostics on manifests whose copy was dropped.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Analysis } from '../../server/src/service/analysis';
import { definitionAt, referencesAt } from '../../server/src/service/workspace/navigate';
import { account, rg, share, fileService } from '../workspace/helpers';

const cross = { complete: true };
const uri = 'file:///ws/big.yaml';

/** A file of `n` resources: an owner, then accounts owned by it, one in ten with an error, a share chain. */
function big(n: number, tag = ''): string {
  const docs = [rg(`rg${tag}`)];
  for (let i = 1; i < n; i++)
    docs.push(
      i % 50 === 1
        ? fileService(`fs${tag}-${i}`, `acct${tag}-${i - 1}`)
        : i % 50 === 2
          ? share(`share${tag}-${i}`, `fs${tag}-${i - 1}`)
          : account(`acct${tag}-${i}`, `rg${tag}`, i % 10 === 0 ? '  minimumTlsVersion: TLS1_9\n' : ''),
    );
  return docs.join('---\n');
}

/** The first `metadata.name` value of `name` and the first `name: <owner>` after an offset. */
const at = (text: string, needle: string, from = 0) => text.indexOf(needle, from) + needle.length - 1;

test('an open 5,000-resource document, edited: what the analysis keeps stays under 3.8 KB a resource', () => {
  // A full collection on demand, for a live size (not the garbage of the last allocations).
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const live = () => {
    gc();
    gc();
    return process.memoryUsage().heapUsed;
  };
  // Warm-up: the code of the analysis compiled, the model's caches filled, in another analysis dropped after.
  const warm = new Analysis();
  warm.updateFile(uri, warm.openFile(uri, 1, big(300, 'w')));
  warm.fileDiagnostics(uri, undefined, cross);
  const n = 5000;
  const text = big(n);
  const before = live();
  const analysis = new Analysis();
  analysis.updateFile(uri, analysis.openFile(uri, 1, text));
  analysis.fileDiagnostics(uri, undefined, cross);
  // Two edits in the middle (each a new version split from the one before), and requests deep in the file.
  const mid = text.indexOf('name: acct-2503');
  let edited = text.slice(0, mid) + 'name: acct-2503x' + text.slice(mid + 'name: acct-2503'.length);
  analysis.updateFile(uri, analysis.openFile(uri, 2, edited));
  edited = edited.replace('name: acct-2504\n', 'name: acct-2504y\n');
  const file = analysis.openFile(uri, 3, edited);
  analysis.updateFile(uri, file);
  const diagnostics = analysis.fileDiagnostics(uri, undefined, cross);
  assert.ok(diagnostics.length >= n / 10 - 100, `${diagnostics.length} diagnostics`);
  const deep = at(edited, 'owner:\n    name: rg', edited.length - 2000);
  assert.ok(analysis.hover(uri, file, deep));
  const perResource = (live() - before) / n;
  // Measured at 4,640 bytes a resource (the text's versions included) before the manifests were made compact
  // and their file-offset copies bounded, 3,100 after.
  assert.ok(perResource < 3800, `${Math.round(perResource)} bytes a resource`);
  // Keep the analysis alive up to the measure.
  assert.equal(analysis.index.get(uri)?.manifests.length, n);
});

test('definition, references, hover and diagnostics on manifests whose file-offset copy was dropped equal a fresh analysis', () => {
  // More manifests than keep their copy (256), all read, then the first ones asked again; then an edit at the
  // top moves every document after it, and the same questions are asked of the moved manifests.
  const n = 700;
  let text = big(n);
  const analysis = new Analysis();
  analysis.updateFile(uri, analysis.openFile(uri, 1, text));
  const ask = (a: Analysis, version: number, t: string) => {
    const file = a.openFile(uri, version, t);
    a.updateFile(uri, file);
    const owners = [at(t, 'name: rg\n', at(t, 'owner:')), at(t, 'name: rg\n', t.length - 3000)];
    const share2 = at(t, 'name: fs-51');
    return {
      diagnostics: a.fileDiagnostics(uri, undefined, cross),
      definition: owners.map((o) => definitionAt(a.index, uri, o)),
      references: referencesAt(a.index, uri, at(t, 'name: rg')).length,
      shareOwner: definitionAt(a.index, uri, at(t, 'name: fs-51', share2 + 1)),
      hover: owners.map((o) => analysis === a && a.hover(uri, file, o)?.markdown),
      manifests: a.index.get(uri)?.manifests.map((m) => [m.name, m.span, m.nameSpan, m.owner?.nameSpan, m.values]),
    };
  };
  const fresh = (version: number, t: string) => {
    const f = new Analysis();
    f.updateFile(uri, f.openFile(uri, version, t));
    return ask(f, version, t);
  };
  const first = ask(analysis, 1, text);
  assert.equal(first.references, n - 2 * Math.floor(n / 50));
  assert.ok(first.definition.every((d) => d.length === 1));
  const strip = (r: ReturnType<typeof ask>) => ({ ...r, hover: undefined });
  assert.deepEqual(strip(first), strip(fresh(1, text)));
  // Every manifest read (its owner and values), then the first ones again.
  for (const m of analysis.index.get(uri)!.manifests) void m.owner?.nameSpan;
  assert.deepEqual(strip(ask(analysis, 1, text)), strip(first));
  text = '# moved\n' + text;
  const moved = ask(analysis, 2, text);
  assert.deepEqual(strip(moved), strip(fresh(2, text)));
  assert.deepEqual(moved.hover, first.hover);
  assert.notDeepEqual(moved.definition, first.definition);
});
