// kubectl-validate's own test cases (kubernetes-sigs/kubectl-validate testcases/, see
// test/fixtures/kubectl-validate/NOTICE.md), read as its TestValidationErrorsIndividually reads them: the CRDs
// of `crds/` loaded together, each manifest document checked with the `metav1.Status` its leading comment
// holds. The product's verdict must be kubectl-validate's on every document of a CRD kind or that is a CRD:
// "Success" gets no error (and every rule is evaluated: no `crd-rule-not-run`), "Failure" gets an error for
// each cause, at its field and in its words (a rule's message, the unsupported value), and no other error.
// Documents of Kubernetes' own kinds (Pod, ConfigMap…, model/kube/) likewise, except that the product says
// each mistake once (kubectl-validate gives a wrong type and the enum it then misses as two causes) in its
// own words, at the cause's field; where the API server's verdict differs from kubectl-validate's, the
// product keeps the API server's (DIFFERS, with why).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { Analysis } from '../../server/src/service/analysis';
import { severityOf, type Diag } from '../../server/src/service/core/diag';
import { REPO } from '../helpers/files';

const ROOT = join(REPO, 'test', 'fixtures', 'kubectl-validate');

interface Cause {
  reason?: string;
  message?: string;
  field?: string;
}
interface Status {
  status: string;
  message?: string;
  details?: { kind?: string; causes?: Cause[] };
}

/** kubectl-validate's SplitYamlDocuments: the text between `---` lines. */
const documents = (text: string): string[] => text.split(/^---[ \t]*(?:\r?\n|$)/m);

