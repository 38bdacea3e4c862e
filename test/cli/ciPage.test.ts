// docs/cli.md's CI page ("CI: a pull request's changes, cached, on a matrix") run end to end: its two shell
// blocks, as written, with `cloud-manifests` on the PATH, in a clone of a repository of the fixtures with a
// real history — the baseline made on main, then a pull request's branch that adds a problem, checked by the
// four shards with `--changed=origin/main`, the cache the main branch's run left, and the baseline. What each
// job would upload: SARIF under its own category, the pull request's problem and nothing of the baseline, the
// same report as a run without the cache, and the cache used.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';

const ROOT = join(__dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'cli.js');
const FIXTURES = join(__dirname, '..', 'fixtures');
const PARTS = ['repositories/overlays', 'crds/widgets', 'workspace/owners', 'workspace/duplicates-and-cycles'];
const HEADING = "## CI: a pull request's changes, cached, on a matrix";

/** The page's shell blocks: the baseline on main, then a pull request's jobs. */
function pageBlocks(): string[] {
  const page = readFileSync(join(ROOT, 'docs', 'cli.md'), 'utf8');
  const at = page.indexOf(HEADING);
  assert.ok(at >= 0, `docs/cli.md has no section "${HEADING}"`);
  const section = page.slice(at, page.indexOf('\n## ', at + HEADING.length));
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]);
}

/** A StorageAccount of the pull request with a TLS version the enum does not allow. */
const NEW_ACCOUNT = `apiVersion: storage.cloud.example.com/v20220901
kind: StorageAccount
metadata:
  name: stpullrequest
  namespace: default
spec:
  location: westus2
  kind: StorageV2
  sku:
    name: Standard_LRS
  owner:
    name: rg-does-not-matter
  minimumTlsVersion: TLS1_9
`;

interface Sarif {
  runs: {
    automationDetails?: { id: string };
    results: { ruleId: string; locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[];
  }[];
}

let dir: string;
let clone: string;
let bin: string;

function run(command: string, args: string[], cwd: string) {
  const r = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      PATH: `${bin}:${process.env.PATH}`,
      GIT_CONFIG_GLOBAL: '/dev/null',
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_AUTHOR_NAME: 'test',
      GIT_AUTHOR_EMAIL: 'test@example.com',
      GIT_COMMITTER_NAME: 'test',
      GIT_COMMITTER_EMAIL: 'test@example.com',
      NO_COLOR: '1',
    },
  });
  return r;
}
function git(args: string[], cwd = clone): void {
  const r = run('git', args, cwd);
  assert.equal(r.status, 0, `git ${args.join(' ')}: ${r.stderr}`);
}

before(() => {
  assert.ok(existsSync(CLI), `${CLI} does not exist: run \`npm run build\` before these tests`);
  dir = mkdtempSync(join(tmpdir(), 'cloud-manifests-ci-page-'));
  bin = join(dir, 'bin');
  mkdirSync(bin);
  // `cloud-manifests` on the PATH, as `npm install` puts it.
  writeFileSync(join(bin, 'cloud-manifests'), `#!/bin/sh\nexec "${process.execPath}" "${CLI}" "$@"\n`);
  chmodSync(join(bin, 'cloud-manifests'), 0o755);
  // The project, pushed to its origin, cloned as a CI checkout is.
  const project = join(dir, 'project');
  for (const p of PARTS)
    cpSync(join(FIXTURES, p), join(project, 'manifests', p.replace('/', '-')), { recursive: true });
  writeFileSync(join(project, '.gitignore'), '.cache/\n*.sarif\n!.cloud-manifests-baseline.sarif\n');
  git(['init', '-q', '-b', 'main'], project);
  git(['add', '-A'], project);
  git(['commit', '-q', '-m', 'manifests'], project);
  git(['init', '-q', '--bare', '-b', 'main', join(dir, 'origin.git')], dir);
  git(['push', '-q', join(dir, 'origin.git'), 'main'], project);
  clone = join(dir, 'clone');
  git(['clone', '-q', join(dir, 'origin.git'), clone], dir);
});
after(() => rmSync(dir, { recursive: true, force: true }));

describe("docs/cli.md's CI page", () => {
  test('the baseline on main, then four shards of a pull request with --changed, --cache and --baseline', () => {
    const [onMain, inPullRequest] = pageBlocks();
    assert.ok(onMain && inPullRequest, 'the page has its two shell blocks');

    // On main: the baseline, with the fixtures' problems in it, and the cache filled.
    // Exit 1: the fixtures have errors (the report is written all the same).
    const main = run('bash', ['-c', onMain], clone);
    assert.equal(main.status, 1, main.stderr);
    const baseline = JSON.parse(readFileSync(join(clone, '.cloud-manifests-baseline.sarif'), 'utf8')) as Sarif;
    assert.ok(baseline.runs[0].results.length > 0, 'the fixtures have problems, now in the baseline');
    assert.match(main.stderr, /--cache: 0 of \d+ files' facts reused \(\.cache\/cloud-manifests\)/);
    git(['add', '.cloud-manifests-baseline.sarif']);
    git(['commit', '-q', '-m', 'baseline']);
    git(['push', '-q', 'origin', 'main']);

    // The pull request: one new manifest with a problem.
    git(['checkout', '-q', '-b', 'pull-request']);
    mkdirSync(join(clone, 'manifests', 'new'));
    writeFileSync(join(clone, 'manifests', 'new', 'account.yaml'), NEW_ACCOUNT);
    git(['add', '-A']);
    git(['commit', '-q', '-m', 'a new account']);
    const pr = run('bash', ['-c', inPullRequest], clone);
    assert.ok(pr.status === 0 || pr.status === 1, pr.stderr);
    // Each job took the facts the main branch's run left (the files the pull request did not change).
    const reused = [...pr.stderr.matchAll(/--cache: (\d+) of (\d+) files' facts reused/g)];
    assert.equal(reused.length, 4, pr.stderr);
    for (const m of reused) assert.ok(Number(m[1]) > 0, m[0]);

    const problems: string[] = [];
    for (let i = 1; i <= 4; i++) {
      const file = join(clone, `cloud-manifests-${i}.sarif`);
      const text = readFileSync(file, 'utf8');
      const sarif = JSON.parse(text) as Sarif;
      assert.equal(sarif.runs[0].automationDetails?.id, `cloud-manifests/shard-${i}/`);
      for (const r of sarif.runs[0].results)
        problems.push(`${r.locations[0].physicalLocation.artifactLocation.uri} ${r.ruleId}`);
      // What the job uploads is what the same command says without the cache.
      const cold = run(
        'cloud-manifests',
        [
          'check',
          '--changed=origin/main',
          `--shard=${i}/4`,
          `--category=cloud-manifests/shard-${i}`,
          '--baseline=.cloud-manifests-baseline.sarif',
          '--format',
          'sarif',
          'manifests/',
        ],
        clone,
      );
      assert.equal(cold.stdout, text, `shard ${i}: the report with the cache is the report without it`);
    }
    // The pull request's problem, once, in one shard; nothing of the baseline.
    assert.deepEqual(problems, ['manifests/new/account.yaml enum-value']);
  });
});
