// A `check` run up to its report, without printing it: the settings, the inputs, the CRDs, the committed
// versions, the run's one analysis (runWorkspace.ts), the fixes and the report (buildReport.ts). The command
// line (main.ts) prints it in a format; the MCP server (mcp/) answers with it. One pipeline for both, so an
// agent gets exactly the problems `check --format json` prints.
import type { CheckOptions } from './args';
import { loadSettings, SETTINGS_FILE } from './config';
import { analyseChanged, planChanged } from './changed';
import { CliError } from './errors';
import { collectInputs, displayPath, type Input } from '../io/files';
import { fixWorkspace, type FixRun } from './fix';
import type { Progress } from './progress';
import { buildReport, type Report } from './buildReport';
import { maxFileBytes, type Settings } from '../service/core/settings';
import { jsonCrdFiles, readCrdFiles, type CrdFile } from './crds';
import { analyseWorkspace, loadWorkspace, reportWorkspace, startRun, analyseRunFile } from './runWorkspace';
import type { FileResult, Workspace, WorkspaceRun } from './runWorkspace';
import { readBases } from '../io/gitBase';
import { analyseInPool, poolSize, startPool } from './checkPool';
import { resolve } from 'node:path';
import { readBaseline, type Baseline } from './baseline';
import { inShard } from './shard';
import type { WorkspaceFile } from './runWorkspace';
import { cacheDirOf, insideOf, RunCache, withPrints } from './runCache';

export interface CheckRunIo {
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Standard input, only asked for when `-` is among the paths. */
  stdin: () => NodeJS.ReadableStream;
  /** A notice of the settings (an ignored key…), said as soon as it is known. */
  say: (message: string) => void;
  progress?: Progress;
  /** Worker threads as CLOUD_MANIFESTS_WORKERS asks (the command line); none for a caller that can cancel. */
  pool?: boolean;
  /** Cancels the run between files (the MCP server's `notifications/cancelled`): it rejects with `signal.reason`. */
  signal?: AbortSignal;
}

export interface CheckResult {
  settings: Settings;
  /** The run's analysis; none when `--cache` held the results of the same run (runCache.ts). */
  run?: WorkspaceRun;
  /** Each file's diagnostics, in the run's order (what the report is built from). */
  results: FileResult[];
  report: Report;
  fixes?: FixRun;
  /** Files that could not be read: listed at the end, they fail the run. */
  notChecked: string[];
  /** Entries the folder walks left out, said after the report. */
  notes: string[];
}

/** A run analysed here (never one `--cache` answered): the MCP server's, which fixes and looks up actions. */
export type AnalysedResult = CheckResult & { run: WorkspaceRun };

/** A run that stops before any file is checked: usage, settings, reading or comparing errors. */
export type CheckOutcome = CheckResult | { failed: string[] };

/** How many files are analysed between two looks at a cancellation. */
const FILES_BETWEEN_YIELDS = 16;

/** Every file analysed on this thread, the event loop given a turn now and then so that a cancellation is heard. */
async function analyseCancellable(
  workspace: Workspace,
  settings: Settings,
  options: Parameters<typeof startRun>[2],
  signal: AbortSignal,
): Promise<WorkspaceRun> {
  const run = startRun(workspace, settings, options);
  for (let i = 0; i < workspace.files.length; i++) {
    if (i % FILES_BETWEEN_YIELDS === 0) {
      await new Promise((r) => setImmediate(r));
      signal.throwIfAborted();
    }
    analyseRunFile(run, i);
  }
  return run;
}

/** A promise's outcome, never rejected (awaited later: meanwhile its failure is no unhandled rejection). */
const settled = <T>(p: Promise<T>): Promise<{ value: T } | { error: unknown }> =>
  p.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );

