// Fingerprints of problems, for code scanning (SARIF `partialFingerprints`) and `--baseline`: the same problem
// keeps its fingerprint when lines are inserted or removed around it, and two problems differ in it. It is made
// of the problem's code, the identity of the resource it is in (apiVersion's group, kind, namespace, name; for a
// document that names none, the file and the document's place in it) and the field path of where it is
// (`spec.containers[name=web].image`). Never the line, the column or the message (a message may quote a value
// or a position). Two problems alike in all three in one file get an ordinal, in the order of the file.
import { createHash } from 'node:crypto';
import { isAlias, isMap, isPair, isScalar, isSeq } from 'yaml';
import type { ParsedFile } from '../service/core/parse';
import { keyName } from '../service/core/yamlNodes';

/** The key of our fingerprint in SARIF `partialFingerprints` (and in the JSON report); v1: this recipe. */
export const FINGERPRINT_KEY = 'cloudManifests/v1';

/**
 * Characters: a longer document is not parsed for its fingerprints, which then name the file and the
 * document's place in it, and no field path. Parsing builds ~70 bytes a character and the analysis itself
 * does not parse every such document (a kustomization over its limit, kustomize/textLimit.ts): a 9 MB one
 * took 8 s and 800 MB here for one Information. No object the API server stores is this large.
 */
const MAX_FINGERPRINT_DOCUMENT = 1_000_000;

/** How deep a field path goes (far beyond any manifest; the nesting checks refuse deeper documents). */
const MAX_DEPTH = 64;

type Range = [number, number, number];
const rangeOf = (n: unknown): Range | undefined => (n as { range?: Range } | null)?.range ?? undefined;

const scalarText = (n: unknown): string | undefined =>
  isScalar(n) && (typeof n.value === 'string' || typeof n.value === 'number') ? String(n.value) : undefined;

const child = (map: unknown, key: string): unknown => {
  if (!isMap(map)) return undefined;
  for (const item of map.items) if (isPair(item) && keyName(item) === key) return item.value;
  return undefined;
};

/** A resource's identity, or for a document that names none, the file's and the document's place in it. */
function identityOf(file: string, root: unknown, index: number): string {
  const kind = scalarText(child(root, 'kind'));
  const apiVersion = scalarText(child(root, 'apiVersion')) ?? '';
  const metadata = child(root, 'metadata');
  const name = scalarText(child(metadata, 'name'));
  const namespace = scalarText(child(metadata, 'namespace')) ?? '';
  // The group only: a resource moved to a new version of its API is the same resource.
  const group = apiVersion.includes('/') ? apiVersion.slice(0, apiVersion.lastIndexOf('/')) : '';
  return kind !== undefined && name !== undefined
    ? `resource ${group} ${kind} ${namespace} ${name}`
    : `file ${file} document ${index}`;
}
/** The index of the last item whose start is at or before `at` (items are in the order of the text), or -1. */
function indexAt<T>(items: readonly T[], start: (item: T) => number, at: number): number {
  let lo = 0;
  let hi = items.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (start(items[mid]) <= at) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/**
 * An item of a list: by its `name` (a container, a port) or `metadata.name` (a List's manifest) when it has one,
 * stable when items are inserted before it; else by its place.
 */
function itemStep(item: unknown, index: number): string {
  const name = scalarText(child(item, 'name')) ?? scalarText(child(child(item, 'metadata'), 'name'));
  return name !== undefined ? `[name=${JSON.stringify(name)}]` : `[${index}]`;
}

/** The field path of the innermost node holding offset `at` (relative to the document). */
function fieldPath(root: unknown, at: number): string {
  let path = '';
  let node: unknown = root;
  for (let depth = 0; depth < MAX_DEPTH && !isAlias(node); depth++) {
    if (isMap(node)) {
      const pairStart = (p: unknown) => rangeOf(isPair(p) ? (p.key ?? p.value) : p)?.[0] ?? -1;
      const pair = node.items[indexAt(node.items, pairStart, at)];
      if (!pair || !isPair(pair)) break;
      const end = rangeOf(pair.value ?? pair.key)?.[2] ?? -1;
      if (at > end) break;
      path += `.${keyName(pair) ?? '?'}`;
      const keyEnd = rangeOf(pair.key)?.[2] ?? -1;
      if (at < keyEnd || pair.value === null) break;
      node = pair.value;
    } else if (isSeq(node)) {
      const i = indexAt(node.items, (item) => rangeOf(item)?.[0] ?? -1, at);
      if (i < 0 || at > (rangeOf(node.items[i])?.[2] ?? -1)) break;
      path += itemStep(node.items[i], i);
      node = node.items[i];
    } else break;
  }
  return path || '.';
}

/**
 * The fingerprint of each problem of a file (`problems` in the order of the file), as hex. `parsed` is the
 * file as the analysis parsed it (its bounds on nesting and size hold; a template is read as its mask, whose
 * offsets are the template's); `file` names it as reports do, and enters only the fingerprints of documents
 * that name no resource.
 */
export function fingerprints(
  file: string,
  parsed: ParsedFile,
  problems: readonly { start: number; code: string }[],
): string[] {
  const { docs, store } = parsed;
  const seen = new Map<string, number>();
  const out: string[] = [];
  let i = 0;
  while (i < problems.length) {
    const d = Math.max(
      0,
      indexAt(docs, (x) => x.offset, problems[i].start),
    );
    const doc = docs[d];
    const end = d + 1 < docs.length ? docs[d + 1].offset : Infinity;
    // One document's tree at a time, dropped once its problems have their fingerprints.
    store.readOnce(() => {
      const root = doc && doc.text.length <= MAX_FINGERPRINT_DOCUMENT ? doc.doc.contents : undefined;
      const identity = identityOf(file, root, d);
      for (; i < problems.length && (problems[i].start < end || !doc); i++) {
        const p = problems[i];
        const what = `${p.code}\n${identity}\n${fieldPath(root, p.start - (doc?.offset ?? 0))}`;
        const n = (seen.get(what) ?? 0) + 1;
        seen.set(what, n);
        out.push(
          createHash('sha256')
            .update(n === 1 ? what : `${what}\n${n}`, 'utf8')
            .digest('hex')
            .slice(0, 32),
        );
      }
    });
  }
  return out;
}
