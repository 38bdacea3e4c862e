// A run's workspace: every input read first, then checked as one set in one analysis (service/analysis.ts).
// Each file is parsed, analysed and indexed on its own and its syntax trees dropped at once (only the index
// and the diagnostics stay), then each file's diagnostics are asked for as the editor asks for them.
import { isAbsolute, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Excluder } from '../io/glob';
import { createHost, type FileText, type Host } from '../service/analysis';
import type { Change } from '../service/host/changes';
import type { TakenFacts } from '../service/host/fileFacts';
import type { ParsedFile } from '../service/core/parse';
import { LineIndex } from '../service/core/lineIndex';
import type { Settings } from '../service/core/settings';
import type { Diag } from '../service/core/diag';
import { contextFiles } from '../io/context';
import { decodeBytes, type Decoded } from '../io/decode';
import { readInputFile, readStdin, type Input } from '../io/files';
import { readFileBoundedSync } from '../io/read';
import type { Expected } from '../io/write';
import type { CrdFile } from './crds';
import { renderReader } from './renderReads';
import { fileKind, type FileKind } from '../io/fileKind';
import type { Progress } from './progress';
import type { FileBase } from '../io/gitBase';

export interface WorkspaceFile {
  /** How the file is named in reports (relative to the current folder when inside it). */
  display: string;
  /** Absolute path; undefined for standard input. */
  path?: string;
  /** The file's text and line index (its syntax trees are not kept). */
  parsed: FileText;
  /** How its bytes were decoded (only exact UTF-8 is ever written back). */
  decoded?: Omit<Decoded, 'text'>;
  /** What the file held when read: `--fix` refuses to write over anything else. */
  disk?: Expected;
}

export interface Workspace {
  cwd: string;
  files: WorkspaceFile[];
  /**
   * Files read for what they say about the files checked, not checked themselves: the kustomizations
   * and Chart.yaml near a file named alone (io/context.ts).
   */
  context?: { path: string; text: string }[];
  /** CRDs read besides the files checked (the `crds` setting): their kinds are known too. */
  crds?: CrdFile[];
  /** The size cap of a file read (the files the overlays' renderings read are read with it too). */
  maxBytes?: number;
  /** The committed version of files, by absolute path (`compareWith` / `--base`). */
  bases?: Map<string, FileBase>;
}

export interface FileResult {
  file: WorkspaceFile;
  diags: Diag[];
  /** The file as the analysis parsed it (a template as its mask): where a report reads what a problem is in. */
  parsed?: ParsedFile;
  /** The fingerprints of its problems in the report's order, when known (`--cache` keeps them: runCache.ts). */
  prints?: string[];
}

export interface LoadOptions {
  cwd: string;
  stdin?: () => NodeJS.ReadableStream;
  progress?: Progress;
  /** Size cap of a file (and of standard input), in bytes. */
  maxBytes?: number;
}

/** A file's text; its line index is built if a report or a disable comment needs it. */
function textOnly(text: string): FileText {
  let lines: LineIndex | undefined;
  return {
    text,
    get lines() {
      return (lines ??= new LineIndex(text));
    },
  };
}

/** Reads every input once. Files that cannot be read come back as error messages (the others are checked). */
export async function loadWorkspace(
  inputs: readonly Input[],
  options: LoadOptions,
): Promise<{ workspace: Workspace; errors: string[] }> {
  const files: WorkspaceFile[] = [];
  const errors: string[] = [];
  for (let i = 0; i < inputs.length; i++) {
    const input = inputs[i];
    let text: string;
    let decoded: Omit<Decoded, 'text'> | undefined;
    let disk: Expected | undefined;
    if (input.kind === 'stdin') {
      const bytes = options.stdin ? await readStdin(options.stdin(), options.maxBytes) : Buffer.alloc(0);
      if (bytes === undefined) {
        errors.push(`cannot read ${input.display}: larger than the size cap (see maxFileSizeMB)`);
        continue;
      }
      const d = decodeBytes(bytes);
      if (d === undefined) {
        errors.push(`not a text file (binary content): ${input.display}`);
        continue;
      }
      text = d.text;
    } else {
      const r = readInputFile(input, options.maxBytes);
      if ('error' in r) {
        errors.push(r.error);
        continue;
      }
      ({ text, decoded, disk } = r);
    }
    files.push({
      display: input.display,
      path: input.kind === 'file' ? input.path : undefined,
      parsed: textOnly(text),
      decoded,
      disk,
    });
    options.progress?.update('read', i + 1, inputs.length);
  }
  // The kustomizations around the files named are looked for inside the current folder only.
  const context = contextFiles(
    files.flatMap((f) => (f.path ? [f.path] : [])),
    options.cwd,
  ).flatMap((path) => {
    const r = readFileBoundedSync(path, options.maxBytes);
    const text = 'bytes' in r ? decodeBytes(r.bytes)?.text : undefined;
    return text === undefined ? [] : [{ path, text }];
  });
  return { workspace: { cwd: options.cwd, files, context, maxBytes: options.maxBytes }, errors };
}

