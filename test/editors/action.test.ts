// The GitHub Action (action.yml) run locally as a runner runs a composite action: its `run` steps with
// `${{ inputs.* }}` and `${{ github.action_path }}` filled in from the inputs' defaults and `with:`, in
// `bash --noprofile --norc -eo pipefail`, in the workspace, with GITHUB_ACTION_PATH, GITHUB_WORKSPACE and
// GITHUB_OUTPUT set; the action's outputs are read back from the step outputs. The action folder is a
// fresh copy of this repository without dist/ or node_modules, so the first run installs the checker
// (npm ci, held offline to npm's cache). The SARIF written is checked against the SARIF 2.1.0 subset the
// CLI tests use, with locations relative to the repository root (what code scanning needs), and the
// The documented workflow (docs/cli.md, integrations/github/workflow.yml) uses only inputs and outputs the action has.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';
import { repo, sourceFiles } from './tools';

interface Action {
  inputs: Record<string, { default?: string }>;
  outputs: Record<string, { value: string }>;
  runs: {
    using: string;
    steps: { id?: string; shell?: string; run?: string; uses?: string; env?: Record<string, string> }[];
  };
}
const action: Action = parse(readFileSync(join(repo, 'action.yml'), 'utf8'));

interface Run {
  status: number | null;
  log: string;
  outputs: Record<string, string>;
}

/** Runs action.yml's steps like a runner (run steps only: the action has no other kind). */
function runAction(
  actionDir: string,
  workspace: string,
  withInputs: Record<string, string>,
  env: NodeJS.ProcessEnv,
): Run {
  for (const k of Object.keys(withInputs)) assert.ok(k in action.inputs, `no input ${k}`);
  const inputs = Object.fromEntries(
    Object.entries(action.inputs).map(([k, v]) => [k, withInputs[k] ?? v.default ?? '']),
  );
  const scratch = mkdtempSync(join(tmpdir(), 'cloud-manifests-action-run-'));
  const stepOutputs: Record<string, Record<string, string>> = {};
  let log = '';
  let status: number | null = 0;
  try {
    for (const [i, step] of action.runs.steps.entries()) {
      assert.ok(step.run && !step.uses && step.shell === 'bash', `step ${i} is not a bash run step`);
      const fill = (s: string) =>
        s.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_, expr: string) => {
          const input = /^inputs\.([\w-]+)$/.exec(expr);
          if (input) return inputs[input[1]];
          if (expr === 'github.action_path') return actionDir;
          throw new Error(`the local runner does not know \${{ ${expr} }}`);
        });
      const script = join(scratch, `step${i}.sh`);
      const outputFile = join(scratch, `output${i}`);
      writeFileSync(script, fill(step.run));
      writeFileSync(outputFile, '');
      const stepEnv = Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, fill(String(v))]));
      const r = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], {
        cwd: workspace,
        env: {
          ...env,
          ...stepEnv,
          GITHUB_ACTION_PATH: actionDir,
          GITHUB_WORKSPACE: workspace,
          GITHUB_OUTPUT: outputFile,
        },
        encoding: 'utf8',
        timeout: 300_000,
      });
      log += r.stdout + r.stderr;
      status = r.status;
      stepOutputs[step.id ?? String(i)] = parseOutputFile(readFileSync(outputFile, 'utf8'));
      if (status !== 0) break;
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  const outputs = Object.fromEntries(
    Object.entries(action.outputs).map(([k, o]) => {
      const m = /^\$\{\{\s*steps\.([\w-]+)\.outputs\.([\w-]+)\s*\}\}$/.exec(o.value);
      assert.ok(m, `output ${k}: ${o.value}`);
      return [k, stepOutputs[m[1]]?.[m[2]] ?? ''];
    }),
  );
  return { status, log, outputs };
}

/** A GITHUB_OUTPUT file as the runner reads it: `name=value` lines and `name<<DELIMITER` … `DELIMITER` blocks. */
function parseOutputFile(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    const heredoc = /^([^=<]+)<<(.+)$/.exec(l);
    if (heredoc) {
      const end = lines.indexOf(heredoc[2], i + 1);
      assert.ok(end > i, `output ${heredoc[1]}: no closing ${heredoc[2]}`);
      out[heredoc[1]] = lines.slice(i + 1, end).join('\n');
      i = end;
    } else if (l.includes('=')) out[l.slice(0, l.indexOf('='))] = l.slice(l.indexOf('=') + 1);
    else assert.equal(l, '', `a line GitHub would reject: ${l}`);
  }
  return out;
}

interface SarifLog {
  runs: {
    originalUriBaseIds: Record<string, { uri: string }>;
    results: { ruleId: string; locations: { physicalLocation: { artifactLocation: unknown } }[] }[];
  }[];
}
const sarifSchema = JSON.parse(
  readFileSync(join(repo, 'test', 'cli', 'fixtures', 'sarif-2.1.0-subset.schema.json'), 'utf8'),
);
const validSarif = (() => {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  return ajv.compile(sarifSchema);
})();

