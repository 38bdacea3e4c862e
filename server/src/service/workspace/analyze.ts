// One pass over a file's chunks that computes everything cached per chunk: its diagnostics, its manifests
// for the workspace index and, when the editor shows an outline, its symbols. Syntax trees are kept
// only while they are used (see parse.ts), so separate passes over a large file would each parse it again;
// in one pass each new chunk is parsed once. Unchanged chunks cost a cache lookup.
import type { ParsedFile } from '../core/parse';
import { listAtRoot } from './kustomize/json6902';
import { mayHoldCrd } from '../checks/crd/kinds/detect';
import { validateChunk } from '../checks/validate';
import { chunkManifests, type TrackedPaths } from './extract';
import { chunkSymbols } from './symbols';

export interface AnalyzeOptions {
  /** Also compute the outline symbols (when the client asks for them). */
  symbols?: boolean;
  /** Also extract the manifests for an index that tracks these values (the analysis's index). */
  tracked?: TrackedPaths;
  /**
   * The file is a Kustomize patch: its documents are checked as partial manifests (what its diagnostics
   * are made of), not as whole ones, in the same pass.
   */
  partial?: boolean;
  /**
   * Check CRD documents in the same pass too (not only when their diagnostics are asked for): a file read
   * once (the CLI, whose trees are not kept) has them asked for next, and a 1.2 MB CRD was parsed again
   * for it.
   */
  crds?: boolean;
}

export function analyze(file: ParsedFile, options: AnalyzeOptions = {}): ParsedFile {
  // A version split from the one before (resplit.ts): the documents it kept were analysed with it; what
  // they lack (symbols asked for since, another domain) is computed when asked.
  const b = file.basis;
  const docs = b ? file.docs.slice(b.prefix, file.docs.length - b.suffix) : file.docs;
  for (const chunk of docs) {
    // A patch's list of JSON 6902 operations is no partial manifest: nothing here is computed from it (its
    // check, patchFileDiagnostics, parses it when asked). Parsed here too, a file of 30,000 operations was
    // parsed once more than needed (a second of CPU, a tree of hundreds of MB).
    if (options.partial && listAtRoot(chunk.text)) continue;
    // One tree for the three, dropped after them (see readOnce).
    file.store.readOnce(() => {
      // A CRD's own check waits until its diagnostics are asked for (crd/kinds/detect.ts).
      if (options.crds || !mayHoldCrd(chunk.text)) validateChunk(chunk, options.partial, file);
      if (options.tracked) chunkManifests(chunk, options.tracked);
      if (options.symbols) chunkSymbols(chunk);
    });
  }
  return file;
}
