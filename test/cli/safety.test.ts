// `cloud-manifests check` on hostile folders and files, as a process: `--fix` never writes over a file that
// changed, was not exact UTF-8, lies outside the folders checked or may not be written (the others are
// fixed, the run exits 2 naming them); a folder holding links to / and /dev/zero, a FIFO, a sparse file
// over the size cap, 5,000 nested folders and unreadable entries is checked in seconds, each left-out entry
// named; file names with line breaks, workflow commands or leading dashes are files, printed on one line,
// by the CLI and by the pre-commit hook's entry.
import assert from 'node:assert/strict';
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, test } from 'node:test';
import { parse } from 'yaml';
import { analyseWorkspace, loadWorkspace } from '../../server/src/cli/runWorkspace';
import { fixWorkspace } from '../../server/src/cli/fix';
import { DEFAULT_SETTINGS } from '../../server/src/service/core/settings';
import { collectInputs } from '../../server/src/io/files';
import { asRoot, makeHostileFolder, NOBODY, removeTree } from '../helpers/hostile';
import { account } from '../workspace/helpers';

const repo = join(__dirname, '..', '..');
const CLI = join(repo, 'dist', 'cli.js');
const made: string[] = [];
after(() => made.forEach((d) => removeTree(d)));

function scratch(): string {
  const d = mkdtempSync(join(tmpdir(), 'cloud-manifests-safety-'));
  chmodSync(d, 0o755);
  made.push(d);
  return d;
}
const put = (dir: string, rel: string, text: string | Buffer) => {
  mkdirSync(dirname(join(dir, rel)), { recursive: true });
  writeFileSync(join(dir, rel), text);
};

function cli(cwd: string, args: string[], opts: { unprivileged?: boolean } = {}) {
  const env = { ...process.env };
  delete env.FORCE_COLOR;
  const o: SpawnSyncOptions = { cwd, env, encoding: 'utf8', timeout: 60_000 };
  if (opts.unprivileged && asRoot) Object.assign(o, { uid: NOBODY, gid: NOBODY });
  const r = spawnSync(process.execPath, [CLI, 'check', ...args], o);
  return { status: r.status, stdout: String(r.stdout), stderr: String(r.stderr) };
}

/** A storage account with a mistake `--fix` corrects (`accessTier: hot` → `Hot`), a warning. */
const fixable = (name: string) => account(`acct${name}`, 'rg-app', '  accessTier: hot\n');
const FIXED = /accessTier: Hot/;

