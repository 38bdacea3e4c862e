// `cloud-manifests check`: collect the inputs, read and parse them all into one workspace, validate
// it, report. Returns the exit code: 0 clean, 1 errors or too many warnings, 2 usage or settings errors
// (at once), or files that could not be read or fixes that could not be written (at the end, after the
// report of every other file, listing them).
import { version } from '../../../package.json';
import { parseArgs, USAGE, type CheckOptions } from './args';
import { useColor } from './color';
import { loadSettings } from './config';
import { CliError } from './errors';
import { collectInputs, displayPath, type Input } from '../io/files';
import { fixWorkspace } from './fix';
import { formatterOf } from './formats';
import { readBaseline, type Baseline } from './baseline';
import { inShard } from './shard';
import { printable } from './printable';
import { Progress } from './progress';
import { buildReport, tooManyWarnings } from './buildReport';
import { maxFileBytes } from '../service/core/settings';
import { stringify } from 'yaml';
import { crdsOf } from '../model/crd/export';
import { allKinds, DEFAULT_API_DOMAIN } from '../model/registry';
import { resolve } from 'node:path';
import { schemaFiles } from '../generate/schemaFiles';
import { writeFileAtomic } from '../io/write';
import { servedKindsOf } from '../service/host/crdKinds';
import { jsonCrdFiles, readCrdFiles, type CrdFile } from './crds';
import type { Settings } from '../service/core/settings';
import { analyseWorkspace, loadWorkspace, reportWorkspace, type WorkspaceFile } from './runWorkspace';
import { readBases } from '../io/gitBase';
import { analyseInPool, poolSize, startPool, type CheckPool } from './checkPool';

export interface CliIo {
  argv: readonly string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Standard input, only asked for when `-` is among the paths. */
  stdin: () => NodeJS.ReadableStream;
  stdout: { isTTY?: boolean; write(s: string): unknown };
  stderr: { isTTY?: boolean; write(s: string): unknown };
}

export const VERSION: string = version;

/** A message on standard error, on one line whatever file names it holds. */
const say = (io: CliIo, m: string) => io.stderr.write(`cloud-manifests: ${printable(m)}\n`);

const fail = (io: CliIo, messages: readonly string[]): number => {
  for (const m of messages) say(io, m);
  return 2;
};

export async function run(io: CliIo): Promise<number> {
  try {
    const command = parseArgs(io.argv);
    if (command.kind === 'help') {
      io.stdout.write(USAGE + '\n');
      return 0;
    }
    if (command.kind === 'version') {
      io.stdout.write(VERSION + '\n');
      return 0;
    }
    if (command.kind === 'crds') {
      const domain = command.apiDomain ?? DEFAULT_API_DOMAIN;
      io.stdout.write(
        crdsOf(allKinds, domain)
          .map((c) => stringify(c, { lineWidth: 0 }))
          .join('---\n'),
      );
      return 0;
    }
    if (command.kind === 'schemas') return await crdSchemas(io, command.crds, command.out);
    return await check(io, command.options);
  } catch (e) {
    if (e instanceof CliError) return fail(io, [e.usage ? `${e.message} (see cloud-manifests --help)` : e.message]);
    throw e;
  }
}

/** `schemas --crds PATH --out DIR`: the JSON Schemas of the served kinds of the CRDs, written one by one. */
async function crdSchemas(io: CliIo, crds: string, out: string): Promise<number> {
  const read = await readCrdFiles([crds], io.cwd);
  if (read.errors.length > 0) return fail(io, read.errors);
  const kinds = read.files.flatMap((f) => servedKindsOf(f.uri, f.text));
  if (kinds.length === 0) return fail(io, [`no CustomResourceDefinition with a served version in ${crds}`]);
  const files = schemaFiles(kinds);
  for (const [name, text] of files) writeFileAtomic(resolve(io.cwd, out, name), Buffer.from(text, 'utf8'));
  io.stderr.write(
    `cloud-manifests: ${files.size} schema file${files.size === 1 ? '' : 's'} for ${kinds.length} kind${kinds.length === 1 ? '' : 's'} written to ${out}\n`,
  );
  return 0;
}

