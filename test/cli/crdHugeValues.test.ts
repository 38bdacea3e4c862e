// CRD rules that build huge values from a modest manifest (issue 43): `format` of a list of 20,000 copies of
// a 20,000-character string, `replace` of each letter of a 2 MB string by the string, `join` of the same list,
// `findAll('')` on a 2 MB string. The API server's cost counts what these calls are given, not what they
// build, so the CRD is taken; the CLI said nothing in minutes, then died out of memory (4.3 GB). Now each rule
// is not evaluated, said once as information, and the check ends in seconds.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { HUGE_VALUE_RULES, HUGE_VALUE_SIZES, hugeValueCrd, hugeValueManifest } from '../helpers/hugeValues';

const CLI = join(__dirname, '..', '..', 'dist', 'cli.js');
const dir = mkdtempSync(join(tmpdir(), 'cm-cli-crd-huge-values-'));
after(() => rmSync(dir, { recursive: true, force: true }));

for (const [name, rule] of Object.entries(HUGE_VALUE_RULES) as [keyof typeof HUGE_VALUE_RULES, string][])
  test(`cli crd huge values: \`${rule}\` is not evaluated, said as information, quickly`, () => {
    const sub = join(dir, name);
    mkdirSync(sub, { recursive: true });
    writeFileSync(join(sub, 'crd.yaml'), hugeValueCrd(rule));
    writeFileSync(join(sub, 'h.yaml'), hugeValueManifest(...HUGE_VALUE_SIZES[name]));
    const started = Date.now();
    const r = spawnSync(process.execPath, [CLI, 'check', '--format', 'json', 'h.yaml', 'crd.yaml'], {
      cwd: sub,
      encoding: 'utf8',
      // Before, the check ran out of memory after minutes: it is stopped well before.
      timeout: 30_000,
    });
    const seconds = (Date.now() - started) / 1000;
    assert.equal(r.status, 0, `status ${r.status} (${r.signal ?? ''}) after ${seconds} s: ${r.stderr.slice(0, 500)}`);
    const out = JSON.parse(r.stdout) as {
      problems: { file: string; severity: string; code: string; message: string }[];
    };
    assert.deepEqual(
      out.problems.map((p) => [p.file, p.severity, p.code]),
      [['h.yaml', 'info', 'crd-rule-not-run']],
    );
    assert.match(
      out.problems[0].message,
      /^The CRD's rule .* is not evaluated: the product's CEL engine cannot evaluate it here \((it would build a value of|the rules of this document would build more than) .*\)\. The API server runs it; the manifest is not checked against it\.$/,
    );
    assert.ok(seconds < 15, `${seconds} s`);
  });
