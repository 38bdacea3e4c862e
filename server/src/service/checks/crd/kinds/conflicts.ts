// Two CRDs defining one kind (the same group and kind) differently: the cluster holds one CRD per kind, so
// one of them is not what the cluster has, and which one the checks use must not depend on the order the
// files were read in. The kinds are taken from the first by file path (sources.ts, registryOfKinds), and
// each of the two CRDs gets a warning naming the other and which one is used. Two identical copies (a
// vendored bundle beside its source) differ in nothing and get nothing.
import { CORE_SCHEMA, load } from 'js-yaml';
import type { KindDef } from '../../../../model/types';

/** One CRD document that defines a kind another CRD defines differently. */
export interface CrdConflict {
  /** The document's text (found again in its file's text to place the warning). */
  text: string;
  kind: string;
  group: string;
  /** The URI of the other CRD's file, and of the file whose CRD is used (first by path). */
  other: string;
  used: string;
}

/** Compares URIs as paths (the order registryOfKinds takes CRDs in). */
export const byUri = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The value with its keys sorted at every level: equal values give equal JSON. */
function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical);
  if (v && typeof v === 'object')
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
    );
  return v;
}

/** A CRD's `spec` as comparable text (undefined when it does not parse: its own check says so). */
function specOf(text: string): string | undefined {
  try {
    const value = load(text, { schema: CORE_SCHEMA, maxAliases: 1000, maxDepth: 1000 }) as { spec?: unknown };
    return JSON.stringify(canonical(value?.spec));
  } catch {
    return undefined;
  }
}

/**
 * The CRD documents that define a kind another one defines differently, by file URI. `files`: each file's
 * CRD documents and the kinds read from each. Only documents that share a group and kind are read in full.
 */
export function crdConflicts(
  files: Iterable<[string, { texts: readonly string[]; kinds: readonly (readonly KindDef[] | undefined)[] }]>,
): Map<string, CrdConflict[]> {
  const byKind = new Map<string, { uri: string; text: string; kind: string; group: string }[]>();
  for (const [uri, f] of files)
    f.texts.forEach((text, i) => {
      const def = f.kinds[i]?.[0];
      if (!def) return;
      const group = `${def.area}.${def.domain}`;
      const key = `${group}/${def.kind}`;
      const list = byKind.get(key) ?? [];
      list.push({ uri, text, kind: def.kind, group });
      byKind.set(key, list);
    });
  const out = new Map<string, CrdConflict[]>();
  for (const list of byKind.values()) {
    if (list.length < 2) continue;
    list.sort((a, b) => byUri(a.uri, b.uri));
    const used = list[0];
    const specs = list.map((d) => specOf(d.text));
    for (let i = 0; i < list.length; i++) {
      // Each document against the first one that differs from it (the used one, if it differs).
      const j = specs.findIndex((s, k) => k !== i && s !== specs[i]);
      if (j < 0 || specs[i] === undefined || specs[j] === undefined) continue;
      const d = list[i];
      const conflicts = out.get(d.uri) ?? [];
      conflicts.push({ text: d.text, kind: d.kind, group: d.group, other: list[j].uri, used: used.uri });
      out.set(d.uri, conflicts);
    }
  }
  return out;
}

/** Where the warning goes in a CRD document: its `spec.names.kind` value, else the document's first line. */
export function conflictSpan(text: string, c: CrdConflict): [number, number] {
  const at = text.indexOf(c.text);
  if (at < 0) return [0, 0];
  const names = /^[ \t]*names:/m.exec(c.text);
  const kindRe = /^[ \t]+kind:[ \t]*["']?([^\s"'#]+)/gm;
  kindRe.lastIndex = names ? names.index : 0;
  const m = kindRe.exec(c.text);
  if (m && m[1] === c.kind) {
    const start = at + m.index + m[0].length - m[1].length;
    return [start, start + m[1].length];
  }
  const firstLine = c.text.indexOf('\n');
  return [at, at + (firstLine < 0 ? c.text.length : firstLine)];
}
