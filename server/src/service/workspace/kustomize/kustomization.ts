// What a kustomization file names: the files it reads as patches (and their targets), the patches written
// inline, and what it asks Kustomize for that this service does not render (generators, components…).
// Read from the text alone (pure): paths stay as written, relative to the kustomization's folder.
import { isMap, isScalar, isSeq, parseAllDocuments, type Node, type Scalar } from 'yaml';
import { entry, scalarValue, spanOf, type Span } from '../../core/yamlNodes';
import { isOverPatchLimit } from './textLimit';

/** The names Kustomize looks for in a folder, in its order. */
export const KUSTOMIZATION_NAMES: readonly string[] = ['kustomization.yaml', 'kustomization.yml', 'Kustomization'];

export const isKustomizationUri = (uri: string): boolean =>
  KUSTOMIZATION_NAMES.includes(uri.slice(uri.lastIndexOf('/') + 1));

/** The resource a patch applies to, as `target:` selects it (absent: the patch names it itself). */
export interface PatchTarget {
  group?: string;
  version?: string;
  kind?: string;
  name?: string;
}

export interface PatchRef {
  /** The patch file, relative to the kustomization's folder. */
  path: string;
  target?: PatchTarget;
  /** Where the kustomization names it. */
  span: Span;
}

export interface InlinePatch {
  /** The block scalar holding the patch (its ranges are offsets in the kustomization's text). */
  node: Scalar;
  target?: PatchTarget;
}

export interface Kustomization {
  resources: string[];
  /** The local `resources` (and `bases`) entries with where each is written. */
  resourceRefs: { path: string; span: Span }[];
  patchFiles: PatchRef[];
  inlinePatches: InlinePatch[];
  /** The fields asking for what is not rendered, with where each is written. */
  unrendered: { what: string; span: Span }[];
}

/** Fields whose output render.ts does not render: what they make or change is not checked. */
const UNRENDERED: ReadonlySet<string> = new Set([
  'generators',
  'transformers',
  'validators',
  'helmCharts',
  'helmChartInflationGenerator',
  // They change how the rest is rendered (names rewritten in more fields, lists merged by key).
  'configurations',
  'crds',
  'openapi',
]);

/** A resource Kustomize fetches (a git repository or a URL): `github.com/…`, `https://…`, `git@…`, `?ref=`. */
export const REMOTE = /^(?:[a-z][a-z0-9+.-]*:\/\/|git@|github\.com\/|gitlab\.com\/|bitbucket\.org\/)|[?&]ref=/i;

/**
 * Whether a kustomization (its parsed value) asks for what is not rendered: a field of UNRENDERED, or a
 * remote resource. What such a kustomization renders may differ from ours, so a build error found in it is
 * not certain.
 */
export function asksUnrendered(k: { [key: string]: unknown }): boolean {
  for (const key of Object.keys(k)) if (UNRENDERED.has(key)) return true;
  for (const list of [k.resources, k.bases])
    if (Array.isArray(list)) for (const e of list) if (typeof e === 'string' && REMOTE.test(e)) return true;
  return false;
}

function targetOf(node: unknown): PatchTarget | undefined {
  if (!isMap(node)) return undefined;
  const t: PatchTarget = {};
  for (const k of ['group', 'version', 'kind', 'name'] as const) {
    const v = scalarValue(entry(node, k)?.value);
    if (typeof v === 'string') t[k] = v;
  }
  return t;
}

const strings = (node: unknown): Scalar[] =>
  isSeq(node) ? node.items.filter((i): i is Scalar => isScalar(i) && typeof i.value === 'string') : [];

/** A patch given as a string: inline when it spans lines (a file name never does). */
const isInline = (s: Scalar): boolean => typeof s.value === 'string' && /\n/.test(s.value);

type Documents = ReturnType<typeof parseAllDocuments>;

/**
 * The kustomization texts read last, one of these per analysis: the file roles, the analysis, the
 * kustomization's own diagnostics and the render each read the same text, and a kustomization of 100,000
 * targeted patches is 9 MB, each parse of it seconds and hundreds of MB. What is read is kept (it holds the
 * inline patches' scalars, not the tree); the parsed tree is held weakly, for the render that reads it in the
 * same turn.
 */
export class KustomizationReads {
  private readonly read = new Map<string, Kustomization>();
  private last: { text: string; docs: WeakRef<Documents> } | undefined;

