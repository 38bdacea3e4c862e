// `cloud-manifests check` (dist/cli.js, run as a process) on references between Kubernetes objects: a key
// that the one ConfigMap of that name does not define is a warning, at its line and column, as the editor
// shows it; a ConfigMap missing from the files checked is not reported (the files of a run need not be the
// whole workspace: `object-not-found` is the editor's alone, as `owner-not-found` is); and an overlay that
// patches the ConfigMap takes the warning away.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';

const CLI = join(__dirname, '..', '..', 'dist', 'cli.js');
const dirs: string[] = [];
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function folder(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'kube-refs-cli-'));
  dirs.push(root);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  return root;
}

const check = (cwd: string) =>
  spawnSync(process.execPath, [CLI, 'check', '--no-color', '.'], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });

const CONFIG = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata:\n  timeout: "45"\n';
const APP = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
        - name: web
          image: nginx
          env:
            - name: TIMEOUT
              valueFrom:
                configMapKeyRef:
                  name: settings
                  key: timout
            - name: FLAGS
              valueFrom:
                configMapKeyRef:
                  name: features
                  key: flags
`;

test('a key the ConfigMap does not define: one warning at the key; the ConfigMap not in the run: nothing', () => {
  const r = check(folder({ 'base/settings.yaml': CONFIG, 'base/app.yaml': APP }));
  assert.equal(r.status, 0, r.stderr);
  const lines = r.stdout.split('\n').filter((l) => /object-/.test(l));
  assert.deepEqual(lines, [
    "base/app.yaml:22:24 warning object-key-not-found ConfigMap 'settings' (base/settings.yaml:4) defines no key 'timout': did you mean 'timeout'? Its keys: 'timeout'.",
  ]);
});

test('an overlay patching the ConfigMap: no warning', () => {
  const r = check(
    folder({
      'base/kustomization.yaml': 'resources:\n  - settings.yaml\n  - app.yaml\n',
      'base/settings.yaml': CONFIG,
      'base/app.yaml': APP,
      'prod/kustomization.yaml': 'resources:\n  - ../base\npatches:\n  - path: settings.yaml\n',
      'prod/settings.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata:\n  timout: "30"\n',
    }),
  );
  assert.equal(r.status, 0, r.stderr);
  assert.doesNotMatch(r.stdout, /object-key-not-found/);
});
