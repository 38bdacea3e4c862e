// What a worker thread computes of a batch of files for the host (issue 35's "both cores"): each document's
// own diagnostics and the manifests the index reads, as plain data (structured clone: no functions, no
// kinds by reference), and how the host takes them into its caches. The work is the one pass the host
// would do itself (workspace/analyze.ts) in an analysis with the same kinds; the host takes the results as
// cached values of its own documents, so everything after (the index, cross-file checks, the report) runs
// as on one thread and says the same thing, byte for byte.
import { mayHoldCrd } from '../checks/crd/kinds/detect';
import { cachedChunkDiagnostics, validateChunk } from '../checks/validate';
import { analyze } from '../workspace/analyze';
import { cachedChunkManifests, chunkManifests } from '../workspace/extract';
import { Analysis } from '../analysis';
import type { Host } from './hostApi';
import type { ParsedFile } from '../core/parse';
import type { BatchFacts, DocFacts, FactsFile, FactsSetup, FileFacts } from './takeFacts';

export { takeFacts, uncheckedLength } from './takeFacts';
export type {
  BatchFacts,
  DocFacts,
  FactsFile,
  FactsMessage,
  FactsSetup,
  FileFacts,
  SentManifest,
  TakenFacts,
} from './takeFacts';

/**
 * The worker's side: one analysis with the host's kinds, reused for every batch. The host's own analysis
 * makes them too, for a batch it does itself while it waits (its files parsed apart from the ones it holds).
 */
export class FactsMaker {
  private readonly analysis: Analysis;
  constructor(setup: FactsSetup | Host) {
    if (setup instanceof Analysis) {
      this.analysis = setup;
      return;
    }
    const given = setup as FactsSetup;
    this.analysis = new Analysis({ settings: given.settings });
    for (const c of given.crds) this.analysis.setCrdFile(c.uri, c.text);
    this.analysis.applyCrds();
  }

  batch(files: readonly FactsFile[]): BatchFacts {
    const { analysis } = this;
    const tracked = analysis.index.tracked;
    return {
      kinds: analysis.registry.kinds.length,
      files: files.map(({ text, partial, check = true, crds = false }) => {
        // Outside the shared cache: the file's chunks and what is cached on them are garbage after it.
        const file = analysis.parse(text, { cache: false });
        if (check) analyze(file, { tracked, partial });
        else for (const d of file.docs) analysis.readOnce(() => chunkManifests(d, tracked));
        if (crds)
          for (const d of file.docs) if (mayHoldCrd(d.text)) analysis.readOnce(() => validateChunk(d, partial, file));
        return this.factsOf(file, partial);
      }),
    };
  }

  /**
   * What is cached on a file's documents, as facts: a file this analysis parsed and analysed (a batch's), or
   * one the host took in (`check --cache` stores the facts of the files the run analysed: cli/runCache.ts).
   */
  factsOf(file: ParsedFile, partial: boolean): FileFacts {
    const kinds = this.analysis.registry.kinds;
    if (this.defIndex?.kinds !== kinds) this.defIndex = { kinds, index: new Map(kinds.map((d, i) => [d, i])) };
    const defIndex = this.defIndex.index;
    const tracked = this.analysis.index.tracked;
    return {
      lengths: file.docs.map((d) => d.text.length),
      docs: file.docs.map((d): DocFacts => {
        const out: DocFacts = {};
        const diags = cachedChunkDiagnostics(d, partial);
        if (diags) out.diags = diags;
        const manifests = mayHoldCrd(d.text) ? undefined : cachedChunkManifests(d, tracked);
        if (manifests)
          out.manifests = manifests.map((m) => ({
            ...m,
            def: defIndex.get(m.def) ?? -1,
            defKind: m.def.kind,
            // Kubernetes' own kinds are not in `kinds`: the host looks them up by apiVersion (before, it took
            // nothing and parsed the file again for its index).
            ...(m.def.kube ? { defApi: m.def.apiVersionValue } : {}),
          }));
        return out;
      }),
    };
  }

  /**
   * Whether a file holds diagnostics its facts lack (a document checked since they were made): only then are
   * its facts made again to be kept. Cheaper than making them and counting (a run that only indexed a file
   * has nothing to add to facts with its manifests).
   */
  addsTo(file: ParsedFile, partial: boolean, facts: FileFacts): boolean {
    return file.docs.some((d, i) => !facts.docs[i]?.diags && cachedChunkDiagnostics(d, partial) !== undefined);
  }

  /** How many kinds the analysis knows (facts name a kind by its place: the host takes them only alike). */
  get kinds(): number {
    return this.analysis.registry.kinds.length;
  }

  /** The registry's kinds by their place in it (made again when the kinds are new). */
  private defIndex: { kinds: readonly unknown[]; index: Map<unknown, number> } | undefined;
}