/** The index key of a workspace file: its file URI, or a pseudo URI for standard input. */
/** The files the `helmTemplates` globs name: relative to the current folder, like the files on the command line. */
function templateFiles(cwd: string, globs: readonly string[] = []): (uri: string) => boolean {
  const templates = new Excluder(globs);
  if (templates.empty) return () => false;
  return (uri) => {
    const rel = uri.startsWith('file:') ? relative(cwd, fileURLToPath(uri)) : '';
    return rel !== '' && !isAbsolute(rel) && templates.excludes(rel.split(sep).join('/'));
  };
}

const uriOf = (file: WorkspaceFile, i: number): string =>
  file.path ? pathToFileURL(file.path).href : `stdin:///${i}/${encodeURIComponent(file.display)}`;

/**
 * A run's one analysis (service/analysis.ts), as the editor's: every file of the run analysed and indexed
 * with the kinds of every CRD among them and the `crds` setting's, the committed versions, and the context
 * read around them (what makes a file a patch or a template). Its one diagnostics query is the report
 * (`reportWorkspace`); `--fix` fixes from it (fix.ts) before.
 */
export interface WorkspaceRun {
  workspace: Workspace;
  host: Host;
  /** The host's uri of each file of the workspace, in order. */
  uris: string[];
  /** Each file as parsed for the query (a file too large to check in full is split, not parsed). */
  parsed: ParsedFile[];
  display: Map<string, string>;
  /**
   * The files reported (`--shard`); undefined: all. The others are indexed only, as the editor indexes a
   * closed file: what they say about the files reported is known, their own checks are not run.
   */
  reported?: (file: WorkspaceFile) => boolean;
  /** `--cache`: where each file's facts come from and go to (runCache.ts). */
  facts?: FactsSource;
}

/**
 * Facts of a run's files kept between runs (`--cache`, runCache.ts): `take` gives a file's facts before it is
 * taken in (undefined: the host computes them), `taken` sees it once analysed and indexed.
 */
export interface FactsSource {
  take(run: WorkspaceRun, i: number): TakenFacts | undefined;
  taken(run: WorkspaceRun, i: number, facts: TakenFacts | undefined): void;
}

/**
 * What a run's renderings read of the disk beyond its inputs (the files an overlay reads that the command line
 * does not name, what a kustomization's entries are on disk): `--cache` keeps a run's results only with them,
 * and takes them again only while the disk still says the same (runCache.ts).
 */
export interface DiskReads {
  read(uri: string, text: string | undefined): void;
  kind(uri: string, kind: FileKind | undefined): void;
}

/** How a run analyses: overlays rendered or not (`--no-kustomize`), and which files are reported. */
export interface RunOptions {
  renderOverlays?: boolean;
  reported?: (file: WorkspaceFile) => boolean;
  facts?: FactsSource;
  /** Told every read of the disk the renderings make (`--cache`). */
  disk?: DiskReads;
}

/**
 * Analyses every file of the workspace with the settings: each file's own checks, and its manifests indexed
 * for the cross-document ones (owners and references resolved across all the files checked, duplicates,
 * cycles, limits a child takes from its parent).
 */
export function analyseWorkspace(workspace: Workspace, settings: Settings, options: RunOptions = {}): WorkspaceRun {
  const run = startRun(workspace, settings, options);
  workspace.files.forEach((_, i) => analyseRunFile(run, i));
  return run;
}

/**
 * A run's analysis with every input in but the files' own analysis: the kinds of every CRD, the committed
 * versions, the context (what makes a file a patch or a template). `analyseRunFile` then takes each file,
 * in order.
 */
