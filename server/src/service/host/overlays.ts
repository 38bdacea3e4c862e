// The Kustomize overlays of an analysis, rendered as `kubectl kustomize` renders them (kustomize/render.ts)
// and checked: what each overlay's rendered result gets wrong, placed where its value was written (a patch,
// a kustomization, a base file: kustomize/renderedDiagnostics.ts), what stops kubectl's build, the owner
// references a renaming breaks, and the rendered owner trees. The owner of every rendering cache, behind the
// analysis (service/analysis.ts): it reads the user's files through `OverlayInputs` and is told when the
// kinds change (`reset`) or a kustomization goes (`forget`). An edit renders and checks only what changed:
// each rendering step is kept by the identity of its inputs (RenderMemo), each overlay's rendered texts,
// their index and each one's problems (invalidated through the index's `dependents`). Over 400 lines for a
// reason: its members share these caches, and each cache's invalidation is written beside it.
import type { GraphNode } from '../../protocol/customRequests';
import type { Registry } from '../../model/registry';
import type { Diag } from '../core/diag';
import type { Edit } from '../core/edits';
import { renderedYamlText } from '../core/yamlText';
import type { ChunkStore, ParsedFile } from '../core/parse';
import type { FileRoles } from '../workspace/fileRoles';
import {
  isKustomizationUri,
  readKustomization,
  resolveFrom,
  type KustomizationReads,
} from '../workspace/kustomize/kustomization';
import { renamedReferences, type RenamedByName, type RenamedRef } from '../workspace/kustomize/renamedReferences';
import {
  addConfigurationEdit,
  configurationPaths,
  isTaught,
  ownerConfigText,
  ownerRenamedDiag,
  readNameReferences,
  type NameReference,
} from '../workspace/kustomize/ownerConfig';
import { overlayGraph } from '../workspace/kustomize/overlayGraph';
import {
  buildDiagnostics,
  mergeOverlays,
  overlayName,
  renderedDiagnostics,
  type Placed,
} from '../workspace/kustomize/renderedDiagnostics';
import { renderedValueMarkdown } from '../workspace/kustomize/renderedHover';
import {
  RenderMemo,
  renderKustomization,
  resourceDocuments,
  type Anchor,
  type Doc,
  type JsonObject,
  type Origins,
  type Rendered,
} from '../workspace/kustomize/render';
import type { Settings } from '../core/settings';
import { applySettings, validateFile } from '../checks/validate';
import { checkFile, createWorkspaceIndex } from '../workspace/checks';
import type { ObjectFacts } from '../workspace/rules/crossFileContext';

/** What a rendered overlay's objects are to the references between them (kubeReferences.ts): never certain. */
const RENDERED_OBJECTS: ObjectFacts = Object.freeze({
  stamp: 'rendered',
  generated: () => false,
  literal: () => false,
});
import type { WorkspaceIndex } from '../workspace/workspaceIndex';

/** A kustomization that changes what it lists (else its rendering is its resources as written). */
export const TRANSFORMS =
  /^(?:namePrefix|nameSuffix|namespace|commonLabels|labels|commonAnnotations|patches|patchesStrategicMerge|patchesJson6902)\s*:/m;

/** The uri a rendered resource has in its overlay's index (never a file's: no file is named so). */
const renderedUri = (i: number) => `rendered:///${i}`;

/** A kustomization that renames what it lists. */
const RENAMES = /^(?:namePrefix|nameSuffix)\s*:/m;

/** A kustomization giving Kustomize schemas (then it may rewrite owner names: not second-guessed). */
const SCHEMAS = /^(?:crds|openapi)\s*:/m;

/** What the overlays read of the analysis that owns them (each a current value: the kinds change). */
export interface OverlayInputs {
  /** Whether overlays are rendered at all (`renderOverlays`). */
  readonly render: boolean;
  /** The text of a file as the user wrote it (open, indexed, else read as the host allows), if any. */
  userText(uri: string): string | undefined;
  /** The open or indexed file of a uri as parsed, if any. */
  fileOf(uri: string): ParsedFile | undefined;
  store(): ChunkStore;
  roles(): FileRoles;
  settings(): Settings;
  /** The workspace's index (the files as written). */
  index(): WorkspaceIndex;
  /** Kustomization texts read once for the roles, the checks and the render. */
  readonly reads: KustomizationReads;
}

export class Overlays {
  constructor(private readonly inputs: OverlayInputs) {
    this.renderOverlays = inputs.render;
    this.renderMemo = new RenderMemo(inputs.reads);
  }

