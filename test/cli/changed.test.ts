// `check --changed` (issue 48): seeded random changes to a git repository of fixtures (overlays, a Helm chart,
// a CRD and its manifests, owners, duplicates, references across files) — values edited, names copied from
// elsewhere (owners renamed, duplicates made), lines dropped (kustomizations, CRDs, values), files deleted and
// added, committed on a branch or left in the work tree — and for each: `--changed`'s problems are the full
// run's on the files it checked, and every file whose problems the change made differ is among them. Then the
// command line itself: the summary's "N of M files checked", and its usage errors.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { parseArgs } from '../../server/src/cli/args';
import { checkRun } from '../../server/src/cli/checkRun';

const ROOT = join(__dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'cli.js');
const FIXTURES = join(__dirname, '..', 'fixtures');
/** Fixtures whose files tell about one another, side by side in one repository. */
const PARTS = [
  'repositories/overlays',
  'repositories/chart',
  'crds/widgets',
  'workspace/owners',
  'workspace/duplicates-and-cycles',
  'workspace/references',
  'workspace/storage-limits',
  'workspace/kube-references',
];
/** How many random changes: a few dozen (each is two runs of the checker). */
const CASES = 24;
const SEED = 4801;

let dir: string;
let repo: string;

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

type Problem = { line: number; column: number; code: string; severity: string; message: string };
type Run = { files: Map<string, string[]> };

/** A `check` run in this process, as the command line runs it: each file checked and its problems. */
async function check(args: string[]): Promise<Run> {
  const command = parseArgs(['check', '--format', 'json', ...args, '.']);
  assert.equal(command.kind, 'check');
  if (command.kind !== 'check') throw new Error('not check');
  const out = await checkRun({ cwd: repo, env: {}, stdin: () => process.stdin, say: () => undefined }, command.options);
  if ('failed' in out) throw new Error(out.failed.join('\n'));
  const key = (p: Problem) => `${p.line}:${p.column} ${p.severity} ${p.code} ${p.message}`;
  return { files: new Map(out.report.files.map((f) => [f.file, f.problems.map(key)])) };
}

/** The YAML files of the repository now. */
const yamlFiles = (): string[] =>
  git(['ls-files', '--cached', '--others', '--exclude-standard'])
    .split('\n')
    .filter((f) => f !== '' && existsSync(join(repo, f)) && /\.ya?ml$|Kustomization$/.test(f));

/** `key: value` lines whose value is a plain scalar. */
const SCALAR = /^(\s*-?\s*[\w.-]+:\s+)([^\s#{][^#]*?)\s*$/;

/** One random change of the repository's files; what it did, for the failure message. */
function mutate(next: () => number): string {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)];
  const files = yamlFiles();
  // Kustomizations, the CRD and the chart's values half the time: the files that affect many others.
  const special = files.filter((f) => /kustomization|Kustomization|crd\.yaml|values\.yaml/.test(f));
  const file = next() < 0.5 ? pick(special) : pick(files);
  const path = join(repo, file);
  const lines = readFileSync(path, 'utf8').split('\n');
  const scalars = lines.flatMap((l, i) => (SCALAR.test(l) ? [i] : []));
  const what = pick(['edit', 'copy', 'copy', 'drop', 'delete', 'add']);
  if (what === 'delete') {
    unlinkSync(path);
    return `deleted ${file}`;
  }
  if (what === 'add') {
    const to = join(dirname(path), `added-${Math.floor(next() * 1000)}.yaml`);
    writeFileSync(to, lines.join('\n'));
    return `copied ${file} to ${to}`;
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
    // A value from another file (a name: an owner renamed to another's, a duplicate made).
    const other = readFileSync(join(repo, pick(files)), 'utf8')
      .split('\n')
      .flatMap((l) => SCALAR.exec(l)?.[2] ?? []);
    now = other.length > 0 ? pick(other) : `${value}x`;
  } else now = /^\d+$/.test(value) ? String(Number(value) * 1000 + 1) : `${value}x`;
  lines[i] = head + now;
  writeFileSync(path, lines.join('\n'));
  return `${file}:${i + 1}: ${value} → ${now}`;
}

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'cloud-manifests-changed-'));
  repo = join(dir, 'repo');
  for (const p of PARTS) cpSync(join(FIXTURES, p), join(repo, p.replace('/', '-')), { recursive: true });
  git(['init', '-q', '-b', 'main']);
  git(['add', '-A']);
  git(['commit', '-q', '-m', 'fixtures']);
});
after(() => rmSync(dir, { recursive: true, force: true }));

