// `vars` rendered as `kubectl kustomize` (Kustomize v5.5.0) renders them (issue 45): Kustomize's own tests
// ported. api/krusty/variableref_test.go's 14 cases (test/fixtures/kustomize-krusty/variableref, krusty.ts):
// our rendered resources are the test's expected ones, or our Error says kubectl's words. Then
// api/filters/refvar/expand_test.go's table of `$(VAR)` strings, each an env value of a Pod, rendered by us
// and by kubectl; and the value types kubectl writes (an int or a bool var alone keeps its type).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { parseAllDocuments } from 'yaml';
import { Analysis } from '../../server/src/service/analysis';
import { severityOf } from '../../server/src/service/core/diag';
import { renderKustomization, type JsonObject } from '../../server/src/service/workspace/kustomize/render';
import { hasKubectl } from '../helpers/kubectl';
import { krustyCases } from './krusty';

const KRUSTY = join(__dirname, '..', 'fixtures', 'kustomize-krusty', 'variableref');

const docs = (text: string): JsonObject[] =>
  parseAllDocuments(text)
    .map((d) => d.toJS() as JsonObject)
    .filter((d) => d !== null && d !== undefined);
const key = (r: JsonObject) => {
  const m = (r.metadata ?? {}) as JsonObject;
  return `${String(r.apiVersion)} ${String(r.kind)} ${String(m.namespace ?? '')}/${String(m.name)}`;
};
const sorted = (rs: JsonObject[]) => [...rs].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
const kubectl = (dir: string) => spawnSync('kubectl', ['kustomize', dir], { encoding: 'utf8' });

describe("Kustomize's variableref_test.go: our rendering is its expected output", () => {
  krustyCases(KRUSTY, 14, {
    // Its `configurations` file adds a `varReference` (and a `nameReference`): not read here.
    TestIssue3449: 'configurations',
  });
});

/** expand_test.go's TestMapping: input, then expected (the vars: VAR_A=A, VAR_B=B, VAR_C=C, VAR_REF, VAR_EMPTY). */
const MAPPING: [string, string][] = [
  ['$(VAR_A)', 'A'],
  ['$(VAR_A)-$(VAR_A)', 'A-A'],
  ['$(VAR_A)-$(VAR_B)-$(VAR_B)-$(VAR_B)-$(VAR_A)', 'A-B-B-B-A'],
  ['$(VAR_A)-1', 'A-1'],
  ['___$(VAR_B)___', '___B___'],
  ['___$(VAR_C)', '___C'],
  ['$(VAR_A)_$(VAR_B)_$(VAR_C)', 'A_B_C'],
  ['$$(VAR_B)_$(VAR_A)', '$(VAR_B)_A'],
  ['$$(VAR_A)_$$(VAR_B)', '$(VAR_A)_$(VAR_B)'],
  ['f000-$$VAR_A', 'f000-$VAR_A'],
  ['foo\\$(VAR_C)bar', 'foo\\Cbar'],
  ['foo\\\\$(VAR_C)bar', 'foo\\\\Cbar'],
  ['foo\\\\\\\\$(VAR_A)bar', 'foo\\\\\\\\Abar'],
  ['$(VAR_A$(VAR_B))', '$(VAR_A$(VAR_B))'],
  ['$(VAR_A$(VAR_B)', '$(VAR_A$(VAR_B)'],
  ['$(VAR_REF)', '$(VAR_A)'],
  ['%%$(VAR_REF)--$(VAR_REF)%%', '%%$(VAR_A)--$(VAR_A)%%'],
  ['foo$(VAR_EMPTY)bar', 'foobar'],
  ['foo$(VAR_Awhoops!', 'foo$(VAR_Awhoops!'],
  ['f00__(VAR_A)__', 'f00__(VAR_A)__'],
  ['$?_boo_$!', '$?_boo_$!'],
  ['$VAR_A', '$VAR_A'],
  ['$(VAR_DNE)', '$(VAR_DNE)'],
  ['$$$$$$(BIG_MONEY)', '$$$(BIG_MONEY)'],
  ['$$$$$$(VAR_A)', '$$$(VAR_A)'],
  ['$$$$$$$(GOOD_ODDS)', '$$$$(GOOD_ODDS)'],
  ['$$$$$$$(VAR_A)', '$$$A'],
  ['$VAR_A)', '$VAR_A)'],
  ['${VAR_A}', '${VAR_A}'],
  ['$(VAR_B)_______$(A', 'B_______$(A'],
  ['$(VAR_C)_______$(', 'C_______$('],
  ['$(VAR_A)foobarzab$', 'Afoobarzab$'],
  ['foo-\\$(VAR_A', 'foo-\\$(VAR_A'],
  ['--$($($($($--', '--$($($($($--'],
  ['$($($($($--foo$(', '$($($($($--foo$('],
  ['foo0--$($($($(', 'foo0--$($($($('],
  ['$(foo$$var)', '$(foo$$var)'],
  ['\n', '\n'],
];