  documents(text: string): Documents {
    // Too large to read (textLimit.ts): not parsed, so not rendered.
    if (isOverPatchLimit(text)) return [];
    const kept = this.last?.text === text ? this.last.docs.deref() : undefined;
    if (kept) return kept;
    const docs = parseAllDocuments(text);
    this.last = { text, docs: new WeakRef(docs) };
    return docs;
  }

  kustomization(text: string): Kustomization {
    const kept = this.read.get(text);
    if (kept) return kept;
    const out = isOverPatchLimit(text) ? patchPaths(text) : parseKustomizationText(this.documents(text));
    // Bounded: a kustomization edited many times leaves its texts.
    if (this.read.size >= 4) this.read.delete(this.read.keys().next().value as string);
    this.read.set(text, out);
    return out;
  }
}

/**
 * Reads a kustomization's text; what does not parse or has the wrong shape is left out (never thrown).
 * `reads`: the analysis's, where the text may have been read already.
 */
export function readKustomization(text: string, reads?: KustomizationReads): Kustomization {
  if (reads) return reads.kustomization(text);
  return isOverPatchLimit(text) ? patchPaths(text) : parseKustomizationText(parseAllDocuments(text));
}

/** A `path:` key's value on its line (a patch's, in `patches` or `patchesJson6902`), quoted or not. */
const PATH_LINE = /^[ \t]*(?:-[ \t]+)?path:[ \t]+(?:"([^"\n]+)"|'([^'\n]+)'|([^\s#'"][^\s#]*))[ \t]*(?:#.*)?$/gm;

/**
 * What a kustomization too large to parse (textLimit.ts) names as patch files, from its lines: it is not
 * rendered, but a file it names as a patch must still be read as a partial manifest, never as a whole one
 * (whose missing fields would be false errors). Nothing else is read from it.
 */
function patchPaths(text: string): Kustomization {
  const out: Kustomization = { resources: [], resourceRefs: [], patchFiles: [], inlinePatches: [], unrendered: [] };
  for (const m of text.matchAll(PATH_LINE)) {
    const path = m[1] ?? m[2] ?? m[3];
    const start = m.index + m[0].indexOf(path);
    out.patchFiles.push({ path, span: [start, start + path.length] });
  }
  return out;
}

function parseKustomizationText(docs: Documents): Kustomization {
  const out: Kustomization = { resources: [], resourceRefs: [], patchFiles: [], inlinePatches: [], unrendered: [] };
  // The first document: a second one is an error the file's own check reports.
  const first = docs[0];
  const root = first && 'contents' in first ? first.contents : undefined;
  if (!isMap(root)) return out;
  for (const s of [...strings(entry(root, 'resources')?.value), ...strings(entry(root, 'bases')?.value)]) {
    const v = String(s.value);
    if (REMOTE.test(v)) out.unrendered.push({ what: `the remote resource ${v}`, span: spanOf(s) });
    else {
      out.resources.push(v);
      out.resourceRefs.push({ path: v, span: spanOf(s) });
    }
  }
  const patch = (item: Node | null | undefined, target: PatchTarget | undefined) => {
    if (!isMap(item)) return;
    const path = entry(item, 'path')?.value;
    const inline = entry(item, 'patch')?.value;
    if (isScalar(path) && typeof path.value === 'string')
      out.patchFiles.push({ path: path.value, target, span: spanOf(path) });
    else if (isScalar(inline) && typeof inline.value === 'string') out.inlinePatches.push({ node: inline, target });
  };
  const patches = entry(root, 'patches')?.value;
  if (isSeq(patches)) for (const item of patches.items) patch(item as Node, targetOf(entry(item, 'target')?.value));
  for (const s of strings(entry(root, 'patchesStrategicMerge')?.value)) {
    if (isInline(s)) out.inlinePatches.push({ node: s });
    else out.patchFiles.push({ path: String(s.value), span: spanOf(s) });
  }
  const json = entry(root, 'patchesJson6902')?.value;
  if (isSeq(json)) for (const item of json.items) patch(item as Node, targetOf(entry(item, 'target')?.value));
  for (const item of root.items) {
    const k = scalarValue(item.key);
    if (typeof k === 'string' && UNRENDERED.has(k)) out.unrendered.push({ what: k, span: spanOf(item.key) });
  }
  return out;
}

/** A path of the kustomization's folder resolved against its uri (`file:///a/k.yaml` + `p.yaml`). */
export function resolveFrom(kustomizationUri: string, path: string): string | undefined {
  try {
    return new URL(path, kustomizationUri).href;
  } catch {
    return undefined;
  }
}