  private readonly renderOverlays: boolean;
  private get store(): ChunkStore {
    return this.inputs.store();
  }
  private get registry(): Registry {
    return this.inputs.store().registry;
  }
  private get roles(): FileRoles {
    return this.inputs.roles();
  }
  private get settings(): Settings {
    return this.inputs.settings();
  }
  private parse(text: string): ParsedFile {
    return this.inputs.store().parseFile(text);
  }
  private userText(uri: string): string | undefined {
    return this.inputs.userText(uri);
  }

  /** Rendering steps computed (not found in the memo) so far: a test reads how much an edit rendered again. */
  get renderSteps(): number {
    return this.renderMemo.stepsComputed;
  }

  /** The kinds changed: rendered overlays were parsed with the old ones, and are rendered again on demand. */
  reset(): void {
    this.renderedIndexes.clear();
    this.renderedYaml.clear();
    this.renderedPointerTables.clear();
    this.renderings.clear();
    this.renderDocs.clear();
  }

  /** A kustomization gone: its rendered resources are no longer held. */
  forget(uri: string): void {
    const rendered = this.renderedIndexes.get(uri);
    if (rendered) for (const t of rendered.slots) this.store.release(t.file);
    this.renderedIndexes.delete(uri);
    this.renderedYaml.delete(uri);
    this.renderedPointerTables.delete(uri);
    this.renderings.delete(uri);
    this.renderDocs.delete(uri);
  }

  /** The files the last rendering of a kustomization read. */
  readsOf(kustomization: string): string[] {
    return [...(this.renderings.get(kustomization)?.reads.keys() ?? [])];
  }

  /** The kustomizations whose last rendering read a file. */
  readersOf(uri: string): string[] {
    const out: string[] = [];
    for (const [k, r] of this.renderings) if (r.reads.has(uri)) out.push(k);
    return out;
  }

  /**
   * The problems of the overlays' rendered results whose value was written in a resource file (a base),
   * not already among its diagnostics. Kustomizations that only list resources render nothing new.
   */
  inOverlays(uri: string, f: ParsedFile, shown: readonly Diag[]): Diag[] {
    if (!this.renderOverlays) return [];
    const each: { overlay: string; diags: Diag[] }[] = [];
    for (const k of this.roles.kustomizations().sort()) {
      const text = this.userText(k);
      if (text === undefined || !TRANSFORMS.test(text)) continue;
      const rendered = this.renderOverlay(k);
      if (!this.renderings.get(k)?.written.has(uri)) continue;
      each.push({ overlay: overlayName(k), diags: this.renderedFor(uri, f, k, shown, rendered) });
    }
    const out = mergeOverlays(each);
    return out.length > 0 ? applySettings(f, out, { rules: this.settings.rules }) : out;
  }

  /** Renderings kept per kustomization with the texts they read: used again while none changed. */
  private readonly renderings = new Map<
    string,
    { reads: Map<string, string | undefined>; rendered: Rendered; written: Set<string> }
  >();

  renderOverlay(kustomization: string): Rendered {
    const hit = this.renderings.get(kustomization);
    if (hit && [...hit.reads].every(([u, t]) => this.userText(u) === t)) return hit.rendered;
    const reads = new Map<string, string | undefined>();
    const rendered = renderKustomization(
      kustomization,
      (u) => {
        const t = this.userText(u);
        reads.set(u, t);
        return t;
      },
      this.resourceDocs,
      this.renderMemo,
    );
    // The files its values were written in (a quick "does this overlay concern that file?"), when asked:
    // an edit of a patch renders again without asking.
    let written: Set<string> | undefined;
    const memo = this.renderMemo;
    this.renderings.set(kustomization, {
      reads,
      rendered,
      get written() {
        if (!written) {
          written = new Set<string>();
          for (const o of rendered.origins) for (const u of memo.urisOf(o)) written.add(u);
        }
        return written;
      },
    });
    return rendered;
  }

  /**
   * Whether a file's diagnostics include problems of Kustomize overlays that render it: a patch's and a
   * kustomization's do, and a resource file's when an overlay that transforms it reads it (its last
   * rendering says so, kept even if another file changed since: asking never renders on the way to a
   * first publish, except an overlay never rendered yet).
   */
  rendersIn(uri: string): boolean {
    if (!this.renderOverlays) return false;
    const role = this.roles.roleOf(uri).role;
    if (role === 'patch' || role === 'kustomization') return true;
    if (role !== 'manifest') return false;
    for (const k of this.roles.kustomizations()) {
      const text = this.userText(k);
      if (text === undefined || !TRANSFORMS.test(text)) continue;
      if (!this.renderings.has(k)) this.renderOverlay(k);
      if (this.renderings.get(k)?.reads.has(uri)) return true;
    }
    return false;
  }