describe('check --fix writes only what it may, whole', () => {
  test('a file that is not valid UTF-8 is named and left byte for byte', () => {
    const dir = scratch();
    const latin1 = Buffer.concat([Buffer.from('# caf'), Buffer.from([0xe9]), Buffer.from('\n' + fixable('latin'))]);
    put(dir, 'latin.yaml', latin1);
    put(dir, 'ok.yaml', fixable('ok'));
    const r = cli(dir, ['--fix', '.']);
    assert.equal(r.status, 2, r.stderr);
    assert.match(r.stderr, /latin\.yaml: not written: it is not valid UTF-8 \(byte 5 is not\)/);
    assert.ok(readFileSync(join(dir, 'latin.yaml')).equals(latin1), 'byte for byte');
    assert.match(readFileSync(join(dir, 'ok.yaml'), 'utf8'), FIXED, 'the other file is fixed');
    // Still checked: its problem is reported as it is on disk.
    assert.match(r.stdout, /latin\.yaml:\d+:\d+ error enum-case/);
  });

  test('a link inside the folders checked: its target is written and the link stays a link', () => {
    const dir = scratch();
    put(dir, 'real/a.yaml', fixable('a'));
    symlinkSync('real/a.yaml', join(dir, 'link.yaml'));
    const r = cli(dir, ['--fix', 'link.yaml']);
    assert.equal(r.status, 0, r.stderr);
    assert.ok(lstatSync(join(dir, 'link.yaml')).isSymbolicLink());
    assert.equal(readlinkSync(join(dir, 'link.yaml')), 'real/a.yaml');
    assert.match(readFileSync(join(dir, 'real/a.yaml'), 'utf8'), FIXED);
    // Named twice (the link and its target, as in a folder walk), the file is checked and fixed once.
    put(dir, 'real/a.yaml', fixable('a'));
    const both = cli(dir, ['--fix', '.']);
    assert.equal(both.status, 0, both.stderr);
    assert.match(both.stderr, /fixed 1 problem in 1 file/);
  });

  test('a link to a file outside the folders checked is reported, not written', () => {
    const dir = scratch();
    const elsewhere = scratch();
    put(elsewhere, 'a.yaml', fixable('a'));
    mkdirSync(join(dir, 'ws'));
    symlinkSync(join(elsewhere, 'a.yaml'), join(dir, 'ws', 'out.yaml'));
    const r = cli(join(dir, 'ws'), ['--fix', 'out.yaml']);
    assert.equal(r.status, 2, r.stderr);
    assert.match(r.stderr, /out\.yaml: not written: it is a symbolic link to .*a\.yaml, outside the folders checked/);
    assert.equal(readFileSync(join(elsewhere, 'a.yaml'), 'utf8'), fixable('a'));
  });

  test('a regular file named by a path outside the current folder (../other/m.yaml) is fixed as given', () => {
    const dir = scratch();
    put(dir, 'other/m.yaml', fixable('m'));
    mkdirSync(join(dir, 'here'));
    const r = cli(join(dir, 'here'), ['--fix', '../other/m.yaml']);
    assert.equal(r.status, 0, r.stderr);
    assert.doesNotMatch(r.stderr, /not written/);
    assert.match(r.stderr, /fixed 1 problem in 1 file/);
    assert.match(readFileSync(join(dir, 'other/m.yaml'), 'utf8'), FIXED);
    // Through a linked folder on the way, named as it is: the user's path, taken as given.
    put(dir, 'other/n.yaml', fixable('n'));
    symlinkSync(join(dir, 'other'), join(dir, 'here', 'linked'));
    const via = cli(join(dir, 'here'), ['--fix', 'linked/n.yaml']);
    assert.equal(via.status, 0, via.stderr);
    assert.match(readFileSync(join(dir, 'other/n.yaml'), 'utf8'), FIXED);
  });

  test('a read-only file and a read-only folder: named, the others fixed, exit 2', () => {
    const dir = scratch();
    put(dir, 'a.yaml', fixable('a'));
    put(dir, 'b.yaml', fixable('b'));
    put(dir, 'c.yaml', fixable('c'));
    put(dir, 'locked/d.yaml', fixable('d'));
    if (asRoot) spawnSync('chown', ['-R', `${NOBODY}:${NOBODY}`, dir]);
    chmodSync(join(dir, 'b.yaml'), 0o444);
    chmodSync(join(dir, 'locked'), 0o555);
    const r = cli(dir, ['--fix', '.'], { unprivileged: true });
    assert.equal(r.status, 2, r.stderr);
    assert.match(r.stderr, /b\.yaml: not written: permission denied/);
    assert.match(r.stderr, /locked\/d\.yaml: not written: permission denied/);
    assert.match(r.stderr, /2 of the files' fixes were not written/);
    assert.match(readFileSync(join(dir, 'a.yaml'), 'utf8'), FIXED);
    assert.match(readFileSync(join(dir, 'c.yaml'), 'utf8'), FIXED);
    assert.equal(readFileSync(join(dir, 'b.yaml'), 'utf8'), fixable('b'));
    assert.equal(lstatSync(join(dir, 'b.yaml')).mode & 0o777, 0o444, 'the mode is kept');
    assert.equal(readFileSync(join(dir, 'locked/d.yaml'), 'utf8'), fixable('d'));
  });

  test('a file with another hard link is not replaced: both names keep the same text, and the run says why', () => {
    const dir = scratch();
    put(dir, 'a.yaml', fixable('a'));
    linkSync(join(dir, 'a.yaml'), join(dir, 'other-name.yaml'));
    const r = cli(dir, ['--fix', 'a.yaml']);
    assert.equal(r.status, 2, r.stderr);
    assert.match(
      r.stderr,
      /a\.yaml: not written: it has 2 hard links, and replacing it would leave the other name with the old text/,
    );
    assert.equal(lstatSync(join(dir, 'a.yaml')).ino, lstatSync(join(dir, 'other-name.yaml')).ino, 'still one file');
    assert.equal(readFileSync(join(dir, 'other-name.yaml'), 'utf8'), fixable('a'));
  });

  test('a read-only file is not written even by root, and the run says so', () => {
    const dir = scratch();
    put(dir, 'a.yaml', fixable('a'));
    chmodSync(join(dir, 'a.yaml'), 0o444);
    // As whoever runs the tests: root may replace any file, yet the mode says this one is not to change.
    const r = cli(dir, ['--fix', 'a.yaml']);
    assert.equal(r.status, 2, r.stderr);
    assert.match(
      r.stderr,
      asRoot
        ? /a\.yaml: not written: it is read-only \(mode 0444\); make it writable to have it fixed/
        : /a\.yaml: not written: permission denied/,
    );
    assert.match(r.stderr, /fixed 0 problems in 0 files/);
    assert.equal(readFileSync(join(dir, 'a.yaml'), 'utf8'), fixable('a'));
  });

  test('mode and owner are kept; no temporary file is left behind', () => {
    const dir = scratch();
    put(dir, 'a.yaml', fixable('a'));
    chmodSync(join(dir, 'a.yaml'), 0o640);
    if (asRoot) chownSync(join(dir, 'a.yaml'), 1234, 4321);
    const r = cli(dir, ['--fix', 'a.yaml']);
    assert.equal(r.status, 0, r.stderr);
    const st = lstatSync(join(dir, 'a.yaml'));
    assert.equal(st.mode & 0o777, 0o640);
    if (asRoot) assert.deepEqual([st.uid, st.gid], [1234, 4321]);
    assert.deepEqual(spawnSync('ls', ['-A', dir], { encoding: 'utf8' }).stdout.trim().split('\n'), ['a.yaml']);
  });

  test('a file changed after it was read, or just before the rename, is not written over', async () => {
    const dir = scratch();
    put(dir, 'a.yaml', fixable('a'));
    put(dir, 'b.yaml', fixable('b'));
    const { inputs, roots } = await collectInputs(['.'], { cwd: dir });
    // Changed between the read and the fix: a line appended by someone else.
    let { workspace } = await loadWorkspace(inputs, { cwd: dir });
    const appended = fixable('a') + '# a line added meanwhile\n';
    writeFileSync(join(dir, 'a.yaml'), appended);
    const run = fixWorkspace(analyseWorkspace(workspace, DEFAULT_SETTINGS), 'write', { roots });
    assert.deepEqual(run.notWritten, ['a.yaml: not written: it changed on disk since it was read; check it again']);
    assert.equal(readFileSync(join(dir, 'a.yaml'), 'utf8'), appended);
    assert.match(readFileSync(join(dir, 'b.yaml'), 'utf8'), FIXED);
    // Changed in the last moment, after the new text is on disk beside it: still refused, the new line kept.
    put(dir, 'b.yaml', fixable('b'));
    ({ workspace } = await loadWorkspace(inputs, { cwd: dir }));
    const late = fixable('b') + '# added at the last moment\n';
    const hooks = { beforeRename: (p: string) => p.endsWith('b.yaml') && writeFileSync(p, late) };
    const again = fixWorkspace(analyseWorkspace(workspace, DEFAULT_SETTINGS), 'write', { roots, hooks });
    assert.deepEqual(again.notWritten, ['b.yaml: not written: it changed on disk since it was read; check it again']);
    assert.equal(readFileSync(join(dir, 'b.yaml'), 'utf8'), late);
    // a.yaml, read again as it now is, is fixed with the line added to it.
    assert.match(readFileSync(join(dir, 'a.yaml'), 'utf8'), /accessTier: Hot\n# a line added meanwhile\n$/);
    assert.deepEqual(spawnSync('ls', ['-A', dir], { encoding: 'utf8' }).stdout.trim().split('\n'), [
      'a.yaml',
      'b.yaml',
    ]);
  });

  test('up to the rename the file holds its old text, and the new one is whole beside it', async () => {
    const dir = scratch();
    put(dir, 'a.yaml', fixable('a'));
    const { inputs, roots } = await collectInputs(['.'], { cwd: dir });
    const { workspace } = await loadWorkspace(inputs, { cwd: dir });
    const seen: string[] = [];
    const hooks = {
      beforeRename: (p: string) => {
        // A kill at this moment (the last before the rename) leaves the old text in place.
        assert.equal(readFileSync(p, 'utf8'), fixable('a'));
        const temps = readdirSync(dir).filter((f) => f !== 'a.yaml');
        assert.equal(temps.length, 1);
        seen.push(readFileSync(join(dir, temps[0]), 'utf8'));
      },
    };
    assert.deepEqual(
      fixWorkspace(analyseWorkspace(workspace, DEFAULT_SETTINGS), 'write', { roots, hooks }).notWritten,
      [],
    );
    assert.equal(seen.length, 1);
    assert.equal(readFileSync(join(dir, 'a.yaml'), 'utf8'), seen[0]);
    assert.match(seen[0], FIXED);
    assert.deepEqual(readdirSync(dir), ['a.yaml']);
  });

  test('--fix-dry-run reports the files as they are on disk, with relative diff headers', () => {
    const dir = scratch();
    put(dir, 'sub/a.yaml', fixable('a'));
    const r = cli(join(dir, 'sub'), ['--fix-dry-run', '.']);
    assert.equal(r.status, 1, 'the error is still on disk');
    assert.match(r.stdout, /^--- a\/a\.yaml\n\+\+\+ b\/a\.yaml\n/);
    assert.match(r.stdout, /a\.yaml:\d+:\d+ error enum-case/, 'the problem is still there on disk');
    assert.equal(readFileSync(join(dir, 'sub/a.yaml'), 'utf8'), fixable('a'));
  });
});

describe('check on a hostile folder', () => {
  const dir = scratch();
  const ws = join(dir, 'ws');
  makeHostileFolder(ws, fixable);
  // The CLI runs as nobody (when root): the folder is theirs, `locked/` still unreadable.
  if (asRoot) spawnSync('chown', ['-R', '-h', `${NOBODY}:${NOBODY}`, dir]);

  test('every readable manifest is checked; each entry left out is named; exit 2 for what could not be read', () => {
    const r = cli(dir, ['ws'], { unprivileged: true });
    assert.equal(r.status, 2, r.stderr);
    assert.match(r.stdout, /^ws\/d(\/d){99}\/deep\.yaml:\d+:\d+ error enum-case/m);
    assert.match(r.stdout, /^ws\/good\.yaml:\d+:\d+ error enum-case/m);
    assert.match(r.stdout, /2 files checked/);
    const err = r.stderr;
    assert.match(err, /skipped ws\/root: a symbolic link to \/, outside the folder/);
    assert.match(err, /skipped ws\/zero\.yaml: a symbolic link to \/dev\/zero, outside the folder/);
    assert.match(err, /skipped ws\/fifo\.yaml: not a regular file \(a FIFO\)/);
    assert.match(err, /skipped ws\/gone\.yaml: a symbolic link that cannot be followed/);
    // Failures last: the sparse file over the cap, the folder nobody may read, the path too long to open.
    assert.match(err, /not checked: cannot read ws\/sparse\.yaml: larger than 10 MB \(1945\.6 MB; see maxFileSizeMB\)/);
    assert.match(err, /not checked: ws\/(d\/)+d: cannot read the folder: name too long/);
    if (asRoot) assert.match(err, /not checked: ws\/locked: cannot read the folder: permission denied/);
    // Every skipped entry is named once.
    for (const name of ['root', 'zero.yaml', 'fifo.yaml', 'gone.yaml', 'sparse.yaml'])
      assert.equal(err.split('\n').filter((l) => l.includes(`ws/${name}:`)).length, 1, name);
  });

  test('brace- and star-heavy exclude patterns in the settings file cost nothing', () => {
    const exclude = ['{a,b}'.repeat(22), 'x/**/'.repeat(14) + 'y', '*a'.repeat(14) + '*b', 'ws/d/d/**/deep.yaml'];
    writeFileSync(join(dir, 'heavy.json'), JSON.stringify({ exclude }));
    const r = cli(dir, ['--config', 'heavy.json', 'ws'], { unprivileged: true });
    assert.equal(r.status, 2, r.stderr);
    // The last pattern left out the deep manifest; the others match nothing here.
    assert.match(r.stdout, /^ws\/good\.yaml:\d+:\d+ error enum-case/m);
    assert.doesNotMatch(r.stdout, /deep\.yaml/);
    assert.match(r.stdout, /1 file checked/);
  });

  test('maxFileSizeMB in the settings file moves the cap', () => {
    writeFileSync(join(dir, 'small.json'), JSON.stringify({ maxFileSizeMB: 0.0001 }));
    const r = cli(dir, ['--config', 'small.json', 'ws/good.yaml']);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /not checked: cannot read ws\/good\.yaml: larger than 104 bytes/);
  });
});

describe('hostile file names', () => {
  const dir = scratch();
  const names = ['new\nline.yaml', '::error title=x::injected.yaml', '-dash.yaml', '--config=x.yaml'];
  names.forEach((n, i) => put(dir, n, fixable(`n${i}`)));
  const lines = (out: string) => out.split('\n').filter((l) => / error enum-case /.test(l));

  test('after --, every name is a file; the text report prints each on one line, escaped', () => {
    const r = cli(dir, ['--', ...names]);
    assert.equal(r.status, 1, r.stderr);
    assert.deepEqual(
      lines(r.stdout).map((l) => l.slice(0, l.indexOf(':1'))),
      ['new\\nline.yaml', '::error title=x::injected.yaml', '-dash.yaml', '--config=x.yaml'],
    );
    assert.match(r.stdout, /4 files checked/);
    // The JSON report keeps the real names.
    const json = JSON.parse(cli(dir, ['--format', 'json', '--', ...names]).stdout);
    assert.deepEqual([...new Set(json.problems.map((p: { file: string }) => p.file))], names);
  });

  test("the pre-commit hook's entry passes the staged names after --", () => {
    const hooks = parse(readFileSync(join(repo, '.pre-commit-hooks.yaml'), 'utf8')) as { entry: string }[];
    const [command, ...entryArgs] = hooks[0].entry.split(' ');
    assert.deepEqual([command, ...entryArgs], ['cloud-manifests', 'check', '--']);
    // As pre-commit runs it: the entry, then the file names.
    const r = spawnSync(process.execPath, [CLI, ...entryArgs, ...names], { cwd: dir, encoding: 'utf8' });
    assert.equal(r.status, 1, r.stderr);
    assert.equal(lines(r.stdout).length, 4);
    assert.ok(!r.stdout.split('\n').some((l) => l.startsWith('line.yaml')), 'no line starts inside a name');
  });
});

test('a settings file may not point the links of the codes anywhere but https:', () => {
  const dir = scratch();
  put(dir, 'a.yaml', fixable('a'));
  put(dir, '.cloud-manifests.json', JSON.stringify({ docsBaseUrl: 'file:///etc/' }));
  const r = cli(dir, ['--format', 'sarif', 'a.yaml']);
  assert.equal(r.status, 1, r.stderr);
  assert.match(
    r.stderr,
    /\.cloud-manifests\.json: docsBaseUrl "file:\/\/\/etc\/" is ignored: only an https: address is used/,
  );
  assert.doesNotMatch(r.stdout, /helpUri/);
  put(dir, '.cloud-manifests.json', JSON.stringify({ docsBaseUrl: 'https://docs.example.com/codes' }));
  const ok = cli(dir, ['--format', 'sarif', 'a.yaml']);
  assert.match(ok.stdout, /"helpUri": "https:\/\/docs\.example\.com\/codes\/enum-case\.md"/);
  // The repository moved every link: the reader is told where they lead.
  assert.equal(
    ok.stderr,
    "cloud-manifests: .cloud-manifests.json: the links of the codes (SARIF helpUri) point to https://docs.example.com/codes, as the repository's settings say\n",
  );
  // A user name or password in the address is never put in the links, nor echoed.
  put(dir, '.cloud-manifests.json', JSON.stringify({ docsBaseUrl: 'https://user:s3cret@docs.example.com/codes' }));
  const creds = cli(dir, ['--format', 'sarif', 'a.yaml']);
  assert.equal(creds.status, 1, creds.stderr);
  assert.doesNotMatch(creds.stdout, /helpUri|s3cret/);
  assert.match(creds.stderr, /docsBaseUrl is ignored: it holds a user name or password/);
  assert.doesNotMatch(creds.stderr, /s3cret/);
});

test('a settings file that is a FIFO, a device or a link leading out of the folder stops the run at once', () => {
  const dir = scratch();
  put(dir, 'a.yaml', fixable('a'));
  spawnSync('mkfifo', [join(dir, '.cloud-manifests.json')]);
  const fifo = cli(dir, ['a.yaml']);
  assert.equal(fifo.status, 2);
  assert.equal(fifo.stderr, 'cloud-manifests: settings file .cloud-manifests.json: not a regular file (a FIFO)\n');
  rmSync(join(dir, '.cloud-manifests.json'));
  symlinkSync('/dev/zero', join(dir, '.cloud-manifests.json'));
  const zero = cli(dir, ['a.yaml']);
  assert.equal(zero.status, 2);
  assert.match(zero.stderr, /settings file \.cloud-manifests\.json: not a regular file \(a device\)/);
  rmSync(join(dir, '.cloud-manifests.json'));
  const elsewhere = scratch();
  put(elsewhere, 'secret.json', '{"not": "settings"}');
  symlinkSync(join(elsewhere, 'secret.json'), join(dir, '.cloud-manifests.json'));
  const out = cli(dir, ['a.yaml']);
  assert.equal(out.status, 2);
  assert.match(
    out.stderr,
    /settings file \.cloud-manifests\.json: a symbolic link to .*secret\.json, outside the current folder/,
  );
  assert.doesNotMatch(out.stderr, /not/, 'its content is not shown');
  // Named outright with --config, a file elsewhere is the user's choice.
  put(elsewhere, 'ok.json', '{"rules": {"enum-case": "off"}}');
  assert.equal(cli(dir, ['--config', join(elsewhere, 'ok.json'), 'a.yaml']).status, 0);
});
