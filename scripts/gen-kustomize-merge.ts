// Writes server/src/model/kube/kustomizeMerge.json: how `kubectl kustomize` merges a strategic-merge patch into
// a resource of Kubernetes' own kinds. Kustomize does not read the targeted release's documents: it carries
// its own OpenAPI bundle (kyaml/openapi/kubernetesapi/data/kubernetes-openapi-union-v1.21.2.bundle-v1.json.gz in
// kubernetes-sigs/kustomize, Kubernetes 1.21.2), so the merge keys are taken from that bundle, not from
// model/kube/kinds.json (a list added later, such as a Pod's `schedulingGates`, is replaced by kubectl, not merged).
//
//   git --git-dir=<kustomize clone>/.git show HEAD:kyaml/openapi/kubernetesapi/data/kubernetes-openapi-union-v1.21.2.bundle-v1.json.gz | gunzip > /tmp/k.json
//   npx tsx scripts/gen-kustomize-merge.ts /tmp/k.json [--check]
//
// Kept: for each kind the bundle serves, its definition; for each definition from which a list merged by key
// can be reached, its properties on that way: `[definition of the value or of its items, patch strategy,
// merge keys]` (the keys are `x-kubernetes-list-map-keys` where given, else `x-kubernetes-patch-merge-key`,
// as kyaml's PatchStrategyAndKeyList reads them); and the kinds it says are cluster-scoped. Nothing else
// (no prose).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const OUT = join(__dirname, '..', 'server', 'src', 'model', 'kube', 'kustomizeMerge.json');
const short = (ref: string): string => ref.replace('#/definitions/', '').replace(/^io\.k8s\./, '');

const [input, flag] = process.argv.slice(2);
if (!input) throw new Error('usage: gen-kustomize-merge.ts <bundle.json> [--check]');
const bundle = JSON.parse(readFileSync(input, 'utf8')) as {
  coverage: { floor: string };
  definitions: Record<string, Json>;
  resources: { apiVersion: string; kind: string; definition?: string; scope?: string }[];
};

/** The definition a property's value (or its items, or its map values) is of. */
const refOf = (p: Json): string | undefined => {
  for (const s of [p, p.items, p.additionalProperties])
    if (isObj(s) && typeof s.$ref === 'string') return short(s.$ref);
  return undefined;
};

type Prop = [string, string, string[]];
const props = new Map<string, Map<string, Prop>>();
for (const [name, def] of Object.entries(bundle.definitions)) {
  const m = new Map<string, Prop>();
  for (const [p, ps] of Object.entries(isObj(def.properties) ? def.properties : {})) {
    if (!isObj(ps)) continue;
    const strategy = typeof ps['x-kubernetes-patch-strategy'] === 'string' ? ps['x-kubernetes-patch-strategy'] : '';
    const listKeys = ps['x-kubernetes-list-map-keys'];
    const mergeKey = ps['x-kubernetes-patch-merge-key'];
    const keys = !strategy
      ? []
      : Array.isArray(listKeys)
        ? listKeys.map(String)
        : typeof mergeKey === 'string'
          ? [mergeKey]
          : [];
    m.set(p, [refOf(ps) ?? '', strategy, keys]);
  }
  props.set(short(name), m);
}

// The definitions from which a merged list can be reached (a fixpoint: a definition is kept when one of its
// properties has a patch strategy or is of a kept definition).
const kept = new Set<string>();
for (let changed = true; changed;) {
  changed = false;
  for (const [name, m] of props) {
    if (kept.has(name)) continue;
    if ([...m.values()].some(([ref, strategy]) => strategy !== '' || kept.has(ref))) {
      kept.add(name);
      changed = true;
    }
  }
}

const defs: Record<string, Record<string, Prop>> = {};
for (const name of [...kept].sort()) {
  const out: Record<string, Prop> = {};
  for (const [p, [ref, strategy, keys]] of [...props.get(name)!].sort(([a], [b]) => (a < b ? -1 : 1)))
    if (strategy !== '' || kept.has(ref)) out[p] = [kept.has(ref) ? ref : '', strategy, keys];
  defs[name] = out;
}
const kinds: Record<string, string> = {};
for (const r of [...bundle.resources].sort((a, b) =>
  `${a.apiVersion} ${a.kind}` < `${b.apiVersion} ${b.kind}` ? -1 : 1,
))
  if (r.definition && kept.has(short(r.definition))) kinds[`${r.apiVersion} ${r.kind}`] = short(r.definition);

// The cluster-scoped kinds (Kustomize's namespace transformer leaves them without one).
const cluster = bundle.resources
  .filter((r) => r.scope === 'Cluster')
  .map((r) => `${r.apiVersion} ${r.kind}`)
  .sort();
const text = `${JSON.stringify({ source: `kustomize kyaml OpenAPI bundle, Kubernetes ${bundle.coverage.floor}`, kinds, defs, cluster })}\n`;
if (flag === '--check') {
  const now = readFileSync(OUT, 'utf8');
  if (now !== text) {
    console.error(`${OUT} is not what ${input} gives: run without --check`);
    process.exit(1);
  }
} else writeFileSync(OUT, text);
