// The comparison with the committed version under hostile repositories (issue 43), through the CLI on real
// git repositories: a committed version over the caps is not compared and says so; a repository whose `.git`
// file, alternates or config includes lead elsewhere is not read (nothing of the other repository is
// quoted); a ref outside the safe grammar is a usage error; a FIFO at `.git/HEAD` does not block the run; a
// file in a submodule is compared with the submodule's own repository.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { committedRepository, git, hasGit } from '../helpers/git';

const CLI = join(__dirname, '..', '..', 'dist', 'cli.js');
const dirs: string[] = [];
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const ACCOUNT = `apiVersion: storage.cloud.example.com/v20220901
kind: StorageAccount
metadata:
  name: ingeststore
spec:
  location: westeurope
  kind: StorageV2
  sku:
    name: Standard_LRS
  owner:
    name: rg
`;
const MOVED = ACCOUNT.replace('westeurope', 'northeurope');

interface Problem {
  line: number;
  code: string;
  severity: string;
  message: string;
}

function check(dir: string, ...args: string[]) {
  const r = spawnSync(process.execPath, [CLI, 'check', '--format', 'json', ...args], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 30_000,
  });
  const problems = r.stdout ? (JSON.parse(r.stdout).problems as Problem[]) : [];
  return { problems, status: r.status, stdout: r.stdout, stderr: r.stderr };
}

function repo(files: Record<string, string>): string {
  const dir = committedRepository(files);
  dirs.push(dir);
  return dir;
}

const codes = (ps: Problem[]) => ps.map((p) => p.code).sort();

