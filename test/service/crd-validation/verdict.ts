// What a user sees of a ported case of the apiextensions CEL validator's tests: a CRD whose schema is the
// case's (under `spec`, or the whole object for a root case) and a manifest of its kind holding the case's
// object, read by the product; the diagnostics of the CRD's rules on both, as one verdict.
import { Analysis } from '../../../server/src/service/analysis';
import { severityOf } from '../../../server/src/service/core/diag';
import { openApi, type Structural, yamlOf } from './schema';

export interface Seen {
  code: string;
  severity: string;
  message: string;
  /** On the CRD (a rule refused) rather than on the manifest. */
  onCrd: boolean;
}

export interface Setup {
  schema: Structural;
  obj: unknown;
  /** The committed version of the object (transition rules), if any. */
  oldObj?: unknown;
  /** `schema` is the whole object's (`self` is the manifest), not its `spec`'s. */
  isRoot?: boolean;
  kind?: string;
}

const GROUP = 'example.org';

function crdText(s: Setup, kind: string): string {
  const root = s.isRoot ? openApi(s.schema) : { type: 'object', properties: { spec: openApi(s.schema) } };
  return `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: ${kind.toLowerCase()}s.${GROUP}
spec:
  group: ${GROUP}
  names: {kind: ${kind}, plural: ${kind.toLowerCase()}s}
  scope: Namespaced
  versions:
    - name: v1
      served: true
      storage: true
      schema:
        openAPIV3Schema: ${yamlOf(root)}
`;
}

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * `v` as the API server stores it before the rules run: fields its schema does not declare pruned (an object
 * with `properties` that does not preserve unknown fields; an embedded resource's metadata is ObjectMeta and
 * kept). validation_test.go hands some objects to the validator unpruned; a manifest reaching our check with
 * such a field would be reported as unknown and its node not judged by its rules.
 */
function pruned(v: unknown, schema: unknown): unknown {
  if (!isObj(schema)) return v;
  if (Array.isArray(v)) return v.map((x) => pruned(x, schema.items));
  // A plain object only (a GoFloat is a number).
  if (!isObj(v) || Object.getPrototypeOf(v) !== Object.prototype) return v;
  const props = isObj(schema.properties) ? schema.properties : undefined;
  const addl = schema.additionalProperties;
  const keepAll = schema['x-kubernetes-preserve-unknown-fields'] === true || !props;
  const embedded = schema['x-kubernetes-embedded-resource'] === true;
  const out: Json = {};
  for (const [k, x] of Object.entries(v)) {
    if (props && k in props) out[k] = embedded && k === 'metadata' ? x : pruned(x, props[k]);
    else if (embedded && (k === 'apiVersion' || k === 'kind' || k === 'metadata')) out[k] = x;
    else if (!props && isObj(addl)) out[k] = pruned(x, addl);
    else if (keepAll) out[k] = x;
  }
  return out;
}

function manifest(obj: unknown, s: Setup, kind: string): string {
  const schema = openApi(s.schema);
  if (s.isRoot) {
    // A resource's root keeps its apiVersion, kind and metadata whatever its schema declares.
    const { apiVersion, kind: k, metadata } = obj as Json;
    return `${yamlOf({ apiVersion, kind: k, metadata, ...(pruned(obj, schema) as Json) })}\n`;
  }
  return `apiVersion: ${GROUP}/v1\nkind: ${kind}\nmetadata: {name: m}\nspec: ${yamlOf(pruned(obj, schema))}\n`;
}

/**
 * What the API server checks of a CRD's entries when the CRD is applied, which validation_test.go skips (it
 * runs the validator on a schema directly): a rule on several lines without a `message`, and rules inside
 * `allOf`/`anyOf`/`oneOf`/`not` (a structural schema has none). A CRD holding them is refused
 * (`crd-rule-entry`, test/service/crdRuleEntries.test.ts); their evaluation is what these cases test.
 */
const SKIPPED_BY_THE_VALIDATOR =
  /message must be specified if rule contains line breaks|must be empty to be structural/;

/** The diagnostics of the CRD's rules: its own (`crd-…` on the CRD) and the manifest's (`crd-…`, and errors). */
export function seen(s: Setup): Seen[] {
  // A root case's object names its kind (the CRD defines that kind, so the manifest is of it).
  const objKind =
    s.isRoot && typeof s.obj === 'object' && s.obj !== null ? (s.obj as { kind?: unknown }).kind : undefined;
  const kind = s.kind ?? (typeof objKind === 'string' ? objKind : 'Probe');
  const a = new Analysis();
  const crd = crdText(s, kind);
  a.indexFile('file:///w/crd.yaml', crd);
  a.applyCrds();
  const uri = 'file:///w/m.yaml';
  if (s.oldObj !== undefined && s.oldObj !== null)
    a.setBase(uri, { text: manifest(s.oldObj, s, kind), ref: 'HEAD', commit: 'abc1234' });
  const out: Seen[] = [];
  for (const d of a.fileDiagnostics('file:///w/crd.yaml', a.parse(crd)))
    if (d.code.startsWith('crd-') && !SKIPPED_BY_THE_VALIDATOR.test(d.message))
      out.push({ code: d.code, severity: severityOf(d), message: d.message, onCrd: true });
  // On the manifest, the rules' verdicts and any error of the schema's own (a value of the wrong type).
  for (const d of a.fileDiagnostics(uri, a.parse(manifest(s.obj, s, kind))))
    if (d.code.startsWith('crd-') || severityOf(d) === 'error')
      out.push({ code: d.code, severity: severityOf(d), message: d.message, onCrd: false });
  return out;
}
