// A CRD whose rules call Kubernetes' CEL libraries (`quantity`, `isURL`), checked through the CLI: a
// manifest the API server rejects gets the rules' errors, one it accepts gets none. (Before the libraries,
// such rules were skipped in silence: both manifests passed.)
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { crdText } from '../helpers/manifests';

const CLI = join(__dirname, '..', '..', 'dist', 'cli.js');
const dir = mkdtempSync(join(tmpdir(), 'cm-cli-crd-libraries-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const CRD = crdText({
  group: 'example.org',
  kind: 'Volume',
  plural: 'volumes',
  spec: `              required: [size, endpoint]
              x-kubernetes-validations:
                - rule: "quantity(self.size).isLessThan(quantity('10Gi'))"
                  message: size must be under 10Gi
                - rule: isURL(self.endpoint)
                  message: endpoint must be an absolute URL
              properties:
                size: {type: string}
                endpoint: {type: string}
`,
});

const volume = (size: string, endpoint: string) =>
  `apiVersion: example.org/v1\nkind: Volume\nmetadata:\n  name: v\nspec:\n  size: ${size}\n  endpoint: ${endpoint}\n`;

function check(manifest: string) {
  writeFileSync(join(dir, 'crd.yaml'), CRD);
  writeFileSync(join(dir, 'volume.yaml'), manifest);
  const r = spawnSync(process.execPath, [CLI, 'check', '--format', 'json', 'volume.yaml', 'crd.yaml'], {
    cwd: dir,
    encoding: 'utf8',
  });
  const out = r.stdout ? (JSON.parse(r.stdout) as { problems: { code: string; message: string }[] }) : undefined;
  return { status: r.status, problems: out?.problems ?? [], stderr: r.stderr };
}

test('cli crd libraries: rules calling quantity() and isURL() catch a bad manifest', () => {
  const r = check(volume('20Gi', 'not a url'));
  assert.equal(r.status, 1, r.stderr);
  assert.deepEqual(
    r.problems.map((p) => p.code),
    ['crd-validation', 'crd-validation'],
  );
  assert.match(r.problems[0].message, /size must be under 10Gi/);
  assert.match(r.problems[1].message, /endpoint must be an absolute URL/);
});

test('cli crd libraries: and accept a good one', () => {
  const r = check(volume('9.5Gi', 'https://storage.example.org/v1'));
  assert.equal(r.status, 0, `${r.stderr}${JSON.stringify(r.problems)}`);
  assert.deepEqual(r.problems, []);
});

test('cli crd libraries: a quantity written in another unit is compared by value', () => {
  // 10,737,418,240 bytes is 10Gi exactly: not under it; 10G (10^10 bytes) is.
  assert.deepEqual(
    check(volume('"10737418240"', 'https://example.org')).problems.map((p) => p.code),
    ['crd-validation'],
  );
  assert.deepEqual(check(volume('10G', 'https://example.org')).problems, []);
});
