// Runs the built command (dist/cli.js) as a process on manifests written to a temporary folder.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, test } from 'node:test';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { codeList } from '../../server/src/service/core/codes';

const ROOT = join(__dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'cli.js');
const VERSION: string = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version;

const GOOD = `apiVersion: storage.cloud.example.com/v20220901
kind: StorageAccount
metadata:
  name: appstore
spec:
  location: westus
  kind: StorageV2
  sku:
    name: Standard_LRS
  owner:
    name: rg-app
`;

// enum-value on Standard_XYZ, missing-required for location.
const BAD = `apiVersion: storage.cloud.example.com/v20220901
kind: StorageAccount
metadata:
  name: badstore
spec:
  kind: StorageV2
  sku:
    name: Standard_XYZ
  owner:
    name: rg-app
`;

// A warning only: a written status block.
const WARN = `${GOOD}status:
  provisioningState: Succeeded
`;

// An error and a warning.
const MIXED = `${BAD}status:
  provisioningState: Succeeded
`;

/** 1-based line, column and end column of the first occurrence of `needle` in `text`. */
function positionOf(text: string, needle: string): { line: number; column: number; endColumn: number } {
  const lines = text.split('\n');
  const i = lines.findIndex((l) => l.includes(needle));
  assert.ok(i >= 0, `${needle} is in the text`);
  const column = lines[i].indexOf(needle) + 1;
  return { line: i + 1, column, endColumn: column + needle.length };
}

let dir: string;

function write(rel: string, text: string | Buffer): string {
  const file = join(dir, rel);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  return file;
}

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

