// A manifest of a CRD kind read through the product as a user's file would be: the CRD (`properties` of its
// spec as given) indexed and applied once, then each manifest's diagnostics (the format tests' set-up).
import { Analysis } from '../../server/src/service/analysis';
import type { Diag } from '../../server/src/service/core/diag';
import { crdText } from './manifests';

/** The diagnostics a manifest of the kind gets, given the YAML lines of its `spec`. */
export function crdDiagnostics(kind: string, properties: string): (spec: string) => Diag[] {
  const lower = kind.toLowerCase();
  const a = new Analysis();
  a.indexFile(
    'file:///w/crd.yaml',
    crdText({ group: 'example.org', kind, plural: `${lower}s`, spec: `              properties:\n${properties}` }),
  );
  a.applyCrds();
  return (spec) =>
    a.fileDiagnostics(
      'file:///w/n.yaml',
      a.parse(`apiVersion: example.org/v1\nkind: ${kind}\nmetadata: {name: ${lower}}\nspec:\n${spec}`),
    );
}

/** The codes a manifest of the kind gets. */
export function formatCodes(kind: string, properties: string): (spec: string) => string[] {
  const diagnostics = crdDiagnostics(kind, properties);
  return (spec) => diagnostics(spec).map((d) => d.code);
}
