// The host's navigation queries: go to definition, references, rename (with the overlays that build a
// resource and the patches that patch it), the outline, workspace symbols and each manifest's cloud resource
// path. Answers are plain data in the texts' offsets, names as written (a Helm template's action, never its
// mask); lsp/ turns them into the protocol's ranges with `linesOf`.
import type { Analysis } from '../analysis';
import type { Host } from './hostApi';
import type { LineIndex } from '../core/lineIndex';
import { LineIndex as Lines } from '../core/lineIndex';
import type { ParsedFile } from '../core/parse';
import { renameDeletes } from '../core/renameLoss';
import type { Span } from '../core/yamlNodes';
import { isMasked } from '../workspace/helm/mask';
import { asWritten, shownAsWritten } from '../workspace/helm/unmask';
import { patchedResources, patchNameSpan } from '../workspace/kustomize/navigate';
import { patchedTarget } from '../workspace/kustomize/renameInOverlays';
import { definitionAt, manifestsOf, prepareRenameAt, referencesAt, renameAt, targetAt } from '../workspace/navigate';
import { resourcePath, shortResourcePath } from '../workspace/paths';
import { documentSymbols, workspaceSymbols } from '../workspace/symbols';
import { ownerGraph } from '../workspace/ownerGraph';

export interface Located {
  uri: string;
  span: Span;
}

/** Why a query cannot answer, in words for the user (LSP: an InvalidRequest error). */
export interface Refusal {
  error: string;
}

/** Why a name a Helm template writes as an action is not renamed: the chart's values give it. */
const templatedName = (masked: string): Refusal => ({
  error: `\`${asWritten(masked)}\` is written by a Helm template action: the chart's values give the name, so there is nothing here to rename.`,
});

/**
 * The line index of a file the answers point into: an indexed file's, or (a kustomization, a patch: not
 * indexed as manifests) the text the overlays read.
 */
export function linesOf(host: Host, uri: string): LineIndex | undefined {
  const a = host as Analysis;
  const f = a.index.get(uri);
  // Its length, not its text (an open document's version made from an edit joins its text only if asked).
  if (f && f.lines().text.length > 0) return f.lines();
  const text = a.overlayWorkspace().read(uri);
  return text !== undefined ? new Lines(text) : f?.lines();
}

/** Go to definition: an owner or reference leads to what it names; a patch's name to what it patches. */
export function definition(host: Host, uri: string, file: ParsedFile, offset: number): Located[] {
  const a = host as Analysis;
  // A patch is not in the index itself: its name leads to the resources it patches.
  if (a.roleOf(uri).role === 'patch') return patchedResources(a.index, file, offset);
  return definitionAt(a.index, uri, offset);
}

/** The manifests naming the one at the cursor. */
export function references(host: Host, uri: string, offset: number, includeDeclaration: boolean): Located[] {
  const a = host as Analysis;
  return referencesAt(a.index, uri, offset, includeDeclaration);
}

/**
 * On the `metadata.name` of a patch: the resource it patches that an overlay using the patch builds (where
 * its name is, to rename it from there), and the name's span in the patch.
 */
function patchRenameTarget(
  a: Analysis,
  uri: string,
  file: ParsedFile,
  offset: number,
): { uri: string; offset: number; span: Span } | undefined {
  const role = a.roleOf(uri);
  if (role.role !== 'patch') return undefined;
  const span = patchNameSpan(file, offset);
  if (!span) return undefined;
  const target = patchedTarget(a.overlayWorkspace(), role.overlays, patchedResources(a.index, file, offset));
  return target && { uri: target.uri, offset: target.span[0] + 1, span };
}

/** What a rename at the cursor would change (its span in this file, the name), or why it cannot. */
export function prepareRename(
  host: Host,
  uri: string,
  file: ParsedFile,
  offset: number,
): { span: Span; placeholder: string } | Refusal | undefined {
  const a = host as Analysis;
  const overlays = a.overlayWorkspace();
  const patched = patchRenameTarget(a, uri, file, offset);
  if (patched) {
    const r = prepareRenameAt(a.index, patched.uri, patched.offset, overlays);
    if (r && 'error' in r) return { error: asWritten(r.error) };
    return r ? { span: patched.span, placeholder: r.placeholder } : undefined;
  }
  const r = prepareRenameAt(a.index, uri, offset, overlays);
  if (!r) return undefined;
  if ('error' in r) return { error: asWritten(r.error) };
  if (isMasked(r.placeholder)) return templatedName(r.placeholder);
  return { span: r.span, placeholder: r.placeholder };
}

