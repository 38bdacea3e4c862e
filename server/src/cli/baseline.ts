// `--baseline FILE`: a previous JSON or SARIF report of this checker. The problems it holds are not reported
// again and do not decide the exit code; a problem is the same when it is in the same file (as the reports
// name it) with the same fingerprint (fingerprint.ts), so one file's problem never hides another file's.
import { fileURLToPath } from 'node:url';
import { SOURCE } from '../protocol/source';
import { readFileBoundedSync } from '../io/read';
import { CliError } from './errors';
import { FINGERPRINT_KEY } from './fingerprint';

/** The problems of a baseline, as `baselineKey`s. */
export type Baseline = ReadonlySet<string>;

export const baselineKey = (file: string, fingerprint: string): string => `${file}\n${fingerprint}`;

/** A baseline report can be large (every problem of a repository), but not without bound. */
const MAX_BASELINE_BYTES = 256 * 1024 * 1024;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** A SARIF location's file as our reports name it: relative to the folder it was made in, or absolute. */
function sarifFile(location: unknown): string | undefined {
  const artifact = isObject(location) && isObject(location.physicalLocation) && location.physicalLocation;
  const uri = artifact && isObject(artifact.artifactLocation) ? artifact.artifactLocation.uri : undefined;
  if (typeof uri !== 'string') return undefined;
  try {
    return uri.startsWith('file:')
      ? fileURLToPath(uri).replace(/\\/g, '/')
      : uri.split('/').map(decodeURIComponent).join('/');
  } catch {
    return undefined;
  }
}

const versionError = (file: string, what: string) =>
  new CliError(
    `--baseline ${file}: ${what}; make the baseline again with this version (cloud-manifests check --format json or sarif)`,
  );

/** The keys of a report's problems; a report of another product or without our fingerprints is an error. */
export function parseBaseline(name: string, text: string): Baseline {
  let report: unknown;
  try {
    report = JSON.parse(text);
  } catch {
    throw new CliError(`--baseline ${name} is not a JSON or SARIF report (not JSON)`);
  }
  const keys = new Set<string>();
  const add = (file: string | undefined, prints: unknown, what: string) => {
    const print = isObject(prints) ? prints[FINGERPRINT_KEY] : undefined;
    if (typeof print !== 'string' || file === undefined)
      throw versionError(name, `${what} has no ${FINGERPRINT_KEY} fingerprint (a report of another version)`);
    keys.add(baselineKey(file, print));
  };
  if (isObject(report) && Array.isArray(report.runs)) {
    for (const [r, run] of report.runs.entries()) {
      const driver = isObject(run) && isObject(run.tool) && isObject(run.tool.driver) ? run.tool.driver : undefined;
      if (driver?.name !== SOURCE)
        throw new CliError(`--baseline ${name}: run ${r + 1} is not a report of ${SOURCE} (a report of another tool)`);
      for (const [i, result] of list(isObject(run) && run.results).entries()) {
        const res = isObject(result) ? result : {};
        add(sarifFile(list(res.locations)[0]), res.partialFingerprints, `result ${i + 1}`);
      }
    }
    return keys;
  }
  if (isObject(report) && report.tool === SOURCE && Array.isArray(report.problems)) {
    for (const [i, p] of report.problems.entries()) {
      const problem = isObject(p) ? p : {};
      add(typeof problem.file === 'string' ? problem.file : undefined, problem.fingerprints, `problem ${i + 1}`);
    }
    return keys;
  }
  throw new CliError(
    `--baseline ${name} is not a report of ${SOURCE} (write one with --format json or --format sarif)`,
  );
}

export function readBaseline(name: string, path: string): Baseline {
  const read = readFileBoundedSync(path, MAX_BASELINE_BYTES);
  if ('skipped' in read) throw new CliError(`--baseline ${name} cannot be read: ${read.skipped}`);
  return parseBaseline(name, read.bytes.toString('utf8'));
}
