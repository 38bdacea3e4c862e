// The host's side of a worker's facts (fileFacts.ts): the data a worker sends, and how the host takes it into its
// documents' caches. Apart from fileFacts.ts so that the host's documents (documents.ts) read it without the
// worker's side, which makes an analysis of its own.
import type { Registry } from '../../model/registry';
import type { KindDef } from '../../model/types';
import type { Settings } from '../core/settings';
import type { Diag } from '../core/diag';
import type { ParsedFile } from '../core/parse';
import { mayHoldCrd } from '../checks/crd/kinds/detect';
import { cacheChunkDiagnostics, cachedChunkDiagnostics } from '../checks/validate';
import { listAtRoot } from '../workspace/kustomize/json6902';
import { cacheChunkManifests, revivedManifest, type ChunkManifest } from '../workspace/extract';
import type { WorkspaceIndex } from '../workspace/workspaceIndex';

/** What a worker is told once: the settings and the CRDs whose kinds the host knows, in the host's order. */
export interface FactsSetup {
  settings: Settings;
  crds: { uri: string; text: string }[];
  /** The host's kinds and settings this setup was made from: facts of another are not taken. */
  stamp?: number;
}

/**
 * A file of a batch: its text, whether its documents are read as a patch's partial manifests, and whether
 * they are checked too (`check: false`: their manifests alone, what the server's index reads).
 */
export interface FactsFile {
  text: string;
  partial: boolean;
  check?: boolean;
  /**
   * Its CRD documents' own check too (which the one pass leaves until their diagnostics are asked for): the
   * server sends a large file it is about to publish (lsp/offThread.ts).
   */
  crds?: boolean;
}

/** What a worker is sent: its setup once, first, then batches (each answered with its BatchFacts). */
export type FactsMessage = { setup: FactsSetup } | { files: FactsFile[] };

/**
 * A manifest as sent: its kind as an index into the registry's kinds (the host's registry is the same), or
 * for one of Kubernetes' own kinds (not in that list: looked up per release) `def: -1` and its apiVersion.
 */
export type SentManifest = { def: number; defKind: string; defApi?: string } & Record<string, unknown>;

/** One document's facts; `diags` absent where the pass computes none (a CRD, a patch's operations). */
export interface DocFacts {
  diags?: { diags: Diag[]; domain?: string };
  manifests?: SentManifest[];
}

/** A batch's answer: per file, its documents' lengths (to check the host split it alike) and their facts. */
export interface FileFacts {
  lengths: number[];
  docs: DocFacts[];
}

/** The kinds the worker's registry holds, told to the host with each batch: it takes nothing if they differ. */
export interface BatchFacts {
  kinds: number;
  files: FileFacts[];
}

/** A worker's facts of one file as the host takes them: the batch's kinds, and how the file was sent. */
export interface TakenFacts {
  facts: FileFacts;
  kinds: number;
  partial: boolean;
  /** The setup's stamp (FactsSetup): facts computed for other kinds or settings are not taken. */
  stamp?: number;
}

/** What taking facts reads of the host: its kinds and the index's tracked fields. */
export interface FactsHost {
  readonly registry: Registry;
  readonly index: WorkspaceIndex;
}

/**
 * The host's side: a file it parsed (not yet analysed) takes a worker's facts as its documents' cached
 * values. Returns false, taking nothing, when the file was not split alike or the kinds differ.
 */
export function takeFacts(host: FactsHost, file: ParsedFile, facts: FileFacts, kinds: number, partial: boolean) {
  const defs = host.registry.kinds;
  if (kinds !== defs.length || facts.lengths.length !== file.docs.length) return false;
  if (file.docs.some((d, i) => d.text.length !== facts.lengths[i])) return false;
  const tracked = host.index.tracked;
  file.docs.forEach((d, i) => {
    const f = facts.docs[i];
    if (f.diags) cacheChunkDiagnostics(d, partial, f.diags);
    if (!f.manifests) return;
    const manifests: ChunkManifest[] = [];
    for (const m of f.manifests) {
      const def =
        m.def >= 0 ? defs[m.def] : m.defApi !== undefined ? kubeDef(host.registry, m.defApi, m.defKind) : undefined;
      if (def?.kind !== m.defKind) return;
      const { defKind: _, def: __, defApi: ___, ...fields } = m;
      manifests.push(revivedManifest(fields, def));
    }
    cacheChunkManifests(d, tracked, manifests);
  });
  return true;
}

/** One of Kubernetes' own kinds as the host's registry knows it (the worker's has the same release). */
function kubeDef(registry: Registry, apiVersion: string, kind: string): KindDef | undefined {
  const found = registry.lookup(apiVersion, kind);
  return found.status === 'ok' && !found.list && found.def.kube ? found.def : undefined;
}

/**
 * How many characters of a file's documents have no diagnostics cached yet (what asking for them would parse
 * and check now); a patch's lists of JSON 6902 operations are left out, as the one pass leaves them, and so
 * are CRDs unless `crds` (the one pass leaves their own check until their diagnostics are asked for).
 */
export function uncheckedLength(file: ParsedFile, partial: boolean, crds: boolean): number {
  let n = 0;
  for (const d of file.docs) {
    if ((partial && listAtRoot(d.text)) || (!crds && mayHoldCrd(d.text))) continue;
    if (!cachedChunkDiagnostics(d, partial)) n += d.text.length;
  }
  return n;
}
