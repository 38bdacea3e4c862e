// A generated operator bundle of N CRDs × 3 versions (default 300: about 37 MB with its descriptions).
// Default: read by one analysis as the server reads it at the end of its scan, then the first diagnostics
// of a manifest of one of its kinds (its validator converted on first use), and the memory held.
// `--server`: the real server (in-process) on a workspace holding the bundle: the time from start to the
// first diagnostics of an open manifest of one of its kinds, and the process's RSS.
// Run: npx tsx bench/crdBundle.ts [N] [--server] (NODE_OPTIONS=--expose-gc: the heap held after a collection).
// `npm run bench` uses the generator (`crdBundle`) for its CRD rows (bench/crdWorkload.ts).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { stringify } from 'yaml';
import { Analysis } from '../server/src/service/analysis';
import { WorkspaceClient } from '../test/e2e/workspaceClient';

const desc = 'A long description of this field that explains a great deal about what it does and why. ';
function field(i: number, depth: number): unknown {
  if (depth >= 3) return { type: 'string', description: desc, maxLength: i + 10 };
  const properties: Record<string, unknown> = {};
  for (let j = 0; j < 5; j++) properties[`f${j}`] = field(i + j, depth + 1);
  return { type: 'object', description: desc, properties };
}
/** Kind `Kind<n>` of group `gen.example.io`: a `spec` 4 levels deep (5 keys each, strings at the leaves). */
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
/** The bundle of `n` CRDs (kinds `Kind0` … `Kind<n-1>`), one YAML stream. */
export const crdBundle = (n: number): string => Array.from({ length: n }, (_, i) => crd(i)).join('---\n');
/** A manifest of kind `Kind<n>` with two errors its CRD states: a number where a string is wanted, an unknown key. */
export const crdManifest = (n: number, name = 'x'): string =>
  `apiVersion: gen.example.io/v1\nkind: Kind${n}\nmetadata: {name: ${name}}\nspec:\n  f0:\n    f1:\n      f2: 3\n  bogus: 1\n`;

const N = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 300);
const MANIFEST = crdManifest(7);
const mb = (n: number) => Math.round(n / 1e6);

async function server(bundle: string): Promise<void> {
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

function analysis(bundle: string): void {
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

if (require.main === module) {
  const bundle = crdBundle(N);
  console.log(`bundle: ${N} CRDs x 3 versions, ${(bundle.length / 1e6).toFixed(1)} MB`);
  if (process.argv.includes('--server')) void server(bundle);
  else analysis(bundle);
}
