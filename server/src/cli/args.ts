// Command-line parsing: `cloud-manifests check [options] [paths or globs…]`.
import { codeList, isCode } from '../service/core/codes';
import { GIT_REF_GRAMMAR, isGitRef } from '../service/core/settings';
import { kubernetesMinor } from '../service/core/kubernetesVersion';
import { nearest } from '../service/core/suggest';
import type { RuleSetting } from '../service/core/ruleSettings';
import { CliError } from './errors';
import { formatList, formatNames } from './formats';
import { parseShard, type Shard } from './shard';

/** A `--format` value: the name of one of formats/index.ts's formatters. */
export type Format = string;

export const RULE_LEVELS = ['off', 'info', 'warning', 'error', 'hint'] as const;

export interface CheckOptions {
  paths: string[];
  format: Format;
  apiDomain?: string;
  /** `--rule CODE=LEVEL`, in order; later ones win. */
  rules: Record<string, RuleSetting>;
  /** Fail when there are more warnings than this; undefined: no limit. */
  maxWarnings?: number;
  quiet: boolean;
  /** `--no-kustomize`: overlays are not rendered (patches are still checked as partial manifests). */
  noKustomize?: boolean;
  config?: string;
  /** `--crds PATH`, in order: CRD files or folders the user names (anywhere but /proc, /sys and /dev). */
  crds: string[];
  /** Name used for `-` (standard input) in reports. */
  stdinFilename?: string;
  /** `--color` / `--no-color`; undefined: decide from the terminal and NO_COLOR / FORCE_COLOR. */
  color?: boolean;
  /** `--base REF`: the git ref files are compared with (`compareWith`); `--base ''`: none. */
  base?: string;
  /** `--fix`: write the safe fixes; `--fix-dry-run`: print them as a diff, write nothing. */
  fix?: 'write' | 'dry-run';
  /** `--kubernetes-version 1.N`: the release the CRDs are applied to (`kubernetesVersion`), as "1.N". */
  kubernetesVersion?: string;
  /** `--load-restrictor LoadRestrictionsRootOnly|LoadRestrictionsNone` (kubectl's words): `kustomizeLoadRestrictor`. */
  loadRestrictor?: 'rootOnly' | 'none';
  /** `--category ID`: the analysis this report is, for code scanning (SARIF `automationDetails.id`). */
  category?: string;
  /** `--baseline FILE`: a previous JSON or SARIF report; only problems not in it are reported. */
  baseline?: string;
  /** `--shard i/n`: only the files of shard i of n are reported (all are read). */
  shard?: Shard;
  /**
   * `--changed[=REF]`: only the files changed since REF (`--base` when given, else the merge base with the
   * default branch) and those their changes affect are reported; '' for the default.
   */
  changed?: string;
  /** `--cache[=DIR]`: facts and results kept between runs in DIR ('' for the default folder: runCache.ts). */
  cache?: string;
}

export type Command =
  | { kind: 'help' }
  | { kind: 'version' }
  | { kind: 'check'; options: CheckOptions }
  /** `cloud-manifests crds [--api-domain DOMAIN]`: the built-in kinds as CustomResourceDefinitions. */
  | { kind: 'crds'; apiDomain?: string }
  /** `cloud-manifests schemas --crds PATH --out DIR`: JSON Schemas of the kinds of CRDs. */
  | { kind: 'schemas'; crds: string; out: string }
  /** `cloud-manifests mcp`: the Model Context Protocol server over stdio (mcp/server.ts). */
  | { kind: 'mcp' };

