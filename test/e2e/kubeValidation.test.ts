// The API server's validation beyond the schema (checks/kube/) through the CLI and the language server: a
// Deployment whose selector misses its template's labels and whose container mounts no volume, a CronJob
// with an hour 25, and a TLS Secret without its key get the same four errors, at the same places, from both.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cliSays, editorSays, oneFileWorkspace } from './bothSurfaces';

const MISTAKES = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: api}
    spec:
      containers:
        - name: web
          image: nginx
          volumeMounts:
            - {name: config, mountPath: /etc/web}
---
apiVersion: batch/v1
kind: CronJob
metadata:
  name: nightly
spec:
  schedule: "0 25 * * *"
  jobTemplate:
    spec:
      template:
        spec:
          restartPolicy: OnFailure
          containers: [{name: job, image: busybox}]
---
apiVersion: v1
kind: Secret
metadata:
  name: cert
type: kubernetes.io/tls
data:
  tls.crt: LS0tLS1CRUdJTg==
`;

/** `line:col severity code`, one per mistake of MISTAKES. */
const EXPECTED = [
  '10:7 error kube-selector',
  '16:22 error kube-volume-mount',
  '23:13 error kube-cron-schedule',
  '35:7 error kube-secret-type',
];

test('kube validation, the CLI: selector, volume mount, schedule and Secret type, one error each', () => {
  const r = cliSays(oneFileWorkspace('app.yaml', MISTAKES));
  assert.equal(r.status, 1, r.stderr);
  const messages = r.said.map((p) => p.message);
  assert.deepEqual(
    r.said.map((p) => p.at),
    EXPECTED,
    messages.join('\n'),
  );
  assert.match(messages[0], /'spec\.selector' does not match the template's labels/);
  assert.match(messages[1], /Volume mount "config" .* names no volume of the pod/);
  assert.match(messages[2], /has 25 in the hour field, above its maximum 23/);
  assert.match(messages[3], /needs 'tls\.key' in 'data' or 'stringData'/);
});

test('kube validation, the editor: the same four errors on the open document', async () => {
  const said = await editorSays(oneFileWorkspace('app.yaml', MISTAKES), 'app.yaml', MISTAKES);
  assert.deepEqual(
    said.map((p) => p.at),
    EXPECTED,
    said.map((p) => p.message).join('\n'),
  );
});
