// The own diagnostics of what a kustomization names as patches: a patch file (each document a partial
// manifest, or a list of JSON 6902 operations on its target), and the kustomization itself (what it asks
// for that is not rendered; the patches written inline in it, placed back through their scalar's source).
import { parseAllDocuments, parseDocument } from 'yaml';
import type { Registry } from '../../../model/registry';
import type { Diag } from '../../core/diag';
import { valueMap, valueSource } from '../../checks/embedded/positionMap';
import { toFileOffsets } from '../../core/fixFingerprint';
import { analysisTree, type ParsedFile } from '../../core/parse';
import { applySettings, type ValidateOptions } from '../../core/ruleSettings';
import { toUserSpans } from '../../core/source';
import { placedDiagnostics, validateChunk } from '../../checks/validate';
import { checkOperations, isJson6902, listAtRoot } from './json6902';
import {
  readKustomization,
  resolveFrom,
  type Kustomization,
  type KustomizationReads,
  type PatchTarget,
} from './kustomization';
import { MAX_PATCHES } from './render';
import { kustomizationBuildErrors, type FileKind } from './buildErrors';
import { unknownKustomizationFields } from './kustomizationFields';

/** The target a kustomization gives a patch file, and which overlay it is (for messages). */
export interface TargetOf {
  target: PatchTarget | undefined;
  overlay: string;
}

/**
 * A patch file's diagnostics: partial manifests, or JSON 6902 operations on each target the kustomizations
 * that name it give it (an operations file shared by overlays that target other kinds is checked against
 * each; where the targets differ, a problem names the overlay whose target it concerns).
 */
export function patchFileDiagnostics(
  file: ParsedFile,
  targets: readonly TargetOf[],
  options: ValidateOptions = {},
): Diag[] {
  // One check per distinct target: most files are named once, or with the same target each time.
  const distinct = new Map<string, TargetOf[]>();
  for (const t of targets) {
    const key = JSON.stringify(t.target ?? null);
    const list = distinct.get(key);
    if (list) list.push(t);
    else distinct.set(key, [t]);
  }
  const all: Diag[] = [];
  // The partial manifests' diagnostics at file offsets, kept per file version and, for a version split from
  // the one before, taken from it for the documents an edit left alone (validate.ts): an edit of one patch
  // of a thousand checks that one.
  // A file holding lists of JSON 6902 operations: those are checked by their targets (below) and must not
  // be parsed as partial manifests too (30,000 operations are a second of CPU a parse).
  const placed = file.docs.some((c) => listAtRoot(c.text)) ? undefined : placedDiagnostics(file, true);
  for (const [i, chunk] of file.docs.entries()) {
    if (listAtRoot(chunk.text)) {
      const doc = analysisTree(chunk);
      if (isJson6902(doc.contents)) {
        const seen = new Set<string>();
        for (const group of distinct.values()) {
          const found = checkOperations(doc, chunk.text, group[0].target, file.store.registry);
          const named =
            distinct.size > 1
              ? found.map((d) => ({ ...d, message: `${d.message} (in ${group.map((g) => g.overlay).join(', ')})` }))
              : found;
          for (const d of named) {
            const key = `${d.code}\u0000${d.start}\u0000${d.end}\u0000${d.message}`;
            if (seen.has(key)) continue;
            seen.add(key);
            toFileOffsets(chunk, [d], all);
          }
        }
        continue;
      }
    }
    if (placed) for (const d of placed[i]) all.push(d);
    else toFileOffsets(chunk, validateChunk(chunk, true), all);
  }
  if (options.settled === false) return all;
  return applySettings(file, all, options).sort((a, b) => a.start - b.start || a.end - b.end);
}

/**
 * A kustomization's own diagnostics: one Information on what it asks for that is not rendered, and the
 * problems of its inline patches. `validatePartial` checks a text as a patch file (the analysis's settings).
 */
export function kustomizationDiagnostics(
  text: string,
  registry: Registry,
  validatePartial: (text: string) => Diag[],
  files?: {
    uri: string;
    isFile: (uri: string) => boolean;
    /** What a uri is on disk, and a file's text: missing entries and cycles are found with them. */
    kind?: (uri: string) => FileKind | undefined;
    read?: (uri: string) => string | undefined;
  },
  reads?: KustomizationReads,
): Diag[] {
  const k = readKustomization(text, reads);
  const out: Diag[] = [];
  if (files) out.push(...outsideRoot(k, files.uri, files.isFile));
  // The fields and entries as Kustomize decodes them: one document without YAML errors (else those show).
  const docs = reads ? reads.documents(text) : parseAllDocuments(text);
  const root = docs.length === 1 && docs[0].errors.length === 0 ? docs[0].contents : undefined;
  if (root) {
    for (const d of unknownKustomizationFields(root)) out.push(d);
    if (files?.kind && files.read)
      for (const d of kustomizationBuildErrors(files.uri, root, { kind: files.kind, read: files.read })) out.push(d);
  }
  if (k.unrendered.length > 0) {
    const names = [...new Set(k.unrendered.map((u) => u.what))];
    out.push({
      code: 'kustomize-not-rendered',
      start: k.unrendered[0].span[0],
      end: k.unrendered[0].span[1],
      message: `Not rendered here: ${names.join(', ')}. What they make or change is missing from the rendered result that is checked; the patches are still checked as partial manifests.`,
    });
  }
  // Past MAX_PATCHES the patches are not rendered (an Information says so there): nor checked here.
  for (const p of k.inlinePatches.slice(0, MAX_PATCHES)) {
    const source = valueSource(valueMap(text, p.node), text);
    let found: Diag[];
    if (listAtRoot(source.text)) {
      const doc = parseDocument(source.text, { uniqueKeys: false });
      found = isJson6902(doc.contents)
        ? checkOperations(doc, source.text, p.target, registry)
        : validatePartial(source.text);
    } else found = validatePartial(source.text);
    out.push(
      ...toUserSpans(
        source,
        found.map(({ data: _data, ...d }) => d),
      ),
    );
  }
  return out.sort((a, b) => a.start - b.start || a.end - b.end);
}

/**
 * Files a kustomization reads from outside its folder. `kubectl kustomize` (and tools that build as it does
 * by default) refuses them: "security; file … is not in or below …" (its load restrictor). A folder with a
 * kustomization of its own is allowed anywhere, so only what is known to be a file is reported; the overlay
 * is still rendered here as `--load-restrictor LoadRestrictionsNone` would.
 */
function outsideRoot(k: Kustomization, uri: string, isFile: (uri: string) => boolean): Diag[] {
  const folder = uri.slice(0, uri.lastIndexOf('/') + 1);
  const out: Diag[] = [];
  for (const ref of [...k.resourceRefs, ...k.patchFiles]) {
    const at = resolveFrom(uri, ref.path);
    if (!at || at.startsWith(folder) || !isFile(at)) continue;
    out.push({
      code: 'kustomize-outside-root',
      start: ref.span[0],
      end: ref.span[1],
      message: `\`${ref.path}\` is outside this kustomization's folder: \`kubectl kustomize\` refuses to read it (its load restrictor). Move the file below the folder, list a folder that has its own kustomization instead, or build with \`--load-restrictor LoadRestrictionsNone\`.`,
    });
  }
  return out;
}
