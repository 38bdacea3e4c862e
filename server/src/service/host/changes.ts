// The changes the host takes (host/hostApi.ts `apply`, rust-analyzer's `apply_change`): every write of its
// inputs is one of these, from the editor, the CLI and the MCP server alike.
import type { ParsedFile } from '../core/parse';
import type { DocumentText } from '../core/fileText';
import type { Settings } from '../core/settings';
import type { BaseVersion } from '../checks/changes/check';
import type { TakenFacts } from './takeFacts';

/**
 * - `open`: an open document's text at a version (an edit too); with `index`, its version indexed too, in
 *   that scope (the files it affects returned: an edit is one change);
 * - `close`: a document closed (its chunks stay while the index holds them);
 * - `file`: a file of the workspace as the index should hold it — a text read from disk (taken in as
 *   ingest.ts decides), or an open document's parsed version — `undefined` when it is gone; in a scope
 *   (the workspace folders' by default); `analyse`: its documents analysed now (default: when asked);
 *   `cache: false`: its trees kept out of the shared cache (the CLI reads each file once); `facts`: what a
 *   worker computed of it; `lines`: its line index, where the caller has one; `affected: false`: the files
 *   it affects are not computed (a scan, after which every file is checked);
 * - `settings`, `crd` (the CRD documents of a file the `crds` setting names; undefined: none), `base` (the
 *   committed version a file is compared with), `outline` (the client shows an open document's outline:
 *   its symbols are computed with each version), `templates` (the files `helmTemplates` names);
 * - `rescan`: a scan of the workspace begins (it reads every file: the files queued to be indexed again
 *   are forgotten);
 * - `hold`: a parsed text's chunks held in the cache (or released) until the text is taken in (a worker
 *   checks it meanwhile: lsp/offThread.ts); `facts`: a worker's facts of such a text taken as its documents'
 *   cached values.
 */
export type Change =
  | { kind: 'open'; uri: string; version: number; text: string | DocumentText; index?: string }
  | { kind: 'close'; uri: string }
  | {
      kind: 'file';
      uri: string;
      file: ParsedFile | string | undefined;
      scope?: string;
      analyse?: boolean;
      cache?: boolean;
      facts?: TakenFacts;
      lines?: ParsedFile['lines'];
      affected?: false;
    }
  | { kind: 'settings'; settings: Settings }
  | { kind: 'crd'; uri: string; text: string | undefined }
  | { kind: 'base'; uri: string; base: BaseVersion | undefined }
  | { kind: 'outline'; uri: string }
  | { kind: 'templates'; match: (uri: string) => boolean }
  | { kind: 'rescan' }
  | { kind: 'hold'; file: ParsedFile; held: boolean }
  | { kind: 'facts'; file: ParsedFile; facts: TakenFacts };
