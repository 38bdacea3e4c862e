// The objects of a file's two versions, paired: for each manifest of the current text, the same object in
// the committed text (group, kind, namespace and name), or, where the name changed in the same change, the
// committed object it replaces (same group, kind and namespace, gone from the new text, at the same place
// among the file's documents or with the same `cloudName`). Only documents whose text changed are parsed.
import { parseDocument, type Document } from 'yaml';
import { splitDocuments } from '../../core/parse';

export interface VersionObject {
  /** Offset of the document in its file. */
  offset: number;
  /** Its position among the file's documents. */
  position: number;
  /** The document's text (unchanged documents are skipped by it). */
  text: string;
  doc: Document.Parsed;
  value: Record<string, unknown>;
  group: string;
  kind: string;
  namespace: string;
  name: string;
}

export interface Pair {
  now: VersionObject;
  then: VersionObject;
  /** The committed object had another `metadata.name`: the change deletes it and creates this one. */
  renamed: boolean;
}

const isPlain = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A document's object and identity, or undefined when it is no Kubernetes object (or does not parse). */
export function objectOf(chunk: { offset: number; text: string }, position: number): VersionObject | undefined {
  // The text is a resource's own: no alias expands past the parser's default limit, nesting is bounded.
  let doc: Document.Parsed;
  let value: unknown;
  try {
    doc = parseDocument(chunk.text, { merge: true, uniqueKeys: false, prettyErrors: false, strict: true });
    if (doc.errors.length > 0) return undefined;
    value = doc.toJS({ maxAliasCount: 100 });
  } catch {
    return undefined;
  }
  if (!isPlain(value) || typeof value.apiVersion !== 'string' || typeof value.kind !== 'string') return undefined;
  const meta = isPlain(value.metadata) ? value.metadata : {};
  if (typeof meta.name !== 'string' || meta.name === '') return undefined;
  const slash = value.apiVersion.lastIndexOf('/');
  return {
    offset: chunk.offset,
    position,
    text: chunk.text,
    doc,
    value,
    group: slash < 0 ? '' : value.apiVersion.slice(0, slash),
    kind: value.kind,
    namespace: typeof meta.namespace === 'string' ? meta.namespace : '',
    name: meta.name,
  };
}

const idOf = (o: Pick<VersionObject, 'group' | 'kind' | 'namespace' | 'name'>) =>
  `${o.group}\u0000${o.kind}\u0000${o.namespace}\u0000${o.name}`;
const placeOf = (o: Pick<VersionObject, 'group' | 'kind' | 'namespace'>) =>
  `${o.group}\u0000${o.kind}\u0000${o.namespace}`;

const cloudNameOf = (o: VersionObject): string | undefined => {
  const spec = o.value.spec;
  return isPlain(spec) && typeof spec.cloudName === 'string' && spec.cloudName !== '' ? spec.cloudName : undefined;
};

/** A file's changed objects: those with a committed counterpart, and those new in the change. */
export interface Paired {
  pairs: Pair[];
  /**
   * Objects the committed text has no object of (no same identity, no renamed one): the API server creates
   * them. A renamed object is created too (its pair says `renamed`).
   */
  created: VersionObject[];
}

/**
 * The pairs of a file's current and committed texts whose documents differ. A document whose text is
 * unchanged (the common case: one resource of many edited) is neither parsed nor compared: only the
 * documents that differ on either side are, so an edit costs what it touches.
 */
export function pairObjects(now: string, then: string): Paired {
  if (now === then) return { pairs: [], created: [] };
  const nowChunks = splitDocuments(now);
  const thenChunks = splitDocuments(then);
  // The committed documents each text stands at, taken by the current documents of the same text in turn.
  const byText = new Map<string, number[]>();
  thenChunks.forEach((c, i) => {
    const at = byText.get(c.text);
    if (at) at.push(i);
    else byText.set(c.text, [i]);
  });
  const matched = new Set<number>();
  const changedNow: VersionObject[] = [];
  nowChunks.forEach((c, i) => {
    const at = byText.get(c.text);
    if (at && at.length > 0) {
      matched.add(at.shift()!);
      return;
    }
    const o = objectOf(c, i);
    if (o) changedNow.push(o);
  });
  if (changedNow.length === 0) return { pairs: [], created: [] };
  // A committed document whose text is still in the file is unchanged: not gone, not paired.
  const thenObjects = thenChunks.flatMap((c, i) => {
    if (matched.has(i)) return [];
    const o = objectOf(c, i);
    return o ? [o] : [];
  });
  const thenById = new Map(thenObjects.map((o) => [idOf(o), o]));
  const nowIds = new Set(changedNow.map(idOf));
  const pairs: Pair[] = [];
  const taken = new Set<VersionObject>();
  const created: VersionObject[] = [];
  for (const o of changedNow) {
    const same = thenById.get(idOf(o));
    if (same) {
      pairs.push({ now: o, then: same, renamed: false });
      taken.add(same);
    }
  }
  // The committed objects that may have been renamed (gone from the new text), by place and cloud name and
  // by place and position: a file of 3,000 renamed documents pairs them in linear time (a scan of every
  // gone object for each new one cost 9 million comparisons there).
  const byCloud = new Map<string, { list: VersionObject[]; next: number }>();
  const byPosition = new Map<string, VersionObject>();
  for (const t of thenObjects) {
    if (taken.has(t) || nowIds.has(idOf(t))) continue;
    const cloud = cloudNameOf(t);
    if (cloud !== undefined) {
      const key = `${placeOf(t)}\u0000${cloud}`;
      const at = byCloud.get(key);
      if (at) at.list.push(t);
      else byCloud.set(key, { list: [t], next: 0 });
    }
    byPosition.set(`${placeOf(t)}\u0000${t.position}`, t);
  }
  /** The first object of a cloud name's list not taken yet (taken ones are passed for good). */
  const firstUntaken = (key: string): VersionObject | undefined => {
    const at = byCloud.get(key);
    if (!at) return undefined;
    while (at.next < at.list.length && taken.has(at.list[at.next])) at.next++;
    return at.list[at.next];
  };
  for (const o of changedNow) {
    if (thenById.has(idOf(o))) continue;
    // A new name: the committed object of the same kind that is gone, with the same cloud name, else where
    // it stood among the documents.
    const cloud = cloudNameOf(o);
    const atPosition = byPosition.get(`${placeOf(o)}\u0000${o.position}`);
    const before =
      (cloud !== undefined ? firstUntaken(`${placeOf(o)}\u0000${cloud}`) : undefined) ??
      (atPosition && !taken.has(atPosition) ? atPosition : undefined);
    if (before) {
      pairs.push({ now: o, then: before, renamed: true });
      taken.add(before);
    } else created.push(o);
  }
  return { pairs, created };
}
