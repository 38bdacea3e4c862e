// A generated operator bundle of N CRDs × 3 versions (default 300: about 37 MB with its descriptions),
// read by one analysis as the server reads it at the end of its scan; then the first diagnostics of a
// manifest of one of its kinds (its validator converted on first use), and the memory held.
// Run: npx tsx bench/crdBundle.ts [N]. Not part of `npm run bench` yet (its rows are the editor's requests).
import { stringify } from 'yaml';
import { Analysis } from '../server/src/service/analysis';
const N = Number(process.argv[2] ?? 300);
const desc = 'A long description of this field that explains a great deal about what it does and why. '.repeat(1);
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
console.log('bundle MB', (bundle.length / 1e6).toFixed(1));
const t0 = performance.now();
const a = new Analysis();
a.setCrdFile('file:///b/crds.yaml', bundle);
a.applyCrds();
const t1 = performance.now();
const m =
  'apiVersion: gen.example.io/v1\nkind: Kind7\nmetadata: {name: x}\nspec:\n  f0:\n    f1:\n      f2: 3\n  bogus: 1\n';
const d = a.fileDiagnostics('file:///m.yaml', a.parse(m));
const t2 = performance.now();
console.log(
  'registry ms',
  Math.round(t1 - t0),
  'first diagnostics ms',
  Math.round(t2 - t1),
  d.map((x) => x.code).join(','),
);
console.log(
  'kinds',
  a.registry.kinds.length,
  'rss MB',
  Math.round(process.memoryUsage().rss / 1e6),
  'heap MB',
  Math.round(process.memoryUsage().heapUsed / 1e6),
);