export function startRun(workspace: Workspace, settings: Settings, options: RunOptions = {}): WorkspaceRun {
  const read = renderReader(workspace.cwd, workspace.maxBytes);
  const { disk } = options;
  const host = createHost({
    settings,
    renderOverlays: options.renderOverlays,
    // A patch or a kustomization named alone: what its overlay's rendering reads is read from disk as needed.
    readUnindexed: disk
      ? (uri) => {
          const text = read(uri);
          disk.read(uri, text);
          return text;
        }
      : read,
    // kubectl reads the disk: a kustomization's entry naming nothing there is its build error.
    fileKind: disk
      ? (uri) => {
          const kind = fileKind(uri);
          disk.kind(uri, kind);
          return kind;
        }
      : fileKind,
    templateFiles: templateFiles(workspace.cwd, settings.helmTemplates),
  });
  const uris = workspace.files.map(uriOf);
  const inputs: Change[] = [
    // The kinds of every CRD among the files and the `crds` setting's, known before any file is checked.
    ...workspace.files.map((file, i): Change => ({ kind: 'crd', uri: uris[i], text: file.parsed.text })),
    ...(workspace.crds ?? []).map((c): Change => ({ kind: 'crd', uri: c.uri, text: c.text })),
    ...workspace.files.flatMap((file, i): Change[] => {
      const base = file.path ? workspace.bases?.get(file.path) : undefined;
      return base ? [{ kind: 'base', uri: uris[i], base }] : [];
    }),
  ];
  host.apply(inputs);
  host.work('kinds');
  // What makes a file a patch or a template is known before any file is checked.
  host.apply(
    (workspace.context ?? []).map((c): Change => ({
      kind: 'file',
      uri: pathToFileURL(c.path).href,
      file: c.text,
      affected: false,
    })),
  );
  host.work('reindex');
  return {
    workspace,
    host,
    uris,
    parsed: [],
    display: new Map(),
    reported: options.reported,
    facts: options.facts,
  };
}

/**
 * The next file of a run analysed and indexed (files go in the order of the workspace). `facts`: what a
 * worker computed of it (cli/checkPool.ts), taken as its documents' cached values.
 */
export function analyseRunFile(run: WorkspaceRun, i: number, facts?: TakenFacts): void {
  const file = run.workspace.files[i];
  run.display.set(run.uris[i], file.display);
  const taken = facts ?? run.facts?.take(run, i);
  run.parsed.push(analyseFile(run, i, file.parsed, taken));
  run.facts?.taken(run, i, taken);
}

/**
 * One file of a run taken in (host/ingest.ts decides how) and indexed. Parsed outside the shared cache: its
 * trees are garbage as soon as it is analysed (its diagnostics computed, its manifests indexed); the
 * diagnostics are read back by the query. Another shard's file is indexed for what it tells about the files
 * reported, its own checks left out.
 */
function analyseFile(run: WorkspaceRun, i: number, parsed: FileText, facts?: TakenFacts): ParsedFile {
  const { host, uris } = run;
  const file = run.workspace.files[i];
  try {
    const analyse = !run.reported || run.reported(file);
    // Not a spread of the file: it would build its line index, which only a report needs.
    const change: Change = { kind: 'file', uri: uris[i], file: parsed.text, cache: false, analyse, facts };
    host.apply({ ...change, lines: analyse ? parsed.lines : undefined, affected: false });
    return host.file(uris[i]).indexed!;
  } catch (e) {
    throw new Error(`while checking ${file.display}: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
  }
}

/** A file of the run has a new text (its fixes were written): analysed and indexed again. */
export function updateRunFile(run: WorkspaceRun, i: number, parsed: FileText): void {
  run.parsed[i] = analyseFile(run, i, parsed);
}

/**
 * Each file's diagnostics: the analysis's one query, as the editor's. The files named on the command line
 * need not be the whole workspace (one file, a glob): an owner missing from them proves nothing, so
 * `owner-not-found` / `reference-not-found` are the editor's alone. What the files themselves prove wrong
 * (owner kinds, owner ids, duplicates, cycles, parent limits) is reported.
 */
export function reportWorkspace(run: WorkspaceRun, progress?: Progress): FileResult[] {
  const { workspace, host, uris, display, reported = () => true } = run;
  const total = workspace.files.length;
  const cross = { complete: false, display: (u: string) => display.get(u) ?? u };
  const results: FileResult[] = [];
  workspace.files.forEach((file, i) => {
    // Not reported (another shard's): its facts are in the analysis all the same.
    if (!reported(file)) return;
    let diags: Diag[];
    try {
      diags = host.diagnostics(uris[i], { file: run.parsed[i], cross }).all;
    } catch (e) {
      throw new Error(`while checking ${file.display}: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
    }
    progress?.update('checked', i + 1, total);
    results.push({ file, diags, parsed: run.parsed[i] });
  });
  return results;
}

/** `analyseWorkspace` then `reportWorkspace`: every file's diagnostics. */
export const checkWorkspace = (
  workspace: Workspace,
  settings: Settings,
  progress?: Progress,
  options: { renderOverlays?: boolean } = {},
): FileResult[] => reportWorkspace(analyseWorkspace(workspace, settings, options), progress);
