// Navigation across the workspace: what is under the cursor (a `metadata.name`, an owner or reference
// `name`), go to definition, find references, and rename of `metadata.name` with every owner and reference
// that names it, in every file. Results are file offsets into the indexed texts.
import { isScalar, parseDocument } from 'yaml';
import { whereOf } from './checks';
import type { WorkspaceIndex } from './workspaceIndex';
import { renameNameLimit } from './renameLimits';
import { scalarText } from '../core/yamlText';
import { K8S_NAME, sitesOf, type LabelSet, type Manifest, type RefSite, type Span } from './manifest';
import { overlayRenameEdits, overlayRenameRefusal, type OverlayWorkspace } from './kustomize/renameInOverlays';

export interface Loc {
  uri: string;
  span: Span;
}

export interface Edit {
  span: Span;
  newText: string;
}

export type Target =
  /** The cursor is on a manifest's `metadata.name`. */
  | { kind: 'definition'; manifest: Manifest }
  /** The cursor is on the `name` of an owner or reference. */
  | { kind: 'site'; manifest: Manifest; site: RefSite };

const within = (span: Span | undefined, offset: number) => !!span && span[0] <= offset && offset <= span[1];

/** The name under the cursor in an indexed file. */
export function targetAt(index: WorkspaceIndex, uri: string, offset: number): Target | undefined {
  const file = index.get(uri);
  if (!file) return undefined;
  for (const m of file.manifests) {
    if (offset < m.span[0] || offset > m.span[1]) continue;
    if (within(m.nameSpan, offset)) return { kind: 'definition', manifest: m };
    for (const site of sitesOf(m)) if (within(site.nameSpan, offset)) return { kind: 'site', manifest: m, site };
  }
  return undefined;
}

/**
 * The manifest whose Service selector or pod labels (kubeSelectors.ts) the cursor is on: their key, or
 * anywhere in their mapping (a key or a value of it).
 */
function labelsAt(
  index: WorkspaceIndex,
  uri: string,
  offset: number,
): { manifest: Manifest; labels: LabelSet } | undefined {
  for (const m of index.get(uri)?.manifests ?? []) {
    if (offset < m.span[0] || offset > m.span[1]) continue;
    const labels = m.labels;
    if (labels && (within(labels.keySpan, offset) || within(labels.span, offset))) return { manifest: m, labels };
  }
  return undefined;
}

/** The manifests a target stands for: itself, or what the reference resolves to. */
export function manifestsOf(index: WorkspaceIndex, t: Target): Manifest[] {
  if (t.kind === 'definition') return [t.manifest];
  const r = index.resolve(t.manifest, t.site);
  return r.status === 'found' ? r.targets : [];
}

const locOf = (m: Manifest): Loc => ({ uri: m.uri, span: m.nameSpan ?? m.span });

/**
 * Go to definition on an owner or reference name: the `metadata.name` of what it names; for a ConfigMap or
 * Secret an operator resource writes, the `operatorSpec` destination's `name` too.
 */
export function definitionAt(index: WorkspaceIndex, uri: string, offset: number): Loc[] {
  const t = targetAt(index, uri, offset);
  if (!t) {
    // A Service's selector: the workloads (and Pods) of the workspace whose pods it selects.
    const l = labelsAt(index, uri, offset);
    return l?.labels.role === 'selector' ? index.selectedBy(l.manifest).map(locOf) : [];
  }
  if (t.kind !== 'site') return [];
  const r = index.resolve(t.manifest, t.site);
  if (r.status !== 'found') return [];
  const out = r.targets.map(locOf);
  for (const w of r.writers ?? []) if (w.site.nameSpan) out.push({ uri: w.manifest.uri, span: w.site.nameSpan });
  return out;
}

/** Every owner and reference naming `target`, in every file of its scope. */
export function referencesTo(
  index: WorkspaceIndex,
  target: Manifest,
): { manifest: Manifest; site: RefSite; loc: Loc }[] {
  if (target.name === undefined) return [];
  const out: { manifest: Manifest; site: RefSite; loc: Loc }[] = [];
  const uris = target.def.kube
    ? index.objectReferrersOf(index.scopeOf(target), target.name)
    : index.referrersOf(index.scopeOf(target), target.namespace, target.name);
  for (const uri of uris) {
    for (const m of index.get(uri)?.manifests ?? []) {
      for (const site of sitesOf(m)) {
        if (site.nameSpan && index.refersTo(m, site, target))
          out.push({ manifest: m, site, loc: { uri, span: site.nameSpan } });
      }
    }
  }
  return out.sort((x, y) => (x.loc.uri < y.loc.uri ? -1 : x.loc.uri > y.loc.uri ? 1 : x.loc.span[0] - y.loc.span[0]));
}

