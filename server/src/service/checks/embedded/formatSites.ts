// Where a manifest embeds another language: the string values whose model type names it as their format
// (`format: 'promql'`, `format: 'cel'`). The rules that check them and the editor's completion and hover
// inside them find them here, from the model, never by kind and path.
import { isMap, isPair, isScalar, isSeq, type Scalar, type YAMLMap } from 'yaml';
import type { StringFormat, Type } from '../../../model/types';
import { keyName } from '../../core/yamlNodes';

export interface FormatSite {
  /** The string scalar holding the expression. */
  node: Scalar;
  /** Its path as messages name it: `spec.rules[0].expression`. */
  label: string;
  /** The mapping it is a value of (its siblings: a CEL expression's `key`). */
  parent: YAMLMap;
  /** The key path with list items as `[]`: `spec.operatorSpec.secretExpressions.[].value`. */
  path: string[];
}

/** Per model type: whether a string of each format lies somewhere below it (memo on immutable model values). */
const formatsBelow = new WeakMap<object, ReadonlySet<StringFormat>>();

function formatsOf(t: Type): ReadonlySet<StringFormat> {
  if (t.kind === 'string') return new Set(t.format ? [t.format] : []);
  if (t.kind === 'array') return formatsOf(t.items);
  if (t.kind === 'map') return formatsOf(t.values);
  if (t.kind !== 'object') return new Set();
  const hit = formatsBelow.get(t);
  if (hit) return hit;
  const found = new Set<StringFormat>();
  formatsBelow.set(t, found); // a recursive type: what is found so far
  for (const f of Object.values(t.fields)) for (const x of formatsOf(f.type)) found.add(x);
  return found;
}

/** Whether any value of type `t` (at any depth) has format `format`. */
export const holdsFormat = (t: Type, format: StringFormat): boolean => formatsOf(t).has(format);

/**
 * The string values of format `format` in a manifest (`root`, of model type `type`), in the order they are
 * written; of duplicated keys, the first (as every check reads them).
 */
export function formatSites(root: YAMLMap, type: Type, format: StringFormat): FormatSite[] {
  const out: FormatSite[] = [];
  walk(root, type, format, '', [], root, out);
  return out;
}

function walk(
  node: unknown,
  t: Type,
  format: StringFormat,
  label: string,
  path: string[],
  parent: YAMLMap,
  out: FormatSite[],
): void {
  if (!holdsFormat(t, format)) return;
  const at = (key: string) => (label ? `${label}.${key}` : key);
  if (t.kind === 'object' && isMap(node)) {
    // The keys written, not the model's fields: a manifest writes a few of its kind's many fields, and each
    // field looked up would scan the mapping. Of a key written twice, the first (as every check reads it).
    const seen = new Set<string>();
    for (const it of node.items) {
      const name = isPair(it) ? keyName(it) : undefined;
      if (name === undefined || seen.has(name)) continue;
      seen.add(name);
      const f = Object.hasOwn(t.fields, name) ? t.fields[name] : undefined;
      if (f && holdsFormat(f.type, format)) walk(it.value, f.type, format, at(name), [...path, name], node, out);
    }
  } else if (t.kind === 'map' && isMap(node)) {
    for (const it of node.items) {
      const name = isPair(it) ? keyName(it) : undefined;
      if (name !== undefined) walk(it.value, t.values, format, at(name), [...path, name], node, out);
    }
  } else if (t.kind === 'array' && isSeq(node)) {
    node.items.forEach((it, i) => walk(it, t.items, format, `${label}[${i}]`, [...path, '[]'], parent, out));
  } else if (t.kind === 'string' && t.format === format && isScalar(node) && typeof node.value === 'string') {
    out.push({ node: node as Scalar, label, parent, path });
  }
}
