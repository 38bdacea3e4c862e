// `check --cache` (issue 48): never a stale result. A git repository of fixtures whose files tell about one
// another (overlays, a chart, a CRD and its manifests, owners, duplicates, references) is changed at random
// between runs — values edited, values copied from other files, lines dropped, files deleted, added and
// renamed, the CRD edited, the settings file written — and each state is checked cold (no cache) and twice
// with one cache folder shared by every state: the three outputs are the same bytes, in every format, with
// `--shard`, `--changed`, `--no-kustomize` and `--base ''`. Then: a corrupt or truncated entry is a miss, two
// runs sharing the folder at once, the disk read by an overlay's rendering beyond the files named, the size
// cap, the default folder, and the usage errors.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { spawn, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { run } from '../../server/src/cli/main';
import { CacheStore } from '../../server/src/io/cacheStore';

const ROOT = join(__dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'cli.js');
const FIXTURES = join(__dirname, '..', 'fixtures');
const PARTS = [
  'repositories/overlays',
  'repositories/chart',
  'crds/widgets',
  'workspace/owners',
  'workspace/duplicates-and-cycles',
  'workspace/references',
  'workspace/storage-limits',
];
/** How many states of the repository (each checked three times). */
const CASES = 18;
const SEED = 4802;

let dir: string;
let repo: string;
let cache: string;