/**
 * The edits of a rename at the cursor, per file: the resource and every reference to it, in manifests and
 * the overlays that build it; on a patch's name, the resource it patches (and the patch with it). Spans
 * are in the texts the analysis holds (`linesOf` maps them).
 */
export function rename(
  host: Host,
  uri: string,
  file: ParsedFile,
  offset: number,
  newName: string,
): Map<string, { span: Span; newText: string }[]> | Refusal {
  const a = host as Analysis;
  const named = prepareRenameAt(a.index, uri, offset);
  if (named && !('error' in named) && isMasked(named.placeholder)) return templatedName(named.placeholder);
  const overlays = a.overlayWorkspace();
  const patched = patchRenameTarget(a, uri, file, offset);
  const r = patched
    ? renameAt(a.index, patched.uri, patched.offset, newName, overlays)
    : renameAt(a.index, uri, offset, newName, overlays);
  return 'error' in r ? { error: asWritten(r.error) } : r;
}

/** What a rename at the cursor would delete, for the editor to ask before it applies the edits. */
export interface RenameLoss {
  /** Short, for the refactor preview's group: what is deleted and what with it. */
  label: string;
  /** The whole sentence, as the changes check words it after the rename. */
  description: string;
}

/**
 * What renaming the resource at the cursor (or the one a patch's name leads to) deletes: a new
 * `metadata.name` of a resource that holds data deletes it and what it holds (the kinds' `holdsData`).
 */
export function renameLoss(host: Host, uri: string, file: ParsedFile, offset: number): RenameLoss | undefined {
  const a = host as Analysis;
  const patched = patchRenameTarget(a, uri, file, offset);
  const t = patched ? targetAt(a.index, patched.uri, patched.offset) : targetAt(a.index, uri, offset);
  const m = t && manifestsOf(a.index, t)[0];
  const lost = m?.name !== undefined ? renameDeletes(m.def, m.name) : undefined;
  if (!m || !lost) return undefined;
  return {
    label: `Deletes the ${m.def.kind} '${m.name}' with ${m.def.holdsData}`,
    description: `Renaming '${m.name}' ${lost}.`,
  };
}

/** The outline of a file, names as written (a template's, not its mask). */
export function outline(file: ParsedFile) {
  return shownAsWritten(documentSymbols(file));
}

/** Every manifest of the workspace matching the query, names as written. */
export function symbolsMatching(host: Host, query: string) {
  const a = host as Analysis;
  return shownAsWritten(workspaceSymbols(a.index, query));
}

export interface ResourcePathAt {
  /** Where the manifest starts in the file. */
  offset: number;
  path: string;
  short: string;
  kind: string;
  name: string;
}

/** Each indexed manifest of a file with its cloud resource path (the code lens), as written. */
export function resourcePaths(host: Host, uri: string): ResourcePathAt[] {
  const a = host as Analysis;
  const f = a.index.get(uri);
  if (!f) return [];
  const out: ResourcePathAt[] = [];
  for (const m of f.manifests) {
    const path = resourcePath(a.index, m);
    if (path) out.push({ offset: m.span[0], path, short: shortResourcePath(path), kind: m.kind, name: m.name ?? '' });
  }
  return shownAsWritten(out);
}

/** Where each indexed manifest of a file starts (for what is said per manifest, like "compared with"). */
export const manifestStarts = (host: Host, uri: string): number[] =>
  (host as Analysis).index.get(uri)?.manifests.map((m) => m.span[0]) ?? [];

/** The owner tree of some files, with the overlays' resources (the "Resource graph" view), as written. */
export function resourceGraph(host: Host, uris: Iterable<string>) {
  const a = host as Analysis;
  return shownAsWritten([...ownerGraph(a.index, uris), ...a.overlayGraphs()]);
}
