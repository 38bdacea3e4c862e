// `cloud-manifests check`: collect the inputs, read and parse them all into one workspace, validate
// it, report. Returns the exit code: 0 clean, 1 errors or too many warnings, 2 usage or settings errors
// (at once), or files that could not be read or fixes that could not be written (at the end, after the
// report of every other file, listing them).
import { VERSION } from './version';
import { parseArgs, USAGE, type CheckOptions } from './args';
import { useColor } from './color';
import { CliError } from './errors';
import { formatterOf } from './formats';
import { printable } from './printable';
import { Progress } from './progress';
import { tooManyWarnings } from './buildReport';
import { checkRun } from './checkRun';
import { stringify } from 'yaml';
import { crdsOf } from '../model/crd/export';
import { allKinds, DEFAULT_API_DOMAIN } from '../model/registry';
import { resolve } from 'node:path';
import { schemaFiles } from '../generate/schemaFiles';
import { writeFileAtomic } from '../io/write';
import { servedKindsOf } from '../service/host/crdKinds';
import { readCrdFiles } from './crds';

export interface CliIo {
  argv: readonly string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Standard input, only asked for when `-` is among the paths. */
  stdin: () => NodeJS.ReadableStream;
  stdout: { isTTY?: boolean; write(s: string): unknown };
  stderr: { isTTY?: boolean; write(s: string): unknown };
}

export { VERSION };

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
    if (command.kind === 'mcp') return await mcp(io);
    return await check(io, command.options);
  } catch (e) {
    if (e instanceof CliError) return fail(io, [e.usage ? `${e.message} (see cloud-manifests --help)` : e.message]);
    throw e;
  }
}

/** `mcp`: the MCP server over stdio (mcp/server.ts), loaded only for this command (its SDK is dist/mcpSdk.js). */
async function mcp(io: CliIo): Promise<number> {
  const { serveMcp } = await import('../mcp/server');
  return await serveMcp(io.cwd, io.env);
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
  const progress = new Progress(io.stderr);
  const outcome = await checkRun(
    { cwd: io.cwd, env: io.env, stdin: io.stdin, say: (m) => say(io, m), progress, pool: true },
    options,
  );
  if ('failed' in outcome) return fail(io, outcome.failed);
  const { settings, report, fixes, notChecked, notes } = outcome;
  for (const m of notes) say(io, m);
  if (fixes) {
    io.stdout.write(fixes.diff);
    for (const m of [...fixes.skipped, ...fixes.notWritten]) say(io, m);
    const n = (k: number, w: string) => `${k} ${w}${k === 1 ? '' : 's'}`;
    const verb = options.fix === 'write' ? 'fixed' : 'would fix';
    say(io, `${verb} ${n(fixes.fixed, 'problem')} in ${n(fixes.files, 'file')}`);
  }

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
