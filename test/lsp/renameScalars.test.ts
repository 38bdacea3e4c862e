// F2 rename to a name YAML reads as another type (`123`, `1e3`, `0x1f`, `2024-01-01`, `yes`, `null`…, as
// the cluster's YAML 1.1 or YAML 1.2 would) writes it quoted wherever it was plain, and keeps the quotes
// where it was quoted: every edit of the rename applied on disk, each overlay still builds with
// `kubectl kustomize` to the renamed resource (its name, and the owner naming it, strings), and `check`
// reports nothing new. Names are the YAML-special words and seeded random ones. (A name that is no valid
// object name, `~`, `.inf`, `a: b`, `#x`, one with a space, was refused already, with the rule.)
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { parseAllDocuments } from 'yaml';
import type { WorkspaceEdit } from 'vscode-languageserver-protocol';
import { applyWorkspaceEdit } from '../e2e/applyWorkspaceEdit';
import { SERVER } from '../e2e/lspClient';
import { WorkspaceClient } from '../e2e/workspaceClient';
import { RENAME_FILES, type Out } from '../helpers/renameFixture';
import { random } from '../helpers/random';

const CLI = join(dirname(SERVER), 'cli.js');

// The fixture's account with a `spec.cloudName` (so any object name may be its `metadata.name`: the
// storage account name rules do not apply), the blob service's owner name single-quoted, and the pattern
// `.*store` (which would refuse a new name it does not select) `.*`.
const FILES: Record<string, string> = {
  ...RENAME_FILES,
  'overlays/prod/kustomization.yaml': RENAME_FILES['overlays/prod/kustomization.yaml'].replace(
    'name: .*store',
    'name: .*',
  ),
  'base/account.yaml': RENAME_FILES['base/account.yaml']
    .replace('  location: westus\n', '  location: westus\n  cloudName: ingeststore\n')
    .replace(/name: ingeststore\n$/, "name: 'ingeststore'\n"),
};

/** Names YAML 1.1 (sigs.k8s.io/yaml, go-yaml) or 1.2 reads as a boolean, null, number or date, written plain. */
const SPECIAL = [
  'null',
  'true',
  'false',
  'yes',
  'no',
  'on',
  'off',
  'y',
  'n',
  '0',
  '123',
  '017',
  '1e3',
  '1.5',
  '0x1f',
  '0o17',
  '0b101',
  '2024-01-01',
  '2024-1-1',
];

/** Seeded random object names: some number-like (digits, `.`, `e`, `-`), some of any allowed character. */
function randomNames(seed: number, count: number): string[] {
  const r = random(seed);
  const out: string[] = [];
  const word = (alphabet: string, edge: string, n: number) => {
    let s = r.pick([...edge]);
    for (let i = 1; i < n - 1; i++) s += r.pick([...alphabet]);
    return n > 1 ? s + r.pick([...edge]) : s;
  };
  for (let i = 0; i < count; i++)
    out.push(
      i % 2 === 0
        ? word('0123456789.e-', '0123456789', 1 + r.int(8))
        : word('abcdefghijklmnopqrstuvwxyz0123456789.-', 'abcdefghijklmnopqrstuvwxyz0123456789', 1 + r.int(12)),
    );
  return out;
}

const SEED = 4301;
const RANDOM = randomNames(SEED, 6);