  /** For a hover in a patch file: what the field at `offset` renders to in its overlay (markdown). */
  renderedHover(uri: string, file: ParsedFile, offset: number): string | undefined {
    const role = this.roles.roleOf(uri);
    if (role.role !== 'patch' || !this.renderOverlays) return undefined;
    // In each overlay that uses the patch (the first few: a hover stays short).
    const parts = role.overlays
      .slice(0, 5)
      .map((k) => renderedValueMarkdown(uri, file, offset, k, () => this.renderOverlay(k)))
      .filter((m): m is string => m !== undefined);
    return parts.length > 0 ? parts.join('\n\n---\n\n') : undefined;
  }

  /**
   * The documents of each resource file an overlay's rendering read, by uri, kept while the text stays the
   * same, and document by document while it changes: an edit of one document of a large file parses that
   * document alone, and every other document stays the same object (its origins follow it through its
   * anchor when the edit moves it), so the rendering steps kept for it (renderMemo) are used again.
   */
  private readonly renderDocs = new Map<
    string,
    { text: string; docs: readonly Doc[]; byChunk: Map<object, { docs: readonly Doc[]; anchor: Anchor; pass: number }> }
  >();

  /** Counts the passes of resourceDocs over a file's chunks (an entry seen in this pass is a repeated text). */
  private docsPass = 0;

  /** The steps of the overlays' renderings, by the identity of their inputs (see RenderMemo). */
  private readonly renderMemo: RenderMemo;

  private resourceDocs = (uri: string, text: string): readonly Doc[] => {
    const hit = this.renderDocs.get(uri);
    if (hit?.text === text) return hit.docs;
    // The file's chunks as the store split them (the open or indexed file's, already split): each chunk's
    // key is the same object while its text is, so nothing is split or compared by text again. The table
    // of the last text is updated in place (an edit changes a chunk or two of a thousand), its entries of
    // chunks gone dropped once they are a quarter of it.
    const f = this.inputs.fileOf(uri);
    const chunks = f && f.text === text ? f.docs : this.parse(text).docs;
    const byChunk = hit?.byChunk ?? new Map<object, { docs: readonly Doc[]; anchor: Anchor; pass: number }>();
    const pass = ++this.docsPass;
    const docs: Doc[] = [];
    let kept = 0;
    for (const c of chunks) {
      let e = byChunk.get(c.key);
      if (e?.pass === pass) {
        // A text written twice in the file: the second copy has documents of its own (an anchor each).
        const anchor = { offset: c.offset };
        for (const d of resourceDocuments(c.text, uri, anchor)) docs.push(d);
        continue;
      }
      if (!e) {
        const anchor = { offset: c.offset };
        e = { docs: resourceDocuments(c.text, uri, anchor), anchor, pass };
        byChunk.set(c.key, e);
      }
      e.pass = pass;
      e.anchor.offset = c.offset;
      kept++;
      for (const d of e.docs) docs.push(d);
    }
    if (byChunk.size > kept + (kept >> 2)) for (const [k, e] of byChunk) if (e.pass !== pass) byChunk.delete(k);
    this.renderDocs.set(uri, { text, docs, byChunk });
    return docs;
  };

  /**
   * All the problems of the rendered resources `touched`: each alone (validated as a whole manifest) and
   * together, the overlay's rendered resources as their whole workspace. Nothing "not found" is reported
   * (an owner may be elsewhere: Kustomize does not rename owner names, and the cluster may hold them); what
   * the resources prove wrong together (owner kinds, limits a child takes from its parent, cycles,
   * duplicates) is. Kept per rendered resource: a resource whose text did not change keeps its own
   * problems, and its cross-document ones unless a changed resource is one it depends on (the index's
   * `dependents`), so an edit checks again what it changed, not the whole overlay.
   */
  private renderedChecks(
    kustomization: string,
    texts: readonly string[],
    touched: readonly number[],
    overlay: string,
    written: readonly (string | undefined)[],
  ): Diag[][] {
    const index = this.renderedIndex(kustomization, texts, written);
    const { slots } = this.renderedIndexes.get(kustomization)!;
    return touched.map((i) => {
      const slot = slots[i];
      slot.own ??= validateFile(slot.file);
      slot.cross ??= checkFile(index, renderedUri(i), {
        complete: false,
        ownerResolution: 'off',
        display: () => overlay,
        // A rendered built-in kind is not Kustomize's own result (no strategic merge, no name references
        // followed): no key or port of its ConfigMaps, Secrets and Services is judged there.
        objects: RENDERED_OBJECTS,
      });
      if (slot.cross.length === 0) return slot.own;
      // The same array while its parts are (renderedDiagnostics keeps what it placed by it).
      const c = slot.combined;
      if (c && c.own === slot.own && c.cross === slot.cross) return c.all;
      const all = [...slot.own, ...slot.cross];
      slot.combined = { own: slot.own, cross: slot.cross, all };
      return all;
    });
  }