const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** `check` with its options, up to the report (see above). */
export async function checkRun(io: CheckRunIo, options: CheckOptions): Promise<CheckOutcome> {
  const { settings, base, notices, repository } = loadSettings(io.cwd, options);
  for (const m of notices) io.say(m);
  const paths = options.paths.length > 0 ? options.paths : ['.'];
  const collected = await collectInputs(paths, {
    cwd: io.cwd,
    exclude: settings.exclude,
    excludeBase: base,
    stdinFilename: options.stdinFilename,
  });
  const { errors, skipped, roots, json } = collected;
  if (errors.length > 0) return { failed: errors };
  // `--cache`: its folder's entries are never inputs (a glob may name them), nor the files in it.
  const cacheDir = options.cache !== undefined ? cacheDirOf(options.cache, io.cwd, roots, io.env) : undefined;
  const inCache = cacheDir === undefined ? undefined : insideOf(cacheDir);
  const inputs = inCache ? collected.inputs.filter((i) => i.kind !== 'file' || !inCache(i.path)) : collected.inputs;

  // Read before the files: a baseline that is not one of our reports ends the run at once.
  const baseline = options.baseline ? readBaseline(options.baseline, resolve(io.cwd, options.baseline)) : undefined;
  const crds = await readCrdFiles(settings.crds, base, repository);
  const named = await readCrdFiles(options.crds, io.cwd);
  if (crds.errors.length + named.errors.length > 0) return { failed: [...crds.errors, ...named.errors] };
  // Started before the files are read, so that the workers' start-up overlaps the reading (checkPool.ts).
  // `--changed` indexes its changed files twice (their base, then now) on this thread.
  // `--cache` takes each file's facts on this thread (runCache.ts).
  const pool =
    io.pool && options.changed === undefined && cacheDir === undefined
      ? startPool(poolSize(io.env, inputs.length, { mainWorks: true }))
      : undefined;
  try {
    const inJson = await jsonCrdFiles(json, maxFileBytes(settings));
    const crdFiles = [...crds.files, ...named.files, ...inJson];
    const read = { settings, inputs, skipped, roots, crds: crdFiles, baseline, excludeBase: base, cacheDir };
    return await checkInputs(io, options, read, pool);
  } finally {
    await pool?.close();
  }
}

/** What `check` read before the files: the settings, the inputs, the CRDs. */
interface Collected {
  settings: Settings;
  inputs: Input[];
  skipped: Awaited<ReturnType<typeof collectInputs>>['skipped'];
  roots: string[];
  crds: CrdFile[];
  /** `--baseline`: the problems of the previous report. */
  baseline?: Baseline;
  /** The folder the `exclude` patterns are relative to. */
  excludeBase: string;
  /** `--cache`: its folder. */
  cacheDir?: string;
}