describe(`F2 rename writes a name YAML reads otherwise as a string, and kubectl builds every overlay (seed ${SEED})`, () => {
  const root = mkdtempSync(join(tmpdir(), 'cm-rename-scalars-'));
  const uri = (rel: string) => pathToFileURL(join(root, rel)).href;
  const client = new WorkspaceClient({ rootDir: root, workspaceEdit: { documentChanges: true } });
  const current = new Map<string, string>();
  /** Every file of the fixture as it was, on disk and in the editor (all are open). */
  const reset = async () => {
    for (const [rel, text] of Object.entries(FILES)) {
      if (current.get(rel) === text) continue;
      writeFileSync(join(root, rel), text);
      await client.change(uri(rel), text);
      current.set(rel, text);
    }
  };
  before(async () => {
    for (const [rel, text] of Object.entries(FILES)) {
      mkdirSync(dirname(join(root, rel)), { recursive: true });
      writeFileSync(join(root, rel), text);
    }
    await client.initialize();
    await client.waitForScans(1);
    for (const [rel, text] of Object.entries(FILES)) {
      await client.open(uri(rel), text);
      current.set(rel, text);
    }
  });
  after(async () => {
    await client.stop();
    rmSync(root, { recursive: true, force: true });
  });

  // Read as strings, as go-yaml reads `25e426` (out of a float's range): the names' types are `check`'s to
  // prove (it reads the files as the API server would), kubectl's that every overlay builds to them.
  const kubectl = (rel: string): Out[] => {
    const r = spawnSync('kubectl', ['kustomize', join(root, rel)], { encoding: 'utf8' });
    assert.equal(r.status, 0, `kubectl kustomize ${rel}: ${r.stderr}`);
    return parseAllDocuments(r.stdout, { schema: 'failsafe' }).map((d) => d.toJS() as Out);
  };
  const problems = () => {
    const r = spawnSync(process.execPath, [CLI, 'check', '--format', 'json', '.'], { encoding: 'utf8', cwd: root });
    assert.ok(r.status === 0 || r.status === 1, r.stderr);
    return (JSON.parse(r.stdout) as { problems: { file: string; line: number; code: string }[] }).problems
      .map((p) => `${p.file}:${p.line} ${p.code}`)
      .sort();
  };
  /** Renames the account (F2 on its `metadata.name` in the base) and applies every edit on disk and in the editor. */
  const rename = async (newName: string) => {
    const edit = await client.request<WorkspaceEdit>('textDocument/rename', {
      textDocument: { uri: uri('base/account.yaml') },
      position: { line: 3, character: 8 },
      newName,
    });
    for (const u of new Set(applyWorkspaceEdit(edit))) {
      const rel = u.slice(pathToFileURL(root).href.length + 1);
      const text = readFileSync(join(root, rel), 'utf8');
      await client.change(u, text);
      current.set(rel, text);
    }
  };

  // What check reports before any rename (the overlays' owner-renamed warnings, the replacements not rendered).
  let checkedBefore: string[];
  before(() => {
    checkedBefore = problems();
  });

  /** Renames the fixture's account to `name`; every overlay then builds to it and check reports nothing new. */
  const renamesCleanly = async (name: string) => {
    await reset();
    await rename(name);
    const account = (out: Out[], n: string) => out.find((r) => r.kind === 'StorageAccount' && r.metadata.name === n);
    const dev = account(kubectl('overlays/dev'), `dev${name}`);
    assert.deepEqual(
      [dev?.spec.accessTier, dev?.spec.minimumTlsVersion, dev?.spec.allowBlobPublicAccess],
      ['Cool', 'TLS1_2', 'false'],
    );
    const prod = kubectl('overlays/prod');
    const p = account(prod, `prod${name}`);
    assert.deepEqual([p?.spec.accessTier, p?.spec.minimumTlsVersion], ['Cool', 'TLS1_2']);
    assert.equal(p?.metadata.annotations?.region, 'westus', 'the replacement found its source and its target');
    assert.deepEqual(prod.find((r) => r.kind === 'StorageAccountsBlobService')?.spec.owner, { name });
    assert.deepEqual(problems(), checkedBefore);
  };

  for (const name of SPECIAL)
    test(`to ${JSON.stringify(name)}: every overlay builds to the renamed account, owned by name, check reports nothing new`, () =>
      renamesCleanly(name));

  test(`to seeded random names (${RANDOM.join(', ')}): the same`, async () => {
    for (const name of RANDOM) await renamesCleanly(name);
  });

  test('a quoted name keeps its quotes: double and single, and renamed again stays quoted', async () => {
    await reset();
    await rename('123');
    const lines = () => readFileSync(join(root, 'base/account.yaml'), 'utf8').split('\n');
    assert.equal(lines()[3], '  name: "123"');
    assert.equal(lines().at(-2), "    name: '123'");
    await rename('abc');
    assert.equal(lines()[3], '  name: "abc"');
    assert.equal(lines().at(-2), "    name: 'abc'");
    assert.match(readFileSync(join(root, 'overlays/prod/kustomization.yaml'), 'utf8'), /\\n {2}name: \\"abc\\"\\n/);
  });
});