describe('the committed version, confined and capped', { skip: !hasGit && !process.env.CI && 'no git' }, () => {
  test('a committed version over the file-size cap is not compared, said once on the file', () => {
    const dir = repo({ 'account.yaml': `${ACCOUNT}# ${'x'.repeat(700 * 1024)}\n` });
    writeFileSync(join(dir, '.cloud-manifests.json'), JSON.stringify({ maxFileSizeMB: 0.5 }));
    writeFileSync(join(dir, 'account.yaml'), MOVED);
    const { problems } = check(dir);
    assert.deepEqual(codes(problems), ['not-compared']);
    const [p] = problems;
    assert.equal(p.severity, 'info');
    assert.equal(p.line, 1);
    assert.match(
      p.message,
      /^Not compared with HEAD \([0-9a-f]+\): its committed version is 701 KB, over the file-size cap \(maxFileSizeMB, 512 KB\)/,
    );
  });

  test('a 2 KB file whose committed version is 4 MB of keys is not compared, quickly', () => {
    const keys = Array.from({ length: 300_000 }, (_, i) => `    t${i}: v\n`).join('');
    const dir = repo({ 'account.yaml': `${ACCOUNT}  tags:\n${keys}` });
    writeFileSync(join(dir, 'account.yaml'), MOVED);
    const started = Date.now();
    const { problems } = check(dir);
    assert.deepEqual(codes(problems), ['not-compared']);
    assert.match(problems[0].message, /its committed version is 4\.2 MB, over 8 times the file's size now \(1 KB\)/);
    assert.ok(Date.now() - started < 5000, `${Date.now() - started} ms`);
  });

  test('a .git file leading to another repository: its content is never quoted; a worktree git made is compared', () => {
    const outside = repo({ 'account.yaml': ACCOUNT.replace('westeurope', 'SECRET-value-from-outside-repo') });
    const ws = mkdtempSync(join(tmpdir(), 'cm-ws-'));
    dirs.push(ws);
    writeFileSync(join(ws, '.git'), `gitdir: ${join(outside, '.git')}\n`);
    writeFileSync(join(ws, 'account.yaml'), MOVED);
    const { problems, stdout } = check(ws);
    assert.ok(!stdout.includes('SECRET'), stdout);
    assert.deepEqual(codes(problems), ['not-compared']);
    assert.match(problems[0].message, /the repository is not read: its \.git file leads outside the workspace/);
    // A worktree git made links back to its .git file: compared with its repository.
    const main = repo({ 'account.yaml': ACCOUNT });
    const parent = mkdtempSync(join(tmpdir(), 'cm-wt-'));
    dirs.push(parent);
    git(main, 'worktree', 'add', '-q', join(parent, 'wt'));
    writeFileSync(join(parent, 'wt', 'account.yaml'), MOVED);
    const worktree = check(join(parent, 'wt'));
    assert.deepEqual(codes(worktree.problems), ['create-only-changed']);
  });

  test('alternates leading to another repository: not read, said', () => {
    const outside = repo({ 'account.yaml': ACCOUNT.replace('westeurope', 'SECRET-value-from-outside-repo') });
    const parent = mkdtempSync(join(tmpdir(), 'cm-ws-'));
    dirs.push(parent);
    const ws = join(parent, 'clone');
    git(parent, 'clone', '-q', '--shared', outside, ws);
    writeFileSync(join(ws, 'account.yaml'), MOVED);
    const { problems, stdout } = check(ws);
    assert.ok(!stdout.includes('SECRET'), stdout);
    assert.deepEqual(codes(problems), ['not-compared']);
    assert.match(problems[0].message, /its objects\/info\/alternates leads outside the workspace/);
  });

  test("an [include] in the repository's config: not read, said", () => {
    const dir = repo({ 'account.yaml': ACCOUNT });
    appendFileSync(join(dir, '.git', 'config'), '[include]\n\tpath = /etc/gitconfig-elsewhere\n');
    writeFileSync(join(dir, 'account.yaml'), MOVED);
    const { problems } = check(dir);
    assert.deepEqual(codes(problems), ['not-compared']);
    assert.match(problems[0].message, /its config includes other files/);
  });

  test('a ref outside the safe grammar is a usage error (exit 2) naming what is allowed', () => {
    const dir = repo({ 'account.yaml': ACCOUNT });
    for (const ref of ['HEAD^{/deployed}', 'HEAD@{0}', 'HEAD:account.yaml']) {
      const r = check(dir, '--base', ref);
      assert.equal(r.status, 2, ref);
      assert.match(
        r.stderr,
        /--base expects a branch or tag name \(main, origin\/main, v1\.2\), HEAD, HEAD~n or HEAD\^n, or a commit id in hex/,
      );
    }
    // From the repository's own settings: refused as a setting, the comparison not made with it.
    writeFileSync(join(dir, '.cloud-manifests.json'), JSON.stringify({ compareWith: 'HEAD^{/a{255}{255}{255}}' }));
    writeFileSync(join(dir, 'account.yaml'), MOVED);
    const started = Date.now();
    const r = check(dir);
    assert.ok(Date.now() - started < 5000);
    assert.match(r.stderr + r.stdout, /compareWith must be a branch or tag name/);
    // The safe forms still work.
    writeFileSync(join(dir, '.cloud-manifests.json'), '{}');
    for (const ref of ['HEAD', 'HEAD~0', 'main', git(dir, 'rev-parse', '--short', 'HEAD')])
      assert.deepEqual(codes(check(dir, '--base', ref).problems), ['create-only-changed'], ref);
  });

  test('a FIFO at .git/HEAD does not block the run: not read, said', () => {
    const dir = repo({ 'account.yaml': ACCOUNT });
    unlinkSync(join(dir, '.git', 'HEAD'));
    assert.equal(spawnSync('mkfifo', [join(dir, '.git', 'HEAD')]).status, 0);
    writeFileSync(join(dir, 'account.yaml'), MOVED);
    const started = Date.now();
    const { problems } = check(dir);
    assert.ok(Date.now() - started < 5000, `${Date.now() - started} ms`);
    assert.deepEqual(codes(problems), ['not-compared']);
    assert.match(problems[0].message, /\.git\/HEAD .* is not a regular file/);
  });

  test("a file in a submodule is compared with the submodule's own repository", () => {
    const sub = repo({ 'account.yaml': ACCOUNT });
    // A manifest of the superproject's own is read first: the submodule's file is not the superproject's.
    const top = repo({ 'a.yaml': ACCOUNT.replace('ingeststore', 'otherstore') });
    git(top, '-c', 'protocol.file.allow=always', 'submodule', 'add', '-q', sub, 'sub');
    git(top, 'commit', '-q', '-m', 'sub');
    mkdirSync(join(top, 'sub'), { recursive: true });
    writeFileSync(join(top, 'sub', 'account.yaml'), MOVED);
    const { problems } = check(top);
    assert.deepEqual(codes(problems), ['create-only-changed']);
    assert.match(problems[0].message, /it was 'westeurope' at HEAD/);
  });
});
