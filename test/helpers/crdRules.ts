// A CRD of one rule and what the product says of it: on the CRD (its own `crd-rule…` problems, with the text
// they squiggle) and on a manifest of its kind. Shared by the tests of CRD rules' refusals and gates.
import { Analysis } from '../../server/src/service/analysis';
import { severityOf } from '../../server/src/service/core/diag';
import { crdText } from './manifests';

/**
 * A CRD of group example.org, version v1, whose `spec` carries `rule` (with its `message` when given) beside
 * `properties`, written at the indentation of a property (16 spaces).
 */
export const oneRuleCrd = (o: { kind: string; plural: string; rule: string; message?: string; properties: string }) =>
  crdText({
    group: 'example.org',
    kind: o.kind,
    plural: o.plural,
    spec: `              x-kubernetes-validations:
                - rule: ${JSON.stringify(o.rule)}
${o.message ? `                  message: ${o.message}\n` : ''}              properties:
${o.properties}`,
  });

/** The CRD's own problems whose code starts with `prefix`: code, severity, the text squiggled and the message. */
export function crdProblems(text: string, a: Analysis = new Analysis(), prefix = 'crd-rule') {
  return a
    .fileDiagnostics('file:///w/crd.yaml', a.parse(text))
    .filter((d) => d.code.startsWith(prefix))
    .map((d) => ({ code: d.code, severity: severityOf(d), at: text.slice(d.start, d.end), message: d.message }));
}

/** The `crd-…` diagnostics of a manifest of `kind` (group example.org, v1) whose spec is `spec`, under `crd`. */
export function manifestProblems(crd: string, kind: string, spec: string, a: Analysis = new Analysis()) {
  a.indexFile('file:///w/crd.yaml', crd);
  a.applyCrds();
  const text = `apiVersion: example.org/v1\nkind: ${kind}\nmetadata: {name: p}\nspec:\n${spec}`;
  return a
    .fileDiagnostics('file:///w/p.yaml', a.parse(text))
    .filter((d) => d.code.startsWith('crd-'))
    .map((d) => ({ code: d.code, severity: severityOf(d), message: d.message }));
}
