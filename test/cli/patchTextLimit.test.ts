// A kustomization or patch file over the size that is read (issue 30: 100,000 targeted inline patches in a
// 9 MB kustomization took 12 s and 755 MB; 30,000 JSON 6902 operations in a 1.5 MB file blocked the
// server for seconds): not parsed, not rendered, one Information saying so, and nothing false said of it or
// of the files around it (a patch file it names is still read as a partial manifest).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { checkWorkspace, loadWorkspace } from '../../server/src/cli/runWorkspace';
import { severityOf } from '../../server/src/service/core/diag';
import { ChunkStore } from '../../server/src/service/core/parse';
import { DEFAULT_SETTINGS } from '../../server/src/service/core/settings';
import { MAX_PATCH_FILE, MAX_PATCH_TEXT } from '../../server/src/service/workspace/kustomize/textLimit';
import { account, rg } from '../workspace/helpers';

const root = mkdtempSync(join(tmpdir(), 'cm-cli-patch-limit-'));
after(() => rmSync(root, { recursive: true, force: true }));

/** Checks the files (written into a fresh folder) as the CLI does; the texts the analysis parsed. */
async function check(name: string, files: Record<string, string>) {
  const dir = join(root, name);
  mkdirSync(dir);
  for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
  const inputs = Object.keys(files).map((n) => ({ kind: 'file' as const, path: join(dir, n), display: n }));
  const { workspace } = await loadWorkspace(inputs, { cwd: dir });
  const parsed: string[] = [];
  const count = ChunkStore.prototype.parsed;
  ChunkStore.prototype.parsed = function (c) {
    parsed.push(c.text);
    count.call(this, c);
  };
  try {
    const results = checkWorkspace(workspace, DEFAULT_SETTINGS);
    const problems = results.flatMap((r) =>
      r.diags.map((d) => ({ file: r.file.display, code: d.code, severity: severityOf(d), message: d.message, d })),
    );
    return { problems, parsed };
  } finally {
    ChunkStore.prototype.parsed = count;
  }
}

/** Targeted inline JSON 6902 patches, as many as make the kustomization longer than the limit. */
function manyPatches(): string {
  const p: string[] = [];
  let length = 0;
  for (let i = 0; length <= MAX_PATCH_TEXT; i++) {
    const line = `  - target: {name: acctsa}\n    patch: '[{op: add, path: /spec/tags/t${i}, value: "${i}"}]'\n`;
    p.push(line);
    length += line.length;
  }
  return p.join('');
}

test('a kustomization over the limit: one Information, not parsed, its patch file still a partial manifest', async () => {
  const kustomization = `resources:\n  - sa.yaml\n  - rg.yaml\npatches:\n  - path: location.yaml\n${manyPatches()}`;
  assert.ok(kustomization.length > MAX_PATCH_TEXT);
  const { problems, parsed } = await check('kustomization', {
    'kustomization.yaml': kustomization,
    'sa.yaml': account('acctsa', 'rg-app'),
    'rg.yaml': rg('rg-app'),
    // A partial manifest: as a whole one, its missing `spec.owner`, `kind`… would be errors.
    'location.yaml':
      'apiVersion: storage.cloud.example.com/v20220901\nkind: StorageAccount\nmetadata:\n  name: acctsa\nspec:\n  location: eastus\n',
  });
  assert.deepEqual(
    problems.map((p) => `${p.file} ${p.severity} ${p.code}`),
    ['kustomization.yaml info kustomize-render-limit'],
  );
  assert.match(
    problems[0].message,
    /^This kustomization is too large to read here \(a YAML document of [\d,]+ characters; the limit is 250,000 a document\): its overlay is not rendered/,
  );
  assert.equal(kustomization.slice(problems[0].d.start, problems[0].d.end), 'r');
  // Its text was never parsed (each parse of it is hundreds of MB).
  assert.equal(parsed.filter((t) => t.length > MAX_PATCH_TEXT).length, 0);
});

