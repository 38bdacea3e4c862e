// Kubernetes' own kinds (model/kube/) through the CLI and the language server: a Deployment and a ConfigMap
// with one mistake each of five kinds get the same five errors, at the same places, from both.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cliSays, editorSays, oneFileWorkspace } from './bothSurfaces';

const MISTAKES = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: "three"
  selectr:
    matchLabels: {app: web}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers:
        - name: web
          image: nginx
          imagePullPolicy: Sometimes
          ports:
            - containerPort: 99999
---
apiVersion: v1
kind: ConfigMap
metadata: {name: cfg}
data:
  a: 1
`;

/** `line:col code`, each a mistake of MISTAKES: one error each. */
const EXPECTED = [
  '6:13 error wrong-type',
  '7:3 error unknown-field',
  '15:28 error enum-value',
  '17:30 error value-range',
  '23:6 error wrong-type',
];

test('kube kinds, the CLI: a mistyped, misspelt, unlisted and out-of-range value, one error each', () => {
  const r = cliSays(oneFileWorkspace('app.yaml', MISTAKES));
  assert.equal(r.status, 1, r.stderr);
  const messages = r.said.map((p) => p.message);
  assert.deepEqual(
    r.said.map((p) => p.at),
    EXPECTED,
    messages.join('\n'),
  );
  assert.match(messages[1], /no field 'selectr'\. Did you mean 'selector' \(required, and missing\)\?/);
  assert.match(messages[2], /allowed: 'Always', 'IfNotPresent' or 'Never'/);
  assert.match(messages[3], /at least 1 and at most 65535/);
});

test('kube kinds, the editor: the same five errors on the open document', async () => {
  const said = await editorSays(oneFileWorkspace('app.yaml', MISTAKES), 'app.yaml', MISTAKES);
  assert.deepEqual(
    said.map((p) => p.at),
    EXPECTED,
    said.map((p) => p.message).join('\n'),
  );
});
