// Rename follows a resource into the kustomizations that build it: every place a kustomization of its tree
// (one whose `resources`, folder by folder, reach the resource's file) names it by the name being changed.
// Patch documents' `metadata.name` (patch files, and inline `patch:` strings edited inside the scalar, in its
// own style), `target.name` (`patches`, `patchesJson6902`), `replacements` `source.name` and `targets`'
// `select`/`reject` `name` (inline or in a replacement file), and the fields a `configurations:` file's
// `nameReference` entries teach Kustomize to read as names of the resource's kind. Only where the kind (and
// group, namespace) is the resource's: Kustomize's selectors are anchored regular expressions (RE2, matched
// here with re2js), so a pattern selecting the old name and not the new one refuses the rename, naming it;
// one that selects both is left as it is. A name a generator may build (configMapGenerator/secretGenerator,
// or resources from helmCharts or generator plugins, which are not read here) refuses it too.
// Over 400 lines for a reason: each place a kustomization names a resource is a case of one walk of the
// overlay tree, and the refusals (a regex selecting the old name only, a generator) sit beside the cases.
import { compileGoRegexp, isRegexpError } from '../../core/goRegexp';
import { isMap, isScalar, isSeq, parseAllDocuments, parseDocument, type Node, type Scalar } from 'yaml';
import { valueMap } from '../../checks/embedded/positionMap';
import { groupOf, type Manifest, type Span } from '../manifest';
import { entry, scalarValue, spanOf } from '../../core/yamlNodes';
import { scalarText } from '../../core/yamlText';
import { KUSTOMIZATION_NAMES, readKustomization, resolveFrom } from './kustomization';
import { overlayName } from './renderedDiagnostics';

export interface OverlayWorkspace {
  /** The workspace's kustomizations. */
  kustomizations: readonly string[];
  /** A file's text as the user has it (open, else indexed, else read). */
  read(uri: string): string | undefined;
}

export interface TextEdit {
  span: Span;
  newText: string;
}

/** The edits of a file with the text they were computed on. */
export interface FileEdits {
  text: string;
  edits: TextEdit[];
}

type Refusal = { error: string };

const str = (n: unknown): string | undefined => {
  const v = scalarValue(n);
  return typeof v === 'string' ? v : undefined;
};

/** A selector field as Kustomize matches it: an anchored RE2 expression; absent or empty selects anything. */
function selects(pattern: string | undefined, value: string): boolean {
  if (pattern === undefined || pattern === '') return true;
  // As render.ts selects: the pattern anchored whole (an invalid one selects what it spells).
  const re = compileGoRegexp(`^(?:${pattern})$`);
  return isRegexpError(re) ? pattern === value : re.test(value);
}

/** The `resources` and `namespace` of each kustomization read, for one rename (every tree reads them). */
export type ResourcesMemo = Map<string, { resources: readonly string[]; namespace?: string } | undefined>;

