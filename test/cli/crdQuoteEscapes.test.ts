// A CRD holding `\'` in a double-quoted string (a description written as the Kubernetes documentation writes
// them): go-yaml, so the API server, reads it as a single quote. js-yaml, which reads CRDs here, refuses it;
// the CRD was then "unreadable" and its kind's manifests went unchecked, with a hint to fix YAML that has
// no error. Its kind is known now, with the values go-yaml reads.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';

const CLI = join(__dirname, '..', '..', 'dist', 'cli.js');
const dirs: string[] = [];
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const CRD = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.example.org
spec:
  group: example.org
  names: {kind: Widget, plural: widgets, singular: widget, listKind: WidgetList}
  scope: Namespaced
  versions:
    - name: v1
      served: true
      storage: true
      schema:
        openAPIV3Schema:
          type: object
          description: "A widget\\'s desired state, as the operator\\'s docs say"
          properties:
            spec:
              type: object
              properties:
                size: {type: integer, description: "the widget\\'s size"}
                mode: {type: string, enum: ["it\\'s on", "off", "back\\\\"]}
`;

const widget = (name: string, spec: string) =>
  `apiVersion: example.org/v1\nkind: Widget\nmetadata:\n  name: ${name}\n  namespace: default\nspec:\n${spec}`;

interface Problem {
  file: string;
  code: string;
  message: string;
}

function check(files: Record<string, string>): Problem[] {
  const dir = mkdtempSync(join(tmpdir(), 'cm-crdq-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  const r = spawnSync(process.execPath, [CLI, 'check', '--format', 'json'], { cwd: dir, encoding: 'utf8' });
  assert.ok(r.status === 0 || r.status === 1, r.stderr);
  return (JSON.parse(r.stdout) as { problems: Problem[] }).problems.map(({ file, code, message }) => ({
    file,
    code,
    message,
  }));
}

test("a CRD with `\\'` in its double-quoted strings defines its kind, with the values go-yaml reads", () => {
  const problems = check({
    'crd.yaml': CRD,
    'good.yaml': widget('good', `  size: 3\n  mode: "it's on"\n`),
    'bad.yaml': widget('bad', '  size: big\n  mode: its on\n'),
    'backslash.yaml': widget('backslash', '  mode: "back\\\\"\n'),
  });
  assert.deepEqual(
    problems.filter((p) => p.file !== 'bad.yaml'),
    [],
  );
  assert.deepEqual(
    problems.map((p) => p.code),
    ['wrong-type', 'enum-value'],
  );
  assert.match(problems[1].message, /allowed: 'it's on', 'off' or 'back\\'/);
});
