// The pre-commit hook (.pre-commit-hooks.yaml) as a user gets it: a temporary git project whose
// .pre-commit-config.yaml is the documented one (docs/cli.md, integrations/pre-commit/), its `repo:` and `rev:` naming a
// local git copy of this working tree at a commit instead of the published repository; `pre-commit
// install`, then `git commit`. pre-commit installs the hook's environment itself (language: node: npm
// install and npm pack, whose `prepare` script builds dist/), offline: npm is held to its cache
// (npm_config_offline), which `npm ci` has filled. A commit of clean manifests goes through, one with an
// error is refused with the checker's report, and the project's .cloud-manifests.json is read.
//
// Needs Debian's `pre-commit` (3.0.4) and git (.ci/run installs them). Without them the suite fails, naming
// the command that installs them.
import assert from 'node:assert/strict';
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { parse } from 'yaml';
import { repo, scratchWithBins, sourceFiles, which } from './tools';

const missing = ['pre-commit', 'git'].filter((c) => !which(c));

describe('pre-commit with the hook from this repository', { timeout: 600_000 }, () => {
  let scratch: ReturnType<typeof scratchWithBins>;
  let project: string;
  let env: NodeJS.ProcessEnv;
  const run = (cmd: string, args: string[], cwd = project): SpawnSyncReturns<string> =>
    spawnSync(cmd, args, { cwd, env, encoding: 'utf8', timeout: 300_000 });
  const ok = (r: SpawnSyncReturns<string>) => assert.equal(r.status, 0, `${r.stdout}\n${r.stderr}`);
  const commit = (message: string) => run('git', ['commit', '-q', '-m', message]);
  const head = () => run('git', ['rev-parse', 'HEAD']).stdout.trim();

  before(() => {
    if (missing.length > 0)
      throw new Error(
        `${missing.join(', ')} missing: install with \`apt-get install pre-commit git\` or \`bash scripts/editors/install.sh\` (npm run test:all and .ci/run do)`,
      );
    // npm's cache as the developer or CI has it (HOME changes below).
    const cache = spawnSync('npm', ['config', 'get', 'cache'], { encoding: 'utf8' }).stdout.trim();
    scratch = scratchWithBins('cloud-manifests-pre-commit-');
    env = {
      ...scratch.env,
      PRE_COMMIT_HOME: join(scratch.dir, 'pre-commit'),
      npm_config_cache: cache,
      npm_config_offline: 'true',
      npm_config_update_notifier: 'false',
      GIT_AUTHOR_NAME: 'Test',
      GIT_AUTHOR_EMAIL: 'test@example.com',
      GIT_COMMITTER_NAME: 'Test',
      GIT_COMMITTER_EMAIL: 'test@example.com',
    };
    // The hook source: this working tree committed into a git repository of its own.
    const source = join(scratch.dir, 'cloud-manifests');
    for (const f of sourceFiles()) cpSync(join(repo, f), join(source, f), { recursive: true });
    ok(run('git', ['init', '-q'], source));
    ok(run('git', ['add', '-A'], source));
    ok(run('git', ['commit', '-q', '-m', 'source'], source));
    const rev = run('git', ['rev-parse', 'HEAD'], source).stdout.trim();

    project = join(scratch.dir, 'project');
    mkdirSync(join(project, 'manifests'), { recursive: true });
    ok(run('git', ['init', '-q']));
    // The documented configuration (integrations/pre-commit/.pre-commit-config.yaml), pointed at the local copy.
    const example = readFileSync(join(repo, 'integrations', 'pre-commit', '.pre-commit-config.yaml'), 'utf8');
    const config = example.replace(/repo: \S+/, `repo: ${source}`).replace(/rev: \S+/, `rev: ${rev}`);
    assert.notEqual(config, example);
    writeFileSync(join(project, '.pre-commit-config.yaml'), config);
    ok(run('pre-commit', ['install']));
  });
  after(() => scratch && rmSync(scratch.dir, { recursive: true, force: true }));

  test('the hook is declared for YAML files, run once for all of them, with the checker as entry (file names after --)', () => {
    const hooks = parse(readFileSync(join(repo, '.pre-commit-hooks.yaml'), 'utf8'));
    assert.deepEqual(
      hooks.map((h: Record<string, unknown>) => [h.id, h.language, h.entry, h.types, h.require_serial]),
      [['cloud-manifests', 'node', 'cloud-manifests check --', ['yaml'], true]],
    );
  });

  test('a commit of clean manifests goes through (pre-commit installs the hook offline first)', () => {
    cpSync(join(repo, 'examples', 'resource-group.yaml'), join(project, 'manifests', 'resource-group.yaml'));
    cpSync(join(repo, 'examples', 'storage', 'account.yaml'), join(project, 'manifests', 'account.yaml'));
    ok(run('git', ['add', '-A']));
    const r = commit('clean manifests');
    assert.equal(r.status, 0, `${r.stdout}\n${r.stderr}`);
    assert.match(r.stdout + r.stderr, /cloud-manifests check\.+Passed/);
    assert.equal(run('git', ['log', '--format=%s']).stdout.trim(), 'clean manifests');
  });

  test("a commit with an error in a manifest is refused, with the checker's report", () => {
    const before = head();
    const text = readFileSync(join(repo, 'examples', 'storage', 'account.yaml'), 'utf8').replace(
      /name: Standard_\w+/,
      'name: Standard_XYZ',
    );
    assert.match(text, /Standard_XYZ/);
    writeFileSync(join(project, 'manifests', 'account.yaml'), text);
    ok(run('git', ['add', '-A']));
    const r = commit('wrong sku');
    assert.equal(r.status, 1, `${r.stdout}\n${r.stderr}`);
    const out = r.stdout + r.stderr;
    assert.match(out, /cloud-manifests check\.+Failed/);
    const line = text.split('\n').findIndex((l) => l.includes('Standard_XYZ')) + 1;
    assert.match(out, new RegExp(`manifests/account\\.yaml:${line}:\\d+ error enum-value .*Standard_XYZ`));
    assert.match(out, /1 error/);
    assert.equal(head(), before, 'nothing committed');
  });

  test('the project’s .cloud-manifests.json is read: with enum-value off the same commit goes through', () => {
    writeFileSync(join(project, '.cloud-manifests.json'), JSON.stringify({ rules: { 'enum-value': 'off' } }) + '\n');
    ok(run('git', ['add', '-A']));
    const r = commit('sku checks off');
    assert.equal(r.status, 0, `${r.stdout}\n${r.stderr}`);
    assert.match(r.stdout + r.stderr, /cloud-manifests check\.+Passed/);
  });

  test('hostile file names are files: -dash.yaml and --config=x.yaml are checked, a name with a line break printed on one line', () => {
    rmSync(join(project, '.cloud-manifests.json'));
    const account = readFileSync(join(repo, 'examples', 'storage', 'account.yaml'), 'utf8');
    writeFileSync(join(project, '-dash.yaml'), readFileSync(join(repo, 'examples', 'resource-group.yaml'), 'utf8'));
    writeFileSync(join(project, '--config=x.yaml'), account.replace('name: appstore', 'name: appstore2'));
    writeFileSync(join(project, 'new\nline.yaml'), account.replace(/name: Standard_\w+/, 'name: Standard_XYZ'));
    ok(run('git', ['add', '-A']));
    const before = head();
    const r = commit('hostile names');
    const out = r.stdout + r.stderr;
    assert.equal(r.status, 1, out);
    assert.match(out, /cloud-manifests check\.+Failed/);
    assert.doesNotMatch(out, /unknown option|invalid settings file|no such file/);
    assert.match(out, /^new\\nline\.yaml:\d+:\d+ error enum-value .*Standard_XYZ/m);
    assert.match(out, /^1 error, 0 warnings in 1 file \(3 files checked\)$/m);
    assert.equal(head(), before, 'nothing committed');
  });
});
