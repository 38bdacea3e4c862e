// Whether a CRD's schema node, or a schema below it, has an error the API server finds before it looks at the
// node's CEL: apiextensions validation.go skips the CEL of a node ("If any schema related validation errors
// have been found at this level or deeper, skip CEL expression validation") when its own schema, or one of
// its children's, is refused — the CRD is refused for that error alone, and no rule of that node is compiled,
// typed or costed. Only what the API server surely refuses counts here (each from validation.go's
// ValidateCustomResourceDefinitionOpenAPISchema and specStandardValidatorV3.validate), and the entries of
// x-kubernetes-validations that are themselves refused (ruleEntries.ts). A version whose schema has a node
// without a type is not structural, and none of its rules is compiled; a schema not structural in another
// way is not counted (its rules are checked).
import type { SchemaPath } from '../../../../model/crd/schema';
import { entryProblems } from './ruleEntries';

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const nonEmpty = (v: unknown) => (isObj(v) ? Object.keys(v).length > 0 : Array.isArray(v) && v.length > 0);

/** openapiV3Types in validation.go (`null` is refused too: "use nullable"). */
const TYPES: ReadonlySet<string> = new Set(['array', 'boolean', 'integer', 'number', 'object', 'string']);

/** The schema errors of the node itself that the API server reports whatever else the CRD holds. */
function ownError(s: Json): boolean {
  const t = s.type;
  if (typeof t === 'string' && t !== '' && !TYPES.has(t)) return true;
  // additionalProperties and properties are mutual exclusive (additionalProperties: true aside).
  if (nonEmpty(s.properties) && s.additionalProperties !== undefined && s.additionalProperties !== true) return true;
  if (s.uniqueItems === true) return true;
  if (nonEmpty(s.patternProperties) || nonEmpty(s.definitions) || s.dependencies != null || s.$ref != null) return true;
  if ((typeof s.id === 'string' && s.id !== '') || s.additionalItems != null || Array.isArray(s.items)) return true;
  if (s['x-kubernetes-preserve-unknown-fields'] === false) return true;
  const mapType = s['x-kubernetes-map-type'];
  if (mapType != null && (t !== 'object' || (mapType !== 'atomic' && mapType !== 'granular'))) return true;
  const listType = s['x-kubernetes-list-type'];
  if (listType != null && (t !== 'array' || !['atomic', 'set', 'map'].includes(listType as string))) return true;
  const keys = s['x-kubernetes-list-map-keys'];
  if (nonEmpty(keys) && listType !== 'map') return true;
  if (listType === 'map' && !nonEmpty(keys)) return true;
  return false;
}

/** The sub-schemas the API server validates below a node, with their path steps. */
function* children(s: Json): Generator<[unknown, SchemaPath]> {
  if (isObj(s.properties)) for (const [k, v] of Object.entries(s.properties)) yield [v, ['properties', k]];
  if (isObj(s.items)) yield [s.items, ['items']];
  if (isObj(s.additionalProperties)) yield [s.additionalProperties, ['additionalProperties']];
  for (const k of ['allOf', 'anyOf', 'oneOf'])
    if (Array.isArray(s[k])) for (const [i, v] of (s[k] as unknown[]).entries()) yield [v, [k, i]];
  if (isObj(s.not)) yield [s.not, ['not']];
}

/**
 * Whether a version's schema is not structural for a reason the product also notes (`crd-schema`): a node of
 * it, the root, a property, an item or a map's values, without a `type` (and not `x-kubernetes-int-or-string`
 * or `x-kubernetes-preserve-unknown-fields`). The API server then compiles none of the version's rules
 * (schema/validation.go ValidateStructural: "must not be empty for specified object fields"; validation.go
 * makes no CEL context for a schema that fails it).
 */
function untyped(s: unknown, depth: number, seen: Set<object>): boolean {
  if (!isObj(s) || depth > 256 || seen.has(s)) return false;
  seen.add(s);
  const t = s.type;
  if ((typeof t !== 'string' || t === '') && s['x-kubernetes-int-or-string'] !== true)
    if (s['x-kubernetes-preserve-unknown-fields'] !== true || s['x-kubernetes-embedded-resource'] === true) return true;
  if (isObj(s.properties)) for (const v of Object.values(s.properties)) if (untyped(v, depth + 1, seen)) return true;
  return untyped(s.items, depth + 1, seen) || untyped(s.additionalProperties, depth + 1, seen);
}

/** The schema errors of one CRD document's schemas, each node computed once. */
export class SchemaErrors {
  private memo = new WeakMap<object, boolean>();
  private versions = new Map<unknown, boolean>();
  constructor(private readonly crd: unknown) {}

  /** Whether the version whose schema holds the node at `path` (from the CRD's root) is not structural. */
  versionNotStructural(path: SchemaPath): boolean {
    let root: unknown = this.crd;
    for (const k of path.slice(0, 5))
      root = isObj(root) || Array.isArray(root) ? (root as Json)[k as string] : undefined;
    let known = this.versions.get(root);
    if (known === undefined) this.versions.set(root, (known = untyped(root, 0, new Set())));
    return known;
  }

  /** Whether the schema `node` at `path` (from the CRD's root) or one below it has a schema error. */
  within(node: unknown, path: SchemaPath, depth = 0): boolean {
    if (!isObj(node) || depth > 256) return false;
    const known = this.memo.get(node);
    if (known !== undefined) return known;
    this.memo.set(node, false); // a schema reached again through an alias is not walked twice
    let bad = ownError(node);
    if (!bad && Array.isArray(node['x-kubernetes-validations']))
      // The entries' own problems (blank rule, message, reason, fieldPath): schema errors, not CEL's.
      bad = entryProblems(this.crd, path, () => undefined).length > 0;
    if (!bad)
      for (const [child, steps] of children(node))
        if (this.within(child, [...path, ...steps], depth + 1)) {
          bad = true;
          break;
        }
    this.memo.set(node, bad);
    return bad;
  }
}
