// The `x-kubernetes-validations` a CRD schema writes inside `allOf`, which the API server runs as the node's
// own (its validator's TestValidationExpressionsAtSchemaLevels: "allOf rule", "allOf.items",
// "allOf.properties"…): an entry's rules apply to the node, its `properties`, `items` and
// `additionalProperties` to the node's. `anyOf`, `oneOf` and `not` are not read (the API server ignores
// their rules too).
type Json = Record<string, unknown>;

const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Entries read at most (a bundle is untrusted input: nested `allOf` could multiply the work). */
const MAX_ENTRIES = 1_000;

/** The `allOf` entries of `s`, those nested in them included (in order), up to MAX_ENTRIES. */
export function allOfEntries(s: Json): Json[] {
  const out: Json[] = [];
  const visit = (n: Json) => {
    if (!Array.isArray(n.allOf)) return;
    for (const a of n.allOf) {
      if (!isObj(a) || out.length >= MAX_ENTRIES) continue;
      out.push(a);
      visit(a);
    }
  };
  visit(s);
  return out;
}

/** Appends `extra` to the `allOf` of `child` (a copy), so the child's own reading finds their rules. */
const withEntry = (child: unknown, extra: Json): unknown =>
  isObj(child) ? { ...child, allOf: [...(Array.isArray(child.allOf) ? child.allOf : []), extra] } : child;

/**
 * `s` with the `properties`, `items` and `additionalProperties` of its `allOf` entries added to its own
 * children's `allOf` (a copy; `s` itself when it has no `allOf`). Only children the schema declares gain
 * rules: a structural schema declares every property an `allOf` entry names.
 */
export function withAllOfChildren(s: Json): Json {
  const entries = allOfEntries(s);
  if (entries.length === 0) return s;
  const out: Json = { ...s };
  let props = isObj(s.properties) ? s.properties : undefined;
  for (const e of entries) {
    if (props && isObj(e.properties)) {
      props = { ...props };
      for (const [k, v] of Object.entries(e.properties)) if (k in props && isObj(v)) props[k] = withEntry(props[k], v);
    }
    if (isObj(e.items)) out.items = withEntry(out.items, e.items);
    if (isObj(e.additionalProperties))
      out.additionalProperties = withEntry(out.additionalProperties, e.additionalProperties);
  }
  if (props) out.properties = props;
  return out;
}
