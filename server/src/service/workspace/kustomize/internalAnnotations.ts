// Kustomize keeps its own annotations on every resource while it builds (and removes them from the output),
// so a JSON 6902 operation sees `metadata.annotations` on a resource written without any: `add` of
// `/metadata/annotations/x` applies there (checked with kubectl), where `/metadata/labels/x` fails.
import type { Json, JsonObject } from './jsonPatch';

const isObject = (v: Json | undefined): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The resource as the operations see it: an empty `metadata.annotations` where it has none. */
export function withAnnotations(r: JsonObject): JsonObject {
  const m = r.metadata;
  if (!isObject(m) || m.annotations !== undefined) return r;
  return { ...r, metadata: { ...m, annotations: {} } };
}

/** The resource as output: an annotations map the operations left empty is not written. */
export function withoutEmptyAnnotations(r: JsonObject): JsonObject {
  const m = r.metadata;
  if (!isObject(m) || !isObject(m.annotations) || Object.keys(m.annotations).length > 0) return r;
  const { annotations: _a, ...rest } = m;
  return { ...r, metadata: rest };
}