/** An overlay: a ConfigMap holding the vars' values, a Pod with one env value per input, `extra` after. */
function mappingOverlay(inputs: readonly string[], extra = ''): Record<string, string> {
  const values: Record<string, string> = { VAR_A: 'A', VAR_B: 'B', VAR_C: 'C', VAR_REF: '$(VAR_A)', VAR_EMPTY: '' };
  const cm = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'values' }, data: values };
  const pod = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'p' },
    spec: { containers: [{ name: 'c', image: 'x', env: inputs.map((value, i) => ({ name: `E${i}`, value })) }] },
  };
  const vars = Object.keys(values)
    .map(
      (n) =>
        `  - name: ${n}\n    objref:\n      apiVersion: v1\n      kind: ConfigMap\n      name: values\n    fieldref:\n      fieldPath: data.${n}\n`,
    )
    .join('');
  return {
    'kustomization.yaml': `resources:\n  - values.yaml\n  - pod.yaml\nvars:\n${vars}${extra}`,
    // JSON is YAML: every string exactly as the table writes it.
    'values.yaml': JSON.stringify(cm),
    'pod.yaml': JSON.stringify(pod),
  };
}

/** Renders files held in memory (under file:///m/). */
function renderFiles(files: Record<string, string>) {
  const at = (uri: string) => (uri.startsWith('file:///m/') ? files[uri.slice('file:///m/'.length)] : undefined);
  return renderKustomization('file:///m/kustomization.yaml', at);
}