test('a patch file over the limit: one Information on it and one on its entry, the overlay not rendered', async () => {
  const ops = ['- op: add\n  path: /spec/tags\n  value: {}\n'];
  for (let i = 0; ops.length * 40 <= MAX_PATCH_TEXT; i++)
    ops.push(`- op: add\n  path: /spec/tags/t${i}\n  value: v${i}\n`);
  const text = ops.join('');
  assert.ok(text.length > MAX_PATCH_TEXT);
  const kustomization =
    'resources:\n  - sa.yaml\n  - rg.yaml\npatches:\n  - path: ops.yaml\n    target:\n      kind: StorageAccount\n';
  const { problems, parsed } = await check('patch', {
    'kustomization.yaml': kustomization,
    // Rendered with the operations, its tags would be over their limit (an error); not rendered, nothing.
    'sa.yaml': account('acctsa', 'rg-app'),
    'rg.yaml': rg('rg-app'),
    'ops.yaml': text,
  });
  assert.deepEqual(
    problems.map((p) => `${p.file} ${p.severity} ${p.code}`),
    ['kustomization.yaml info kustomize-render-limit', 'ops.yaml info kustomize-render-limit'],
  );
  assert.match(problems[0].message, /^Not rendered: the patch file `ops.yaml` is too large to read here/);
  assert.equal(kustomization.slice(problems[0].d.start, problems[0].d.end).split('\n')[0], 'path: ops.yaml');
  assert.match(problems[1].message, /^This patch file is too large to read here .*: it is not checked/);
  assert.equal(parsed.filter((t) => t.length > MAX_PATCH_TEXT).length, 0);
});

/** A patch file of `n` strategic-merge documents, each giving the account one more tag. */
function tagPatches(n: number): string {
  const docs: string[] = [];
  for (let i = 0; i < n; i++)
    docs.push(
      `apiVersion: storage.cloud.example.com/v20220901\nkind: StorageAccount\nmetadata:\n  name: acctsa\nspec:\n  tags:\n    t${i}: v${i}\n`,
    );
  return docs.join('---\n');
}

test('a patch file of many small documents, longer than a document may be, is read and checked', async () => {
  // A patch per resource of a large base is many small documents: each parsed alone, rendered in linear time.
  const docs = tagPatches(2_200).split('---\n');
  // One of them is wrong in itself: read, the patch file says so.
  docs[1_500] += '  minimumTlsVersion: TLS1_9\n';
  const text = docs.join('---\n');
  assert.ok(text.length > MAX_PATCH_TEXT && text.length < MAX_PATCH_FILE);
  const { problems, parsed } = await check('many-documents', {
    'kustomization.yaml': 'resources:\n  - sa.yaml\n  - rg.yaml\npatches:\n  - path: tags.yaml\n',
    'sa.yaml': account('acctsa', 'rg-app'),
    'rg.yaml': rg('rg-app'),
    'tags.yaml': text,
  });
  assert.ok(!problems.some((p) => /too large to read/.test(p.message)));
  // Its own problem, and the rendered overlay's: the account with more tags than it may have.
  assert.deepEqual(
    problems
      .filter((p) => p.file === 'tags.yaml')
      .map((p) => `${p.severity} ${p.code}`)
      .sort(),
    ['error enum-value', 'error map-limits'],
  );
  assert.ok(parsed.some((t) => t.includes('t123: v123')));
});

test('a patch file of small documents longer than the file limit is not read', async () => {
  const text = tagPatches(Math.ceil(MAX_PATCH_FILE / 100));
  assert.ok(text.length > MAX_PATCH_FILE);
  const { problems, parsed } = await check('too-many-documents', {
    'kustomization.yaml': 'resources:\n  - sa.yaml\n  - rg.yaml\npatches:\n  - path: tags.yaml\n',
    'sa.yaml': account('acctsa', 'rg-app'),
    'rg.yaml': rg('rg-app'),
    'tags.yaml': text,
  });
  assert.deepEqual(
    problems.map((p) => `${p.file} ${p.severity} ${p.code}`),
    ['kustomization.yaml info kustomize-render-limit', 'tags.yaml info kustomize-render-limit'],
  );
  assert.match(problems[1].message, /characters; the limit is 1,000,000\): it is not checked/);
  // Not one of its documents was parsed.
  assert.equal(parsed.filter((t) => t.includes('t123: v123')).length, 0);
});