/** The leading comment of a document, as JSON (kubectl-validate's expectation), or Success when empty. */
function expectation(doc: string): Status {
  if (!/^\s*[^\s#]/m.test(doc) && !/^#/m.test(doc)) return { status: 'Success' };
  const lines: string[] = [];
  for (const line of doc.split('\n')) {
    if (lines.length === 0 && line.trim() === '') continue;
    if (!line.startsWith('#')) break;
    lines.push(line.slice(1));
  }
  try {
    return JSON.parse(lines.join('\n')) as Status;
  } catch {
    // A document of comments only (kubectl-validate: an empty document) succeeds.
    return { status: 'Success' };
  }
}

const field = (doc: string, key: string): string | undefined =>
  new RegExp(`^${key}:[ \\t]*["']?([^"'\\s#]+)`, 'm').exec(doc)?.[1];

function loadCrds(): Analysis {
  const a = new Analysis();
  for (const name of readdirSync(join(ROOT, 'crds')).sort()) {
    const raw = readFileSync(join(ROOT, 'crds', name));
    const text = (name.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8');
    a.indexFile(`file:///kv/crds/${name.replace(/\.gz$/, '')}`, text);
  }
  a.applyCrds();
  return a;
}

const analysis = loadCrds();

/**
 * Documents of built-in kinds whose verdict by the API server differs from kubectl-validate's: the product's
 * expected diagnostics (codes) and why.
 */
const DIFFERS: Record<string, { codes: string[]; why: string }> = {
  'error_x_list_map_duplicate_key.yaml 1': {
    codes: [],
    why: 'a container port written twice is taken by the API server with a warning (pkg/api/pod/warnings.go), not refused',
  },
  'error_invalid_kind.yaml 1': {
    codes: [],
    why: 'a kind the release does not serve in a built-in group is not reported yet (the product says nothing rather than guess)',
  },
};

/** Whether the product checks this document: a kind the CRDs define, or a CRD itself. */
function inScope(doc: string): boolean {
  const apiVersion = field(doc, 'apiVersion');
  const kind = field(doc, 'kind');
  if (apiVersion?.startsWith('apiextensions.k8s.io/') && kind === 'CustomResourceDefinition') return true;
  return apiVersion !== undefined && analysis.registry.lookup(apiVersion, kind).status === 'ok';
}

/** A document of one of Kubernetes' own kinds. */
function builtIn(doc: string): boolean {
  const found = analysis.registry.lookup(field(doc, 'apiVersion'), field(doc, 'kind'));
  return found.status === 'ok' && !!found.def.kube;
}

/**
 * Whether one of our errors is this cause of kubectl-validate's, on a built-in kind: at its field (named
 * whole, or as a key of its parent: "`spec` has no field `x`", "`a` is missing required field `b`"), or
 * for a cause without a field (a document that does not decode), any error.
 */
function matchesBuiltIn(d: Diag, c: Cause): boolean {
  const at = c.field && c.field !== '<nil>' ? c.field : undefined;
  if (!at) return true;
  if (d.message.includes(`\`${at}\``) || d.message.includes(`\`${at}.`)) return true;
  const dot = at.lastIndexOf('.');
  const parent = dot < 0 ? '' : at.slice(0, dot);
  const last = at.slice(dot + 1);
  // `metadata.name` required of a manifest without metadata: the manifest misses `metadata`.
  if (at === 'metadata.name' && d.code === 'missing-required' && d.message.includes('`metadata`')) return true;
  return d.message.includes(`\`${last}\``) && (parent === '' || d.message.includes(`\`${parent}\``));
}

/** The detail of a cause, after the API server's `Invalid value: <value>: ` or `Unsupported value: ` prefix. */
const detail = (c: Cause): string => (c.message ?? '').replace(/^Invalid value: (?:-?\d+|"[^"]*"): /, '');

/** Whether one of our errors is this cause of kubectl-validate's. */
function matches(d: Diag, c: Cause): boolean {
  if (c.reason === 'FieldValueNotSupported') {
    // kubectl-validate converts a CRD to the internal version, whose path is `spec.validation.…`; the API
    // server (and the product) names `spec.versions[0].schema.…`: the same node, so the value is compared.
    const value = /^Unsupported value: ("[^"]*"|\S+)/.exec(c.message ?? '')?.[1] ?? '';
    return d.message.includes(`Unsupported value: ${value}`);
  }
  const at = c.field && c.field !== '<nil>' ? c.field : undefined;
  if (at && !d.message.includes(at)) return false;
  switch (c.reason) {
    case 'FieldValueDuplicate':
      return d.code === 'duplicate-item';
    default:
      return d.message.includes(detail(c).replace(/^Invalid value: /, ''));
  }
}

let checked = 0;
let skipped = 0;
for (const name of readdirSync(join(ROOT, 'manifests')).sort()) {
  const text = readFileSync(join(ROOT, 'manifests', name), 'utf8');
  describe(name, () => {
    documents(text).forEach((doc, i) => {
      const expected = expectation(doc);
      const label = `document ${i + 1}: ${expected.status}${expected.details?.causes ? ` (${expected.details.causes.map((c) => c.field).join(', ')})` : ''}`;
      const kind = field(doc, 'kind');
      if (kind === undefined) {
        // An empty document, or comments only: kubectl-validate and the product both say nothing.
        test(label, () => {
          assert.equal(expected.status, 'Success');
          const uri = `file:///kv/manifests/${name}-${i}.yaml`;
          assert.deepEqual(analysis.fileDiagnostics(uri, analysis.parse(doc)), []);
        });
        checked++;
        return;
      }
      if (!inScope(doc) && !DIFFERS[`${name} ${i + 1}`]) {
        skipped++;
        test(label, { skip: `${kind} is a built-in Kubernetes kind, not the product's` }, () => {});
        return;
      }
      if (builtIn(doc) || DIFFERS[`${name} ${i + 1}`]) {
        checked++;
        test(`${label}: ${kind} (built in)`, () => {
          const uri = `file:///kv/manifests/${name}-${i}.yaml`;
          const diags = analysis.fileDiagnostics(uri, analysis.parse(doc));
          const errors = diags.filter((d) => severityOf(d) === 'error');
          const shown = () => diags.map((d) => `${d.code}: ${d.message}`).join('\n');
          const differs = DIFFERS[`${name} ${i + 1}`];
          if (differs) {
            assert.deepEqual(
              errors.map((d) => d.code),
              differs.codes,
              `${differs.why}; the product:\n${shown()}`,
            );
            return;
          }
          if (expected.status === 'Success') {
            assert.deepEqual(errors, [], `kubectl-validate finds no error; the product:\n${shown()}`);
            return;
          }
          const causes = expected.details?.causes ?? [];
          assert.ok(causes.length > 0);
          for (const c of causes)
            assert.ok(
              errors.some((d) => matchesBuiltIn(d, c)),
              `kubectl-validate's "${c.field}: ${c.message}" not reported; the product:\n${shown()}`,
            );
          // One error per field at fault (kubectl-validate may give two causes for one mistake, one of them
          // without a field).
          const fields = new Set(causes.flatMap((c) => (c.field && c.field !== '<nil>' ? [c.field] : [])));
          assert.equal(errors.length, Math.max(fields.size, 1), `errors beyond kubectl-validate's:\n${shown()}`);
        });
        return;
      }
      checked++;
      test(`${label}: ${kind}`, () => {
        const uri = `file:///kv/manifests/${name}-${i}.yaml`;
        const diags = analysis.fileDiagnostics(uri, analysis.parse(doc));
        const errors = diags.filter((d) => severityOf(d) === 'error');
        const shown = () => diags.map((d) => `${d.code}: ${d.message}`).join('\n');
        assert.deepEqual(
          diags.filter((d) => d.code === 'crd-rule-not-run'),
          [],
          `a rule not evaluated:\n${shown()}`,
        );
        if (expected.status === 'Success') {
          assert.deepEqual(errors, [], `kubectl-validate finds no error; the product:\n${shown()}`);
          return;
        }
        const causes = expected.details?.causes ?? [];
        assert.ok(causes.length > 0);
        for (const c of causes)
          assert.ok(
            errors.some((d) => matches(d, c)),
            `kubectl-validate's "${c.field}: ${c.message}" not reported; the product:\n${shown()}`,
          );
        assert.equal(errors.length, causes.length, `errors beyond kubectl-validate's:\n${shown()}`);
      });
    });
  });
}

test('kubectl-validate: the documents the product checks and those of built-in kinds it skips', () => {
  assert.deepEqual({ checked, skipped }, { checked: 38, skipped: 0 });
});

test("kubectl-validate's error_crd_typo.yaml read as a CRD too: the CRD kind stays the API server's", () => {
  // In a workspace, the file is also a CRD the product reads: it defines `CustomResourceDefinition` in
  // `apiextensions.k8s.io`. Its own document is still checked as a CRD, not against its own schema.
  const a = new Analysis();
  const text = readFileSync(join(ROOT, 'manifests', 'error_crd_typo.yaml'), 'utf8');
  a.indexFile('file:///kv/typo.yaml', text);
  a.applyCrds();
  const errors = a.fileDiagnostics('file:///kv/typo.yaml', a.parse(text)).filter((d) => severityOf(d) === 'error');
  assert.deepEqual(
    errors.map((d) => [d.code, d.message]),
    [
      [
        'crd-schema-type',
        '`spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[message].type`: Unsupported value: "strign": supported values: "array", "boolean", "integer", "number", "object", "string". The API server refuses the CRD: write one of them.',
      ],
    ],
  );
});

test("kubectl-validate's CRDs: read without a problem, every rule compiled and run", () => {
  // jobset.yaml holds 1 rule (`x-kubernetes-validations`), cel_basic.yaml 2: none refused.
  for (const name of readdirSync(join(ROOT, 'crds')).sort()) {
    const raw = readFileSync(join(ROOT, 'crds', name));
    const text = (name.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8');
    const uri = `file:///kv/crds/${name.replace(/\.gz$/, '')}`;
    assert.deepEqual(
      analysis.fileDiagnostics(uri, analysis.parse(text)).map((d) => `${d.code}: ${d.message}`),
      [],
      name,
    );
  }
});