/** The same files built by kubectl (undefined: no kubectl here). */
function kubectlFiles(
  files: Record<string, string>,
): { status: number | null; stdout: string; stderr: string } | undefined {
  if (!hasKubectl) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'cm-vars-'));
  try {
    for (const [p, t] of Object.entries(files)) writeFileSync(join(dir, p), t);
    return kubectl(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const envOf = (rs: JsonObject[]) =>
  ((rs.find((r) => r.kind === 'Pod')!.spec as JsonObject).containers as JsonObject[])[0].env as JsonObject[];

describe("Kustomize's expand_test.go: `$(VAR)`, `$$` and the rest as kubectl writes them", () => {
  test(`its ${MAPPING.length} strings, each an env value`, () => {
    const files = mappingOverlay(MAPPING.map(([input]) => input));
    const ours = renderFiles(files);
    assert.deepEqual(ours.errors, []);
    assert.deepEqual(
      ours.unsure.filter((u) => u !== undefined),
      [],
    );
    assert.deepEqual(
      envOf(ours.resources).map((e) => e.value),
      MAPPING.map(([, expected]) => expected),
    );
    const real = kubectlFiles(files);
    if (real) {
      assert.equal(real.status, 0, real.stderr);
      assert.deepEqual(envOf(docs(real.stdout)), envOf(ours.resources), 'kubectl writes the same');
    }
  });

  test('a var alone keeps its type (an int, a bool); inside a string it is written; a map var stays as written', () => {
    const files = {
      'kustomization.yaml': [
        'resources:\n  - all.yaml\nvars:',
        ...[
          ['PORT', 'spec.ports[0].port'],
          ['READY', 'spec.publishNotReadyAddresses'],
          ['PORTS', 'spec.ports[0]'],
          ['NAME', 'metadata.name'],
        ].map(
          ([n, f]) =>
            `  - name: ${n}\n    objref:\n      apiVersion: v1\n      kind: Service\n      name: svc\n    fieldref:\n      fieldPath: ${f}`,
        ),
        'namePrefix: p-\n',
      ].join('\n'),
      'all.yaml': [
        'apiVersion: v1\nkind: Service\nmetadata:\n  name: svc\nspec:\n  publishNotReadyAddresses: true\n  ports:\n    - port: 8080',
        // A custom resource: only its labels and annotations are varReference fields, not its spec.
        'apiVersion: storage.cloud.example.com/v20220901\nkind: StorageAccount\nmetadata:\n  name: store\n  labels:\n    port: "$(PORT)"\n    on: "$(READY)"\n    both: "$(NAME):$(PORT)/$(READY)"\n    map: "$(PORTS)"\n    cost: "$$5"\nspec:\n  location: "$(NAME)"',
      ].join('\n---\n'),
    };
    const ours = renderFiles(files);
    assert.deepEqual(ours.errors, []);
    assert.deepEqual(
      ours.unsure.filter((u) => u !== undefined),
      [],
    );
    const store = ours.resources.find((r) => r.kind === 'StorageAccount')!;
    assert.deepEqual((store.metadata as JsonObject).labels, {
      port: 8080,
      on: true,
      both: 'p-svc:8080/true',
      map: '$(PORTS)',
      cost: '$5',
    });
    assert.deepEqual(store.spec, { location: '$(NAME)' });
    const real = kubectlFiles(files);
    if (real) {
      assert.equal(real.status, 0, real.stderr);
      assert.deepEqual(sorted(docs(real.stdout)), sorted(ours.resources), 'kubectl writes the same');
    }
  });

  test('an item of `args` that is not a string: kubectl stops, an Error where the vars are declared', () => {
    const files = mappingOverlay(['$(VAR_A)']);
    files['pod.yaml'] =
      'apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  containers:\n    - name: c\n      image: x\n      args: ["--port", 8080]\n';
    const a = new Analysis();
    for (const [p, t] of Object.entries(files)) a.indexFile(`file:///m/${p}`, t);
    const k = files['kustomization.yaml'];
    const got = a
      .fileDiagnostics('file:///m/kustomization.yaml', undefined, { complete: true })
      .filter((d) => d.code === 'kustomize-var-failed')
      .map((d) => `${severityOf(d)} ${k.slice(d.start, d.end).split('\n')[0]} ${d.message}`);
    assert.equal(got.length, 1, got.join('\n'));
    assert.match(
      got[0],
      /^error name: VAR_A `spec\/containers\/args` of Pod `p` \(\/m\/pod\.yaml\) holds an item that is not a string/,
    );
    assert.match(got[0], /invalid value type expect a string/);
    const real = kubectlFiles(files);
    if (real) assert.match(real.stderr, /invalid value type expect a string/);
  });
});

describe('an objref with a namespace', () => {
  test('names no resource of a cluster-scoped kind (its effective namespace is none): kubectl stops', () => {
    const files = {
      'kustomization.yaml':
        'resources:\n  - r.yaml\nvars:\n  - name: ROLE\n    objref:\n      apiVersion: rbac.authorization.k8s.io/v1\n      kind: ClusterRole\n      name: reader\n      namespace: default\n',
      'r.yaml': 'apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata:\n  name: reader\n',
    };
    const ours = renderFiles(files);
    assert.deepEqual(
      ours.errors.map((e) => `${e.code} ${e.unsure}`),
      ['kustomize-var-failed false'],
    );
    assert.match(ours.errors[0].message, /cannot be mapped to a field in the set of known resources/);
    const real = kubectlFiles(files);
    if (real) assert.match(real.stderr, /cannot be mapped to a field in the set of known resources/);
  });
});
