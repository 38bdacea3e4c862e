// Hover's descriptions of Kubernetes' own kinds (issue 44, point 1): the build pairs kubernetes-types'
// declarations with model/kube/kinds.json by structure (scripts/kube-descriptions.mjs), and the server reads
// the file it wrote only at the first hover of a built-in kind's field.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { Analysis } from '../../server/src/service/analysis';
import { kubeDescriptionsLoader } from '../../server/src/io/kubeDescriptions';
import type { KubeDescriptions } from '../../server/src/model/kube/kinds';

const ROOT = join(__dirname, '..', '..');
const TYPES = join(ROOT, 'node_modules', 'kubernetes-types');
const KINDS = join(ROOT, 'server', 'src', 'model', 'kube', 'kinds.json');

interface Generator {
  kubeDescriptions(kindsJson: string, pkgDir: string): KubeDescriptions['defs'];
}
// The build's own script (plain JavaScript, no declarations: its path is not a literal TypeScript resolves).
const GENERATOR = '../../scripts/kube-descriptions.mjs';
const generate = async () => ((await import(GENERATOR)) as Generator).kubeDescriptions(KINDS, TYPES);

/** The JSDoc the installed package declares for a field (read here: the repository carries none of it). */
function declared(file: string, iface: string, field: string): string | undefined {
  const text = readFileSync(join(TYPES, file), 'utf8');
  const start = text.indexOf(`export interface ${iface} {`);
  const body = text.slice(start, text.indexOf('\n}', start));
  return new RegExp(`/\\*\\* (.*?) \\*/\\n\\s*(?:readonly )?${field}\\??:`).exec(body)?.[1];
}

const dirs: string[] = [];
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

test('kube descriptions: every field a definition is given a description for is a field of that definition', async () => {
  const out = await generate();
  const defs = (JSON.parse(readFileSync(KINDS, 'utf8')) as { defs: Record<string, Record<string, unknown>> }).defs;
  const wrong: string[] = [];
  for (const [def, fields] of Object.entries(out))
    for (const path of Object.keys(fields)) {
      if (path === '') continue;
      // Down an inline object: through its properties, a list's items and a map's values.
      let node: unknown = defs[def];
      for (const name of path.split('.')) {
        let n = node as Record<string, unknown> | undefined;
        while (n && !n.properties && (n.items || n.additionalProperties))
          n = (n.items ?? n.additionalProperties) as Record<string, unknown>;
        node = (n?.properties as Record<string, unknown> | undefined)?.[name];
      }
      if (!node) wrong.push(`${def} ${path}`);
    }
  assert.deepEqual(wrong, []);
  // Hundreds of definitions reached from the kinds, with thousands of fields.
  assert.ok(Object.keys(out).length > 400, String(Object.keys(out).length));
});

test("kube descriptions: a Deployment's definitions, down to its containers, carry the package's own text", async () => {
  const out = await generate();
  const pairs: [string, string, string, string[]][] = [
    ['api.apps.v1.DeploymentSpec', 'apps/v1.d.ts', 'DeploymentSpec', ['replicas', 'selector', 'strategy', 'template']],
    ['api.core.v1.PodTemplateSpec', 'core/v1.d.ts', 'PodTemplateSpec', ['metadata', 'spec']],
    ['api.core.v1.PodSpec', 'core/v1.d.ts', 'PodSpec', ['containers', 'volumes', 'restartPolicy']],
    ['api.core.v1.Container', 'core/v1.d.ts', 'Container', ['image', 'imagePullPolicy', 'ports', 'resizePolicy']],
    ['apimachinery.pkg.apis.meta.v1.ObjectMeta', 'meta/v1.d.ts', 'ObjectMeta', ['name', 'labels']],
    ['apimachinery.pkg.apis.meta.v1.LabelSelector', 'meta/v1.d.ts', 'LabelSelector', ['matchLabels']],
  ];
  for (const [def, file, iface, fields] of pairs)
    for (const f of fields) {
      const want = declared(file, iface, f);
      assert.ok(want, `${iface}.${f} declared`);
      assert.equal(out[def]?.[f], want, `${def} ${f}`);
    }
});

test('kube descriptions: read at the first hover of a built-in kind, never for the operator kinds; none: facts alone', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cm-kube-desc-'));
  dirs.push(dir);
  const file = join(dir, 'kube-descriptions.json');
  let reads = 0;
  const load = kubeDescriptionsLoader(file);
  const counted = () => (reads++, load());
  const a = new Analysis({ kubeDescriptions: counted });
  const storage = `apiVersion: storage.cloud.example.com/v20220901
kind: StorageAccount
metadata: {name: acct, namespace: default}
spec:
  location: westus
`;
  a.hover('file:///w/s.yaml', a.parse(storage), storage.indexOf('location'));
  assert.equal(reads, 0);
  const pod = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\nimmutable: true\n';
  // The file is written after the loader was made: it is read when asked for, not before.
  writeFileSync(
    file,
    JSON.stringify({ source: 'test', defs: { 'api.core.v1.ConfigMap': { immutable: 'Written by the test.' } } }),
  );
  const h = a.hover('file:///w/c.yaml', a.parse(pod), pod.indexOf('immutable'))!.markdown;
  assert.equal(reads, 1);
  assert.match(h, /^\*\*`immutable`\*\* — `boolean` — \*Optional\*\n\nWritten by the test\.\n/);
  // Without a file: the same hover without the description.
  const none = new Analysis({ kubeDescriptions: kubeDescriptionsLoader(join(dir, 'missing.json')) });
  const bare = none.hover('file:///w/c.yaml', none.parse(pod), pod.indexOf('immutable'))!.markdown;
  assert.match(bare, /^\*\*`immutable`\*\* — `boolean` — \*Optional\*\n\n`null` is allowed\./);
});
