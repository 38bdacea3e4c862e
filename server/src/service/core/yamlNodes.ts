// Small accessors over the `yaml` AST shared by the walker, the rules, completion and hover.
import { isAlias, isMap, isPair, isScalar, isSeq, type Document, type Node, type Pair, type YAMLMap } from 'yaml';

export type Span = [start: number, end: number];

export function spanOf(node: unknown): Span {
  const r = (node as { range?: [number, number, number] } | null)?.range;
  return r ? [r[0], r[1]] : [0, 0];
}

/**
 * Where a key is shown: its span, or for an empty key (`: x`, whose node is empty and placed where the entry's
 * line, or a comment above it, begins) the `:` after it, so that the diagnostic is on the entry's own line,
 * where a disable comment above it applies.
 */
export function keySpanOf(text: string | undefined, key: unknown): Span {
  const span = spanOf(key);
  if (span[1] > span[0] || text === undefined) return span;
  let i = span[0];
  for (;;) {
    while (i < text.length && /[ \t\r\n]/.test(text[i])) i++;
    if (text[i] !== '#') break;
    const lf = text.indexOf('\n', i);
    if (lf < 0) return span;
    i = lf + 1;
  }
  return text[i] === ':' ? [i, i + 1] : span;
}

/** The string form of a scalar key, or undefined for complex keys. */
export function keyName(pair: Pair): string | undefined {
  const k = pair.key;
  // With merge keys on, the key of `<<: *base` holds a symbol.
  if (isScalar(k)) return k.value === null ? '' : typeof k.value === 'symbol' ? '<<' : String(k.value);
  if (typeof k === 'string') return k;
  return undefined;
}

/**
 * A key of a mapping and its value. For a key written in the mapping this is the `Pair` itself (no copy:
 * every check asks for entries); for one merged in through `<<`, `key` is that merge key.
 */
export interface Entry {
  readonly key: Node;
  readonly value: Node | null;
  /** The entry comes from a `<<` merge key (`key` is then that merge key). */
  readonly merged?: boolean;
}

const asEntry = (pair: Pair): Entry => pair as unknown as Entry;

/** The entry of `key` in a mapping node. */
export function entry(map: unknown, key: string): Entry | undefined {
  if (!isMap(map)) return undefined;
  for (const item of map.items) {
    if (isPair(item) && keyName(item) === key) return asEntry(item);
  }
  return undefined;
}

/** Follows a path of keys and indexes from a node; undefined when any step is missing. */
export function nodeAt(root: unknown, path: (string | number)[]): Node | null | undefined {
  let cur: unknown = root;
  for (const seg of path) {
    if (typeof seg === 'number') {
      if (!isSeq(cur)) return undefined;
      cur = cur.items[seg];
    } else {
      const e = entry(cur, seg);
      if (!e) return undefined;
      cur = e.value;
    }
    if (cur === undefined) return undefined;
  }
  return cur as Node | null;
}

/** A scalar's value, or undefined for anything else (null scalars give null). */
export function scalarValue(node: unknown): unknown {
  return isScalar(node) ? node.value : undefined;
}

/**
 * Plain `yes`/`no`/`on`/`off`/`y`/`n` (any case) are booleans for the cluster: kubectl reads manifests
 * with YAML 1.1 rules (sigs.k8s.io/yaml), while the parser here reads YAML 1.2 strings.
 */
const YAML11_BOOL = /^(?:y|Y|yes|Yes|YES|on|On|ON|n|N|no|No|NO|off|Off|OFF)$/;
export function clusterValue(node: unknown): { value: unknown; yaml11?: boolean } {
  if (!isScalar(node)) return { value: undefined };
  const v = node.value;
  if (node.type === 'PLAIN' && typeof v === 'string' && YAML11_BOOL.test(v))
    return { value: /^(?:y|yes|on)$/i.test(v), yaml11: true };
  return { value: v };
}

/** True when a value node is absent or an explicit null (`key:` just typed). */
export const isNullish = (node: unknown): boolean =>
  node === null || node === undefined || (isScalar(node) && node.value === null);

/** Resolves an alias to its anchored node. */
export function resolveAlias(doc: Document, node: unknown): unknown {
  if (isAlias(node)) {
    try {
      return node.resolve(doc);
    } catch {
      return undefined;
    }
  }
  return node;
}

/** Keys a mapping has, including those merged in through `<<` merge keys. */
export function presentKeys(doc: Document, map: YAMLMap): Map<string, Entry> {
  const out = new Map<string, Entry>();
  let merged: Pair[] | undefined;
  for (const item of map.items) {
    if (!isPair(item)) continue;
    const name = keyName(item);
    if (name === undefined) continue;
    if (name === '<<') (merged ??= []).push(item);
    else out.set(name, asEntry(item));
  }
  for (const m of merged ?? []) {
    const sources = isSeq(m.value) ? m.value.items : [m.value];
    for (const s of sources) {
      const target = resolveAlias(doc, s);
      if (!isMap(target)) continue;
      for (const it of target.items) {
        const n = isPair(it) ? keyName(it) : undefined;
        // A merged key counts as present, anchored at the merge key for ranges.
        if (n !== undefined && !out.has(n))
          out.set(n, { key: m.key as Node, value: it.value as Node | null, merged: true });
      }
    }
  }
  return out;
}

export const describeValue = (v: unknown): string => {
  if (v === null || v === undefined) return 'no value';
  if (typeof v === 'string') return `the string "${v.length > 60 ? v.slice(0, 57) + '…' : v}"`;
  if (typeof v === 'number') return `the number ${v}`;
  if (typeof v === 'boolean') return `the boolean ${v}`;
  return 'a value';
};

export const describeNode = (doc: Document, node: unknown): string => {
  const n = resolveAlias(doc, node);
  if (isMap(n)) return 'a mapping';
  if (isSeq(n)) return 'a list';
  if (isScalar(n)) return describeValue(n.value);
  return 'no value';
};