/** Find references on a `metadata.name` (or on an owner or reference name): everything that names it. */
export function referencesAt(index: WorkspaceIndex, uri: string, offset: number, includeDeclaration = true): Loc[] {
  const t = targetAt(index, uri, offset);
  if (!t) return selectorsOfPodsAt(index, uri, offset, includeDeclaration);
  const targets = manifestsOf(index, t);
  const out: Loc[] = [];
  const seen = new Set<string>();
  const add = (l: Loc) => {
    const k = `${l.uri}#${l.span[0]}`;
    if (seen.has(k)) return;
    seen.add(k);
    out.push(l);
  };
  for (const m of targets) {
    if (includeDeclaration) add(locOf(m));
    for (const r of referencesTo(index, m)) add(r.loc);
  }
  // An operator's destination, or a reference to what one writes: the destinations and what reads them.
  const writes = t.kind === 'site' && t.site.role === 'writes' ? { manifest: t.manifest, site: t.site } : undefined;
  const r = t.kind === 'site' && !writes ? index.resolve(t.manifest, t.site) : undefined;
  const writers = writes ? [writes] : r?.status === 'found' ? (r.writers ?? []) : [];
  for (const w of writers) {
    if (includeDeclaration && w.site.nameSpan) add({ uri: w.manifest.uri, span: w.site.nameSpan });
    for (const loc of readersOf(index, w.manifest, w.site)) add(loc);
  }
  return out;
}

/** On a workload's pod labels (a Pod's): the `selector` of each Service selecting its pods; the `labels` key. */
function selectorsOfPodsAt(index: WorkspaceIndex, uri: string, offset: number, includeDeclaration: boolean): Loc[] {
  const l = labelsAt(index, uri, offset);
  if (l?.labels.role !== 'pods') return [];
  const out: Loc[] = includeDeclaration ? [{ uri, span: l.labels.keySpan }] : [];
  for (const s of index.selecting(l.manifest)) if (s.labels) out.push({ uri: s.uri, span: s.labels.keySpan });
  return out;
}

/** The references that resolve to an operator's destination (a Secret or ConfigMap it writes). */
function readersOf(index: WorkspaceIndex, writer: Manifest, site: RefSite): Loc[] {
  if (site.name === undefined) return [];
  const out: Loc[] = [];
  for (const uri of index.objectReferrersOf(index.scopeOf(writer), site.name))
    for (const m of index.get(uri)?.manifests ?? [])
      for (const s of m.refs) {
        if (s.style !== 'object' || s.role !== 'reference' || s.name !== site.name || !s.nameSpan) continue;
        const r = index.resolve(m, s);
        if (r.status === 'found' && r.writers?.some((w) => w.manifest === writer && w.site.span[0] === site.span[0]))
          out.push({ uri, span: s.nameSpan });
      }
  return out;
}

/** The span of a scalar's text without its quotes, when the text is exactly the value. */
function contentSpan(text: string, span: Span, value: string): Span | undefined {
  const raw = text.slice(span[0], span[1]);
  if (raw === value) return span;
  const q = raw[0];
  if ((q === '"' || q === "'") && raw.length >= 2 && raw[raw.length - 1] === q && raw.slice(1, -1) === value)
    return [span[0] + 1, span[1] - 1];
  return undefined;
}

/** A line break in a span (LSP counts a lone CR as one too): a name written so is not renamed. */
const overLines = (text: string, [s, e]: Span) => /[\r\n]/.test(text.slice(s, e));

/** Whether a scalar's text, read as YAML, is `value` (a quoted one with escapes: `"app\x73tore"`). */
function readsAs(raw: string, value: string): boolean {
  const doc = parseDocument(raw);
  return doc.errors.length === 0 && isScalar(doc.contents) && String(doc.contents.value) === value;
}

/**
 * The edit that makes a scalar read `newName`: its text only, quotes kept. Only a scalar on one line that
 * reads as the old name is rewritten: the index's span of a name in a document that does not parse (an
 * unclosed quote, a duplicate key) may cover other lines or another value.
 */
