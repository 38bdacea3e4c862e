// The JUnit report as CI test reporters read it (the Ant/Jenkins JUnit schema that GitLab, Jenkins and
// GitHub's test reporters follow): one testcase per file, at most one <failure> per testcase listing all of
// the file's errors, `tests`/`failures`/`errors` counting testcases; and every output format escaping what
// it must: a file name with CR/LF or a workflow command, bidirectional overrides and C1 controls.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { account } from '../workspace/helpers';

const CLI = join(__dirname, '..', '..', 'dist', 'cli.js');
const dir = mkdtempSync(join(tmpdir(), 'cm-junit-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const put = (rel: string, text: string) => {
  mkdirSync(dirname(join(dir, rel)), { recursive: true });
  writeFileSync(join(dir, rel), text);
};
const run = (args: string[]) => {
  const r = spawnSync(process.execPath, [CLI, 'check', ...args], { cwd: dir, encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
};

interface El {
  name: string;
  attrs: Record<string, string>;
  text: string;
  children: El[];
}

/** Decodes the entities and character references XML 1.0 defines; anything else is not well formed. */
function unescape(s: string): string {
  assert.doesNotMatch(s, /&(?!(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/, `unescaped & in ${s}`);
  return s.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/g, (_, e: string) => {
    if (e.startsWith('#x')) return String.fromCodePoint(parseInt(e.slice(2), 16));
    if (e.startsWith('#')) return String.fromCodePoint(Number(e.slice(1)));
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[e]!;
  });
}

/** A well-formed XML document as a tree (attributes normalised as XML parsers do: raw tab/CR/LF → space). */
function parseXml(xml: string): El {
  // Characters XML 1.0 cannot hold at all.
  assert.doesNotMatch(xml, /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/, 'only XML 1.0 characters');
  const token = /<\?xml[^?]*\?>|<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>|([^<]+)/gy;
  const root: El = { name: '#document', attrs: {}, text: '', children: [] };
  const stack: El[] = [root];
  let pos = 0;
  let m: RegExpExecArray | null;
  while (pos < xml.length && (m = token.exec(xml))) {
    pos = token.lastIndex;
    const [, close, name, attrText, selfClose, text] = m;
    const top = stack[stack.length - 1];
    if (text !== undefined) {
      top.text += unescape(text);
      continue;
    }
    if (!name) continue;
    if (close) {
      assert.equal(stack.pop()!.name, name, 'tags balance');
      continue;
    }
    const attrs: Record<string, string> = {};
    for (const a of (attrText ?? '').matchAll(/([\w:-]+)="([^"]*)"/g))
      attrs[a[1]] = unescape(a[2].replace(/[\t\n\r]/g, ' '));
    const el: El = { name, attrs, text: '', children: [] };
    top.children.push(el);
    if (!selfClose) stack.push(el);
  }
  assert.equal(pos, xml.length, `the whole document parses (stopped at ${xml.slice(pos, pos + 40)})`);
  assert.equal(stack.length, 1, 'every element is closed');
  assert.equal(root.children.length, 1, 'one root element');
  return root.children[0];
}

/** The JUnit schema's shape (Ant's junit.xsd as Jenkins and GitLab read it), with counts that match. */
function assertJunitShape(suites: El): void {
  assert.equal(suites.name, 'testsuites');
  let total = { tests: 0, failures: 0, errors: 0 };
  for (const suite of suites.children) {
    assert.equal(suite.name, 'testsuite');
    for (const a of ['name', 'tests', 'failures', 'errors', 'skipped', 'time']) assert.ok(a in suite.attrs, a);
    const cases = suite.children.filter((c) => c.name === 'testcase');
    assert.ok(
      suite.children.every((c) => ['properties', 'testcase', 'system-out', 'system-err'].includes(c.name)),
      'a testsuite holds testcases',
    );
    for (const c of cases) {
      assert.ok(c.attrs.name && c.attrs.classname, 'a testcase has a name and a classname');
      const outcome = c.children.filter((k) => ['failure', 'error', 'skipped'].includes(k.name));
      assert.ok(outcome.length <= 1, `at most one failure, error or skipped in ${c.attrs.name}`);
      const order = c.children.map((k) => k.name).filter((n) => !['failure', 'error', 'skipped'].includes(n));
      assert.ok(
        order.every((n, i) => ['system-out', 'system-err'].indexOf(n) >= i && ['system-out', 'system-err'].includes(n)),
        'then system-out, then system-err',
      );
      for (const f of outcome) assert.ok('message' in f.attrs && 'type' in f.attrs, 'a failure has message and type');
    }
    const count = (what: string) => cases.filter((c) => c.children.some((k) => k.name === what)).length;
    assert.equal(Number(suite.attrs.tests), cases.length, 'tests counts the testcases');
    assert.equal(Number(suite.attrs.failures), count('failure'), 'failures counts the failed testcases');
    assert.equal(Number(suite.attrs.errors), count('error'), 'errors counts the testcases in error');
    assert.equal(Number(suite.attrs.skipped), count('skipped'));
    total = {
      tests: total.tests + cases.length,
      failures: total.failures + count('failure'),
      errors: total.errors + count('error'),
    };
  }
  assert.deepEqual(
    { tests: +suites.attrs.tests, failures: +suites.attrs.failures, errors: +suites.attrs.errors },
    total,
    'testsuites counts its suites',
  );
}

// A warning: a `status` block written in a manifest (read-only, ignored).
const WARNING = 'status:\n  provisioningState: Succeeded\n';
// Two errors (a sku name not allowed, location missing) and a warning in one file.
const TWO_ERRORS = account('twoerr', 'rg-app', WARNING)
  .replace(/ {2}location: \w+\n/, '')
  .replace(/name: Standard_\w+/, 'name: Standard_XYZ');

test('junit: one testcase per file and one failure listing all its errors; counts of testcases', () => {
  put('plain/a.yaml', TWO_ERRORS);
  put('plain/b.yaml', TWO_ERRORS.replace('twoerr', 'twoerr2'));
  put('plain/c.yaml', account('clean', 'rg-app'));
  put('plain/w.yaml', account('warnonly', 'rg-app', WARNING));
  const r = run(['--format', 'junit', 'plain']);
  assert.equal(r.status, 1, r.stderr);
  const json = JSON.parse(run(['--format', 'json', 'plain']).stdout);
  assert.equal(json.summary.errors, 4, 'four errors in two files');
  const suites = parseXml(r.stdout);
  assertJunitShape(suites);
  const suite = suites.children[0];
  assert.deepEqual([suite.attrs.tests, suite.attrs.failures], ['4', '2']);
  const a = suite.children.find((c) => c.attrs.name === 'plain/a.yaml')!;
  const failures = a.children.filter((k) => k.name === 'failure');
  assert.equal(failures.length, 1);
  assert.match(failures[0].attrs.message, /^2 errors; the first: \d+:\d+ /);
  // Every error of the file, one a line, each starting with its position.
  const lines = failures[0].text.split('\n');
  assert.equal(lines.length, 2);
  for (const l of lines) assert.match(l, /^\d+:\d+ error [a-z-]+ /);
  assert.match(a.children.find((k) => k.name === 'system-out')!.text, /^\d+:\d+ warning status-read-only /);
  const w = suite.children.find((c) => c.attrs.name === 'plain/w.yaml')!;
  assert.deepEqual(
    w.children.map((k) => k.name),
    ['system-out'],
    'a warning does not fail the testcase',
  );
});

test('every format escapes what it must: CR/LF and workflow commands in names, bidi and C1 controls', () => {
  const names = [
    'hostile/cr\rlf\n::error title=x::boom.yaml',
    'hostile/rtl\u202eimag.yaml',
    'hostile/c1\u0085\u009b.yaml',
  ];
  for (const n of names) put(n, TWO_ERRORS.replace('twoerr', `n${names.indexOf(n)}`));

  const junit = run(['--format', 'junit', 'hostile']);
  assert.equal(junit.status, 1, junit.stderr);
  for (const l of junit.stdout.split('\n')) assert.doesNotMatch(l, /^\s*::/, `no line is a workflow command: ${l}`);
  assert.doesNotMatch(junit.stdout, /[\r\u202e\u0085\u009b]/, 'no raw CR, bidi override or C1 control');
  const suites = parseXml(junit.stdout);
  assertJunitShape(suites);
  // The names read back whole (as references, attributes keep CR and LF).
  assert.deepEqual(suites.children[0].children.map((c) => c.attrs.name).sort(), [...names].sort());

  for (const format of ['json', 'sarif']) {
    const r = run(['--format', format, 'hostile']);
    assert.equal(r.status, 1, r.stderr);
    assert.ok(!/[\u202e\u0085\u009b]/.test(r.stdout), `${format}: no raw bidi override or C1 control`);
  }
  const raw = run(['--format', 'json', 'hostile']).stdout;
  assert.ok(raw.includes('rtl\\u202eimag.yaml') && raw.includes('c1\\u0085\\u009b.yaml'), 'written as \\u escapes');
  const json = JSON.parse(raw);
  assert.deepEqual([...new Set(json.problems.map((p: { file: string }) => p.file))].sort(), [...names].sort());

  const text = run(['hostile']);
  assert.doesNotMatch(text.stdout, /[\r\u202e\u0085\u009b]/);
  assert.match(text.stdout, /hostile\/rtl\\u202eimag\.yaml:/);
  assert.match(text.stdout, /hostile\/c1\\x85\\x9b\.yaml:/);
});
