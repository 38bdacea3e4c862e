// Settings shared by the editor (`cloudManifests.*`) and the CLI (`.cloud-manifests.json`).
import { isCode } from './codes';
import type { RuleSetting } from './ruleSettings';
import { DEFAULT_KUBERNETES_VERSION, kubernetesMinor } from './kubernetesVersion';

export interface Settings {
  /** Domain used when completing `apiVersion` (`cloudManifests.apiDomain`); else the workspace's own. */
  apiDomain?: string;
  /** Severity per code, `off` included (`cloudManifests.rules`). */
  rules: Partial<Record<string, RuleSetting>>;
  /** Report owners not found in the workspace (`cloudManifests.ownerResolution`): `info` (default) or `off`. */
  ownerResolution: 'info' | 'off';
  /** Glob patterns of files to leave out of the workspace index (`cloudManifests.exclude`). */
  exclude: string[];
  /**
   * Glob patterns of more Helm templates (`cloudManifests.helmTemplates`), besides the YAML below the
   * `templates/` folder of a chart: checked with their `{{ … }}` actions masked.
   */
  helmTemplates: string[];
  /**
   * Files and folders of CustomResourceDefinitions to read besides the workspace's own (`cloudManifests.crds`):
   * absolute, or relative to the workspace folder (the CLI: to the settings file's folder).
   */
  crds: string[];
  /** Documents longer than this (characters) get their YAML syntax checked only (`cloudManifests.maxDocumentSize`). */
  maxDocumentSize: number;
  /** Where the pages of the diagnostic codes are (`cloudManifests.docsBaseUrl`); empty: the ones shipped with the extension. */
  docsBaseUrl?: string;
  /** Files larger than this many megabytes are not read from the workspace (`cloudManifests.maxFileSizeMB`). */
  maxFileSizeMB: number;
  /**
   * Which files' problems the editor shows (`cloudManifests.problems.scope`): every manifest of the
   * workspace (default), or the open files only.
   */
  problemsScope: 'workspace' | 'openFiles';
  /**
   * The git ref each file is compared with (`cloudManifests.compareWith`): write-once fields, the operator's
   * refusals on update, renames and CRD transition rules are checked against the file at that ref. Empty:
   * no comparison.
   */
  compareWith: string;
  /**
   * The Kubernetes release of the API server the CRDs are applied to (`cloudManifests.kubernetesVersion`,
   * "1.N"): a CRD rule may use only the CEL libraries that release compiles new rules with.
   */
  kubernetesVersion: string;
  /**
   * Kustomize's load restrictor as the overlays are built (`cloudManifests.kustomizeLoadRestrictor`):
   * `rootOnly` (kubectl's default) refuses a file outside a kustomization's folder
   * (kustomize-outside-root); `none` accepts it, as `--load-restrictor LoadRestrictionsNone` and Flux do.
   */
  kustomizeLoadRestrictor: 'rootOnly' | 'none';
}

/** Documents longer than this are checked for YAML syntax only (tooLarge.ts): far above any hand-written file. */
export const DEFAULT_MAX_DOCUMENT_SIZE = 10_000_000;

export const DEFAULT_SETTINGS: Settings = {
  rules: {},
  ownerResolution: 'info',
  exclude: [],
  helmTemplates: [],
  crds: [],
  maxDocumentSize: DEFAULT_MAX_DOCUMENT_SIZE,
  maxFileSizeMB: 10,
  problemsScope: 'workspace',
  compareWith: 'HEAD',
  kubernetesVersion: DEFAULT_KUBERNETES_VERSION,
  kustomizeLoadRestrictor: 'rootOnly',
};

/**
 * A ref in the grammar the comparison takes: a branch or tag name as `git check-ref-format` allows one
 * (`main`, `origin/main`, `v1.2`; no `..`, `@{`, `:`, `^{`, no component starting with `.` or ending in
 * `.lock`), `HEAD`, or a commit's full or abbreviated hex id, each optionally followed by `~n`/`^n` steps
 * (`HEAD~1`, `main^2`). Never an option (`-…`), a range, a reflog `@{…}`, a `^{/regex}` search (git compiles
 * the regular expression, at any cost) nor a `rev:path`. What git then does not know is said when read.
 */
