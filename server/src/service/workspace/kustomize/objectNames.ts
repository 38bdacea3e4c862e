// What the workspace's kustomizations do to its ConfigMaps and Secrets, for the references to them
// (rules/kubeReferences.ts): the names their generators make (`configMapGenerator`, `secretGenerator`: the
// object is defined, its keys are not read here), and the objects their patches or replacements may change
// (a key a base's reference reads may be added there). Where a kustomization may change any of them (a
// patch or replacement selecting by kind alone, a generator or Helm plugin), `anyIn` holds the files it
// builds (and `anyEverywhere` is set for a component, applied to whatever includes it): no key of their
// objects is judged. Read from the kustomizations' texts, the patch files they name and the resources
// they reach; nothing else.
import { isMap, isScalar, isSeq, parseDocument } from 'yaml';
import { splitDocuments } from '../../core/split';
import { entry, scalarValue } from '../../core/yamlNodes';
import {
  isKustomizationUri,
  readKustomization,
  resolveFrom,
  type KustomizationReads,
  type PatchTarget,
} from './kustomization';
import { reachedFiles, type ResourcesMemo } from './renameInOverlays';
import { isOverPatchLimit } from './textLimit';

export interface KustomizeObjectNames {
  /** `ConfigMap/name`, `Secret/name` a generator makes. */
  generated: Set<string>;
  /** `Kind/name` a patch or replacement may change (`*` for any kind). */
  changed: Set<string>;
  /** Files a kustomization builds that may change any ConfigMap or Secret of (by kind alone, or by plugins). */
  anyIn: Set<string>;
  /** A component may change any ConfigMap or Secret: of any file. */
  anyEverywhere: boolean;
  /** A kustomization makes objects with plugins or Helm charts not read here: any name may be one of them. */
  plugins: boolean;
}

const GENERATORS = [
  ['configMapGenerator', 'ConfigMap'],
  ['secretGenerator', 'Secret'],
] as const;

/** Fields that make or change objects this reader does not follow: any object may be changed. */
const PLUGINS = ['generators', 'transformers', 'helmCharts', 'helmChartInflationGenerator', 'vars'];

/** Kinds a patch or replacement may change whose keys references read. */
const DATA_KINDS: ReadonlySet<string> = new Set(['ConfigMap', 'Secret']);

const str = (node: unknown): string | undefined => {
  const v = scalarValue(node);
  return typeof v === 'string' ? v : undefined;
};

/** Caps: a workspace's kustomizations and the patch documents read for names. */
const MAX_PATCH_DOCS = 1000;

/**
 * The names the kustomizations (`uris`) generate and change. `read` gives a file's text (a kustomization
 * or a patch file), `exist` says whether a resource file is there (its text or undefined, as `read`);
 * `reads`: the analysis's cache of kustomizations read.
 */
export function kustomizeObjectNames(
  uris: readonly string[],
  read: (uri: string) => string | undefined,
  reads?: KustomizationReads,
  exist?: (uri: string) => string | undefined,
): KustomizeObjectNames {
  const out: KustomizeObjectNames = {
    generated: new Set(),
    changed: new Set(),
    anyIn: new Set(),
    anyEverywhere: false,
    plugins: false,
  };
  const memo: ResourcesMemo = new Map();
  const exists = (uri: string) => (exist ?? read)(uri) !== undefined;
  for (const k of uris) {
    const text = read(k);
    if (text === undefined) continue;
    // Too large to read (textLimit.ts): not rendered, so what it generates or changes is not known, and
    // neither is what it builds: any object may be changed. Not parsed here either (9 MB: 6 s and 600 MB).
    if (isOverPatchLimit(text)) {
      out.anyEverywhere = true;
      continue;
    }
    const root = parseDocument(text).contents;
    if (!isMap(root)) continue;
    for (const [key, kind] of GENERATORS) {
      const list = entry(root, key)?.value;
      if (isSeq(list))
        for (const g of list.items) {
          const name = str(entry(g, 'name')?.value);
          if (name !== undefined) out.generated.add(`${kind}/${name}`);
        }
    }
    // What this kustomization may change of any object, worked out below, then given to the files it builds.
    const one = { changed: out.changed, any: false };
    if (PLUGINS.some((p) => entry(root, p))) one.any = out.plugins = true;
    replacements(entry(root, 'replacements')?.value, one);
    const kz = readKustomization(text, reads);
    for (const p of kz.patchFiles) {
      if (p.target) targeted(p.target, one);
      else {
        const at = resolveFrom(k, p.path);
        const patchText = at === undefined ? undefined : read(at);
        if (patchText === undefined || isOverPatchLimit(patchText)) one.any = true;
        else documentNames(patchText, one);
      }
    }
    for (const p of kz.inlinePatches) {
      if (p.target) targeted(p.target, one);
      else if (typeof p.node.value === 'string') documentNames(p.node.value, one);
    }
    if (!one.any) continue;
    if (str(entry(root, 'kind')?.value) === 'Component') out.anyEverywhere = true;
    else {
      // Kustomizations read whole, resource files only looked for.
      const look = (u: string) => (isKustomizationUri(u) ? read(u) : exists(u) ? '' : undefined);
      for (const f of reachedFiles(k, look, memo).files) out.anyIn.add(f);
    }
  }
  return out;
}