function scalarEdit(text: string, span: Span, value: string, newName: string): Edit | { error: string } {
  const raw = text.slice(span[0], span[1]);
  if (/^[|>]/.test(raw))
    return { error: `\`${value.trim()}\` is written as a block scalar; write it on one line to rename it.` };
  if (span[1] > text.length || overLines(text, span))
    return { error: `\`${value.trim()}\` is written over several lines; write it on one line to rename it.` };
  const inner = contentSpan(text, span, value);
  // Inside quotes a name needs no escape; written plain, it is quoted where YAML would read another type
  // (`123`, `1e3`, `2024-01-01`, `yes`, `null`: the cluster's YAML 1.1 or 1.2), so it stays a string.
  if (inner) return { span: inner, newText: inner === span ? scalarText(newName) : newName };
  // Escapes: rewrite the whole scalar, quoted, if it is the name.
  if (!readsAs(raw, value))
    return {
      error: `\`${raw}\` does not read as \`${value}\` (the document does not parse as it was read): correct it, then rename.`,
    };
  return { span, newText: JSON.stringify(newName) };
}

export interface PrepareRename {
  span: Span;
  placeholder: string;
}

/** What a rename at the cursor would rename: a `metadata.name` or a name that resolves to one. */
export function prepareRenameAt(
  index: WorkspaceIndex,
  uri: string,
  offset: number,
  overlays?: OverlayWorkspace,
): PrepareRename | { error: string } | undefined {
  const t = targetAt(index, uri, offset);
  if (!t) return undefined;
  const text = index.get(uri)!.text;
  const [span, name] =
    t.kind === 'definition' ? [t.manifest.nameSpan!, t.manifest.name!] : [t.site.nameSpan!, t.site.name!];
  const targets = t.kind === 'definition' ? [t.manifest] : manifestsOf(index, t);
  if (targets.length === 0)
    return { error: `\`${name}\` is not defined in the workspace: there is no manifest to rename.` };
  const edit = scalarEdit(text, span, name, name);
  if ('error' in edit) return edit;
  const refused = overlays && overlayRenameRefusal(overlays, targets[0], targets[0].name!);
  if (refused) return { error: refused };
  return { span: contentSpan(text, span, name) ?? span, placeholder: name };
}

/**
 * Renames the manifest at the cursor (its `metadata.name`, or what the owner or reference at the cursor
 * names) and every owner and reference naming it, in every file; with `overlays`, every place the
 * kustomizations that build it name it too (kustomize/renameInOverlays.ts). Edits per uri, against the
 * indexed texts (a kustomization's or a patch's: the text `overlays.read` gives).
 */
export function renameAt(
  index: WorkspaceIndex,
  uri: string,
  offset: number,
  newName: string,
  overlays?: OverlayWorkspace,
): Map<string, Edit[]> | { error: string } {
  const t = targetAt(index, uri, offset);
  if (!t) return { error: 'Rename works on a `metadata.name`, or on the `name` of an owner or a reference.' };
  const targets = manifestsOf(index, t);
  if (targets.length === 0)
    return {
      error: `\`${t.kind === 'site' ? t.site.name : ''}\` is not defined in the workspace: there is no manifest to rename.`,
    };
  const target = targets[0];
  if (newName.length > 253 || !K8S_NAME.test(newName)) {
    return {
      error: `"${newName}" is not a valid object name: at most 253 lowercase letters, digits, \`-\` and \`.\`, starting and ending with a letter or digit.`,
    };
  }
  if (newName === target.name) return new Map();
  const limit = renameNameLimit(target.def, target.cloudName, target.name, newName);
  if (limit) return { error: limit };
  const clash = index
    .named(index.scopeOf(target), target.namespace, newName)
    .find((o) => o.kind === target.kind && o.def.area === target.def.area);
  if (clash)
    return {
      error: `${target.kind} \`${newName}\` already exists in namespace \`${target.namespace}\` (${whereOf(index, clash, uri)}).`,
    };

  const edits = new Map<string, Edit[]>();
  const add = (fileUri: string, span: Span, value: string): { error: string } | undefined => {
    const text = index.get(fileUri)?.text;
    if (text === undefined) return undefined;
    const e = scalarEdit(text, span, value, newName);
    if ('error' in e) return e;
    let list = edits.get(fileUri);
    if (!list) edits.set(fileUri, (list = []));
    if (!list.some((x) => x.span[0] === e.span[0])) list.push(e);
    return undefined;
  };
  const first = add(target.uri, target.nameSpan!, target.name!);
  if (first) return first;
  for (const r of referencesTo(index, target)) {
    const err = add(r.loc.uri, r.loc.span, r.site.name!);
    if (err) return err;
  }
  if (overlays) {
    const more = overlayRenameEdits(overlays, target, target.name!, newName);
    if (!(more instanceof Map)) return more;
    for (const [u, f] of more) {
      let list = edits.get(u);
      if (!list) edits.set(u, (list = []));
      for (const e of f.edits) if (!list.some((x) => x.span[0] === e.span[0])) list.push(e);
    }
  }
  for (const list of edits.values()) list.sort((x, y) => x.span[0] - y.span[0]);
  return edits;
}