export const isGitRef = (ref: string): boolean =>
  ref.length <= 200 &&
  /^(?!-)(?:[A-Za-z0-9_+-](?:[A-Za-z0-9_.+-]*[A-Za-z0-9_+-])?\/)*[A-Za-z0-9_+-](?:[A-Za-z0-9_.+-]*[A-Za-z0-9_+-])?(?:~\d{0,6}|\^\d?)*$/.test(
    ref,
  ) &&
  !ref.includes('..') &&
  !/\.lock(?:\/|[~^]|$)/.test(ref);

/** What `isGitRef` takes, as usage errors and settings problems say it. */
export const GIT_REF_GRAMMAR =
  'a branch or tag name (main, origin/main, v1.2), HEAD, HEAD~n or HEAD^n, or a commit id in hex';

/** The size cap in bytes. */
export const maxFileBytes = (s: Pick<Settings, 'maxFileSizeMB'>): number => Math.floor(s.maxFileSizeMB * 1024 * 1024);

/** The longest `exclude` pattern io/glob.ts compiles (MAX_PATTERN_LENGTH there; service/ cannot import io/). */
const MAX_EXCLUDE_LENGTH = 1000;

const SEVERITIES: ReadonlySet<string> = new Set(['error', 'warning', 'info', 'hint', 'off']);

/**
 * Reads settings from untrusted JSON (an editor's configuration or a settings file), keeping what is
 * valid and describing what is not, so a typo in a setting never breaks the server.
 */