  /**
   * The references an overlay's renaming breaks (Kustomize does not rewrite owner names), as one problem
   * on its kustomization (kustomize/ownerConfig.ts), less those its kustomizations' `configurations:` teach
   * Kustomize; none where one of them gives Kustomize CRD schemas (`crds`, `openapi`: not read here).
   */
  ownerRenamed(kustomization: string, text: string): Diag[] {
    const refs = this.renamedRefs(kustomization);
    if (!refs) return [];
    const d = ownerRenamedDiag(text, refs.broken);
    return d ? [d] : [];
  }

  /** The renamed references of an overlay, those its configurations teach left out (undefined: not told). */
  private renamedRefs(kustomization: string): { broken: RenamedRef[]; taught: NameReference[] } | undefined {
    if (!this.renderOverlays) return undefined;
    const text = this.userText(kustomization);
    // Where the renaming is written: an overlay of a renaming base is told by the base's kustomization.
    if (text === undefined || !RENAMES.test(text)) return undefined;
    const rendered = this.renderOverlay(kustomization);
    if (rendered.resources.length === 0) return undefined;
    const taught: NameReference[] = [];
    for (const [u, t] of this.renderings.get(kustomization)?.reads ?? []) {
      if (!isKustomizationUri(u) || t === undefined) continue;
      if (SCHEMAS.test(t)) return undefined;
      for (const p of configurationPaths(t)) {
        const at = resolveFrom(u, p);
        const config = at === undefined ? undefined : this.userText(at);
        if (config !== undefined) for (const n of readNameReferences(config)) taught.push(n);
      }
    }
    const toText = this.renderedText(kustomization);
    const index = this.renderedIndex(
      kustomization,
      rendered.resources.map((r) => toText(r)),
      rendered.written,
    );
    const r = this.renderedIndexes.get(kustomization)!;
    const missing: number[] = [];
    r.slots.forEach((slot, i) => slot.renamed === undefined && missing.push(i));
    if (missing.length > 0) {
      const found = renamedReferences(index, renderedUri, rendered.written, missing, r);
      missing.forEach((i, n) => (r.slots[i].renamed = found[n]));
    }
    const broken: RenamedRef[] = [];
    for (const slot of r.slots) for (const ref of slot.renamed ?? []) if (!isTaught(taught, ref)) broken.push(ref);
    return { broken, taught };
  }

  /**
   * The quick fix of an overlay's kustomize-owner-renamed: a configuration file teaching Kustomize the
   * fields its renaming breaks (next to the kustomization, where its load restrictor accepts it), and the
   * edit listing it under `configurations:`. Undefined when there is nothing to teach.
   */
  ownerConfigFix(
    kustomization: string,
  ): { create: { uri: string; text: string }; edit: Edit; base: string } | undefined {
    const refs = this.renamedRefs(kustomization);
    const text = this.userText(kustomization);
    if (!refs || refs.broken.length === 0 || text === undefined) return undefined;
    // A name no file has: a file of that name may teach other kinds already.
    let path = 'kustomizeconfig/owner-references.yaml';
    const taken = (p: string) => {
      const u = resolveFrom(kustomization, p);
      return u === undefined || this.userText(u) !== undefined;
    };
    for (let n = 2; taken(path) && n < 100; n++) path = `kustomizeconfig/owner-references-${n}.yaml`;
    const uri = resolveFrom(kustomization, path);
    const edit = addConfigurationEdit(text, path);
    if (!uri || !edit) return undefined;
    const eol = text.includes('\r\n') ? '\r\n' : '\n';
    return { create: { uri, text: ownerConfigText(refs.broken, eol) }, edit, base: text };
  }

