// End-to-end (issue 44, point 4): a Service's selector and the pods it selects, through the real server
// (in-process) on a workspace in a temporary folder. Go to definition on a Service's `spec.selector` (its key,
// a key or a value of it) lists the workloads and Pods of the workspace whose pods carry every pair, in its
// namespace; find references on a pod template's labels lists the Services selecting them; an edit of the
// labels in the editor is followed. Navigation only: a selector matching nothing says nothing.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { WorkspaceClient } from './workspaceClient';

interface Range {
  start: { line: number; character: number };
  end: { line: number; character: number };
}

const SERVICES = `apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  selector:
    app: web
    tier: front
  ports:
    - port: 80
---
apiVersion: v1
kind: Service
metadata:
  name: web-all
spec:
  selector: {app: web}
  ports:
    - port: 8080
---
apiVersion: v1
kind: Service
metadata:
  name: nothing
spec:
  selector: {app: none}
  ports:
    - port: 80
`;

const WORKLOADS = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels:
        app: web
        tier: front
        version: v1
    spec:
      containers:
        - name: web
          image: nginx
---
apiVersion: batch/v1
kind: CronJob
metadata:
  name: report
spec:
  schedule: "0 3 * * *"
  jobTemplate:
    spec:
      template:
        metadata:
          labels: {app: web}
        spec:
          restartPolicy: Never
          containers:
            - name: report
              image: busybox
---
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: web-other-ns
  namespace: other
spec:
  serviceName: web
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web, tier: front}
    spec:
      containers:
        - name: web
          image: nginx
`;

const POD = `apiVersion: v1
kind: Pod
metadata:
  name: debug
  labels:
    app: web
    tier: front
spec:
  containers:
    - name: debug
      image: busybox
`;

function pos(text: string, needle: string, nth = 0, delta = 1): { line: number; character: number } {
  let i = -1;
  for (let k = 0; k <= nth; k++) i = text.indexOf(needle, i + 1);
  assert.ok(i >= 0, needle);
  const lines = text.slice(0, i + delta).split('\n');
  return { line: lines.length - 1, character: lines[lines.length - 1].length };
}

describe("a Service's selector and its pods through the server", () => {
  let root: string;
  let client: WorkspaceClient;
  const uri = (rel: string) => pathToFileURL(join(root, rel)).href;
  const files: Record<string, string> = { 'services.yaml': SERVICES, 'workloads.yaml': WORKLOADS, 'pod.yaml': POD };
  /** Locations as `file:line «text»`. */
  const where = (locs: { uri: string; range: Range }[]) =>
    locs.map((l) => {
      const rel = relative(root, new URL(l.uri).pathname);
      const line = files[rel].split('\n')[l.range.start.line];
      return `${rel}:${l.range.start.line + 1} «${line.slice(l.range.start.character, l.range.end.character)}»`;
    });
  const definition = (rel: string, at: { line: number; character: number }) =>
    client.request<{ uri: string; range: Range }[]>('textDocument/definition', {
      textDocument: { uri: uri(rel) },
      position: at,
    });
  const references = (rel: string, at: { line: number; character: number }, includeDeclaration = true) =>
    client.request<{ uri: string; range: Range }[]>('textDocument/references', {
      textDocument: { uri: uri(rel) },
      position: at,
      context: { includeDeclaration },
    });

  before(async () => {
    root = mkdtempSync(join(tmpdir(), 'kube-selectors-'));
    for (const [rel, text] of Object.entries(files)) writeFileSync(join(root, rel), text);
    client = new WorkspaceClient({ rootDir: root });
    await client.initialize();
    await client.waitForScans(1);
  });
  after(async () => {
    await client.stop();
    rmSync(root, { recursive: true, force: true });
  });

  test('definition on a selector value: the workloads and Pods carrying every pair, in its namespace', async () => {
    await client.open(uri('services.yaml'), SERVICES);
    // On `front`: the Deployment and the Pod carry app=web and tier=front; the CronJob lacks tier, the
    // StatefulSet is written in another namespace than the Service (written in none).
    assert.deepEqual(where(await definition('services.yaml', pos(SERVICES, 'front'))), [
      'pod.yaml:4 «debug»',
      'workloads.yaml:4 «web»',
    ]);
    // On the `selector` key of a one-pair selector, in flow style: the CronJob's pods too.
    assert.deepEqual(where(await definition('services.yaml', pos(SERVICES, 'selector: {app'))), [
      'pod.yaml:4 «debug»',
      'workloads.yaml:4 «web»',
      'workloads.yaml:22 «report»',
    ]);
    // A selector nothing in the workspace carries: no location (and no diagnostic).
    assert.deepEqual(await definition('services.yaml', pos(SERVICES, 'app: none', 0, 6)), []);
    // Outside the selector (its ports): nothing.
    assert.deepEqual(await definition('services.yaml', pos(SERVICES, 'port: 80')), []);
    await client.close(uri('services.yaml'));
  });

  test('references on a pod template’s labels: the selectors of the Services selecting them', async () => {
    await client.open(uri('workloads.yaml'), WORKLOADS);
    await client.open(uri('pod.yaml'), POD);
    assert.deepEqual(where(await references('workloads.yaml', pos(WORKLOADS, 'version: v1', 0, 10))), [
      'workloads.yaml:10 «labels»',
      'services.yaml:6 «selector»',
      'services.yaml:17 «selector»',
    ]);
    assert.deepEqual(where(await references('workloads.yaml', pos(WORKLOADS, 'labels: {app: web}', 0, 2), false)), [
      'services.yaml:17 «selector»',
    ]);
    // A Pod's own labels.
    assert.deepEqual(where(await references('pod.yaml', pos(POD, 'tier: front'), false)), [
      'services.yaml:6 «selector»',
      'services.yaml:17 «selector»',
    ]);
    // In another namespace than every Service: none.
    assert.deepEqual(await references('workloads.yaml', pos(WORKLOADS, 'app: web, tier: front'), false), []);
    await client.close(uri('workloads.yaml'));
    await client.close(uri('pod.yaml'));
  });

  test('an edit of the labels in the editor is followed', async () => {
    const edited = WORKLOADS.replace('tier: front\n        version', 'tier: back\n        version');
    await client.open(uri('services.yaml'), SERVICES);
    await client.open(uri('workloads.yaml'), WORKLOADS);
    await client.change(uri('workloads.yaml'), edited);
    assert.deepEqual(where(await definition('services.yaml', pos(SERVICES, 'front'))), ['pod.yaml:4 «debug»']);
    await client.change(uri('workloads.yaml'), WORKLOADS);
    assert.deepEqual(where(await definition('services.yaml', pos(SERVICES, 'front'))), [
      'pod.yaml:4 «debug»',
      'workloads.yaml:4 «web»',
    ]);
    await client.close(uri('workloads.yaml'));
    await client.close(uri('services.yaml'));
  });
});