/** `check` once the inputs are collected and the settings and CRDs read. */
async function checkInputs(
  io: CheckRunIo,
  options: CheckOptions,
  read: Collected,
  pool: ReturnType<typeof startPool>,
): Promise<CheckOutcome> {
  const { settings, inputs, skipped, roots } = read;
  const maxBytes = maxFileBytes(settings);
  const { workspace, errors: readErrors } = await loadWorkspace(inputs, {
    cwd: io.cwd,
    stdin: io.stdin,
    progress: io.progress,
    maxBytes,
  });
  workspace.crds = read.crds;
  io.signal?.throwIfAborted();
  // `--changed`: what changed is asked of git while the committed versions are read (changed.ts).
  const planning =
    options.changed === undefined
      ? undefined
      : settled(
          planChanged(workspace, {
            ref: options.changed || options.base || undefined,
            roots,
            settingsFile: resolve(io.cwd, options.config ?? SETTINGS_FILE),
            exclude: settings.exclude ?? [],
            excludeBase: read.excludeBase,
            maxBytes,
          }),
        );
  // Each file's committed version (compareWith / --base): a ref git does not know, when asked for by
  // name, is an error; the default HEAD in a repository without commits or outside one compares nothing.
  if (settings.compareWith) {
    const bases = await readBases(
      workspace.files.flatMap((f) =>
        f.path ? [{ path: f.path, size: f.parsed.text.length, text: f.parsed.text }] : [],
      ),
      settings.compareWith,
      { allowed: roots, maxFileBytes: maxBytes },
    );
    if (bases.errors.length > 0 && options.base !== undefined) return { failed: bases.errors };
    workspace.bases = bases.bases;
    io.signal?.throwIfAborted();
  }
  // What could not be read is listed at the end; everything else is checked meanwhile.
  const notChecked = [
    ...skipped.filter((k) => k.error).map((k) => `not checked: ${displayPath(io.cwd, k.path)}: ${k.reason}`),
    ...readErrors.map((e) => `not checked: ${e}`),
  ];
  const notes = skipped.filter((k) => !k.error).map((k) => `skipped ${displayPath(io.cwd, k.path)}: ${k.reason}`);
  // One analysis for the run (runWorkspace.ts): the check, then the fixes from it, then the report.
  // `--shard`: every file is read and indexed (what it says about the others is known); only its shard's
  // files are checked and reported.
  const reported = (f: WorkspaceFile) => inShard(f.display, options.shard);
  // The reports a baseline is made of carry the fingerprints; the others need them only to match one.
  const prints = options.format === 'json' || options.format === 'sarif' || read.baseline !== undefined;
  const reportOf = (results: FileResult[]) =>
    buildReport(io.cwd, results, {
      quiet: options.quiet,
      maxWarnings: options.maxWarnings,
      fingerprints: options.format === 'json' || options.format === 'sarif',
      baseline: read.baseline,
    });
  // `--cache`: the results of the same run when kept (all of them, or none), else each file's facts.
  let cache: RunCache | undefined;
  if (read.cacheDir !== undefined) {
    try {
      cache = RunCache.open(read.cacheDir, workspace);
    } catch (e) {
      return { failed: [`cannot use the cache folder ${displayPath(io.cwd, read.cacheDir)}: ${errorText(e)}`] };
    }
  }
  const renderOverlays = !options.noKustomize;
  const shard = options.shard && `${options.shard.index}/${options.shard.count}`;
  // `--changed` reports what the plan finds affected: its results are not kept, only its files' facts.
  const digest =
    cache && options.changed === undefined
      ? cache.runDigest(workspace, settings, { renderOverlays, shard, prints })
      : undefined;
  if (cache && digest) {
    const results = cache.results(digest, workspace, workspace.files.filter(reported));
    if (results) {
      notes.push(`--cache: the results of the same run reused (${displayPath(io.cwd, cache.store.dir)})`);
      return { settings, results, report: reportOf(results), notChecked, notes };
    }
  }
  const disk = digest ? cache!.diskReads() : undefined;
  const scope = JSON.stringify([io.cwd, options.paths]);
  const analysed = { renderOverlays, reported, facts: cache?.factsSource(scope), disk };
  let run: WorkspaceRun;
  if (options.changed !== undefined) {
    // `--changed`: only the files the change can affect are reported (changed.ts).
    const planned = await planning!;
    if ('error' in planned) {
      if (planned.error instanceof CliError)
        return { failed: [`${planned.error.message} (see cloud-manifests --help)`] };
      throw planned.error;
    }
    const plan = planned.value;
    io.signal?.throwIfAborted();
    if ('all' in plan) notes.push(`--changed: every file is checked: ${plan.all}`);
    run =
      'all' in plan
        ? analyseWorkspace(workspace, settings, analysed)
        : analyseChanged(workspace, settings, analysed, plan);
  } else
    run = pool
      ? await analyseInPool(pool, workspace, settings, analysed)
      : io.signal
        ? await analyseCancellable(workspace, settings, analysed, io.signal)
        : analyseWorkspace(workspace, settings, analysed);
  io.signal?.throwIfAborted();
  const fixes = options.fix ? fixWorkspace(run, options.fix, { roots }) : undefined;
  const results = reportWorkspace(run, io.progress);
  io.progress?.clear();
  if (cache) {
    if (digest && disk) {
      if (prints) withPrints(results);
      cache.keepResults(digest, results, disk.entry, prints);
    }
    cache.keepFacts();
    const { factsHit, factsMissed } = cache.stats;
    notes.push(
      `--cache: ${factsHit} of ${factsHit + factsMissed} files' facts reused (${displayPath(io.cwd, cache.store.dir)})`,
    );
    cache.store.trim();
  }
  const report = reportOf(results);
  if (options.changed !== undefined) report.filesRead = workspace.files.length;
  return { settings, run, results, report, fixes, notChecked, notes };
}