  /**
   * The index of an overlay's rendered resources (`texts`, resource `i` under `renderedUri(i)`). One per
   * overlay, kept: an edit changes a few rendered resources, and only those are indexed again (held, so
   * their parsed chunks stay while they are the overlay's). What is kept of each resource's checks
   * (renderedChecks) goes when it may have changed: its own with its text, its cross-document ones when a
   * resource it depends on changed (the index's `dependents`), the renamed references of all when a
   * resource's name, kind or namespace changed, rendered or as written.
   */
  private renderedIndex(
    kustomization: string,
    texts: readonly string[],
    written?: readonly (string | undefined)[],
  ): WorkspaceIndex {
    let r = this.renderedIndexes.get(kustomization);
    if (!r) this.renderedIndexes.set(kustomization, (r = { index: createWorkspaceIndex(this.registry), slots: [] }));
    const { index, slots } = r;
    const uri = renderedUri;
    const changed: string[] = [];
    const keys: string[] = [];
    const identities = (i: number) =>
      (index.get(uri(i))?.manifests ?? []).map((m) => `${m.kind}\u0000${m.namespace}\u0000${m.name}`).join('\u0001');
    let renamedStale = false;
    texts.forEach((t, i) => {
      if (slots[i]?.text === t) return;
      const before = identities(i);
      const parsed = this.parse(t);
      this.store.hold(parsed);
      if (slots[i]) this.store.release(slots[i].file);
      slots[i] = { text: t, file: parsed };
      for (const k of index.set(uri(i), parsed)) keys.push(k);
      changed.push(uri(i));
      if (identities(i) !== before) renamedStale = true;
    });
    for (let i = texts.length; i < slots.length; i++) {
      this.store.release(slots[i].file);
      for (const k of index.remove(uri(i))) keys.push(k);
      changed.push(uri(i));
      renamedStale = true;
    }
    slots.length = texts.length;
    if (written) {
      // Compared name by name: most are the same strings as the last rendering's.
      const was = r.written;
      if (!was || was.length !== written.length || written.some((n, i) => n !== was[i])) renamedStale = true;
      r.written = written;
    }
    if (changed.length > 0)
      for (const u of index.dependents(changed, keys)) {
        const slot = slots[Number(u.slice('rendered:///'.length))];
        if (slot) {
          slot.cross = undefined;
          slot.renamed = undefined;
        }
      }
    if (renamedStale) {
      for (const slot of slots) slot.renamed = undefined;
      r.renamed = undefined;
    }
    return index;
  }

  /**
   * The owner trees of the overlays' rendered results (kustomize/overlayGraph.ts): every kustomization that
   * changes what it lists, rendered, its resources under their rendered names.
   */
  overlayGraphs(): GraphNode[] {
    if (!this.renderOverlays) return [];
    const out: GraphNode[] = [];
    // A kustomization another one lists (a base) is no overlay: its resources are shown where they are
    // written, and as each overlay that lists it renders them.
    const listed = new Set<string>();
    for (const k of this.roles.kustomizations()) {
      const text = this.userText(k);
      if (text === undefined) continue;
      for (const r of readKustomization(text, this.inputs.reads).resources) {
        const at = resolveFrom(k, r);
        if (at) listed.add(at.replace(/\/+$/, ''));
      }
    }
    for (const k of this.roles.kustomizations()) {
      const text = this.userText(k);
      if (text === undefined || !TRANSFORMS.test(text) || listed.has(k.slice(0, k.lastIndexOf('/')))) continue;
      const rendered = this.renderOverlay(k);
      if (rendered.resources.length === 0) continue;
      const toText = this.renderedText(k);
      const index = this.renderedIndex(
        k,
        rendered.resources.map((r) => toText(r)),
        rendered.written,
      );
      const graph = overlayGraph({
        kustomization: k,
        name: overlayName(k),
        index,
        uriOf: renderedUri,
        count: rendered.resources.length,
        origins: rendered.origins,
        lines: (u) => this.inputs.fileOf(u)?.lines,
        nameSpan: (u, start) =>
          this.inputs
            .index()
            .get(u)
            ?.manifests.find((m) => m.span[0] === start)?.nameSpan,
      });
      for (const n of graph) out.push(n);
    }
    return out;
  }