export const USAGE = `Usage: cloud-manifests check [options] [paths or globs…]
       cloud-manifests crds [--api-domain DOMAIN]   (the built-in kinds as CRDs, YAML on stdout)
       cloud-manifests schemas --crds PATH --out DIR   (JSON Schemas of the kinds of CRDs)
       cloud-manifests mcp   (a Model Context Protocol server over stdio, for coding agents)

Checks cloud resource manifests (YAML) and reports problems. Paths may be files, folders
(searched for *.yaml and *.yml, leaving out node_modules and .git), globs (dir/**/*.yaml, *, ?,
[abc], {a,b}; quote them so the shell leaves them alone) or - for standard input. With no
path, the current folder. All inputs are checked together as one workspace.

Options:
  --format FORMAT         ${formatList(formatNames().map((n, i) => (i === 0 ? `${n} (default)` : n)))}
  --rule CODE=LEVEL       set a rule's level: off, info, warning or error (repeatable;
                          wins over the settings file)
  --max-warnings N        fail (exit 1) when there are more than N warnings
  --quiet                 report errors only
  --no-kustomize          do not render Kustomize overlays (patches are still checked as
                          partial manifests)
  --fix                   write the safe fixes into the files (the editor's fix-all: enum
                          case, quoting, seconds, a single did-you-mean; an overlay's
                          owner-references configuration), then report what is left;
                          files that do not parse are never written
  --fix-dry-run           print the safe fixes as a unified diff and write nothing; the
                          report is of the files as they are
  --base REF              compare each file with its version at REF (default HEAD, or the
                          compareWith setting; '' for none): write-once fields, owner and
                          cloudName changes, renames and CRD transition rules
  --baseline FILE         a previous JSON or SARIF report of this checker: only the problems not
                          in it are reported and decide the exit code
  --changed[=REF]         check only the files changed since REF (default: the --base ref when
                          given, else the merge base with origin/HEAD, main or master), with
                          uncommitted and untracked ones, and every file those changes can
                          affect (overlays that build them, manifests of the owners and
                          references they define, manifests of the kinds of a changed CRD, a
                          chart's templates when its values change); every file is still read
  --cache[=DIR]           keep each file's facts and the run's results in DIR (default:
                          node_modules/.cache/cloud-manifests of the nearest package, else
                          $XDG_CACHE_HOME/cloud-manifests): a run of unchanged files reads
                          its results, a run after edits parses only the files edited
  --shard I/N             report only the files of shard I of N (1 ≤ I ≤ N, split by a hash of
                          each file's path); every file is still read, so what one file says
                          about another is known
  --category ID           the analysis this report is, for code scanning (SARIF
                          automationDetails.id): one per shard or upload
  --config FILE           settings file (default: .cloud-manifests.json in the current folder)
  --crds PATH             a CRD file or folder whose kinds the files use (repeatable); the
                          settings file's crds name only files inside the repository
  --api-domain DOMAIN     domain of the API groups (stored in the settings)
  --kubernetes-version V  the Kubernetes release the CRDs are applied to (default 1.36, or the
                          kubernetesVersion setting): a CRD rule may call only the CEL
                          libraries that release compiles new rules with
  --load-restrictor R     LoadRestrictionsRootOnly (default, as kubectl) or LoadRestrictionsNone
                          (as Flux builds): whether a kustomization may read files outside its
                          folder (the kustomizeLoadRestrictor setting)
  --stdin-filename NAME   name to report for - (standard input)
  --color, --no-color     force or disable colour (default: on a terminal only; NO_COLOR
                          and FORCE_COLOR are respected)
  -h, --help              show this help
  -v, --version           show the version

Settings file (.cloud-manifests.json), as the editor's cloudManifests settings:
  { "apiDomain": "cloud.example.com", "rules": { "status-read-only": "off" },
    "exclude": ["generated", "vendor/**"] }

Exit codes: 0 no errors (warnings within --max-warnings), 1 errors or too many warnings,
2 usage or settings errors, files that could not be read, or fixes that could not be
written (listed at the end; the other files are checked and fixed).`;

/** Options that take a value. */
const VALUED = new Set([
  '--format',
  '--rule',
  '--max-warnings',
  '--config',
  '--crds',
  '--api-domain',
  '--stdin-filename',
  '--base',
  '--kubernetes-version',
  '--load-restrictor',
  '--category',
  '--baseline',
  '--shard',
]);
const FLAGS = new Set([
  '--changed',
  '--cache',
  '--fix',
  '--fix-dry-run',
  '--quiet',
  '--no-kustomize',
  '--color',
  '--no-color',
  '--help',
  '-h',
  '--version',
  '-v',
]);
const ALL_OPTIONS = [...VALUED, ...FLAGS].filter((o) => o.startsWith('--'));

