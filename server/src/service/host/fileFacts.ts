// What a worker thread computes of a batch of files for the host (issue 35's "both cores"): each document's
// own diagnostics and the manifests the index reads, as plain data (structured clone: no functions, no
// kinds by reference), and how the host takes them into its caches. The work is the one pass the host
// would do itself (workspace/analyze.ts) in an analysis with the same kinds; the host takes the results as
// cached values of its own documents, so everything after (the index, cross-file checks, the report) runs
// as on one thread and says the same thing, byte for byte.
import type { Settings } from '../core/settings';
import type { Diag } from '../core/diag';
import type { ParsedFile } from '../core/parse';
import { mayHoldCrd } from '../checks/crd/kinds/detect';
import { cacheChunkDiagnostics, cachedChunkDiagnostics, validateChunk } from '../checks/validate';
import { listAtRoot } from '../workspace/kustomize/json6902';
import { analyze } from '../workspace/analyze';
import {
  cacheChunkManifests,
  cachedChunkManifests,
  chunkManifests,
  revivedManifest,
  type ChunkManifest,
} from '../workspace/extract';
import { Analysis } from '../analysis';

/** What a worker is told once: the settings and the CRDs whose kinds the host knows, in the host's order. */
export interface FactsSetup {
  settings: Settings;
  crds: { uri: string; text: string }[];
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

/** A manifest as sent: its kind as an index into the registry's kinds (the host's registry is the same). */
export type SentManifest = { def: number; defKind: string } & Record<string, unknown>;

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

/**
 * The worker's side: one analysis with the host's kinds, reused for every batch. The host's own analysis
 * makes them too, for a batch it does itself while it waits (its files parsed apart from the ones it holds).
 */
export class FactsMaker {
  private readonly analysis: Analysis;
  constructor(setup: FactsSetup | Analysis) {
    if (setup instanceof Analysis) {
      this.analysis = setup;
      return;
    }
    this.analysis = new Analysis({ settings: setup.settings });
    for (const c of setup.crds) this.analysis.setCrdFile(c.uri, c.text);
    this.analysis.applyCrds();
  }

  batch(files: readonly FactsFile[]): BatchFacts {
    const { analysis } = this;
    const kinds = analysis.registry.kinds;
    const defIndex = new Map(kinds.map((d, i) => [d, i]));
    const tracked = analysis.index.tracked;
    return {
      kinds: kinds.length,
      files: files.map(({ text, partial, check = true, crds = false }) => {
        // Outside the shared cache: the file's chunks and what is cached on them are garbage after it.
        const file = analysis.parse(text, { cache: false });
        if (check) analyze(file, { tracked, partial });
        else for (const d of file.docs) analysis.readOnce(() => chunkManifests(d, tracked));
        if (crds)
          for (const d of file.docs) if (mayHoldCrd(d.text)) analysis.readOnce(() => validateChunk(d, partial, file));
        return {
          lengths: file.docs.map((d) => d.text.length),
          docs: file.docs.map((d): DocFacts => {
            const out: DocFacts = {};
            const diags = cachedChunkDiagnostics(d, partial);
            if (diags) out.diags = diags;
            const manifests = mayHoldCrd(d.text) ? undefined : cachedChunkManifests(d, tracked);
            if (manifests)
              out.manifests = manifests.map((m) => ({ ...m, def: defIndex.get(m.def) ?? -1, defKind: m.def.kind }));
            return out;
          }),
        };
      }),
    };
  }
}

/**
 * The host's side: a file it parsed (not yet analysed) takes a worker's facts as its documents' cached
 * values. Returns false, taking nothing, when the file was not split alike or the kinds differ.
 */
export function takeFacts(analysis: Analysis, file: ParsedFile, facts: FileFacts, kinds: number, partial: boolean) {
  const defs = analysis.registry.kinds;
  if (kinds !== defs.length || facts.lengths.length !== file.docs.length) return false;
  if (file.docs.some((d, i) => d.text.length !== facts.lengths[i])) return false;
  const tracked = analysis.index.tracked;
  file.docs.forEach((d, i) => {
    const f = facts.docs[i];
    if (f.diags) cacheChunkDiagnostics(d, partial, f.diags);
    if (!f.manifests) return;
    const manifests: ChunkManifest[] = [];
    for (const m of f.manifests) {
      const def = defs[m.def];
      if (def?.kind !== m.defKind) return;
      const { defKind: _, def: __, ...fields } = m;
      manifests.push(revivedManifest(fields, def));
    }
    cacheChunkManifests(d, tracked, manifests);
  });
  return true;
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
