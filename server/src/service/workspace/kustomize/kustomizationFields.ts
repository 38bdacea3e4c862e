// The fields of a kustomization as Kustomize reads them: its `Kustomization` type (api/types of Kustomize
// v5.5.0, the one kubectl 1.32 embeds) and the types of its lists' items. Kustomize decodes the file as
// JSON with unknown fields refused ("invalid Kustomization: json: unknown field"), matching names as Go's
// encoding/json does (case-insensitively), so a misspelt field at any level stops the build. A field whose
// value is free-form (a map of labels, a Helm chart's values, a patch's options) is not looked into.
import { isMap, isScalar, isSeq, type Node } from 'yaml';
import type { Diag } from '../../core/diag';
import { listOf, nearest } from '../../core/suggest';
import { spanOf } from '../../core/yamlNodes';

/** A struct: its fields (by JSON name), each a struct, a list of structs, or anything (undefined). */
interface Struct {
  readonly fields: ReadonlyMap<string, Field>;
  /** Its fields by their lower-case names: Go's decoder matches a key to a field ignoring case. */
  readonly lower: ReadonlyMap<string, string>;
  /** Its name as the message says it (`a patch`, `a target`). */
  readonly what: string;
}
type Field = { struct: Struct; list?: boolean } | undefined;

const struct = (what: string, fields: Record<string, Field>): Struct => ({
  what,
  fields: new Map(Object.entries(fields)),
  lower: new Map(Object.keys(fields).map((k) => [k.toLowerCase(), k])),
});
const any: Field = undefined;
const one = (s: Struct): Field => ({ struct: s });
const list = (s: Struct): Field => ({ struct: s, list: true });

/** resid.Gvk and resid.ResId, inlined in the selectors. */
const GVK = { group: any, version: any, kind: any };
const RES_ID = { ...GVK, name: any, namespace: any };

const SELECTOR = struct('a target', { ...RES_ID, annotationSelector: any, labelSelector: any });
const PATCH = struct('a patch', { path: any, patch: any, target: one(SELECTOR), options: any });
const FIELD_SPEC = struct('a field spec', { ...GVK, path: any, create: any });
const LABEL = struct('a label entry', {
  pairs: any,
  includeSelectors: any,
  includeTemplates: any,
  fields: list(FIELD_SPEC),
});
const IMAGE = struct('an image', { name: any, newName: any, tagSuffix: any, newTag: any, digest: any });
const REPLICA = struct('a replica entry', { name: any, count: any });
const FIELD_OPTIONS = struct('options', { delimiter: any, index: any, encoding: any, create: any });
const SOURCE = struct('a replacement source', { ...RES_ID, fieldPath: any, options: one(FIELD_OPTIONS) });
const TARGET = struct('a replacement target', {
  select: one(SELECTOR),
  reject: list(SELECTOR),
  fieldPaths: any,
  options: one(FIELD_OPTIONS),
});
const REPLACEMENT = struct('a replacement', { source: one(SOURCE), targets: list(TARGET), path: any });
const VAR = struct('a var', {
  name: any,
  objref: one(struct('an objref', { apiVersion: any, ...GVK, name: any, namespace: any })),
  fieldref: one(struct('a fieldref', { fieldPath: any })),
});
const GENERATOR_OPTIONS = struct('generator options', {
  labels: any,
  annotations: any,
  disableNameSuffixHash: any,
  immutable: any,
});
const GENERATOR = {
  namespace: any,
  name: any,
  behavior: any,
  literals: any,
  files: any,
  envs: any,
  env: any,
  options: one(GENERATOR_OPTIONS),
};
const SORT_OPTIONS = struct('sort options', {
  order: any,
  legacySortOptions: one(struct('legacy sort options', { orderFirst: any, orderLast: any })),
});
const HELM_CHART = struct('a Helm chart', {
  name: any,
  version: any,
  repo: any,
  releaseName: any,
  namespace: any,
  additionalValuesFiles: any,
  valuesFile: any,
  valuesInline: any,
  valuesMerge: any,
  includeCRDs: any,
  skipHooks: any,
  apiVersions: any,
  kubeVersion: any,
  nameTemplate: any,
  skipTests: any,
  debug: any,
});
const HELM_CHART_ARGS = struct('a Helm chart', {
  chartName: any,
  chartVersion: any,
  chartRepoUrl: any,
  chartHome: any,
  chartRepoName: any,
  helmBin: any,
  helmHome: any,
  values: any,
  valuesLocal: any,
  valuesMerge: any,
  releaseName: any,
  releaseNamespace: any,
  extraArgs: any,
});

