// Whether a document's text may be a CustomResourceDefinition, without parsing it: a CRD is never a
// manifest of ours, so the index and the one pass over a file leave such a document alone (a bundle of
// tens of MB is read for its kinds by js-yaml instead, sources.ts), and its own check runs when it is shown.
// Block style, or JSON (a CRD written as JSON, `kubectl get crd -o json`: YAML too).
const MAY_BE_CRD = /^kind:[ \t]*["']?CustomResourceDefinition\b|"kind"[ \t\r\n]*:[ \t\r\n]*"CustomResourceDefinition"/m;

export const mayHoldCrd = (text: string): boolean => text.includes('apiextensions.k8s.io') && MAY_BE_CRD.test(text);
