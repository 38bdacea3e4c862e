// Duplicate mapping keys, found in linear time. The `yaml` parser's `uniqueKeys` option compares each key
// with every earlier key of its mapping, which is quadratic: a mapping of 50,000 keys took 15 s to parse
// with it and 0.58 s without. We parse without it and report the same errors (code, message, position) from
// one pass over the tree with a set of key values per mapping.
import { isAlias, isMap, isPair, isScalar, isSeq, YAMLParseError, type Document } from 'yaml';

/**
 * Adds to `doc.errors` a `DUPLICATE_KEY` error for every key equal to an earlier key of its mapping, as
 * the parser's `uniqueKeys: true` does: scalar keys with the same value (`null` and `~` are equal, `1` and
 * `"1"` are not; merge keys `<<` never are); collections and aliases as keys never equal another key.
 */
export function addDuplicateKeyErrors(doc: Document.Parsed): void {
  const found: YAMLParseError[] = [];
  const stack: unknown[] = [doc.contents];
  while (stack.length > 0) {
    const node = stack.pop();
    if (isMap(node)) {
      const items = node.items;
      const seen = items.length > 1 ? new Set<unknown>() : undefined;
      for (const pair of items) {
        const key = pair.key;
        if (seen && isScalar(key)) {
          const v = key.value;
          // NaN equals nothing (`===`), and each merge key is its own Symbol.
          if (v === v) {
            if (seen.has(v)) {
              const at = key.range?.[0] ?? 0;
              found.push(new YAMLParseError([at, at + 1], 'DUPLICATE_KEY', 'Map keys must be unique'));
            } else seen.add(v);
          }
        }
        if (key !== null && typeof key === 'object' && !isScalar(key) && !isAlias(key)) stack.push(key);
        const value = pair.value;
        if (value !== null && typeof value === 'object' && !isScalar(value) && !isAlias(value)) stack.push(value);
      }
    } else if (isSeq(node)) {
      for (const item of node.items) {
        if (isPair(item)) stack.push(item.key, item.value);
        else if (item !== null && typeof item === 'object' && !isScalar(item) && !isAlias(item)) stack.push(item);
      }
    }
  }
  if (found.length === 0) return;
  // In position order among the parser's own errors, as the parser reports them while it reads.
  found.sort((a, b) => a.pos[0] - b.pos[0]);
  const merged: YAMLParseError[] = [];
  let i = 0;
  for (const e of doc.errors) {
    while (i < found.length && found[i].pos[0] < e.pos[0]) merged.push(found[i++]);
    merged.push(e);
  }
  while (i < found.length) merged.push(found[i++]);
  doc.errors.length = 0;
  for (const e of merged) doc.errors.push(e);
}
