// Hostile Helm templates through the CLI in a heap of 256 MB (issue 30: each took from 1 to over 3 GB, or
// 40 s): 40,000 lines of actions, 100,000 actions on one line, 30,000 nested if/else, a comment spanning
// 20,000 templates. Each must be checked to the end, with only what is wrong in its literal text reported.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';

const CLI = join(__dirname, '..', '..', 'dist', 'cli.js');
const dir = mkdtempSync(join(tmpdir(), 'cm-helm-bounded-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const HEAD = `apiVersion: storage.cloud.example.com/v20220901
kind: StorageAccount
metadata:
  name: {{ .Values.name }}
  labels:
`;
// What every template ends with: a literal mistake, so each is seen checked to its end.
const TAIL = `spec:
  location: westus2
  kind: StorageV2
  sku:
    name: Standard_LRS
  owner:
    name: app-rg
  accessTier: Hott
`;

test('cli: hostile chart templates are checked in a 256 MB heap', () => {
  const templates = join(dir, 'chart', 'templates');
  mkdirSync(templates, { recursive: true });
  writeFileSync(join(dir, 'chart', 'Chart.yaml'), 'apiVersion: v2\nname: app\nversion: 0.1.0\n');
  let lines = HEAD;
  for (let i = 0; i < 40000; i++) lines += `    l${i}: "{{ .Values.v${i} }}x"\n`;
  writeFileSync(join(templates, 'lines.yaml'), lines + TAIL);
  writeFileSync(join(templates, 'oneline.yaml'), `${HEAD}    a: "${'{{ .Values.x }}'.repeat(100000)}"\n${TAIL}`);
  let nested = HEAD;
  for (let i = 0; i < 30000; i++) nested += `{{- if .Values.a${i} }}\n    a${i}: x\n{{- else }}\n`;
  writeFileSync(join(templates, 'nested.yaml'), `${nested}    z: "y"\n${'{{- end }}\n'.repeat(30000)}${TAIL}`);
  const comment = `{{/*\n${'name: {{ .Values.x }}\n'.repeat(20000)}*/}}\n`;
  writeFileSync(join(templates, 'comment.yaml'), comment + HEAD + '    a: b\n' + TAIL);

  const r = spawnSync(process.execPath, ['--max-old-space-size=256', CLI, 'check', '--format', 'json', 'chart'], {
    cwd: dir,
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  assert.equal(r.status, 1, r.stderr.slice(0, 2000));
  const out = JSON.parse(r.stdout) as { problems: { file: string; code: string }[] };
  const found = out.problems.map((p) => `${p.file.split(/[\\/]/).pop()} ${p.code}`).sort();
  assert.deepEqual(found, [
    'comment.yaml enum-value',
    'lines.yaml enum-value',
    'nested.yaml enum-value',
    'oneline.yaml enum-value',
  ]);
});