async function check(io: CliIo, options: CheckOptions): Promise<number> {
  const started = Date.now();
  const { settings, base, notices, repository } = loadSettings(io.cwd, options);
  for (const m of notices) say(io, m);
  const paths = options.paths.length > 0 ? options.paths : ['.'];
  const { inputs, errors, skipped, roots, json } = await collectInputs(paths, {
    cwd: io.cwd,
    exclude: settings.exclude,
    excludeBase: base,
    stdinFilename: options.stdinFilename,
  });
  if (errors.length > 0) return fail(io, errors);

  // Read before the files: a baseline that is not one of our reports ends the run at once.
  const baseline = options.baseline ? readBaseline(options.baseline, resolve(io.cwd, options.baseline)) : undefined;
  const crds = await readCrdFiles(settings.crds, base, repository);
  const named = await readCrdFiles(options.crds, io.cwd);
  if (crds.errors.length + named.errors.length > 0) return fail(io, [...crds.errors, ...named.errors]);
  // Started before the files are read, so that the workers' start-up overlaps the reading (checkPool.ts).
  const pool = startPool(poolSize(io.env, inputs.length, { mainWorks: true }));
  try {
    const inJson = await jsonCrdFiles(json, maxFileBytes(settings));
    const collected = {
      settings,
      inputs,
      skipped,
      roots,
      crds: [...crds.files, ...named.files, ...inJson],
      pool,
      baseline,
    };
    return await checkInputs(io, options, started, collected);
  } finally {
    await pool?.close();
  }
}

/** What `check` read before the files: the settings, the inputs, the CRDs; and the pool, if any. */
interface Collected {
  settings: Settings;
  inputs: Input[];
  skipped: Awaited<ReturnType<typeof collectInputs>>['skipped'];
  roots: string[];
  crds: CrdFile[];
  pool: CheckPool | undefined;
  /** `--baseline`: the problems of the previous report. */
  baseline?: Baseline;
}

/** `check` once the inputs are collected and the settings and CRDs read. */
async function checkInputs(io: CliIo, options: CheckOptions, started: number, read: Collected): Promise<number> {
  const { settings, inputs, skipped, roots, pool } = read;

  const progress = new Progress(io.stderr);
  const maxBytes = maxFileBytes(settings);
  const { workspace, errors: readErrors } = await loadWorkspace(inputs, {
    cwd: io.cwd,
    stdin: io.stdin,
    progress,
    maxBytes,
  });
  workspace.crds = read.crds;
  // Each file's committed version (compareWith / --base): a ref git does not know, when asked for by
  // name, is an error; the default HEAD in a repository without commits or outside one compares nothing.
  if (settings.compareWith) {
    const read = await readBases(
      workspace.files.flatMap((f) => (f.path ? [{ path: f.path, size: f.parsed.text.length }] : [])),
      settings.compareWith,
      { allowed: roots, maxFileBytes: maxBytes },
    );
    if (read.errors.length > 0 && options.base !== undefined) return fail(io, read.errors);
    workspace.bases = read.bases;
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
  const analysed = {
    renderOverlays: !options.noKustomize,
    reported: (f: WorkspaceFile) => inShard(f.display, options.shard),
  };
  const run = pool
    ? await analyseInPool(pool, workspace, settings, analysed)
    : analyseWorkspace(workspace, settings, analysed);
  const fixes = options.fix ? fixWorkspace(run, options.fix, { roots }) : undefined;
  const results = reportWorkspace(run, progress);
  progress.clear();
  for (const m of notes) say(io, m);
  if (fixes) {
    io.stdout.write(fixes.diff);
    for (const m of [...fixes.skipped, ...fixes.notWritten]) say(io, m);
    const n = (k: number, w: string) => `${k} ${w}${k === 1 ? '' : 's'}`;
    const verb = options.fix === 'write' ? 'fixed' : 'would fix';
    say(io, `${verb} ${n(fixes.fixed, 'problem')} in ${n(fixes.files, 'file')}`);
  }

  const report = buildReport(io.cwd, results, {
    quiet: options.quiet,
    maxWarnings: options.maxWarnings,
    // The reports a baseline is made of carry the fingerprints; the others need them only to match one.
    fingerprints: options.format === 'json' || options.format === 'sarif',
    baseline: read.baseline,
  });
  const formatter = formatterOf(options.format)!;
  io.stdout.write(
    formatter.write(report, {
      version: VERSION,
      docsBase:
        settings.docsBaseUrl &&
        (settings.docsBaseUrl.endsWith('/') ? settings.docsBaseUrl : settings.docsBaseUrl + '/'),
      elapsedMs: () => Date.now() - started,
      color: () => useColor(options.color, io.env, io.stdout.isTTY),
      category: options.category,
    }),
  );

  // Files not read and fixes not written come last, so the log ends with them; they decide the exit code.
  const unfinished = [
    ...notChecked,
    ...(fixes?.notWritten.length
      ? [`${fixes.notWritten.length} of the files' fixes were not written (see above)`]
      : []),
  ];
  if (unfinished.length > 0) return fail(io, unfinished);
  // `--quiet` leaves out warnings and below only, so the error count is complete.
  if (report.counts.error > 0) return 1;
  if (tooManyWarnings(report)) {
    const n = report.warningsFound;
    io.stderr.write(
      `cloud-manifests: ${n} warning${n === 1 ? '' : 's'}, more than --max-warnings ${options.maxWarnings}\n`,
    );
    return 1;
  }
  return 0;
}