/** `namespace: apps` of a kustomization: it moves every resource it builds. */
const NAMESPACE = /^namespace:[ \t]*["']?([a-z0-9.-]+)/m;

/**
 * The files a kustomization reads as resources, folder by folder (each kustomization once), and the
 * namespaces the kustomizations on the way give them.
 */
export function reachedFiles(
  k: string,
  read: (uri: string) => string | undefined,
  memo: ResourcesMemo,
): { files: Set<string>; namespaces: Set<string> } {
  const files = new Set<string>();
  const namespaces = new Set<string>();
  const seen = new Set<string>();
  const walk = (uri: string) => {
    if (seen.has(uri)) return;
    seen.add(uri);
    if (!memo.has(uri)) {
      const text = read(uri);
      memo.set(
        uri,
        text === undefined
          ? undefined
          : { resources: readKustomization(text).resources, namespace: NAMESPACE.exec(text)?.[1] },
      );
    }
    const m = memo.get(uri);
    if (m?.namespace !== undefined) namespaces.add(m.namespace);
    for (const p of m?.resources ?? []) {
      const file = resolveFrom(uri, p);
      if (file !== undefined && read(file) !== undefined) {
        files.add(file);
        continue;
      }
      for (const name of KUSTOMIZATION_NAMES) {
        const sub = resolveFrom(uri, `${p.replace(/\/+$/, '')}/${name}`);
        if (sub !== undefined && read(sub) !== undefined) {
          walk(sub);
          break;
        }
      }
    }
  };
  walk(k);
  return { files, namespaces };
}

/** The span of a one-line scalar's characters without quotes, when they are the value as written. */
function literalSpan(text: string, node: Scalar): Span | undefined {
  const [start, end] = spanOf(node);
  const raw = text.slice(start, end);
  const value = String(node.value);
  if (raw === value) return [start, end];
  const q = raw[0];
  if ((q === '"' || q === "'") && raw.length >= 2 && raw[raw.length - 1] === q && raw.slice(1, -1) === value)
    return [start + 1, end - 1];
  return undefined;
}

class Edits {
  readonly files = new Map<string, FileEdits>();
  add(uri: string, text: string, span: Span, newText: string): void {
    let f = this.files.get(uri);
    if (!f) this.files.set(uri, (f = { text, edits: [] }));
    if (!f.edits.some((e) => e.span[0] === span[0])) f.edits.push({ span, newText });
  }
}

interface Ctx {
  ws: OverlayWorkspace;
  target: Manifest;
  /** The namespaces the resource has in the kustomization at hand: as written, or as one on the way sets. */
  namespaces: Set<string>;
  old: string;
  newName: string;
  edits: Edits;
}

const where = (uri: string) => uri.slice(uri.lastIndexOf('/', uri.lastIndexOf('/') - 1) + 1);

/** A name scalar of a file that names the resource: rewritten where it is written as one plain line. */
function renameScalar(c: Ctx, uri: string, text: string, node: Scalar): Refusal | undefined {
  const span = literalSpan(text, node);
  if (!span)
    return { error: `\`${c.old}\` in ${where(uri)} is not written on one line as it reads; write it so to rename it.` };
  // Written plain, quoted where YAML would read another type (navigate.ts scalarEdit).
  c.edits.add(uri, text, span, span[0] === spanOf(node)[0] ? scalarText(c.newName) : c.newName);
  return undefined;
}

/**
 * A `target`, `select`, `reject` or `source` of a kustomization: its `name` rewritten where it is the old
 * name and the rest selects the resource; a pattern selecting the old name but not the new one refuses.
 */
function renameSelector(c: Ctx, uri: string, text: string, sel: unknown, field: string): Refusal | undefined {
  if (!isMap(sel)) return undefined;
  const t = c.target;
  const ns = str(entry(sel, 'namespace')?.value);
  if (
    !selects(str(entry(sel, 'kind')?.value), t.kind) ||
    !selects(str(entry(sel, 'group')?.value), groupOf(t)) ||
    ![...c.namespaces].some((n) => selects(ns, n))
  )
    return undefined;
  const name = entry(sel, 'name')?.value;
  if (!isScalar(name) || typeof name.value !== 'string') return undefined;
  if (name.value === c.old) return renameScalar(c, uri, text, name);
  if (!selects(name.value, c.old) || selects(name.value, c.newName)) return undefined;
  return {
    error:
      `\`${field}.name: ${name.value}\` in ${where(uri)} selects \`${c.old}\` by a pattern that does not select ` +
      `\`${c.newName}\`: after the rename it would patch nothing. Change the pattern there, then rename.`,
  };
}

/** Whether a patch document (apiVersion, kind, metadata) names the resource by its old name. */
function namesTarget(c: Ctx, doc: unknown): Scalar | undefined {
  if (!isMap(doc)) return undefined;
  const t = c.target;
  const api = str(entry(doc, 'apiVersion')?.value);
  if (str(entry(doc, 'kind')?.value) !== t.kind) return undefined;
  if (api !== undefined && api.includes('/') && api.slice(0, api.lastIndexOf('/')) !== groupOf(t)) return undefined;
  const meta = entry(doc, 'metadata')?.value;
  const ns = str(entry(meta, 'namespace')?.value);
  if (ns !== undefined && !c.namespaces.has(ns)) return undefined;
  const name = entry(meta, 'name')?.value;
  return isScalar(name) && name.value === c.old ? name : undefined;
}

/** The strategic-merge documents of a patch file naming the resource. */
function renamePatchFile(c: Ctx, uri: string): Refusal | undefined {
  const text = c.ws.read(uri);
  if (text === undefined) return undefined;
  for (const d of parseAllDocuments(text)) {
    if (!('contents' in d)) continue;
    const name = namesTarget(c, d.contents);
    if (name) {
      const err = renameScalar(c, uri, text, name);
      if (err) return err;
    }
  }
  return undefined;
}

/**
 * The new name as written inside an inline patch: quoted where it was plain and YAML would read another
 * type, those quotes escaped as the patch's own scalar needs (only a double-quoted one does).
 */
function inlineName(newName: string, patch: Scalar, inner: Span, name: Scalar): string {
  const plain = inner[0] === spanOf(name)[0];
  const t = plain ? scalarText(newName) : newName;
  return t !== newName && patch.type === 'QUOTE_DOUBLE' ? t.replace(/"/g, '\\"') : t;
}

/**
 * The strategic-merge documents of a patch written inline (a YAML string inside the kustomization's YAML):
 * the name edited inside the scalar, at the offsets its characters were written at, in the scalar's own style
 * (block, quoted or plain: a name's characters need no escape in any of them).
 */
function renameInlinePatch(c: Ctx, uri: string, text: string, node: Scalar): Refusal | undefined {
  const map = valueMap(text, node);
  if (!map.exact) return undefined;
  for (const d of parseAllDocuments(map.value)) {
    if (!('contents' in d)) continue;
    const name = namesTarget(c, d.contents);
    if (!name) continue;
    const inner = literalSpan(map.value, name);
    // Each character written as itself, one after the other: no escape, no line folded inside the name.
    const literal =
      inner !== undefined &&
      Array.from({ length: inner[1] - inner[0] }, (_, k) => inner[0] + k).every(
        (i) => map.to[i] - map.at[i] === 1 && (i === inner[0] || map.at[i] === map.to[i - 1]),
      );
    if (!inner || !literal)
      return {
        error: `\`${c.old}\` in an inline patch of ${where(uri)} is not written as it reads; write it so to rename it.`,
      };
    c.edits.add(uri, text, [map.at[inner[0]], map.to[inner[1] - 1]], inlineName(c.newName, node, inner, name));
  }
  return undefined;
}

/** The fields a `nameReference` entry for the resource's kind names, in the files of the tree. */
function renameTaughtFields(c: Ctx, k: string, kText: string, files: Set<string>): Refusal | undefined {
  const configs = entry(parseDocument(kText).contents, 'configurations')?.value;
  if (!isSeq(configs)) return undefined;
  const t = c.target;
  for (const p of configs.items.map(str)) {
    const at = p === undefined ? undefined : resolveFrom(k, p);
    const config = at === undefined ? undefined : c.ws.read(at);
    if (config === undefined) continue;
    const refs = entry(parseDocument(config).contents, 'nameReference')?.value;
    if (!isSeq(refs)) continue;
    for (const ref of refs.items) {
      if (str(entry(ref, 'kind')?.value) !== t.kind) continue;
      const g = str(entry(ref, 'group')?.value);
      if (g !== undefined && g !== groupOf(t)) continue;
      const specs = entry(ref, 'fieldSpecs')?.value;
      if (!isSeq(specs)) continue;
      for (const spec of specs.items) {
        const path = str(entry(spec, 'path')?.value)?.split('/').filter(Boolean);
        if (!path || path.length === 0) continue;
        const err = renameAtPath(c, files, str(entry(spec, 'kind')?.value), str(entry(spec, 'group')?.value), path);
        if (err) return err;
      }
    }
  }
  return undefined;
}

function renameAtPath(
  c: Ctx,
  files: Set<string>,
  kind: string | undefined,
  group: string | undefined,
  path: string[],
): Refusal | undefined {
  for (const uri of files) {
    const text = c.ws.read(uri);
    if (text === undefined) continue;
    for (const d of parseAllDocuments(text)) {
      if (!('contents' in d) || !isMap(d.contents)) continue;
      const doc = d.contents;
      if (kind !== undefined && str(entry(doc, 'kind')?.value) !== kind) continue;
      const api = str(entry(doc, 'apiVersion')?.value) ?? '';
      if (group !== undefined && (api.includes('/') ? api.slice(0, api.lastIndexOf('/')) : '') !== group) continue;
      const ns = str(entry(entry(doc, 'metadata')?.value, 'namespace')?.value) ?? 'default';
      if (ns !== c.target.namespace) continue;
      // Kustomize's fieldSpec paths go through lists item by item.
      let nodes: unknown[] = [doc];
      for (const key of path) {
        const next: unknown[] = [];
        for (const n of nodes) {
          const v = entry(n, key)?.value;
          if (isSeq(v)) for (const i of v.items) next.push(i);
          else if (v !== undefined) next.push(v);
        }
        nodes = next;
      }
      for (const n of nodes)
        if (isScalar(n) && n.value === c.old) {
          const err = renameScalar(c, uri, text, n);
          if (err) return err;
        }
    }
  }
  return undefined;
}

/** Why a name of the resource's kustomizations may be built by a generator (the rename then refused). */
function generatorRefusal(c: Ctx, k: string, root: unknown, namesIt: boolean): Refusal | undefined {
  const t = c.target;
  for (const [key, kind] of [
    ['configMapGenerator', 'ConfigMap'],
    ['secretGenerator', 'Secret'],
  ] as const) {
    const list = entry(root, key)?.value;
    if (kind !== t.kind || !isSeq(list)) continue;
    if (list.items.some((g) => str(entry(g, 'name')?.value) === c.old))
      return {
        error: `${t.kind} \`${c.old}\` is also built by \`${key}\` in ${overlayName(k)}/kustomization: Kustomize merges or replaces it by that name. Rename it there too, by hand.`,
      };
  }
  if (!namesIt) return undefined;
  for (const key of ['helmCharts', 'helmChartInflationGenerator', 'generators'])
    if (entry(root, key))
      return {
        error: `${overlayName(k)} names \`${c.old}\` and builds resources with \`${key}\`, which are not read here: what it names may be one of them. Rename it there by hand.`,
      };
  return undefined;
}

/** The places of one kustomization that name the resource. */
function renameInKustomization(c: Ctx, k: string, files: Set<string>): Refusal | undefined {
  const text = c.ws.read(k);
  if (text === undefined) return undefined;
  const root = parseDocument(text).contents;
  if (!isMap(root)) return undefined;
  const count = () => [...c.edits.files.values()].reduce((n, f) => n + f.edits.length, 0);
  const before = count();
  const errors: (Refusal | undefined)[] = [];
  const patchItem = (item: unknown, field: string) => {
    if (!isMap(item)) return;
    errors.push(renameSelector(c, k, text, entry(item, 'target')?.value, `${field}.target`));
    const path = str(entry(item, 'path')?.value);
    const inline = entry(item, 'patch')?.value;
    if (path !== undefined) {
      const at = resolveFrom(k, path);
      if (at) errors.push(renamePatchFile(c, at));
    } else if (isScalar(inline) && typeof inline.value === 'string') errors.push(renameInlinePatch(c, k, text, inline));
  };
  const items = (key: string): Node[] => {
    const v = entry(root, key)?.value;
    return isSeq(v) ? (v.items as Node[]) : [];
  };
  for (const item of items('patches')) patchItem(item, 'patches');
  for (const item of items('patchesJson6902')) patchItem(item, 'patchesJson6902');
  for (const item of items('patchesStrategicMerge')) {
    if (!isScalar(item) || typeof item.value !== 'string') continue;
    if (/\n/.test(item.value)) errors.push(renameInlinePatch(c, k, text, item));
    else {
      const at = resolveFrom(k, item.value);
      if (at) errors.push(renamePatchFile(c, at));
    }
  }
  const replacement = (r: unknown, uri: string, rText: string) => {
    errors.push(renameSelector(c, uri, rText, entry(r, 'source')?.value, 'replacements.source'));
    const targets = entry(r, 'targets')?.value;
    for (const tg of isSeq(targets) ? targets.items : []) {
      errors.push(renameSelector(c, uri, rText, entry(tg, 'select')?.value, 'replacements.targets.select'));
      const reject = entry(tg, 'reject')?.value;
      for (const rj of isSeq(reject) ? reject.items : [])
        errors.push(renameSelector(c, uri, rText, rj, 'replacements.targets.reject'));
    }
  };
  for (const r of items('replacements')) {
    const path = str(entry(r, 'path')?.value);
    if (path === undefined) {
      replacement(r, k, text);
      continue;
    }
    const at = resolveFrom(k, path);
    const rText = at === undefined ? undefined : c.ws.read(at);
    if (at === undefined || rText === undefined) continue;
    for (const d of parseAllDocuments(rText)) {
      if (!('contents' in d)) continue;
      const list = isSeq(d.contents) ? d.contents.items : [d.contents];
      for (const r2 of list) replacement(r2, at, rText);
    }
  }
  errors.push(renameTaughtFields(c, k, text, files));
  const err = errors.find((e) => e !== undefined);
  if (err) return err;
  return generatorRefusal(c, k, root, count() !== before);
}

/**
 * The edits renaming `target` (written `old`) `newName` in every kustomization that builds it, by file
 * with the text they were computed on; or why the rename is refused.
 */
export function overlayRenameEdits(
  ws: OverlayWorkspace,
  target: Manifest,
  old: string,
  newName: string,
): Map<string, FileEdits> | Refusal {
  const c: Ctx = { ws, target, namespaces: new Set(), old, newName, edits: new Edits() };
  const memo: ResourcesMemo = new Map();
  for (const k of [...ws.kustomizations].sort()) {
    const { files, namespaces } = reachedFiles(k, ws.read, memo);
    if (!files.has(target.uri)) continue;
    c.namespaces = new Set([target.namespace, ...namespaces]);
    const err = renameInKustomization(c, k, files);
    if (err) return err;
  }
  for (const f of c.edits.files.values()) f.edits.sort((x, y) => x.span[0] - y.span[0]);
  return c.edits.files;
}

/**
 * Why renaming `target` is refused whatever the new name (a generator may build the name, a name is not
 * written as it reads), if so: asked before the new name is.
 */
export function overlayRenameRefusal(ws: OverlayWorkspace, target: Manifest, old: string): string | undefined {
  // To the same name, no pattern refuses: what refuses does whatever the name.
  const r = overlayRenameEdits(ws, target, old, old);
  return r instanceof Map ? undefined : r.error;
}

/**
 * For F2 on a patch's `metadata.name`: of the resources the patch names (kustomize/navigate.ts finds them
 * by kind and name), the one a kustomization using the patch builds; rename then renames it, the patch with
 * it. Undefined when none of them is built by those kustomizations.
 */
export function patchedTarget<T extends { uri: string }>(
  ws: OverlayWorkspace,
  overlays: readonly string[],
  candidates: readonly T[],
): T | undefined {
  const memo: ResourcesMemo = new Map();
  const built = new Set<string>();
  for (const k of overlays) for (const f of reachedFiles(k, ws.read, memo).files) built.add(f);
  return candidates.find((c) => built.has(c.uri));
}