  /**
   * A rendered resource as YAML, by its JSON (far quicker to write than YAML): most resources of an
   * overlay are the same from one rendering to the next. One table per overlay, of its last rendering.
   */
  private renderedText(kustomization: string): (resource: JsonObject) => string {
    const last = this.renderedYaml.get(kustomization) ?? new Map<string, string>();
    const next = new Map<string, string>();
    this.renderedYaml.set(kustomization, next);
    return (resource) => {
      // A resource the rendering steps handed back unchanged (RenderMemo) is the same object: its text too.
      const known = this.renderedYamlOf.get(resource);
      if (known !== undefined) return known;
      const json = JSON.stringify(resource);
      const yaml = next.get(json) ?? last.get(json) ?? renderedYamlText(resource);
      next.set(json, yaml);
      this.renderedYamlOf.set(resource, yaml);
      return yaml;
    };
  }

  private readonly renderedYamlOf = new WeakMap<JsonObject, string>();

  private readonly renderedYaml = new Map<string, Map<string, string>>();

  /** Where the problems of each rendered resource are (renderedDiagnostics), per overlay, for a while. */
  private renderedPointers(kustomization: string): Map<string, { starts: string; at: string[] }> {
    let m = this.renderedPointerTables.get(kustomization);
    // Bounded: a table that grew past two renderings' worth starts again.
    if (!m || m.size > 20_000) this.renderedPointerTables.set(kustomization, (m = new Map()));
    return m;
  }

  private readonly renderedPointerTables = new Map<string, Map<string, { starts: string; at: string[] }>>();

  /** Per file: the rendered problems placed in it, by resource (renderedDiagnostics' `placed`). */
  private placedIn(uri: string): WeakMap<readonly Diag[], WeakMap<Origins, readonly Placed[]>> {
    let m = this.placedTables.get(uri);
    if (!m) {
      // Bounded: the files with rendered problems asked for lately.
      if (this.placedTables.size > 256) this.placedTables.clear();
      this.placedTables.set(uri, (m = new WeakMap()));
    }
    return m;
  }

  private readonly placedTables = new Map<string, WeakMap<readonly Diag[], WeakMap<Origins, readonly Placed[]>>>();

  /**
   * Per overlay: the index of its rendered resources, and of each its text, parsed file and, once checked,
   * its own and its cross-document problems.
   */
  private readonly renderedIndexes = new Map<
    string,
    {
      index: WorkspaceIndex;
      slots: {
        text: string;
        file: ParsedFile;
        own?: Diag[];
        cross?: Diag[];
        renamed?: RenamedRef[];
        combined?: { own: Diag[]; cross: Diag[]; all: Diag[] };
      }[];
      /** The names the resources were written with, as last indexed. */
      written?: readonly (string | undefined)[];
      /** The resources the overlay renamed, by written name (renamedReferences), while no identity changes. */
      renamed?: RenamedByName;
    }
  >();

  /**
   * The problems of the overlays' rendered results (`kustomizations`) that the values of a patch (or a
   * kustomization's inline patches) cause, settings applied, those its own diagnostics show left out
   * (kustomize/renderedDiagnostics.ts).
   */
  inOverlaysOf(uri: string, f: ParsedFile, kustomizations: readonly string[], own: Diag[]): Diag[] {
    if (!this.renderOverlays) return [];
    // Each overlay that uses the file, checked alone; the same problem in several is shown once, naming them.
    const rendered = mergeOverlays(
      kustomizations.map((k) => {
        const r = this.renderOverlay(k);
        // What stops kubectl from building it, where written here (a patch's line: naming the overlay).
        const build = buildDiagnostics(r, uri, k === uri ? undefined : overlayName(k), f.text);
        const found = this.renderedFor(uri, f, k, own, r);
        return { overlay: overlayName(k), diags: build.length > 0 ? [...build, ...found] : found };
      }),
    );
    return rendered.length > 0 ? applySettings(f, rendered, { rules: this.settings.rules }) : rendered;
  }

  /** The problems of an overlay's rendered result placed in `uri` (kustomize/renderedDiagnostics.ts). */
  private renderedFor(uri: string, f: ParsedFile, kustomization: string, own: readonly Diag[], r: Rendered): Diag[] {
    return renderedDiagnostics({
      rendered: r,
      kustomization,
      file: uri,
      lines: f.lines,
      own,
      read: (u) => this.userText(u),
      documents: this.resourceDocs,
      validate: (t) => validateFile(this.parse(t)),
      // The rendered resources are held by the overlay's index: parsed and checked once (renderedChecks).
      check: (texts, touched, overlay) => this.renderedChecks(kustomization, texts, touched, overlay, r.written),
      urisOf: (origins) => this.renderMemo.urisOf(origins),
      toText: this.renderedText(kustomization),
      pointers: this.renderedPointers(kustomization),
      placed: this.placedIn(uri),
    });
  }
}
