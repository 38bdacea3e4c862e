// A run of many files reads their committed versions from one listing of the commit's tree and reads no blob
// of a file unchanged since (io/gitBase.ts): what it reports must be what the file-by-file reading gave. A
// repository of 60 files in nested folders (one at the top, folders whose names are glob patterns, a file with
// a byte-order mark and CRLF line ends whose bytes are not the UTF-8 of its text), some changed, one new, one
// deleted: the changes are reported on exactly the changed files, with the committed value, and in the same
// words when the files are named alone (fewer than the listing's threshold: read path by path).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { committedRepository, hasGit } from '../helpers/git';

const CLI = join(__dirname, '..', '..', 'dist', 'cli.js');
const dirs: string[] = [];
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const account = (name: string, location: string) => `apiVersion: storage.cloud.example.com/v20220901
kind: StorageAccount
metadata:
  name: ${name}
  namespace: data
spec:
  location: ${location}
  kind: StorageV2
  sku:
    name: Standard_LRS
  owner:
    name: rg
`;

interface Problem {
  file: string;
  line: number;
  code: string;
  message: string;
}

function changed(dir: string, paths: string[] = []): Problem[] {
  const r = spawnSync(process.execPath, [CLI, 'check', '--format', 'json', ...paths], { cwd: dir, encoding: 'utf8' });
  assert.ok(r.status === 0 || r.status === 1, r.stderr);
  return (JSON.parse(r.stdout) as { problems: Problem[] }).problems
    .filter((p) => p.code === 'create-only-changed')
    .map(({ file, line, code, message }) => ({ file, line, code, message }))
    .sort((a, b) => (a.file < b.file ? -1 : 1));
}

describe('committed versions of many files', { skip: !hasGit && !process.env.CI && 'no git' }, () => {
  test('changes are reported on the changed files alone, as when each file is read by its path', () => {
    const files: Record<string, string> = { 'top.yaml': account('top', 'westeurope') };
    const folders = ['apps/a', 'apps/a/deep', 'apps/b', 'infra', 'glob[1]', 'star*', 'sp ace'];
    for (let i = 0; i < 56; i++)
      files[`${folders[i % folders.length]}/acct-${i}.yaml`] = account(`acct${i}`, 'westeurope');
    // Its text is read without the mark and with its line ends as they are: its bytes are not that text's UTF-8.
    files['infra/crlf.yaml'] = '\ufeff' + account('crlf', 'westeurope').replace(/\n/g, '\r\n');
    files['infra/gone.yaml'] = account('gone', 'westeurope');
    const dir = committedRepository(files);
    dirs.push(dir);
    const edits = [
      'top.yaml',
      'apps/a/deep/acct-1.yaml',
      'glob[1]/acct-4.yaml',
      'star*/acct-5.yaml',
      'sp ace/acct-6.yaml',
    ];
    for (const f of edits) writeFileSync(join(dir, f), files[f].replace('westeurope', 'northeurope'));
    writeFileSync(join(dir, 'apps/b/new.yaml'), account('fresh', 'northeurope'));
    unlinkSync(join(dir, 'infra/gone.yaml'));

    const all = changed(dir);
    assert.deepEqual(
      all.map((p) => p.file),
      [...edits].sort(),
    );
    for (const p of all) {
      assert.equal(p.line, 7, `${p.file}: ${p.message}`);
      assert.ok(p.message.includes("it was 'westeurope' at HEAD"), p.message);
    }
    // Named alone (too few files for the listing): the same problems in the same words.
    assert.deepEqual(changed(dir, [...edits, 'infra/crlf.yaml', 'apps/b/new.yaml', 'infra/acct-3.yaml']), all);
  });
});
