// A generated operator bundle of N CRDs × 3 versions (default 300: about 37 MB with its descriptions).
// Default: read by one analysis as the server reads it at the end of its scan, then the first diagnostics
// of a manifest of one of its kinds (its validator converted on first use), and the memory held.
// `--server`: the real server (in-process) on a workspace holding the bundle: the time from start to the
// first diagnostics of an open manifest of one of its kinds, and the process's RSS.
// Run: npx tsx bench/crdBundle.ts [N] [--server] (NODE_OPTIONS=--expose-gc: the heap held after a collection).
// Not part of `npm run bench` yet.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { stringify } from 'yaml';
import { Analysis } from '../server/src/service/analysis';
import { WorkspaceClient } from '../test/e2e/workspaceClient';

const N = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 300);
const desc = 'A long description of this field that explains a great deal about what it does and why. ';
function field(i: number, depth: number): unknown {
  if (depth >= 3) return { type: 'string', description: desc, maxLength: i + 10 };
  const properties: Record<string, unknown> = {};
  for (let j = 0; j < 5; j++) properties[`f${j}`] = field(i + j, depth + 1);
  return { type: 'object', description: desc, properties };
}
const crd = (n: number) =>
  stringify({
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `kind${n}s.gen.example.io` },
    spec: {
      group: 'gen.example.io',
      names: { kind: `Kind${n}`, plural: `kind${n}s` },
      scope: 'Namespaced',
      versions: ['v1alpha1', 'v1beta1', 'v1'].map((v) => ({
        name: v,
        served: true,
        storage: v === 'v1',
        schema: { openAPIV3Schema: { type: 'object', properties: { spec: field(n, 0) } } },
      })),
    },
  });
const bundle = Array.from({ length: N }, (_, i) => crd(i)).join('---\n');
const MANIFEST =
  'apiVersion: gen.example.io/v1\nkind: Kind7\nmetadata: {name: x}\nspec:\n  f0:\n    f1:\n      f2: 3\n  bogus: 1\n';
const mb = (n: number) => Math.round(n / 1e6);
console.log(`bundle: ${N} CRDs x 3 versions, ${(bundle.length / 1e6).toFixed(1)} MB`);

async function server(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'cm-bundle-'));
  writeFileSync(join(root, 'crds.yaml'), bundle);
  const t0 = performance.now();
  const client = new WorkspaceClient({ rootDir: root });
  try {
    await client.initialize();
    const uri = pathToFileURL(join(root, 'm.yaml')).href;
    const wait = client.waitForDiagnostics(uri, (p) => p.diagnostics.length > 0, 120000);
    await client.open(uri, MANIFEST);
    await wait;
    console.log(
      `server: first diagnostics of a CRD kind ${Math.round(performance.now() - t0)} ms, rss ${mb(process.memoryUsage().rss)} MB`,
    );
  } finally {
    await client.stop();
    rmSync(root, { recursive: true, force: true });
  }
}

function analysis(): void {
  const t0 = performance.now();
  const a = new Analysis();
  a.setCrdFile('file:///b/crds.yaml', bundle);
  a.applyCrds();
  const t1 = performance.now();
  const d = a.fileDiagnostics('file:///m.yaml', a.parse(MANIFEST));
  const t2 = performance.now();
  // With --expose-gc (NODE_OPTIONS), what stays held once the garbage of reading is collected.
  (globalThis as { gc?: () => void }).gc?.();
  console.log(
    `analysis: registry ${Math.round(t1 - t0)} ms, first diagnostics ${Math.round(t2 - t1)} ms (${d.map((x) => x.code).join(', ')}), ${a.registry.kinds.length} kinds, rss ${mb(process.memoryUsage().rss)} MB, heap ${mb(process.memoryUsage().heapUsed)} MB`,
  );
}

if (process.argv.includes('--server')) void server();
else analysis();
