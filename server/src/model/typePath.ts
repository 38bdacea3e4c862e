// Types along a path of keys: one resolution for validation, completion and hover. A path steps into list
// items with `'[]'` and into map values with `'{}'`; `resolvePath` also takes any key of a map (paths as
// written in a document), `typeAt` only `'{}'` (paths of the model, as the validator builds them).
import type { Field, Type } from './types';

export interface Resolved {
  type?: Type;
  /** The field definition when the last step is a field of an object. */
  field?: Field;
  /** The last step is a key of a free map (e.g. a tag). */
  mapEntry?: boolean;
}

/**
 * Follows a path of keys (and `'[]'` for list items) from a type. Keys of maps step into the map's value
 * type, so the path can be the keys as written.
 */
export function resolvePath(root: Type, path: readonly string[]): Resolved {
  let t: Type | undefined = root;
  let field: Field | undefined;
  let mapEntry = false;
  for (const seg of path) {
    field = undefined;
    mapEntry = false;
    if (!t) return {};
    if (seg === '[]') t = t.kind === 'array' ? t.items : undefined;
    else if (t.kind === 'object') {
      field = t.fields[seg];
      t = field?.type;
    } else if (t.kind === 'map') {
      t = t.values;
      mapEntry = true;
    } else t = undefined;
  }
  return { type: t, field, mapEntry };
}

/** `spec.networkAcls.ipRules[].value` */
export function pathLabel(path: readonly string[]): string {
  let s = '';
  for (const seg of path) s += seg === '[]' ? '[]' : s ? `.${seg}` : seg;
  return s;
}

/** The type at a field path (`'[]'` steps into list items, `'{}'` into map values). */
export function typeAt(root: Type, path: readonly string[]): Type | undefined {
  let t: Type | undefined = root;
  for (const seg of path) {
    if (!t) return undefined;
    if (seg === '[]') t = t.kind === 'array' ? t.items : undefined;
    else if (seg === '{}') t = t.kind === 'map' ? t.values : undefined;
    else t = t.kind === 'object' ? t.fields[seg]?.type : undefined;
  }
  return t;
}