export function readSettings(raw: unknown): { settings: Settings; problems: string[]; ignored: string[] } {
  const problems: string[] = [];
  /** Valid values left unused on purpose (not an error in a settings file; said in a log line). */
  const ignored: string[] = [];
  const s: Settings = { ...DEFAULT_SETTINGS, rules: {}, exclude: [], helmTemplates: [], crds: [] };
  if (raw === undefined || raw === null) return { settings: s, problems, ignored };
  if (typeof raw !== 'object' || Array.isArray(raw))
    return { settings: s, problems: ['settings must be an object'], ignored };
  const r = raw as Record<string, unknown>;
  if (typeof r.apiDomain === 'string' && r.apiDomain.trim()) s.apiDomain = r.apiDomain.trim();
  else if (r.apiDomain !== undefined && r.apiDomain !== '' && r.apiDomain !== null)
    problems.push('apiDomain must be a string');
  if (r.rules !== undefined && r.rules !== null) {
    if (typeof r.rules !== 'object' || Array.isArray(r.rules))
      problems.push('rules must map codes to error, warning, info, hint or off');
    else
      for (const [code, sev] of Object.entries(r.rules as Record<string, unknown>)) {
        if (!isCode(code)) problems.push(`rules: unknown code "${code}"`);
        else if (typeof sev !== 'string' || !SEVERITIES.has(sev))
          problems.push(`rules.${code}: "${String(sev)}" is not one of error, warning, info, hint, off`);
        else s.rules[code] = sev as RuleSetting;
      }
  }
  if (r.ownerResolution === 'off' || r.ownerResolution === 'info') s.ownerResolution = r.ownerResolution;
  else if (r.ownerResolution !== undefined) problems.push('ownerResolution must be "info" or "off"');
  // Every diagnostic links to this address, and a repository's own settings file may set it: only an
  // https: address is taken (no file:, http:, javascript: or command: link out of a checked-out repository).
  if (typeof r.docsBaseUrl === 'string' && r.docsBaseUrl.trim()) {
    const url = r.docsBaseUrl.trim();
    // The authority up to the first / ? #: an `@` there is a user (and password) every link would carry.
    const authority = /^https:\/\/([^/?#]*)/i.exec(url)?.[1];
    if (authority?.includes('@'))
      ignored.push(
        'docsBaseUrl is ignored: it holds a user name or password (user:password@host); a link to the pages of the codes carries no credentials',
      );
    else if (/^https:\/\/[^\s/?#]+[^\s]*$/i.test(url)) s.docsBaseUrl = url;
    else
      ignored.push(
        `docsBaseUrl "${url.slice(0, 100)}" is ignored: only an https: address is used (the pages shipped with the checker otherwise)`,
      );
  } else if (r.docsBaseUrl !== undefined && r.docsBaseUrl !== '' && r.docsBaseUrl !== null)
    problems.push('docsBaseUrl must be an https: address');
  if (typeof r.maxFileSizeMB === 'number' && r.maxFileSizeMB > 0 && r.maxFileSizeMB <= 4096)
    s.maxFileSizeMB = r.maxFileSizeMB;
  else if (r.maxFileSizeMB !== undefined && r.maxFileSizeMB !== null)
    problems.push('maxFileSizeMB must be a number of megabytes above 0 and at most 4096');
  const problemsScope = (r.problems as { scope?: unknown } | undefined)?.scope;
  if (problemsScope === 'workspace' || problemsScope === 'openFiles') s.problemsScope = problemsScope;
  else if (problemsScope !== undefined) problems.push('problems.scope must be "workspace" or "openFiles"');
  if (typeof r.maxDocumentSize === 'number' && Number.isInteger(r.maxDocumentSize) && r.maxDocumentSize >= 1)
    s.maxDocumentSize = r.maxDocumentSize;
  else if (r.maxDocumentSize !== undefined && r.maxDocumentSize !== null)
    problems.push('maxDocumentSize must be a whole number of characters, 1 or more');
  if (Array.isArray(r.exclude)) {
    s.exclude = r.exclude.filter((x): x is string => typeof x === 'string');
    // io/glob.ts compiles no longer pattern (it would match nothing): say so rather than ignore it silently.
    for (const p of s.exclude)
      if (p.length > MAX_EXCLUDE_LENGTH)
        problems.push(`exclude: a pattern of ${p.length} characters is ignored (at most ${MAX_EXCLUDE_LENGTH})`);
  } else if (r.exclude !== undefined) problems.push('exclude must be a list of glob patterns');
  if (Array.isArray(r.helmTemplates))
    s.helmTemplates = r.helmTemplates.filter((x): x is string => typeof x === 'string');
  else if (r.helmTemplates !== undefined) problems.push('helmTemplates must be a list of glob patterns');
  if (typeof r.compareWith === 'string' && (r.compareWith === '' || isGitRef(r.compareWith.trim())))
    s.compareWith = r.compareWith.trim();
  else if (r.compareWith !== undefined && r.compareWith !== null)
    problems.push(`compareWith must be ${GIT_REF_GRAMMAR}, or "" to compare with nothing`);
  if (r.kustomizeLoadRestrictor === 'rootOnly' || r.kustomizeLoadRestrictor === 'none')
    s.kustomizeLoadRestrictor = r.kustomizeLoadRestrictor;
  else if (r.kustomizeLoadRestrictor !== undefined && r.kustomizeLoadRestrictor !== null)
    problems.push('kustomizeLoadRestrictor must be "rootOnly" or "none"');
  if (typeof r.kubernetesVersion === 'string' && kubernetesMinor(r.kubernetesVersion) !== undefined)
    s.kubernetesVersion = `1.${kubernetesMinor(r.kubernetesVersion)}`;
  else if (r.kubernetesVersion !== undefined && r.kubernetesVersion !== null && r.kubernetesVersion !== '')
    problems.push('kubernetesVersion must be a Kubernetes release such as "1.31"');
  if (Array.isArray(r.crds)) s.crds = r.crds.filter((x): x is string => typeof x === 'string' && x.trim() !== '');
  else if (r.crds !== undefined && r.crds !== null) problems.push('crds must be a list of files or folders');
  return { settings: s, problems, ignored };
}
