// `cloud-manifests check`: collect the inputs, read and parse them all into one workspace, validate
// it, report. Returns the exit code: 0 clean, 1 errors or too many warnings, 2 usage or I/O errors.
import { version } from '../../../package.json';
import { parseArgs, USAGE, type CheckOptions } from './args';
import { useColor } from './color';
import { loadSettings } from './config';
import { CliError } from './errors';
import { collectInputs } from '../io/files';
import { fixWorkspace } from './fix';
import { formatJson } from './formats/json';
import { formatJunit } from './formats/junit';
import { formatSarif } from './formats/sarif';
import { formatText } from './formats/text';
import { Progress } from './progress';
import { buildReport } from './report';
import { stringify } from 'yaml';
import { crdsOf } from '../model/crd/export';
import { allKinds, DEFAULT_API_DOMAIN } from '../model/registry';
import { resolve } from 'node:path';
import { schemaFiles } from '../generate/schemaFiles';
import { writeTextAtomic } from '../io/atomicWrite';
import { kindsOfCrd } from '../model/crd/kinds';
import { crdsOfTexts, crdTextsOf } from '../service/crd/sources';
import { readCrdFiles } from './crds';
import { checkWorkspace, loadWorkspace } from './workspace';

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

const fail = (io: CliIo, messages: readonly string[]): number => {
  for (const m of messages) io.stderr.write(`cloud-manifests: ${m}\n`);
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
    if (command.kind === 'schemas') return crdSchemas(io, command.crds, command.out);
    return await check(io, command.options);
  } catch (e) {
    if (e instanceof CliError) return fail(io, [e.usage ? `${e.message} (see cloud-manifests --help)` : e.message]);
    throw e;
  }
}

/** `schemas --crds PATH --out DIR`: the JSON Schemas of the served kinds of the CRDs, written one by one. */
function crdSchemas(io: CliIo, crds: string, out: string): number {
  const read = readCrdFiles([crds], io.cwd);
  if (read.errors.length > 0) return fail(io, read.errors);
  const kinds = read.files.flatMap((f) =>
    crdsOfTexts(f.uri, crdTextsOf(f.text)).flatMap((c) => kindsOfCrd(c.value, c.uri).filter((d) => d.crd?.served)),
  );
  if (kinds.length === 0) return fail(io, [`no CustomResourceDefinition with a served version in ${crds}`]);
  const files = schemaFiles(kinds);
  for (const [name, text] of files) writeTextAtomic(resolve(io.cwd, out, name), text);
  io.stderr.write(`cloud-manifests: ${files.size} schema files for ${kinds.length} kinds written to ${out}\n`);
  return 0;
}

async function check(io: CliIo, options: CheckOptions): Promise<number> {
  const started = Date.now();
  const { settings, base } = loadSettings(io.cwd, options);
  const paths = options.paths.length > 0 ? options.paths : ['.'];
  const { inputs, errors } = collectInputs(paths, {
    cwd: io.cwd,
    exclude: settings.exclude,
    excludeBase: base,
    stdinFilename: options.stdinFilename,
  });
  if (errors.length > 0) return fail(io, errors);

  const crds = readCrdFiles(settings.crds, base);
  if (crds.errors.length > 0) return fail(io, crds.errors);

  const progress = new Progress(io.stderr);
  const { workspace, errors: readErrors } = await loadWorkspace(inputs, { cwd: io.cwd, stdin: io.stdin, progress });
  workspace.crds = crds.files;
  if (readErrors.length > 0) {
    progress.clear();
    return fail(io, readErrors);
  }
  const fixes = options.fix ? fixWorkspace(workspace, { rules: settings.rules }, options.fix) : undefined;
  const results = checkWorkspace(workspace, settings, progress);
  progress.clear();
  if (fixes) {
    io.stdout.write(fixes.diff);
    for (const s of fixes.skipped) io.stderr.write(`cloud-manifests: ${s}\n`);
    const n = (k: number, w: string) => `${k} ${w}${k === 1 ? '' : 's'}`;
    const verb = options.fix === 'write' ? 'fixed' : 'would fix';
    io.stderr.write(`cloud-manifests: ${verb} ${n(fixes.fixed, 'problem')} in ${n(fixes.files, 'file')}\n`);
  }

  const report = buildReport(io.cwd, results, { quiet: options.quiet });
  let output: string;
  switch (options.format) {
    case 'json':
      output = formatJson(report, { version: VERSION });
      break;
    case 'sarif':
      output = formatSarif(report, {
        version: VERSION,
        docsBase:
          settings.docsBaseUrl &&
          (settings.docsBaseUrl.endsWith('/') ? settings.docsBaseUrl : settings.docsBaseUrl + '/'),
      });
      break;
    case 'junit':
      output = formatJunit(report, { elapsedMs: Date.now() - started });
      break;
    default:
      output = formatText(report, { color: useColor(options.color, io.env, io.stdout.isTTY) });
  }
  io.stdout.write(output);

  // `--quiet` leaves out warnings and below only, so the error count is complete.
  if (report.counts.error > 0) return 1;
  if (options.maxWarnings !== undefined && report.warningsFound > options.maxWarnings) {
    const n = report.warningsFound;
    io.stderr.write(
      `cloud-manifests: ${n} warning${n === 1 ? '' : 's'}, more than --max-warnings ${options.maxWarnings}\n`,
    );
    return 1;
  }
  return 0;
}
