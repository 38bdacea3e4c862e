// Where `kubectl kustomize` follows a renamed object into the fields that name it: Kustomize's built-in
// nameReference configuration, kept as data in kustomizeNameReference.json by scripts/gen-kustomize-namerefs.ts.
// Read on first use.

/** A field of a referrer kind that holds a name (`path`: slash-separated, lists walked into). */
export interface NameReferenceSpec {
  readonly path: string;
  readonly group?: string;
  readonly version?: string;
  readonly kind?: string;
}

/** A kind that may be renamed, and the fields of other kinds that name it. */
export interface NameReference {
  readonly group?: string;
  readonly version?: string;
  readonly kind?: string;
  readonly fieldSpecs: readonly NameReferenceSpec[];
}

export const kustomizeNameReferences = (): readonly NameReference[] =>
  require('./kustomizeNameReference.json') as NameReference[];
