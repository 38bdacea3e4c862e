// Hover on a field of Kubernetes' own kinds through the language server (issue 44, point 1): the built
// server (dist/, where the build wrote kube-descriptions.json from the kubernetes-types package) shows the
// field's description as the package declares it and the release that added the field; the server run from
// its sources, with no descriptions file beside it, shows the same facts without a description.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { WorkspaceClient } from './workspaceClient';

const DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 2
  selector:
    matchLabels: {app: web}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers:
        - name: web
          image: nginx
          resizePolicy: []
`;

/** The JSDoc the installed kubernetes-types declares for `interface` `field` (read here, not copied). */
function declared(file: string, iface: string, field: string): string {
  const text = readFileSync(join(__dirname, '..', '..', 'node_modules', 'kubernetes-types', file), 'utf8');
  const body = text.slice(text.indexOf(`export interface ${iface} {`));
  const m = new RegExp(`/\\*\\* (.*?) \\*/\\n\\s*${field}\\??:`).exec(body);
  assert.ok(m, `${iface}.${field} in ${file}`);
  return m[1];
}

const dirs: string[] = [];
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

async function hovers(transport: 'stdio' | 'in-process'): Promise<Record<string, string>> {
  const root = mkdtempSync(join(tmpdir(), 'cm-kube-hover-'));
  dirs.push(root);
  writeFileSync(join(root, 'app.yaml'), DEPLOYMENT);
  const c = new WorkspaceClient({ rootDir: root, transport });
  try {
    await c.initialize();
    await c.waitForScans(1);
    const uri = c.uri('app.yaml');
    await c.open(uri, DEPLOYMENT);
    const out: Record<string, string> = {};
    const lines = DEPLOYMENT.split('\n');
    for (const key of ['replicas', 'image', 'resizePolicy']) {
      const line = lines.findIndex((l) => l.trimStart().startsWith(`${key}:`));
      const h = (await c.conn.sendRequest('textDocument/hover', {
        textDocument: { uri },
        position: { line, character: lines[line].indexOf(key) + 1 },
      })) as { contents: { value: string } } | null;
      out[key] = h?.contents.value ?? '';
    }
    return out;
  } finally {
    await c.stop();
  }
}

test('kube hover, the built server: the description kubernetes-types declares, and the release that added the field', async () => {
  const h = await hovers('stdio');
  assert.ok(h.replicas.includes(declared('apps/v1.d.ts', 'DeploymentSpec', 'replicas')), h.replicas);
  // A field of a definition the kind refers to (a container of the pod template), matched by structure.
  assert.ok(h.image.includes(declared('core/v1.d.ts', 'Container', 'image')), h.image);
  assert.ok(h.resizePolicy.includes(declared('core/v1.d.ts', 'Container', 'resizePolicy')), h.resizePolicy);
  assert.match(h.resizePolicy, /this field since Kubernetes 1\.27\./);
  assert.doesNotMatch(h.replicas, /since Kubernetes/);
});

test('kube hover, without a descriptions file: the facts alone (type, limits, release), no description', async () => {
  const h = await hovers('in-process');
  assert.match(h.replicas, /^\*\*`spec\.replicas`\*\* — `integer` — \*Optional\*\n\n\*\*Limits:\*\* at least 0\./);
  assert.ok(!h.replicas.includes(declared('apps/v1.d.ts', 'DeploymentSpec', 'replicas')));
  assert.match(h.resizePolicy, /this field since Kubernetes 1\.27\./);
});