function cli(args: string[], options: { cwd?: string; input?: string; env?: Record<string, string> } = {}): Run {
  const env: NodeJS.ProcessEnv = { ...process.env, ...options.env };
  if (!options.env || !('FORCE_COLOR' in options.env)) delete env.FORCE_COLOR;
  if (!options.env || !('NO_COLOR' in options.env)) delete env.NO_COLOR;
  const r = spawnSync(process.execPath, [CLI, ...args], {
    cwd: options.cwd ?? dir,
    input: options.input ?? '',
    env,
    encoding: 'utf8',
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const noStackTrace = (r: Run) => {
  assert.doesNotMatch(r.stderr, /^\s+at /m, `no stack trace in:\n${r.stderr}`);
  assert.doesNotMatch(r.stderr, /Error:/, `no raw error in:\n${r.stderr}`);
};

before(() => {
  if (!existsSync(CLI)) throw new Error(`${CLI} does not exist: run \`npm run build\` before these tests`);
  dir = mkdtempSync(join(tmpdir(), 'cloud-manifests-cli-'));
  write('ws/good.yaml', GOOD);
  write('ws/bad.yaml', BAD);
  write('ws/sub/deep/nested.yml', BAD);
  write('ws/node_modules/pkg/ignored.yaml', BAD);
  write('ws/.git/ignored.yaml', BAD);
  write('ws/notes.txt', 'not yaml');
  write('warn/warn.yaml', WARN);
  write('mixed/mixed.yaml', MIXED);
  write('clean/good.yaml', GOOD);
  write('clean/other.yml', GOOD.replace('appstore', 'otherstore'));
  write('odd/a&b <x>.yaml', BAD);
  write('odd/readme.md', '# not yaml');
  write('bin/blob.yaml', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01, 0x02]));
  write('settings/bad.yaml', BAD);
  write('settings/generated/also-bad.yaml', BAD);
});

after(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('text: problems as file:line:col severity code message, a summary, exit 1', () => {
  const r = cli(['check', 'ws/bad.yaml']);
  assert.equal(r.status, 1, r.stderr);
  assert.equal(r.stderr, '');
  const pos = positionOf(BAD, 'Standard_XYZ');
  assert.match(r.stdout, new RegExp(`^ws/bad\\.yaml:${pos.line}:${pos.column} error enum-value \\S`, 'm'));
  assert.match(r.stdout, /^ws\/bad\.yaml:\d+:\d+ error missing-required .*location/m);
  assert.match(r.stdout, /^2 errors, 0 warnings in 1 file \(1 file checked\)$/m);
  assert.doesNotMatch(r.stdout, /\x1b\[/, 'no colour when stdout is not a terminal');
});

test('text: a clean file exits 0 and prints nothing on stderr', () => {
  const r = cli(['check', 'clean']);
  assert.equal(r.status, 0, r.stdout + r.stderr);
  assert.equal(r.stderr, '');
  assert.equal(r.stdout.trim(), 'no problems (2 files checked)');
});

test('text: colour with FORCE_COLOR, none with NO_COLOR', () => {
  assert.match(cli(['check', 'ws/bad.yaml'], { env: { FORCE_COLOR: '1' } }).stdout, /\x1b\[31merror\x1b\[39m/);
  assert.doesNotMatch(cli(['check', 'ws/bad.yaml'], { env: { NO_COLOR: '1' } }).stdout, /\x1b\[/);
  assert.doesNotMatch(cli(['check', 'ws/bad.yaml', '--no-color'], { env: { FORCE_COLOR: '1' } }).stdout, /\x1b\[/);
});

test('json: one problem per entry with 1-based positions', () => {
  const r = cli(['check', '--format', 'json', 'ws']);
  assert.equal(r.status, 1, r.stderr);
  assert.equal(r.stderr, '');
  const out = JSON.parse(r.stdout);
  assert.equal(out.tool, 'cloud-manifests');
  assert.equal(out.version, VERSION);
  assert.deepEqual(out.summary, { errors: 4, warnings: 0, info: 0, hints: 0, filesWithProblems: 2, filesChecked: 3 });
  const pos = positionOf(BAD, 'Standard_XYZ');
  const enumValue = out.problems.find(
    (p: { file: string; code: string }) => p.file === 'ws/bad.yaml' && p.code === 'enum-value',
  );
  assert.deepEqual(
    { ...enumValue, message: undefined, fingerprints: undefined },
    {
      file: 'ws/bad.yaml',
      line: pos.line,
      column: pos.column,
      endLine: pos.line,
      endColumn: pos.endColumn,
      severity: 'error',
      code: 'enum-value',
      message: undefined,
      fingerprints: undefined,
    },
  );
  assert.match(enumValue.message, /Standard_XYZ/);
  for (const p of out.problems) {
    assert.deepEqual(Object.keys(p), [
      'file',
      'line',
      'column',
      'endLine',
      'endColumn',
      'severity',
      'code',
      'message',
      'fingerprints',
    ]);
    assert.deepEqual(Object.keys(p.fingerprints), ['cloudManifests/v1']);
  }
  assert.deepEqual(
    [...new Set(out.problems.map((p: { file: string }) => p.file))],
    ['ws/bad.yaml', 'ws/sub/deep/nested.yml'],
  );
});

test('sarif: valid SARIF 2.1.0 with the rule list and 1-based regions', () => {
  const r = cli(['check', '--format=sarif', 'ws', 'warn']);
  assert.equal(r.status, 1, r.stderr);
  const log = JSON.parse(r.stdout);
  const schema = JSON.parse(readFileSync(join(__dirname, 'fixtures', 'sarif-2.1.0-subset.schema.json'), 'utf8'));
  const ajv = new Ajv({ allErrors: true, strict: true, strictRequired: false });
  addFormats(ajv);
  const validate = ajv.compile(schema);
  assert.ok(validate(structuredClone(log)), JSON.stringify(validate.errors, null, 2));
  assert.equal(log.version, '2.1.0');
  assert.match(log.$schema, /sarif-2\.1\.0/);
  assert.equal(log.runs.length, 1);
  const run = log.runs[0];
  assert.equal(run.tool.driver.name, 'cloud-manifests');
  const rules = run.tool.driver.rules as {
    id: string;
    shortDescription: { text: string };
    defaultConfiguration: { level: string };
  }[];
  assert.deepEqual(
    rules.map((x) => x.id),
    codeList(),
  );
  assert.equal(rules.find((x) => x.id === 'enum-case')!.defaultConfiguration.level, 'error');
  assert.equal(rules.find((x) => x.id === 'enum-value')!.defaultConfiguration.level, 'error');
  for (const res of run.results) assert.equal(rules[res.ruleIndex].id, res.ruleId);
  const pos = positionOf(BAD, 'Standard_XYZ');
  const nested = run.results.find(
    (x: { ruleId: string; locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }) =>
      x.ruleId === 'enum-value' && x.locations[0].physicalLocation.artifactLocation.uri === 'ws/sub/deep/nested.yml',
  );
  assert.ok(nested, 'a result for the nested file, with a relative forward-slash uri');
  assert.equal(nested.level, 'error');
  assert.match(nested.message.text, /Standard_XYZ/);
  assert.deepEqual(nested.locations[0].physicalLocation.region, {
    startLine: pos.line,
    startColumn: pos.column,
    endLine: pos.line,
    endColumn: pos.endColumn,
  });
  const warning = run.results.find((x: { ruleId: string }) => x.ruleId === 'status-read-only');
  assert.equal(warning.level, 'warning');
  assert.equal(warning.locations[0].physicalLocation.artifactLocation.uri, 'warn/warn.yaml');
});

/** Just enough XML: the document is well formed (tags balance, attributes quoted, `&` only in entities). */
function parseXml(xml: string): { name: string; attrs: Record<string, string>; text: string; path: string[] }[] {
  const out: { name: string; attrs: Record<string, string>; text: string; path: string[] }[] = [];
  const stack: string[] = [];
  const token = /<\?xml[^?]*\?>|<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>|([^<]+)/gy;
  let m: RegExpExecArray | null;
  let pos = 0;
  while (pos < xml.length && (m = token.exec(xml))) {
    pos = token.lastIndex;
    const [, close, name, attrText, selfClose, text] = m;
    if (text !== undefined) {
      assert.doesNotMatch(text, /&(?!(amp|lt|gt|quot|apos);)/, `unescaped & in ${text}`);
      if (out.length && text.trim()) out[out.length - 1].text += text;
      continue;
    }
    if (!name) continue;
    if (close) {
      assert.equal(stack.pop(), name, 'tags balance');
      continue;
    }
    const attrs: Record<string, string> = {};
    for (const a of (attrText ?? '').matchAll(/([\w:-]+)="([^"]*)"/g)) {
      assert.doesNotMatch(a[2], /&(?!(amp|lt|gt|quot|apos);)|>/, `escaped attribute ${a[2]}`);
      attrs[a[1]] = a[2]
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&apos;/g, "'")
        .replace(/&amp;/g, '&');
    }
    out.push({ name, attrs, text: '', path: [...stack] });
    if (!selfClose) stack.push(name);
  }
  assert.equal(pos, xml.length, `the whole document parses (stopped at ${xml.slice(pos, pos + 40)})`);
  assert.deepEqual(stack, [], 'every element is closed');
  return out;
}

test('junit: one testcase per file, one failure per failing file, warnings in system-out, escaped', () => {
  const r = cli(['check', '--format', 'junit', 'ws', 'odd', 'mixed']);
  assert.equal(r.status, 1, r.stderr);
  const els = parseXml(r.stdout);
  assert.equal(els.filter((e) => e.name === 'testsuite').length, 1);
  const cases = els.filter((e) => e.name === 'testcase');
  assert.deepEqual(
    cases.map((c) => c.attrs.name),
    ['ws/bad.yaml', 'ws/good.yaml', 'ws/sub/deep/nested.yml', 'odd/a&b <x>.yaml', 'mixed/mixed.yaml'],
  );
  // One failure per failing testcase (it lists the file's errors); `failures` counts those testcases.
  const failures = els.filter((e) => e.name === 'failure');
  assert.equal(failures.length, 4);
  assert.equal(els.find((e) => e.name === 'testsuite')!.attrs.failures, '4');
  assert.equal(els.find((e) => e.name === 'testsuite')!.attrs.tests, '5');
  assert.ok(failures.some((f) => f.attrs.type.split(' ').includes('enum-value')));
  const out = els.filter((e) => e.name === 'system-out');
  assert.equal(out.length, 1);
  assert.match(out[0].text, /status-read-only/);
  assert.deepEqual(out[0].path.slice(-1), ['testcase']);
});

test('exit codes: 0 clean, 1 errors, 2 usage and file errors without a stack trace', () => {
  assert.equal(cli(['check', 'clean/good.yaml']).status, 0);
  assert.equal(cli(['check', 'ws/bad.yaml']).status, 1);
  const missing = cli(['check', 'x.yaml']);
  assert.equal(missing.status, 2);
  assert.equal(missing.stderr, 'cloud-manifests: no such file: x.yaml\n');
  assert.equal(missing.stdout, '');
  noStackTrace(missing);
  const notYaml = cli(['check', 'ws/notes.txt']);
  assert.equal(notYaml.status, 2);
  assert.match(notYaml.stderr, /^cloud-manifests: not a YAML file .*ws\/notes\.txt\n$/);
  const binary = cli(['check', 'bin/blob.yaml']);
  assert.equal(binary.status, 2);
  // Named at the end, after the report of the files that could be read.
  assert.match(binary.stderr, /^cloud-manifests: not checked: not a text file .*bin\/blob\.yaml\n$/);
  for (const args of [
    ['check', '--format', 'xml'],
    ['check', '--bogus'],
    ['lint'],
    [],
    ['check', '--max-warnings', 'many'],
    ['check', '--format'],
  ]) {
    const r = cli(args);
    assert.equal(r.status, 2, `${args.join(' ')}: ${r.stderr}`);
    assert.match(r.stderr, /^cloud-manifests: .+\n$/, `one line for ${args.join(' ')}`);
    noStackTrace(r);
  }
  const noMatch = cli(['check', 'ws/**/*.json']);
  assert.equal(noMatch.status, 2);
  assert.equal(noMatch.stderr, 'cloud-manifests: no YAML files match: ws/**/*.json\n');
});

test('--help and --version', () => {
  const help = cli(['--help']);
  assert.equal(help.status, 0);
  assert.match(help.stdout, /^Usage: cloud-manifests check/);
  for (const opt of ['--format', '--rule', '--max-warnings', '--quiet', '--config', '--api-domain', '--version'])
    assert.ok(help.stdout.includes(opt), opt);
  assert.equal(cli(['check', '--help']).status, 0);
  const v = cli(['--version']);
  assert.equal(v.status, 0);
  assert.equal(v.stdout.trim(), VERSION);
});

test('--max-warnings: warnings pass until there are more than N', () => {
  assert.equal(cli(['check', 'warn']).status, 0);
  assert.equal(cli(['check', 'warn', '--max-warnings', '1']).status, 0);
  const over = cli(['check', 'warn', '--max-warnings', '0']);
  assert.equal(over.status, 1);
  assert.match(over.stdout, /^warn\/warn\.yaml:\d+:\d+ warning status-read-only /m);
  assert.match(over.stdout, /0 errors, 1 warning in 1 file/);
  assert.match(over.stderr, /^cloud-manifests: 1 warnings?, more than --max-warnings 0\n$/);
});

test('--rule: off silences a code, levels change severity, unknown codes and levels are usage errors', () => {
  const off = cli(['check', '--format', 'json', '--rule', 'enum-value=off', 'ws/bad.yaml']);
  const codes = JSON.parse(off.stdout).problems.map((p: { code: string }) => p.code);
  assert.ok(!codes.includes('enum-value') && codes.includes('missing-required'), codes.join());
  assert.equal(cli(['check', '--rule', 'enum-value=off', '--rule', 'missing-required=off', 'ws/bad.yaml']).status, 0);
  assert.equal(cli(['check', '--rule=enum-value=warning', '--rule', 'missing-required=info', 'ws/bad.yaml']).status, 0);
  const raised = cli(['check', '--rule', 'status-read-only=error', 'warn']);
  assert.equal(raised.status, 1);
  assert.match(raised.stdout, /error status-read-only/);
  const unknown = cli(['check', '--rule', 'enum-valeu=off', 'ws/bad.yaml']);
  assert.equal(unknown.status, 2);
  assert.match(unknown.stderr, /^cloud-manifests: unknown rule code "enum-valeu".*enum-value/);
  const level = cli(['check', '--rule', 'enum-value=loud', 'ws/bad.yaml']);
  assert.equal(level.status, 2);
  assert.match(level.stderr, /^cloud-manifests: unknown level "loud"/);
  assert.equal(cli(['check', '--rule', 'enum-value', 'ws/bad.yaml']).status, 2);
});

test('--quiet: errors only', () => {
  const all = cli(['check', 'mixed']);
  assert.match(all.stdout, /warning status-read-only/);
  const quiet = cli(['check', '--quiet', 'mixed']);
  assert.equal(quiet.status, 1);
  assert.doesNotMatch(quiet.stdout, / warning status-read-only/);
  assert.match(quiet.stdout, /error enum-value/);
  assert.match(quiet.stdout, /^2 errors in 1 file; 1 warning \(not shown: --quiet\) \(1 file checked\)$/m);
  const warnOnly = cli(['check', '--quiet', '--format', 'json', 'warn']);
  assert.equal(warnOnly.status, 0);
  assert.deepEqual(JSON.parse(warnOnly.stdout).problems, []);
  assert.deepEqual(JSON.parse(warnOnly.stdout).summary.notShown, { warnings: 1, info: 0, hints: 0 });
  const text = cli(['check', '--quiet', 'warn']);
  assert.equal(text.status, 0);
  assert.equal(text.stdout, 'no errors; 1 warning (not shown: --quiet) (1 file checked)\n', 'never "no problems"');
});

test('--quiet --max-warnings 0: every format says the run fails on warnings it does not show', () => {
  const args = ['check', '--quiet', '--max-warnings', '0', 'warn', 'clean/good.yaml'];
  const over = 'no errors; 1 warning (not shown: --quiet), more than --max-warnings 0 (2 files checked)';
  const text = cli(args);
  assert.equal(text.status, 1);
  assert.equal(text.stdout, `${over}\n`);
  assert.doesNotMatch(text.stdout, /no problems/);
  assert.match(text.stderr, /^cloud-manifests: 1 warning, more than --max-warnings 0\n$/);
  // Without --quiet the summary says it too, beside the warning it shows.
  const shown = cli(['check', '--max-warnings', '0', 'warn']);
  assert.match(shown.stdout, /^0 errors, 1 warning in 1 file, more than --max-warnings 0 \(1 file checked\)$/m);

  const json = cli([...args, '--format', 'json']);
  assert.equal(json.status, 1);
  const summary = JSON.parse(json.stdout).summary;
  assert.deepEqual(
    [summary.errors, summary.warnings, summary.notShown, summary.maxWarnings, summary.moreThanMaxWarnings],
    [0, 0, { warnings: 1, info: 0, hints: 0 }, 0, true],
  );

  const sarif = cli([...args, '--format', 'sarif']);
  assert.equal(sarif.status, 1);
  const log = JSON.parse(sarif.stdout);
  const schema = JSON.parse(readFileSync(join(__dirname, 'fixtures', 'sarif-2.1.0-subset.schema.json'), 'utf8'));
  const ajv = new Ajv({ allErrors: true, strict: true, strictRequired: false });
  addFormats(ajv);
  const validate = ajv.compile(schema);
  assert.ok(validate(structuredClone(log)), JSON.stringify(validate.errors, null, 2));
  assert.deepEqual(log.runs[0].results, []);
  assert.deepEqual(log.runs[0].invocations[0].toolExecutionNotifications, [
    { level: 'error', descriptor: { id: 'max-warnings' }, message: { text: over } },
  ]);
  // Within the limit, what --quiet left out is a note, not a failure.
  const within = JSON.parse(cli(['check', '--quiet', '--format', 'sarif', 'warn']).stdout);
  assert.equal(within.runs[0].invocations[0].toolExecutionNotifications[0].level, 'note');

  const junit = cli([...args, '--format', 'junit']);
  assert.equal(junit.status, 1);
  assert.match(junit.stdout, /<testsuite name="cloud-manifests" tests="3" failures="1" /);
  assert.match(
    junit.stdout,
    /<testcase classname="cloud-manifests" name="--max-warnings 0">\n\s+<failure type="max-warnings" message="no errors; 1 warning \(not shown: --quiet\), more than --max-warnings 0/,
  );
});

test('a metadata.name that is also the cloud name: one message, the rule for the version written, what to write', () => {
  const r = cli(['check', '-'], { input: GOOD.replace('name: appstore', 'name: Demo_Store') });
  assert.equal(r.status, 1);
  const lines = r.stdout.trim().split('\n');
  assert.equal(lines.length, 2, r.stdout);
  assert.equal(
    lines[0],
    `<stdin>:4:9 error name-limit 'metadata.name' "Demo_Store" has characters that are not allowed: a Kubernetes object name is lowercase letters, digits, '-' and '.', starting and ending with a letter or digit; API versions after 2022-09-01 take only lowercase letters and digits in a StorageAccount name. 'metadata.name' is the StorageAccount's name in the cloud when 'spec.cloudName' is absent. Write "demostore".`,
  );
  // What it says to write is clean.
  assert.equal(cli(['check', '-'], { input: GOOD.replace('name: appstore', 'name: demostore') }).status, 0);
});

test('stdin: - reads a manifest from standard input', () => {
  const r = cli(['check', '-'], { input: BAD });
  assert.equal(r.status, 1, r.stderr);
  const pos = positionOf(BAD, 'Standard_XYZ');
  assert.match(r.stdout, new RegExp(`^<stdin>:${pos.line}:${pos.column} error enum-value `, 'm'));
  assert.match(r.stdout, /\(1 file checked\)/);
  const named = cli(['check', '--format', 'json', '--stdin-filename', 'piped.yaml', '-', 'clean/good.yaml'], {
    input: GOOD,
  });
  assert.equal(named.status, 0);
  assert.equal(JSON.parse(named.stdout).summary.filesChecked, 2);
  assert.equal(cli(['check', '-'], { input: GOOD }).status, 0);
});

test('globs: dir/**/*.yaml, matched by the command, not the shell', () => {
  const r = cli(['check', '--format', 'json', 'ws/**/*.yaml']);
  assert.equal(r.status, 1, r.stderr);
  const out = JSON.parse(r.stdout);
  assert.equal(out.summary.filesChecked, 2, 'good.yaml and bad.yaml; .yml and node_modules/.git left out');
  const yml = JSON.parse(cli(['check', '--format', 'json', 'ws/**/*.{yaml,yml}']).stdout);
  assert.equal(yml.summary.filesChecked, 3);
  assert.ok(yml.problems.some((p: { file: string }) => p.file === 'ws/sub/deep/nested.yml'));
  const one = JSON.parse(cli(['check', '--format', 'json', 'ws/*.yaml', 'ws/bad.yaml']).stdout);
  assert.equal(one.summary.filesChecked, 2, 'each file once');
});

test('folders: searched recursively for .yaml and .yml, without node_modules and .git', () => {
  const r = cli(['check', '--format', 'json', 'ws']);
  const files = new Set(JSON.parse(r.stdout).problems.map((p: { file: string }) => p.file));
  assert.deepEqual([...files], ['ws/bad.yaml', 'ws/sub/deep/nested.yml']);
  assert.equal(JSON.parse(r.stdout).summary.filesChecked, 3);
  const here = cli(['check'], { cwd: join(dir, 'ws') });
  assert.equal(here.status, 1);
  assert.match(here.stdout, /^bad\.yaml:/m);
  assert.match(here.stdout, /\(3 files checked\)/);
});

test('settings file: .cloud-manifests.json rules and exclude, --rule wins, invalid files are exit 2', () => {
  const cwd = join(dir, 'settings');
  assert.equal(cli(['check'], { cwd }).status, 1);
  write(
    'settings/.cloud-manifests.json',
    JSON.stringify({
      apiDomain: 'cloud.example.com',
      rules: { 'enum-value': 'off', 'missing-required': 'warning' },
      exclude: ['generated'],
    }),
  );
  const r = cli(['check', '--format', 'json'], { cwd });
  assert.equal(r.status, 0, r.stdout + r.stderr);
  const out = JSON.parse(r.stdout);
  assert.equal(out.summary.filesChecked, 1, 'generated/ excluded');
  assert.deepEqual(
    out.problems.map((p: { code: string; severity: string }) => `${p.code} ${p.severity}`),
    ['missing-required warning'],
  );
  assert.equal(cli(['check', '--rule', 'enum-value=error'], { cwd }).status, 1, '--rule wins over the file');
  const named = JSON.parse(cli(['check', '--format', 'json', 'generated/also-bad.yaml'], { cwd }).stdout);
  assert.equal(named.summary.filesChecked, 1, 'a file named outright is checked, even when excluded');
  assert.equal(named.problems[0].file, 'generated/also-bad.yaml');
  assert.equal(cli(['check', '--max-warnings', '0'], { cwd }).status, 1);

  write('settings/other.json', JSON.stringify({ rules: { 'missing-required': 'off', 'enum-value': 'off' } }));
  assert.equal(cli(['check', '--config', 'other.json', 'bad.yaml'], { cwd }).status, 0);
  const missing = cli(['check', '--config', 'none.json'], { cwd });
  assert.equal(missing.status, 2);
  assert.equal(missing.stderr, 'cloud-manifests: no such file: none.json\n');

  for (const [name, text, message] of [
    ['broken.json', '{ "rules": ', /^cloud-manifests: invalid settings file broken\.json: not valid JSON/],
    [
      'code.json',
      '{ "rules": { "no-such-code": "off" } }',
      /^cloud-manifests: invalid settings file code\.json: rules: unknown code "no-such-code"\n$/,
    ],
    [
      'level.json',
      '{ "rules": { "enum-value": "loud" } }',
      /^cloud-manifests: invalid settings file level\.json: rules\.enum-value/,
    ],
    ['key.json', '{ "rule": {} }', /^cloud-manifests: invalid settings file key\.json: unknown setting "rule"\n$/],
    ['array.json', '[]', /^cloud-manifests: invalid settings file array\.json: must be a JSON object\n$/],
  ] as const) {
    write(`settings/${name}`, text);
    const bad = cli(['check', '--config', name], { cwd });
    assert.equal(bad.status, 2, name);
    assert.match(bad.stderr, message);
    noStackTrace(bad);
  }
  rmSync(join(cwd, '.cloud-manifests.json'));
});

test('settings file: maxDocumentSize: a longer file gets the too-large message and its YAML syntax checked only', () => {
  // BAD has an enum mistake (not reported: no full check) and the last document a syntax error (reported).
  write('large/big.yaml', `${BAD}---\n${GOOD.replace('location: westus', 'location: [westus')}`);
  write('large/.cloud-manifests.json', JSON.stringify({ maxDocumentSize: 100 }));
  const cwd = join(dir, 'large');
  const r = cli(['check', '--format', 'json'], { cwd });
  assert.equal(r.status, 1, r.stdout + r.stderr);
  const problems = JSON.parse(r.stdout).problems as { code: string; severity: string; line: number; message: string }[];
  assert.equal(problems[0].code, 'document-too-large');
  assert.equal(problems[0].severity, 'info');
  assert.equal(problems[0].line, 1);
  assert.match(problems[0].message, /the limit is 100\).*maxDocumentSize/);
  assert.ok(problems.length > 1);
  for (const p of problems.slice(1)) assert.equal(p.code, 'yaml-syntax', p.message);
  // Within the limit (the default), the full check runs.
  rmSync(join(cwd, '.cloud-manifests.json'));
  const full = JSON.parse(cli(['check', '--format', 'json'], { cwd }).stdout).problems as { code: string }[];
  assert.ok(!full.some((p) => p.code === 'document-too-large'));
  assert.ok(full.some((p) => p.code !== 'yaml-syntax'));
  write('large/.cloud-manifests.json', JSON.stringify({ maxDocumentSize: 0 }));
  const bad = cli(['check'], { cwd });
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /maxDocumentSize must be a whole number of characters, 1 or more/);
});

test('--api-domain is accepted', () => {
  assert.equal(cli(['check', '--api-domain', 'cloud.example.com', 'clean']).status, 0);
  assert.equal(cli(['check', '--api-domain=', 'clean']).status, 2);
});

test('many files: one workspace of 400 files and 2,000 manifests checks quickly', () => {
  const docs = Array.from({ length: 5 }, (_, j) => GOOD.replace('appstore', `store${j}`)).join('---\n');
  for (let i = 0; i < 400; i++) write(`many/d${i % 20}/f${i}.yaml`, docs.replace(/store(\d)/g, `s${i}x$1`));
  const started = Date.now();
  const r = cli(['check', 'many']);
  const ms = Date.now() - started;
  assert.equal(r.status, 0, r.stdout.slice(0, 2000));
  assert.match(r.stdout, /no problems \(400 files checked\)/);
  assert.equal(r.stderr, '', 'no progress on a non-interactive stderr');
  assert.ok(ms < 20_000, `took ${ms} ms`);
});