function parseRule(spec: string): [string, RuleSetting] {
  const eq = spec.lastIndexOf('=');
  if (eq <= 0) throw new CliError(`--rule expects CODE=LEVEL (e.g. enum-case=off), got "${spec}"`, true);
  const code = spec.slice(0, eq).trim();
  const level = spec.slice(eq + 1).trim();
  if (!isCode(code)) {
    const near = nearest(code, codeList());
    throw new CliError(`unknown rule code "${code}" in --rule ${spec}${near ? `; did you mean ${near}?` : ''}`, true);
  }
  if (!(RULE_LEVELS as readonly string[]).includes(level)) {
    throw new CliError(`unknown level "${level}" in --rule ${spec}; use off, info, warning or error`, true);
  }
  return [code, level as RuleSetting];
}

export function parseArgs(argv: readonly string[]): Command {
  const args = [...argv];
  // Help and version anywhere before `--` win over everything else.
  const dashdash = args.indexOf('--');
  const head = dashdash < 0 ? args : args.slice(0, dashdash);
  if (head.includes('--help') || head.includes('-h') || head[0] === 'help') return { kind: 'help' };
  if (head.includes('--version') || head.includes('-v')) return { kind: 'version' };
  if (args.length === 0) throw new CliError('missing command: cloud-manifests check [paths…]', true);
  const command = args.shift()!;
  if (command === 'crds') {
    if (args.length === 0) return { kind: 'crds' };
    if (args.length === 2 && args[0] === '--api-domain' && args[1].trim())
      return { kind: 'crds', apiDomain: args[1].trim() };
    throw new CliError('cloud-manifests crds takes only --api-domain DOMAIN', true);
  }
  if (command === 'schemas') {
    const at = (o: string) => {
      const i = args.indexOf(o);
      return i >= 0 && args[i + 1] && !args[i + 1].startsWith('--') ? args[i + 1] : undefined;
    };
    const crds = at('--crds');
    const out = at('--out');
    if (!crds || !out || args.length !== 4)
      throw new CliError('cloud-manifests schemas takes --crds PATH (a CRD file or folder) and --out DIR', true);
    return { kind: 'schemas', crds, out };
  }
  if (command === 'mcp') {
    if (args.length > 0)
      throw new CliError('cloud-manifests mcp takes no option: it serves the folder it is started in', true);
    return { kind: 'mcp' };
  }
  if (command !== 'check') {
    if (command.startsWith('-'))
      throw new CliError(`missing command before ${command}: cloud-manifests check [options] [paths…]`, true);
    throw new CliError(`unknown command "${command}"; the commands are check, crds, schemas and mcp`, true);
  }
  const o: CheckOptions = { paths: [], format: 'text', rules: {}, quiet: false, crds: [] };
  let options = true;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (!options || arg === '-' || !arg.startsWith('-')) {
      o.paths.push(arg);
      continue;
    }
    if (arg === '--') {
      options = false;
      continue;
    }
    let name = arg;
    let value: string | undefined;
    const eq = arg.indexOf('=');
    if (arg.startsWith('--') && eq > 0) {
      name = arg.slice(0, eq);
      value = arg.slice(eq + 1);
    }
    if (VALUED.has(name)) {
      if (value === undefined) {
        if (i + 1 >= args.length) throw new CliError(`${name} needs a value`, true);
        value = args[++i];
      }
    } else if (FLAGS.has(name)) {
      // `--changed=REF`, `--cache=DIR`: the flags with an optional value (a separate word would be a path).
      if (value !== undefined && name !== '--changed' && name !== '--cache')
        throw new CliError(`${name} takes no value`, true);
    } else {
      const near = nearest(name, ALL_OPTIONS);
      throw new CliError(`unknown option ${name}${near ? `; did you mean ${near}?` : ''}`, true);
    }
    switch (name) {
      case '--format':
        if (!formatNames().includes(value!)) throw new CliError(`unknown format "${value}"; use ${formatList()}`, true);
        o.format = value!;
        break;
      case '--rule': {
        const [code, level] = parseRule(value!);
        o.rules[code] = level;
        break;
      }
      case '--max-warnings': {
        const v = value!.trim();
        if (!/^-?\d+$/.test(v) || Number(v) < -1)
          throw new CliError(`--max-warnings expects a number of warnings (0 or more), got "${value}"`, true);
        const n = Number(v);
        o.maxWarnings = n < 0 ? undefined : n;
        break;
      }
      case '--config':
        if (!value) throw new CliError('--config needs a file name', true);
        o.config = value;
        break;
      case '--crds':
        if (!value) throw new CliError('--crds needs a CRD file or folder', true);
        o.crds.push(value);
        break;
      case '--api-domain':
        if (!value!.trim()) throw new CliError('--api-domain needs a domain, e.g. cloud.example.com', true);
        o.apiDomain = value!.trim();
        break;
      case '--stdin-filename':
        o.stdinFilename = value;
        break;
      case '--base':
        if (value!.trim() !== '' && !isGitRef(value!.trim()))
          throw new CliError(`--base expects ${GIT_REF_GRAMMAR}, got "${value}"`, true);
        o.base = value!.trim();
        break;
      case '--kubernetes-version': {
        const minor = kubernetesMinor(value!);
        if (minor === undefined)
          throw new CliError(`--kubernetes-version expects a Kubernetes release such as 1.31, got "${value}"`, true);
        o.kubernetesVersion = `1.${minor}`;
        break;
      }
      case '--load-restrictor':
        if (value === 'LoadRestrictionsRootOnly') o.loadRestrictor = 'rootOnly';
        else if (value === 'LoadRestrictionsNone') o.loadRestrictor = 'none';
        else
          throw new CliError(
            `--load-restrictor expects LoadRestrictionsRootOnly or LoadRestrictionsNone, got "${value}"`,
            true,
          );
        break;
      case '--category':
        if (!value!.trim()) throw new CliError('--category needs an identifier, e.g. manifests/shard-1', true);
        o.category = value!.trim();
        break;
      case '--baseline':
        if (!value) throw new CliError('--baseline needs the file of a previous JSON or SARIF report', true);
        o.baseline = value;
        break;
      case '--shard':
        o.shard = parseShard(value!);
        break;
      case '--changed':
        if (value !== undefined && value.trim() !== '' && !isGitRef(value.trim()))
          throw new CliError(`--changed expects ${GIT_REF_GRAMMAR} after =, got "${value}"`, true);
        o.changed = value?.trim() ?? '';
        break;
      case '--cache':
        if (value !== undefined && !value.trim())
          throw new CliError('--cache= needs a folder, e.g. --cache=.cache', true);
        o.cache = value?.trim() ?? '';
        break;
      case '--quiet':
        o.quiet = true;
        break;
      case '--no-kustomize':
        o.noKustomize = true;
        break;
      case '--fix':
      case '--fix-dry-run': {
        const mode = name === '--fix' ? 'write' : 'dry-run';
        if (o.fix && o.fix !== mode) throw new CliError('--fix and --fix-dry-run cannot be used together', true);
        o.fix = mode;
        break;
      }
      case '--color':
        o.color = true;
        break;
      case '--no-color':
        o.color = false;
        break;
    }
  }
  if (o.fix && o.changed !== undefined)
    throw new CliError('--fix and --fix-dry-run fix every file: run them without --changed', true);
  // A fix changes the files the cache's entries were made from: fixes are made from a run of their own.
  if (o.fix && o.cache !== undefined)
    throw new CliError('--fix and --fix-dry-run change the files: run them without --cache', true);
  if (o.fix && o.shard) throw new CliError('--fix and --fix-dry-run fix every file: run them without --shard', true);
  if (o.fix === 'dry-run' && o.format !== 'text')
    throw new CliError('--fix-dry-run prints a diff: use it with --format text', true);
  return { kind: 'check', options: o };
}