function git(args: string[], cwd = repo): string {
  const r = spawnSync('git', ['-c', 'user.name=test', '-c', 'user.email=test@example.com', ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' },
  });
  assert.equal(r.status, 0, `git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

/** A small seeded generator (mulberry32): the same seed, the same changes. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** What the command line printed and said, and its exit code. */
interface Printed {
  code: number;
  stdout: string;
  stderr: string;
}

/** The command line in this process, in `cwd`, as a user runs it. */
async function cli(args: string[], cwd = repo, env: NodeJS.ProcessEnv = {}): Promise<Printed> {
  let stdout = '';
  let stderr = '';
  const code = await run({
    argv: ['check', ...args],
    cwd,
    env: { NO_COLOR: '1', ...env },
    stdin: () => process.stdin,
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
  });
  return { code, stdout, stderr };
}

/** The YAML files of the repository now. */
const yamlFiles = (): string[] =>
  git(['ls-files', '--cached', '--others', '--exclude-standard'])
    .split('\n')
    .filter((f) => f !== '' && existsSync(join(repo, f)) && /\.ya?ml$|Kustomization$/.test(f));

/** `key: value` lines whose value is a plain scalar. */
const SCALAR = /^(\s*-?\s*[\w.-]+:\s+)([^\s#{][^#]*?)\s*$/;

/** Settings a state may have (the rules, the Kubernetes release, owners, overlays' load restrictor). */
const SETTINGS = [
  { rules: { 'enum-case': 'off' } },
  { rules: { 'owner-kind': 'off', 'duplicate-resource': 'warning', 'missing-required': 'info' } },
  { kubernetesVersion: '1.29' },
  { ownerResolution: 'off' },
  { kustomizeLoadRestrictor: 'none' },
  { maxDocumentSize: 400 },
];

/** One random change of the repository; what it did, for the failure message. */
type Mutation = 'edit' | 'copy' | 'drop' | 'delete' | 'add' | 'rename' | 'crd' | 'settings';

function mutate(next: () => number, kind?: Mutation, settings?: number): string {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)];
  const files = yamlFiles();
  const what = kind ?? pick<Mutation>(['edit', 'edit', 'copy', 'drop', 'delete', 'add', 'rename', 'crd', 'settings']);
  if (what === 'settings') {
    const path = join(repo, '.cloud-manifests.json');
    if (existsSync(path) && next() < 0.4) {
      unlinkSync(path);
      return 'settings file removed';
    }
    const s = settings === undefined ? pick(SETTINGS) : SETTINGS[settings % SETTINGS.length];
    writeFileSync(path, JSON.stringify(s));
    return `settings ${JSON.stringify(s)}`;
  }
  const crd = files.find((f) => f.endsWith('crds-widgets/crd.yaml'));
  const file =
    what === 'crd' && crd ? crd : next() < 0.5 ? pick(files.filter((f) => /ustomization|values/.test(f))) : pick(files);
  if (!file) return 'nothing';
  const path = join(repo, file);
  const lines = readFileSync(path, 'utf8').split('\n');
  const scalars = lines.flatMap((l, i) => (SCALAR.test(l) ? [i] : []));
  if (what === 'delete') {
    unlinkSync(path);
    return `deleted ${file}`;
  }
  if (what === 'add') {
    const to = join(dirname(path), `added-${Math.floor(next() * 1000)}.yaml`);
    writeFileSync(to, lines.join('\n'));
    return `copied ${file} to ${to}`;
  }
  if (what === 'rename') {
    // The same text under another name: its facts are the same, its results are not.
    const to = join(dirname(path), `renamed-${Math.floor(next() * 1000)}-${file.split('/').pop()}`);
    renameSync(path, to);
    return `renamed ${file} to ${to}`;
  }
  if (what === 'drop' || scalars.length === 0) {
    const i = Math.floor(next() * lines.length);
    const [gone] = lines.splice(i, 1);
    writeFileSync(path, lines.join('\n'));
    return `dropped line ${i + 1} of ${file}: ${gone}`;
  }
  const i = pick(scalars);
  const [, head, value] = SCALAR.exec(lines[i])!;
  let now: string;
  if (what === 'copy') {
    const other = readFileSync(join(repo, pick(files)), 'utf8')
      .split('\n')
      .flatMap((l) => SCALAR.exec(l)?.[2] ?? []);
    now = other.length > 0 ? pick(other) : `${value}x`;
  } else now = /^\d+$/.test(value) ? String(Number(value) * 1000 + 1) : `${value}x`;
  lines[i] = head + now;
  writeFileSync(path, lines.join('\n'));
  return `${file}:${i + 1}: ${value} → ${now}`;
}

/** The entry files of the cache folder. */
const entries = (folder = cache): string[] => readdirSync(folder).filter((n) => /^[0-9a-f]{64}$/.test(n));

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'cloud-manifests-cache-'));
  repo = join(dir, 'repo');
  cache = join(dir, 'cache');
  for (const p of PARTS) cpSync(join(FIXTURES, p), join(repo, p.replace('/', '-')), { recursive: true });
  git(['init', '-q', '-b', 'main']);
  git(['add', '-A']);
  git(['commit', '-q', '-m', 'fixtures']);
});
after(() => rmSync(dir, { recursive: true, force: true }));

describe('check --cache', () => {
  test(`${CASES} states of a repository changed at random: the cached output is the cold run's, byte for byte`, async () => {
    const next = random(SEED);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)];
    let reused = 0;
    let resultsReused = 0;
    for (let k = 0; k < CASES; k++) {
      // A third of the states go back to the first files (whose entries the cache holds from before) with
      // other settings alone; a third edit the CRD (the kinds every facts entry is made with); the others
      // change the current state further at random.
      const done: string[] = [];
      if (k % 3 === 0) {
        git(['checkout', '-q', '-f', 'main']);
        git(['clean', '-q', '-f', '-d']);
        done.push('back to main', mutate(next, 'settings', k / 3));
      } else if (k % 3 === 1) done.push(mutate(next, 'crd'));
      for (let n = k % 3 === 0 ? 0 : Math.floor(next() * 3); n > 0; n--) done.push(mutate(next));
      // The states of the first files with other settings are checked alike: a result kept for other settings
      // would be taken if the settings were not part of its key.
      const args =
        k % 3 === 0
          ? ['--format', 'json']
          : [
              '--format',
              pick(['json', 'sarif', 'text']),
              ...pick([
                [],
                [],
                ['--shard', `${1 + Math.floor(next() * 3)}/3`],
                ['--changed'],
                ['--no-kustomize'],
                ['--base', ''],
              ]),
            ];
      const say = `state ${k} (${done.join('; ')}), ${args.join(' ')}`;
      const cold = await cli(args);
      assert.notEqual(cold.code, 2, `${say}: ${cold.stderr}`);
      const first = await cli([...args, `--cache=${cache}`]);
      const second = await cli([...args, `--cache=${cache}`]);
      for (const [name, r] of [
        ['first', first],
        ['second', second],
      ] as const) {
        assert.equal(r.stdout, cold.stdout, `${say}: the ${name} run with the cache`);
        assert.equal(r.code, cold.code, `${say}: the ${name} run's exit code`);
      }
      const facts = /--cache: (\d+) of (\d+) files' facts reused/.exec(first.stderr);
      if (facts) reused += Number(facts[1]);
      if (/the results of the same run reused/.test(second.stderr)) resultsReused++;
      else assert.ok(args.includes('--changed'), `${say}: the second run did not reuse the first's results`);
    }
    // The cache was used, not merely consulted.
    assert.ok(reused > 0, 'no file facts were ever reused');
    assert.ok(resultsReused >= CASES / 2, `results reused in ${resultsReused} of ${CASES} states`);
  });

  test('a corrupt or truncated entry is a miss: the output is the cold run’s, and the entry is written again', async () => {
    git(['checkout', '-q', '-f', 'main']);
    git(['clean', '-q', '-f', '-d']);
    rmSync(join(repo, '.cloud-manifests.json'), { force: true });
    const folder = join(dir, 'corrupt');
    const cold = await cli(['--format', 'json']);
    await cli(['--format', 'json', `--cache=${folder}`]);
    const names = entries(folder);
    assert.ok(names.length > 1, 'entries were written');
    names.forEach((name, i) => {
      const path = join(folder, name);
      const bytes = readFileSync(path);
      if (i % 3 === 0) writeFileSync(path, bytes.subarray(0, Math.floor(bytes.length / 2)));
      else if (i % 3 === 1) {
        bytes[bytes.length - 1] ^= 0xff;
        writeFileSync(path, bytes);
      } else writeFileSync(path, '');
    });
    const after = await cli(['--format', 'json', `--cache=${folder}`]);
    assert.equal(after.stdout, cold.stdout);
    assert.match(after.stderr, /--cache: 0 of \d+ files' facts reused/);
    const again = await cli(['--format', 'json', `--cache=${folder}`]);
    assert.equal(again.stdout, cold.stdout);
    assert.match(again.stderr, /the results of the same run reused/);
  });

  test('what an overlay named alone reads of the disk is checked again: an edit of its base is seen', async () => {
    git(['checkout', '-q', '-f', 'main']);
    git(['clean', '-q', '-f', '-d']);
    const overlay = yamlFiles().find((f) => /overlays.*overlays\/[^/]+\/kustomization\.yaml$/.test(f));
    assert.ok(overlay, 'the fixtures have an overlay');
    const folder = join(dir, 'alone');
    const args = ['--format', 'json', `--cache=${folder}`, overlay];
    const before = await cli(args);
    const hit = await cli(args);
    assert.match(hit.stderr, /the results of the same run reused/);
    assert.equal(hit.stdout, before.stdout);
    // The base's manifests, read only by the rendering: one made a duplicate of another.
    const base = join(repo, dirname(dirname(dirname(overlay))), 'base');
    const baseFiles = readdirSync(base).filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml');
    const target = join(base, baseFiles[0]);
    writeFileSync(target, readFileSync(target, 'utf8').replace(/^kind: .*/m, 'kind: NotAKindAnyMore'));
    const cold = await cli(['--format', 'json', overlay]);
    assert.notEqual(cold.stdout, before.stdout, 'the edit of the base changes the report');
    const cached = await cli(args);
    assert.equal(cached.stdout, cold.stdout);
    assert.doesNotMatch(cached.stderr, /the results of the same run reused/);
    git(['checkout', '-q', '-f', 'main']);
  });

  test('two runs sharing the folder at once both print the cold run’s report', async () => {
    git(['checkout', '-q', '-f', 'main']);
    git(['clean', '-q', '-f', '-d']);
    assert.ok(existsSync(CLI), `${CLI} does not exist: run \`npm run build\` first`);
    const folder = join(dir, 'shared');
    const spawnCli = (args: string[]) =>
      new Promise<string>((resolve, reject) => {
        const p = spawn(process.execPath, [CLI, 'check', '--format', 'sarif', ...args], { cwd: repo });
        let out = '';
        p.stdout.on('data', (d) => (out += String(d)));
        p.on('error', reject);
        p.on('close', (code) => (code === 0 || code === 1 ? resolve(out) : reject(new Error(`exit ${code}`))));
      });
    const cold = await spawnCli([]);
    for (let round = 0; round < 2; round++) {
      const both = await Promise.all([spawnCli([`--cache=${folder}`]), spawnCli([`--cache=${folder}`])]);
      for (const out of both) assert.equal(out, cold);
    }
    assert.deepEqual(
      readdirSync(folder).filter((n) => n.endsWith('.tmp')),
      [],
      'no temporary file is left',
    );
  });

  test('the folder is held to its cap, the entries used least recently deleted first', () => {
    const folder = join(dir, 'cap');
    const store = new CacheStore(folder, 3000);
    store.open();
    const payload = Buffer.alloc(1000, 7);
    for (const k of ['a', 'b', 'c', 'd']) store.put(k, payload);
    assert.equal(entries(folder).length, 4);
    // An entry is the file named by its key's hash; its time of use set here (a hit touches it: the test
    // does not wait for the clock to tick between uses). Used in this order: b, d, a, c.
    const fileOf = (k: string) => join(folder, createHash('sha256').update(k).digest('hex'));
    const used: Record<string, number> = { b: 1000, d: 2000, a: 3000, c: 4000 };
    for (const [k, t] of Object.entries(used)) utimesSync(fileOf(k), t, t);
    const left = store.trim();
    assert.equal(left.deleted, 2);
    assert.ok(!existsSync(fileOf('b')) && !existsSync(fileOf('d')), 'the two used least recently are gone');
    assert.deepEqual(store.get('a'), payload);
    assert.deepEqual(store.get('c'), payload);
    assert.ok(left.bytes <= 3000, `${left.bytes} bytes left`);
    // Nothing written by this store since: the next run's trim does not list the folder again.
    assert.equal(new CacheStore(folder, 1).trim().deleted, 0);
  });

  test('the default folder: node_modules/.cache of the nearest package, else $XDG_CACHE_HOME', async () => {
    const pkg = join(dir, 'pkg');
    mkdirSync(join(pkg, 'manifests'), { recursive: true });
    writeFileSync(join(pkg, 'package.json'), '{}');
    cpSync(join(FIXTURES, 'workspace/owners'), join(pkg, 'manifests'), { recursive: true });
    const r = await cli(['--cache', 'manifests'], pkg);
    assert.match(r.stderr, /--cache: 0 of \d+ files' facts reused \(node_modules\/.cache\/cloud-manifests\)/);
    assert.ok(entries(join(pkg, 'node_modules', '.cache', 'cloud-manifests')).length > 0);
    const lone = join(dir, 'lone');
    cpSync(join(FIXTURES, 'workspace/owners'), lone, { recursive: true });
    const xdg = join(dir, 'xdg');
    const x = await cli(['--cache'], lone, { XDG_CACHE_HOME: xdg });
    assert.equal(x.stdout, (await cli([], lone)).stdout);
    assert.ok(entries(join(xdg, 'cloud-manifests')).length > 0, x.stderr);
  });

  test('usage: not with --fix; --cache= needs a folder; a folder that cannot be made is said', async () => {
    const fix = await cli(['--cache', '--fix']);
    assert.equal(fix.code, 2);
    assert.match(fix.stderr, /--fix and --fix-dry-run change the files: run them without --cache/);
    const empty = await cli(['--cache=']);
    assert.equal(empty.code, 2);
    assert.match(empty.stderr, /--cache= needs a folder/);
    const file = join(dir, 'a-file');
    writeFileSync(file, 'x');
    const bad = await cli([`--cache=${join(file, 'sub')}`]);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /cannot use the cache folder .*a-file\/sub/);
    const help = await cli(['--help']);
    assert.match(help.stdout, /--cache\[=DIR\]/);
  });
});