/** The `Kustomization` type (and `Component`: the same type). */
export const KUSTOMIZATION = struct('a kustomization', {
  kind: any,
  apiVersion: any,
  metadata: one(struct('metadata', { name: any, namespace: any, labels: any, annotations: any })),
  openapi: any,
  namePrefix: any,
  nameSuffix: any,
  namespace: any,
  commonLabels: any,
  labels: list(LABEL),
  commonAnnotations: any,
  patchesStrategicMerge: any,
  patchesJson6902: list(PATCH),
  patches: list(PATCH),
  images: list(IMAGE),
  imageTags: list(IMAGE),
  replacements: list(REPLACEMENT),
  replicas: list(REPLICA),
  vars: list(VAR),
  sortOptions: one(SORT_OPTIONS),
  resources: any,
  components: any,
  crds: any,
  bases: any,
  configMapGenerator: list(struct('a ConfigMap generator', GENERATOR)),
  secretGenerator: list(struct('a Secret generator', { ...GENERATOR, type: any })),
  helmGlobals: one(struct('helmGlobals', { chartHome: any, configHome: any })),
  helmCharts: list(HELM_CHART),
  helmChartInflationGenerator: list(HELM_CHART_ARGS),
  generatorOptions: one(GENERATOR_OPTIONS),
  configurations: any,
  generators: any,
  transformers: any,
  validators: any,
  buildMetadata: any,
});

/** Nodes looked at, at most: a kustomization of 100,000 patches is checked in its first ones. */
const MAX_NODES = 200_000;

/**
 * The keys of a kustomization's map (its root) that Kustomize does not know, at any level it decodes into
 * a type: one Error each, suggesting the nearest field (with a fix where there is one). `kubectl
 * kustomize` stops at the first; each is shown, as each must be corrected.
 */
export function unknownKustomizationFields(root: unknown): Diag[] {
  const out: Diag[] = [];
  const budget = { n: MAX_NODES };
  const visit = (node: unknown, s: Struct, at: string) => {
    if (!isMap(node) || budget.n-- <= 0) return;
    const known = s.lower;
    for (const pair of node.items) {
      if (!isScalar(pair.key)) continue;
      const key = String(pair.key.value);
      const name = known.get(key.toLowerCase());
      if (name === undefined) {
        out.push(unknownField(key, spanOf(pair.key), s, at));
        continue;
      }
      const f = s.fields.get(name);
      if (!f) continue;
      const value = pair.value as Node | null;
      if (f.list) {
        if (isSeq(value)) for (const item of value.items) visit(item, f.struct, `${at}${name}[].`);
      } else visit(value, f.struct, `${at}${name}.`);
    }
  };
  visit(root, KUSTOMIZATION, '');
  return out;
}

function unknownField(key: string, span: [number, number], s: Struct, at: string): Diag {
  const near = nearest(key, s.fields.keys());
  const where = at === '' ? 'a kustomization' : `${s.what} (\`${at.slice(0, -1)}\`)`;
  const shown = key.length > 80 ? `${key.slice(0, 79)}…` : key;
  return {
    code: 'kustomize-unknown-field',
    start: span[0],
    end: span[1],
    message: `\`${shown}\` is not a field of ${where}: \`kubectl kustomize\` stops with "invalid Kustomization: json: unknown field". ${
      near ? `Did you mean \`${near}\`?` : `Its fields: ${listOf([...s.fields.keys()], 12, 'and')}.`
    }`,
    ...(near ? { data: { fix: 'replace', span, candidates: [{ title: `Change to \`${near}\``, text: near }] } } : {}),
  };
}

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/**
 * A kustomization's value with its fields under the names Kustomize gives them (`Patches` and `patches`
 * are one field to it: Go's decoder ignores case), at every level it decodes into a type; the rest as it is.
 */
export function canonicalFields(value: Json, s: Struct = KUSTOMIZATION): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  let out: { [key: string]: Json } | undefined;
  for (const [key, v] of Object.entries(value)) {
    const name = s.lower.get(key.toLowerCase()) ?? key;
    const f = s.fields.get(name);
    const next = !f
      ? v
      : f.list
        ? Array.isArray(v)
          ? v.map((i) => canonicalFields(i, f.struct))
          : v
        : canonicalFields(v, f.struct);
    if (name !== key || next !== v) out ??= { ...value };
    if (out) {
      if (name !== key) delete out[key];
      out[name] = next;
    }
  }
  return out ?? value;
}

/** A replacement (a `replacements` entry, or one read from its `path:` file) with its fields' own names. */
export const canonicalReplacement = (value: Json): Json => canonicalFields(value, REPLACEMENT);