/** What one kustomization changes: names, or (`any`) whatever it selects by kind. */
interface Changes {
  changed: Set<string>;
  any: boolean;
}

/** A patch's target: a name it selects (a pattern too, taken as written), or any object of a data kind. */
function targeted(t: PatchTarget, out: Changes): void {
  if (t.kind !== undefined && !DATA_KINDS.has(t.kind)) return;
  // A pattern (`cfg-.*`) or no name: which objects it selects is not worked out here.
  if (t.name === undefined || /[.*+?^${}()|[\]\\]/.test(t.name)) out.any = true;
  else out.changed.add(`${t.kind ?? '*'}/${t.name}`);
}

/** The objects a patch file's (or inline patch's) documents name. */
function documentNames(text: string, out: Changes): void {
  const chunks = splitDocuments(text);
  for (const c of chunks.slice(0, MAX_PATCH_DOCS)) {
    // A patch of a kind that keeps no data (most patches: a Deployment's, a StorageAccount's) names nothing
    // here, and its kind is plain on its one top-level line: not parsed (an edit of one patch in a file of a
    // thousand read the thousand again, on every query of a file whose references these names decide).
    if (otherKind(c.text)) continue;
    const root = parseDocument(c.text).contents;
    if (!isMap(root)) continue;
    const kind = str(entry(root, 'kind')?.value);
    const name = str(entry(entry(root, 'metadata')?.value, 'name')?.value);
    if (kind !== undefined && !DATA_KINDS.has(kind)) continue;
    if (name === undefined) out.any = true;
    else out.changed.add(`${kind ?? '*'}/${name}`);
  }
}

/** A top-level `kind:` line whose value is a plain name (a comment after it allowed). */
const PLAIN_KIND = /^kind:[ \t]*([A-Za-z][A-Za-z0-9]*)[ \t]*(?:#.*)?$/gm;
/** Any line that may set the top-level `kind` (quoted keys too), or a flow collection at the top level. */
const ANY_KIND = /^(?:kind|"kind"|'kind')[ \t]*:/gm;
const TOP_FLOW = /^[[{]/m;

/**
 * Whether a document is surely of a kind that keeps no data, read from its lines alone: exactly one line sets
 * its top-level `kind`, to a plain name that is not ConfigMap or Secret. Anything else is parsed.
 */
function otherKind(doc: string): boolean {
  if (TOP_FLOW.test(doc)) return false;
  const any = doc.match(ANY_KIND);
  if (any?.length !== 1) return false;
  const plain = [...doc.matchAll(PLAIN_KIND)];
  return plain.length === 1 && !DATA_KINDS.has(plain[0][1]);
}

/** A replacement's targets: the objects it writes into. */
function replacements(list: unknown, out: Changes): void {
  if (!isSeq(list)) return;
  for (const r of list.items) {
    // A replacement read from a file (`path:`): not read here.
    if (entry(r, 'path')) {
      out.any = true;
      continue;
    }
    const targets = entry(r, 'targets')?.value;
    if (!isSeq(targets)) continue;
    for (const t of targets.items) {
      const select = entry(t, 'select')?.value;
      if (!isMap(select)) continue;
      const kind = str(entry(select, 'kind')?.value);
      const name = entry(select, 'name')?.value;
      if (kind !== undefined && !DATA_KINDS.has(kind)) continue;
      if (!isScalar(name) || typeof name.value !== 'string') out.any = true;
      else out.changed.add(`${kind ?? '*'}/${name.value}`);
    }
  }
}
