// `check --changed[=REF]`: only the files a change can affect are checked and reported. Every input is read and
// indexed as in a full run (what one file says about another is known), the changed files first with their
// text at the base commit; then each changed file takes its current text (a deleted one is removed) with the
// host computing the files that change affects (`apply`'s answer: the file, its dependents in the index by
// the names it defined before or defines now, the files of the overlays it renders in, the files whose role
// it decides). Besides: every manifest of a kind a changed CRD defines (before or now), every file of a chart
// whose Chart.yaml or values changed. A change the run cannot follow (the settings file, a CRD the `crds`
// setting names, a base version git could not give) checks everything, and says why.
import { existsSync, realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { changedFiles } from '../io/gitChanged';
import { committedTexts, newBudget, pathInRepository } from '../io/gitBase';
import { isYamlName } from '../io/folderWalk';
import { repositoryTop } from '../io/gitRepository';
import { Excluder } from '../io/glob';
import type { Change } from '../service/host/changes';
import type { Host } from '../service/analysis';
import { headOf, servedKindsOf } from '../service/host/crdKinds';
import type { Settings } from '../service/core/settings';
import { CliError } from './errors';
import { startRun, analyseRunFile, type RunOptions, type Workspace, type WorkspaceFile } from './runWorkspace';
import type { WorkspaceRun } from './runWorkspace';

/** What `--changed` found: the base texts of the changed files, or why every file is checked. */
export type ChangedPlan =
  | { all: string }
  | {
      /** The base commit's text of each changed file of the workspace, by index (undefined: a new file). */
      bases: Map<number, string | undefined>;
      /** Input files deleted since the base: their uri and base text (what they affected is checked). */
      deleted: { uri: string; text: string }[];
      /** Folders (real paths) of charts whose Chart.yaml or values changed: all their files are checked. */
      charts: string[];
      /** What the change is compared with, for the notes. */
      since: string;
    };

const inside = (folder: string, path: string): boolean => {
  const rel = relative(folder, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
};

const realOr = (path: string): string => {
  try {
    return realpathSync.native(path);
  } catch {
    return path;
  }
};

/** A chart's values or Chart.yaml: its templates read them. */
const CHART_INPUT = /^(values[^/]*\.ya?ml|Chart\.ya?ml)$/i;

/**
 * The changed files of a run's workspace and their base texts. Outside a git repository, or a ref git does
 * not know: a usage error.
 */
export async function planChanged(
  workspace: Workspace,
  options: {
    ref: string | undefined;
    roots: readonly string[];
    settingsFile: string;
    exclude: readonly string[];
    excludeBase: string;
    maxBytes: number;
  },
): Promise<ChangedPlan> {
  const { cwd } = workspace;
  // The current folder's repository; run from outside one, the repository of the first path named.
  const folder = repositoryTop(cwd) === undefined && options.roots.length > 0 ? options.roots[0] : cwd;
  const found = await changedFiles(folder, options.ref, [cwd, ...options.roots]);
  if ('error' in found) throw new CliError(found.error, true);
  const { base, since } = found;
  const top = base.root;
  const changed = new Set(found.paths);
  const repoPath = (path: string) => pathInRepository(top, path);
  const settingsPath = repoPath(options.settingsFile);
  if (settingsPath !== undefined && changed.has(settingsPath))
    return { all: `the settings file changed since ${since}` };
  for (const c of workspace.crds ?? []) {
    const p = c.uri.startsWith('file:') ? repoPath(fileURLToPath(c.uri)) : undefined;
    if (p !== undefined && changed.has(p))
      return { all: `${p}, a CRD file the crds setting names, changed since ${since}` };
  }
  // Read around the files named, not checked: what makes a file a patch or a template.
  for (const c of workspace.context ?? []) {
    const p = repoPath(c.path);
    if (p !== undefined && changed.has(p)) return { all: `${p}, read for the files named, changed since ${since}` };
  }
  // The workspace's files by their path in the repository.
  const indexOf = new Map<string, number>();
  workspace.files.forEach((f, i) => {
    const p = f.path ? repoPath(f.path) : undefined;
    if (p !== undefined) indexOf.set(p, i);
  });
  const realCwd = realOr(cwd);
  const excluder = new Excluder(options.exclude);
  const realBase = realOr(options.excludeBase);
  const charts: string[] = [];
  const wanted: { path: string; size: number; index?: number; deleted?: string }[] = [];
  for (const p of changed) {
    const abs = join(top, p);
    const name = basename(p);
    if (CHART_INPUT.test(name) && (existsSync(join(dirname(abs), 'Chart.yaml')) || /^Chart\./i.test(name)))
      charts.push(dirname(abs));
    const index = indexOf.get(p);
    if (index !== undefined) {
      wanted.push({ path: p, size: workspace.files[index].parsed.text.length, index });
      continue;
    }
    // A file gone since the base that a folder of the run would have read: what it defined is checked.
    if (existsSync(abs) || !isYamlName(name) || !options.roots.some((r) => inside(realOr(r), abs))) continue;
    const fromBase = relative(realBase, abs).split('\\').join('/');
    if (!excluder.empty && inside(realBase, abs) && excluder.excludes(fromBase)) continue;
    // Named as the workspace names its files (through the current folder as given, which may be a link).
    const named = inside(realCwd, abs) ? join(cwd, relative(realCwd, abs)) : abs;
    wanted.push({ path: p, size: options.maxBytes, deleted: pathToFileURL(named).href });
  }
  const texts = await committedTexts(base, wanted, newBudget(), options.maxBytes);
  const bases = new Map<number, string | undefined>();
  const deleted: { uri: string; text: string }[] = [];
  for (const [k, w] of wanted.entries()) {
    const c = texts[k];
    if (c && 'notCompared' in c) return { all: `the version of ${w.path} at ${since} is not read: ${c.notCompared}` };
    if (w.index !== undefined) bases.set(w.index, c?.text);
    else if (c && w.deleted) deleted.push({ uri: w.deleted, text: c.text });
  }
  return { bases, deleted, charts, since: `${since} (${base.short})` };
}

/**
 * Every overlay of the host rendered (as a full run renders them for its report): the files each read, and
 * the overlays that read each file.
 */
function overlayReaders(host: Host): { reads: Map<string, readonly string[]>; readers: Map<string, string[]> } {
  const reads = new Map<string, readonly string[]>();
  const readers = new Map<string, string[]>();
  for (const k of host.files()) {
    const view = host.file(k);
    if (view.role.role !== 'kustomization') continue;
    host.overlay(k).rendered();
    reads.set(k, view.overlayReads);
    for (const u of view.overlayReads) {
      const list = readers.get(u);
      if (list) list.push(k);
      else readers.set(u, [k]);
    }
  }
  return { reads, readers };
}

/**
 * The run's analysis with the changed files indexed at their base text first, then changed to their text now:
 * `reported` is set to the files the changes affect (see the top of this file).
 */
export function analyseChanged(
  workspace: Workspace,
  settings: Settings,
  options: RunOptions,
  plan: Exclude<ChangedPlan, { all: string }>,
): WorkspaceRun {
  // Every file indexed, none analysed now: the files reported are analysed when their diagnostics are asked.
  const run = startRun(workspace, settings, { ...options, reported: () => false });
  const { host, uris } = run;
  const fileChange = (uri: string, file: string | undefined, affected?: false): Change => ({
    kind: 'file',
    uri,
    file,
    cache: false,
    analyse: false,
    affected,
  });
  // The base: every file as it was (a new file not there yet, a deleted one back).
  host.apply(plan.deleted.map((d) => fileChange(d.uri, d.text, false)));
  workspace.files.forEach((file, i) => {
    if (!plan.bases.has(i)) return analyseRunFile(run, i);
    run.display.set(uris[i], file.display);
    // Its place kept (analyseRunFile appends in order): filled below with the file as indexed now.
    run.parsed.length = i + 1;
    const text = plan.bases.get(i);
    if (text !== undefined) host.apply(fileChange(uris[i], text, false));
  });
  const rendering = options.renderOverlays !== false && plan.bases.size + plan.deleted.length > 0;
  const before = rendering ? overlayReaders(host) : undefined;
  // The change: each file as it is now, and what that affects.
  const affected = new Set<string>();
  const add = (set: Iterable<string>) => {
    for (const u of set) affected.add(u);
  };
  const changedUris = [...[...plan.bases.keys()].map((i) => uris[i]), ...plan.deleted.map((d) => d.uri)];
  for (const i of plan.bases.keys()) add(host.apply(fileChange(uris[i], workspace.files[i].parsed.text)));
  for (const d of plan.deleted) add(host.apply(fileChange(d.uri, undefined)));
  // The overlays that read a changed file, before or now (and a changed kustomization's own): every file
  // they read shows their problems.
  if (before) {
    const now = overlayReaders(host);
    const overlays = new Set<string>();
    for (const uri of changedUris) {
      for (const k of before.readers.get(uri) ?? []) overlays.add(k);
      for (const k of now.readers.get(uri) ?? []) overlays.add(k);
      if (host.file(uri).role.role === 'kustomization' || before.reads.has(uri)) overlays.add(uri);
    }
    for (const k of overlays) {
      affected.add(k);
      add(before.reads.get(k) ?? []);
      add(now.reads.get(k) ?? []);
    }
  }
  // A changed chart's files: a file whose folder, or a folder above it, is the chart's.
  const charts = new Set(plan.charts);
  const inChart = (folder: string): boolean => {
    for (let d = folder; ; d = dirname(d)) {
      if (charts.has(d)) return true;
      if (dirname(d) === d) return false;
    }
  };
  // The kinds a changed CRD defines, before or now: every manifest of them.
  const kinds = new Set<string>();
  const kindsOf = (uri: string, text: string | undefined) => {
    if (text !== undefined) for (const k of servedKindsOf(uri, text)) kinds.add(k.kind);
  };
  for (const [i, text] of plan.bases) {
    kindsOf(uris[i], text);
    kindsOf(uris[i], workspace.files[i].parsed.text);
  }
  for (const d of plan.deleted) kindsOf(d.uri, d.text);
  workspace.files.forEach((file, i) => {
    const indexed = host.file(uris[i]).indexed;
    if (indexed) run.parsed[i] = indexed;
    if (kinds.size > 0 && indexed?.docs.some((d) => kinds.has(headOf(d.text)?.kind ?? ''))) affected.add(uris[i]);
    if (charts.size > 0 && file.path && inChart(realOr(dirname(file.path)))) affected.add(uris[i]);
  });
  const reported = new Set<WorkspaceFile>(workspace.files.filter((_, i) => affected.has(uris[i])));
  run.reported = (f) => reported.has(f) && (options.reported?.(f) ?? true);
  return run;
}