describe('check --changed', () => {
  test(`${CASES} seeded random changes: the full run's problems on the files checked, and every file changed`, async () => {
    const base = await check([]);
    assert.ok(
      [...base.files.values()].some((ps) => ps.length > 0),
      'the fixtures have problems',
    );
    let fewer = 0;
    for (let k = 0; k < CASES; k++) {
      const next = random(SEED + k);
      git(['checkout', '-q', '-f', 'main']);
      git(['clean', '-q', '-f', '-d']);
      const done = Array.from({ length: 1 + Math.floor(next() * 3) }, () => mutate(next));
      // A third of the cases committed on a branch: the change is what was committed since the merge base.
      if (k % 3 === 2) {
        git(['checkout', '-q', '-b', `case-${k}`]);
        git(['add', '-A']);
        git(['commit', '-q', '-m', `case ${k}`, '--allow-empty']);
      }
      const say = `case ${k} (${done.join('; ')})`;
      const full = await check([]);
      const changed = await check(k % 2 === 0 ? ['--changed'] : ['--changed=main']);
      for (const [file, problems] of changed.files)
        assert.deepEqual(problems, full.files.get(file), `${say}: ${file} as the full run checks it`);
      for (const [file, problems] of full.files) {
        const was = base.files.get(file);
        if (was === undefined || JSON.stringify(was) !== JSON.stringify(problems))
          assert.ok(changed.files.has(file), `${say}: ${file}'s problems changed, and --changed did not check it`);
      }
      if (changed.files.size < full.files.size) fewer++;
    }
    // Not everything every time: the point of --changed.
    assert.ok(fewer > CASES / 2, `--changed checked fewer files than the full run in ${fewer} of ${CASES} cases`);
  });

  test('the summary says how many files were checked of how many; nothing changed, none', () => {
    git(['checkout', '-q', '-f', 'main']);
    git(['clean', '-q', '-f', '-d']);
    const cli = (args: string[], cwd = repo) =>
      spawnSync(process.execPath, [CLI, 'check', ...args], {
        cwd,
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1' },
      });
    assert.match(cli(['--help']).stdout, /--changed\[=REF\]/);
    const total = yamlFiles().length;
    const none = cli(['--changed']);
    assert.equal(none.status, 0, none.stderr);
    assert.match(none.stdout, new RegExp(`no problems \\(0 of ${total} files checked\\)`));
    const path = join(repo, 'workspace-owners', 'accounts.yaml');
    writeFileSync(path, readFileSync(path, 'utf8').replace(/name: (\S+)/, 'name: $1-renamed'));
    const some = cli(['--changed', '--format', 'json']);
    const report = JSON.parse(some.stdout) as { summary: { filesChecked: number; filesRead: number } };
    assert.equal(report.summary.filesRead, total);
    assert.ok(report.summary.filesChecked > 1 && report.summary.filesChecked < total, some.stdout);
  });

  test("a CRD's change checks every manifest of its kinds; a chart's values, its files; the settings, every file", async () => {
    git(['checkout', '-q', '-f', 'main']);
    git(['clean', '-q', '-f', '-d']);
    const crd = join(repo, 'crds-widgets', 'crd.yaml');
    writeFileSync(crd, readFileSync(crd, 'utf8').replace('The desired widget.', 'What the widget should be.'));
    const widgets = [...(await check(['--changed'])).files.keys()].sort();
    assert.deepEqual(widgets, [
      'crds-widgets/crd.yaml',
      'crds-widgets/widget-errors.yaml',
      'crds-widgets/widget-valid.yaml',
      'crds-widgets/widget-versions.yaml',
    ]);
    git(['checkout', '-q', '-f', 'main']);
    const values = join(repo, 'repositories-chart', 'values.yaml');
    writeFileSync(values, readFileSync(values, 'utf8') + '\nadded: true\n');
    const chart = [...(await check(['--changed'])).files.keys()];
    assert.deepEqual(
      chart.sort(),
      yamlFiles()
        .filter((f) => f.startsWith('repositories-chart/'))
        .sort(),
    );
    git(['checkout', '-q', '-f', 'main']);
    writeFileSync(join(repo, '.cloud-manifests.json'), JSON.stringify({ rules: { 'enum-case': 'off' } }));
    const all = await check(['--changed']);
    assert.equal(all.files.size, yamlFiles().length);
    rmSync(join(repo, '.cloud-manifests.json'));
  });

  test('outside a git repository, an unknown ref, or with --fix: a usage error', () => {
    const cli = (args: string[], cwd: string) =>
      spawnSync(process.execPath, [CLI, 'check', ...args], { cwd, encoding: 'utf8' });
    const outside = mkdtempSync(join(dir, 'plain-'));
    writeFileSync(join(outside, 'a.yaml'), 'kind: ConfigMap\napiVersion: v1\nmetadata:\n  name: a\n');
    for (const [args, cwd, message] of [
      [['--changed'], outside, /--changed needs a git repository, and .* is not in one/],
      [['--changed=no-such-branch'], repo, /--changed: git knows no commit named 'no-such-branch'/],
      [['--changed', '--base', 'no-such-branch'], repo, /git knows no commit named 'no-such-branch'/],
      [['--changed', '--fix'], repo, /--fix and --fix-dry-run fix every file: run them without --changed/],
      [['--changed=HEAD@{1}'], repo, /--changed expects a branch or tag name .* after =, got "HEAD@\{1\}"/],
    ] as const) {
      const r = cli([...args], cwd);
      assert.equal(r.status, 2, `${args.join(' ')}: ${r.stdout}${r.stderr}`);
      assert.match(r.stderr, message);
    }
  });
});

before(() => {
  if (!existsSync(CLI)) throw new Error(`${CLI} does not exist: run \`npm run build\` before these tests`);
});