describe('the GitHub Action, run locally', { timeout: 600_000 }, () => {
  let dir: string;
  let actionDir: string;
  let ws: string;
  let env: NodeJS.ProcessEnv;
  let first: Run;

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'cloud-manifests-action-'));
    actionDir = join(dir, 'action');
    for (const f of sourceFiles()) cpSync(join(repo, f), join(actionDir, f));
    assert.ok(!existsSync(join(actionDir, 'dist')) && !existsSync(join(actionDir, 'node_modules')));
    ws = join(dir, 'repo');
    cpSync(join(repo, 'examples'), join(ws, 'manifests'), { recursive: true });
    const cache = spawnSync('npm', ['config', 'get', 'cache'], { encoding: 'utf8' }).stdout.trim();
    env = {
      ...process.env,
      npm_config_cache: cache,
      npm_config_offline: 'true',
      npm_config_update_notifier: 'false',
      CI: 'true',
    };
    first = runAction(actionDir, ws, { paths: 'manifests/' }, env);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('the first run installs the checker in the action folder', () => {
    assert.match(first.log, /Installing the checker/);
    assert.ok(existsSync(join(actionDir, 'dist', 'cli.js')), first.log);
  });

  test('errors fail the step; the SARIF report is written with locations relative to the repository root', () => {
    assert.equal(first.status, 1, first.log);
    assert.deepEqual(first.outputs, { 'sarif-file': 'cloud-manifests.sarif', errors: '12', warnings: '1' });
    const sarif: SarifLog = JSON.parse(readFileSync(join(ws, 'cloud-manifests.sarif'), 'utf8'));
    assert.ok(validSarif(sarif), JSON.stringify(validSarif.errors));
    const results = sarif.runs[0].results;
    assert.equal(results.length, 13);
    const loc = results[0].locations[0].physicalLocation;
    assert.deepEqual(loc.artifactLocation, { uri: 'manifests/mistakes/common-mistakes.yaml', uriBaseId: '%SRCROOT%' });
    assert.equal(sarif.runs[0].originalUriBaseIds['%SRCROOT%'].uri, `file://${ws}/`);
    assert.equal(results[0].ruleId, 'enum-value');
    // the readable report is in the log
    assert.match(first.log, /manifests\/mistakes\/common-mistakes\.yaml:15:11 error enum-value/);
    assert.match(first.log, /12 errors, 1 warning in 1 file/);
  });

  test('fail-on-error: false passes the step and still writes the report', () => {
    rmSync(join(ws, 'out'), { recursive: true, force: true });
    const r = runAction(
      actionDir,
      ws,
      { paths: 'manifests/', 'fail-on-error': 'false', 'sarif-file': 'out/results.sarif' },
      env,
    );
    assert.equal(r.status, 0, r.log);
    assert.deepEqual(r.outputs, { 'sarif-file': 'out/results.sarif', errors: '12', warnings: '1' });
    assert.equal(JSON.parse(readFileSync(join(ws, 'out', 'results.sarif'), 'utf8')).runs[0].results.length, 13);
  });

  test('shard and shards: each job reports its shard under a category of its own; the shards together report all', () => {
    const runs = [1, 2].map((i) =>
      runAction(
        actionDir,
        ws,
        { paths: 'manifests/', shard: `${i}`, shards: '2', 'sarif-file': `shard-${i}.sarif` },
        env,
      ),
    );
    const logs: { runs: { automationDetails: unknown; results: unknown[] }[] }[] = runs.map((r) =>
      JSON.parse(readFileSync(join(ws, r.outputs['sarif-file']), 'utf8')),
    );
    for (const [i, log] of logs.entries()) {
      assert.ok(validSarif(log), JSON.stringify(validSarif.errors));
      assert.deepEqual(log.runs[0].automationDetails, { id: `cloud-manifests/shard-${i + 1}-of-2/` });
    }
    assert.equal(logs[0].runs[0].results.length + logs[1].runs[0].results.length, 13);
    const named = runAction(actionDir, ws, { paths: 'manifests/', shard: '1', shards: '2', category: 'k8s/one' }, env);
    assert.deepEqual(
      JSON.parse(readFileSync(join(ws, named.outputs['sarif-file']), 'utf8')).runs[0].automationDetails,
      { id: 'k8s/one/' },
    );
    const alone = runAction(actionDir, ws, { paths: 'manifests/', shard: '1' }, env);
    assert.equal(alone.status, 2);
    assert.match(alone.log, /the inputs shard and shards go together/);
  });

  test('changed and cache: only the files changed since the ref are reported, the cache folder written and read', () => {
    const git = (...args: string[]) =>
      spawnSync('git', ['-c', 'user.name=test', '-c', 'user.email=test@example.com', ...args], {
        cwd: ws,
        encoding: 'utf8',
        env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' },
      }).status;
    const added = join(ws, 'manifests', 'added.yaml');
    try {
      // The workspace as a repository (its files committed on main), then a new file with one problem.
      assert.equal(git('init', '-q', '-b', 'main'), 0);
      assert.equal(git('add', 'manifests'), 0);
      assert.equal(git('commit', '-q', '-m', 'manifests'), 0);
      writeFileSync(
        added,
        'apiVersion: storage.cloud.example.com/v20220901\nkind: StorageAccount\nmetadata:\n  name: stadded\n' +
          'spec:\n  location: westus2\n  kind: StorageV2\n  sku:\n    name: Standard_LRS\n  owner:\n    name: rg-added\n' +
          '  minimumTlsVersion: TLS1_9\n',
      );
      for (const changed of ['main', 'true']) {
        const r = runAction(
          actionDir,
          ws,
          { paths: 'manifests/', changed, cache: '.cache/cm', 'sarif-file': 'changed.sarif' },
          env,
        );
        assert.equal(r.status, 1, r.log);
        const sarif: SarifLog = JSON.parse(readFileSync(join(ws, 'changed.sarif'), 'utf8'));
        assert.deepEqual(
          sarif.runs[0].results.map((x) => [x.ruleId, x.locations[0].physicalLocation.artifactLocation]),
          [['enum-value', { uri: 'manifests/added.yaml', uriBaseId: '%SRCROOT%' }]],
        );
        assert.match(r.log, /1 error, 0 warnings in 1 file \(1 of \d+ files checked\)/);
        // The step's second check (the text report for the log) takes the facts its first one kept.
        assert.match(r.log, /--cache: [1-9]\d* of \d+ files' facts reused \(\.cache\/cm\)/);
      }
      assert.ok(readdirSync(join(ws, '.cache', 'cm')).length > 0);
    } finally {
      for (const p of ['.git', '.cache', 'changed.sarif']) rmSync(join(ws, p), { recursive: true, force: true });
      rmSync(added, { force: true });
    }
  });

  test('clean manifests pass with an empty report; paths split on spaces and new lines, globs go to the checker', () => {
    const r = runAction(
      actionDir,
      ws,
      { paths: 'manifests/storage\nmanifests/resource-group.yaml manifests/*.yaml' },
      env,
    );
    assert.equal(r.status, 0, r.log);
    assert.deepEqual(r.outputs, { 'sarif-file': 'cloud-manifests.sarif', errors: '0', warnings: '0' });
    assert.deepEqual(JSON.parse(readFileSync(join(ws, 'cloud-manifests.sarif'), 'utf8')).runs[0].results, []);
    assert.match(r.log, /12 files checked/);
  });

  test('warnings pass unless there are more than max-warnings', () => {
    mkdirSync(join(ws, 'warn'), { recursive: true });
    // A warning: a tier that contradicts the one the SKU name derives.
    const text = readFileSync(join(repo, 'examples', 'storage', 'account.yaml'), 'utf8').replace(
      'tier: Standard',
      'tier: Premium',
    );
    assert.match(text, /tier: Premium/);
    writeFileSync(join(ws, 'warn', 'account.yaml'), text);
    const within = runAction(actionDir, ws, { paths: 'warn' }, env);
    assert.equal(within.status, 0, within.log);
    assert.deepEqual(within.outputs, { 'sarif-file': 'cloud-manifests.sarif', errors: '0', warnings: '1' });
    const over = runAction(actionDir, ws, { paths: 'warn', 'max-warnings': '0' }, env);
    assert.equal(over.status, 1, over.log);
    assert.deepEqual(over.outputs, { 'sarif-file': 'cloud-manifests.sarif', errors: '0', warnings: '1' });
  });

  test('the repository’s .cloud-manifests.json is read', () => {
    writeFileSync(join(ws, '.cloud-manifests.json'), JSON.stringify({ rules: { 'enum-value': 'warning' } }));
    try {
      const r = runAction(actionDir, ws, { paths: 'manifests/' }, env);
      assert.equal(r.status, 1, r.log);
      assert.deepEqual(r.outputs, { 'sarif-file': 'cloud-manifests.sarif', errors: '10', warnings: '3' });
    } finally {
      rmSync(join(ws, '.cloud-manifests.json'));
    }
  });

  test('a checker that cannot run (bad settings file) fails the step whatever fail-on-error says, and leaves no SARIF', () => {
    mkdirSync(join(ws, 'conf'), { recursive: true });
    writeFileSync(join(ws, 'conf', 'bad.json'), JSON.stringify({ rulez: {} }));
    rmSync(join(ws, 'cloud-manifests.sarif'), { force: true });
    const r = runAction(actionDir, ws, { paths: 'manifests/', config: 'conf/bad.json', 'fail-on-error': 'false' }, env);
    assert.equal(r.status, 2, r.log);
    assert.equal(r.outputs['sarif-file'], '');
    assert.match(r.log, /unknown setting "rulez"/);
    assert.match(r.log, /::error title=cloud-manifests::/);
    assert.ok(!existsSync(join(ws, 'cloud-manifests.sarif')));
  });

  test('an input with a line break cannot add an output of its own', () => {
    const r = runAction(actionDir, ws, { paths: 'warn', 'sarif-file': 'x.sarif\nerrors=999' }, env);
    assert.equal(r.status, 0, r.log);
    // The path is refused as an output (it has a line break); the counts are the checker's.
    assert.deepEqual(r.outputs, { 'sarif-file': '', errors: '0', warnings: '1' });
  });

  test('hostile file names are reported on one line, never obeyed as workflow commands, never taken as options', () => {
    const account = readFileSync(join(repo, 'examples', 'storage', 'account.yaml'), 'utf8');
    const names = [
      'hostile/x\n::error title=injected::boom.yaml',
      'hostile/-dash.yaml',
      'hostile/--config=x.yaml',
      '::error::root.yaml',
    ];
    mkdirSync(join(ws, 'hostile'), { recursive: true });
    names.forEach((n, i) =>
      writeFileSync(
        join(ws, n),
        account.replace('name: appstore', `name: appstore${i}`).replace('accessTier: Hot', 'accessTier: hot'),
      ),
    );
    try {
      const r = runAction(actionDir, ws, { paths: 'hostile ::error::root.yaml' }, env);
      assert.equal(r.status, 1, r.log);
      assert.deepEqual(r.outputs, { 'sarif-file': 'cloud-manifests.sarif', errors: '4', warnings: '0' });
      // The readable report runs between ::stop-commands:: and its token: nothing in it is a command.
      const lines = r.log.split('\n');
      const start = lines.findIndex((l) => l.startsWith('::stop-commands::'));
      assert.ok(start >= 0, r.log);
      const end = lines.indexOf(`::${lines[start].slice('::stop-commands::'.length)}::`);
      assert.ok(end > start, r.log);
      const report = lines.slice(start + 1, end);
      assert.ok(
        report.includes(
          "::error::root.yaml:16:15 error enum-case 'spec.accessTier' value \"hot\" differs only in case from the allowed 'Hot'; write 'Hot'.",
        ),
        r.log,
      );
      assert.ok(
        report.some((l) => l.startsWith('hostile/x\\n::error title=injected::boom.yaml:16:15 error enum-case')),
        r.log,
      );
      assert.ok(
        report.some((l) => l.startsWith('hostile/-dash.yaml:16:15 error')),
        r.log,
      );
      assert.ok(
        report.some((l) => l.startsWith('hostile/--config=x.yaml:16:15 error')),
        r.log,
      );
      // Outside the stopped part, the only commands are the action's own.
      for (const l of [...lines.slice(0, start), ...lines.slice(end + 1)]) assert.ok(!l.startsWith('::error::'), l);
    } finally {
      rmSync(join(ws, 'hostile'), { recursive: true, force: true });
      rmSync(join(ws, '::error::root.yaml'), { force: true });
    }
  });

  for (const name of ['workflow.yml', 'workflow-shards.yml', 'workflow-ci.yml'])
    test(`the documented workflow ${name} uses only the action's inputs and outputs, and uploads with upload-sarif`, () => {
      const wf = parse(readFileSync(join(repo, 'integrations', 'github', name), 'utf8'));
      const steps: { id?: string; uses?: string; with?: Record<string, string>; if?: string }[] = wf.jobs.check.steps;
      const ours = steps.find((s) => s.uses?.includes('cloud-manifests'));
      assert.ok(ours?.id);
      for (const k of Object.keys(ours.with ?? {}))
        assert.ok(k in action.inputs, `workflow input ${k} is not an input of action.yml`);
      const text = readFileSync(join(repo, 'integrations', 'github', name), 'utf8');
      for (const m of text.matchAll(new RegExp(`steps\\.${ours.id}\\.outputs\\.([\\w-]+)`, 'g')))
        assert.ok(m[1] in action.outputs, m[1]);
      const upload = steps.find((s) => s.uses?.startsWith('github/codeql-action/upload-sarif@'));
      assert.ok(upload);
      assert.ok(upload.with?.sarif_file?.includes(`steps.${ours.id}.outputs.sarif-file`));
      assert.match(upload.if ?? '', /always\(\)/);
      assert.equal(wf.permissions['security-events'], 'write');
    });
});
