// The CLI's settings: the settings file (`.cloud-manifests.json` in the current folder, or `--config`),
// in the editor's `cloudManifests` format, with command-line options on top.
import { realpathSync } from 'node:fs';
import { decodeText } from '../io/decode';
import { readFileBoundedSync } from '../io/read';
import { isInside } from '../io/folderWalk';
import { dirname, resolve } from 'node:path';
import { readSettings, type Settings } from '../service/core/settings';
import type { CheckOptions } from './args';
import { CliError } from './errors';

export const SETTINGS_FILE = '.cloud-manifests.json';

/** A settings file is a few hundred bytes; a megabyte is more than any could need. */
const MAX_SETTINGS_BYTES = 1024 * 1024;

/** Keys the settings file may hold: the editor's settings (`trace` is the editor's own) and `$schema`. */
export const KNOWN_KEYS = new Set([
  'apiDomain',
  'rules',
  'ownerResolution',
  'exclude',
  'helmTemplates',
  'crds',
  'docsBaseUrl',
  'maxDocumentSize',
  'maxFileSizeMB',
  'problems',
  'compareWith',
  'kubernetesVersion',
  'kustomizeLoadRestrictor',
  'trace',
  // The editor's (lsp/scanCache.ts); `check` takes `--cache`.
  'cache',
  '$schema',
]);

export interface LoadedSettings {
  settings: Settings;
  /** The settings file read, if any. */
  file?: string;
  /** Folder `exclude` patterns are relative to: the settings file's, else the current folder. */
  base: string;
  /** Settings left unused on purpose (a docsBaseUrl that is not https:), to say on standard error. */
  notices: string[];
  /**
   * The real path of the current folder when the settings file lies inside it: the repository's own
   * settings, untrusted (its `crds` stay inside it, io/crdPaths.ts). Undefined for no settings file or one
   * named with `--config` outside the folder (the user's own).
   */
  repository?: string;
}

export function loadSettings(
  cwd: string,
  options: Pick<CheckOptions, 'config' | 'rules' | 'apiDomain' | 'base' | 'kubernetesVersion' | 'loadRestrictor'>,
): LoadedSettings {
  const explicit = options.config !== undefined;
  const shown = options.config ?? SETTINGS_FILE;
  const file = resolve(cwd, shown);
  let text: string | undefined;
  let repository: string | undefined;
  // The settings file comes with the repository: read like a manifest (a regular file, bounded, so a
  // FIFO or a link to /dev/zero cannot stall a CI run), and the default one only from inside the folder.
  const r = readFileBoundedSync(file, MAX_SETTINGS_BYTES);
  if ('skipped' in r) {
    if (r.missing && !explicit) text = undefined;
    else if (r.missing) throw new CliError(`no such file: ${shown}`);
    else throw new CliError(`settings file ${shown}: ${r.skipped}`);
  } else {
    const real = realpathSync(file);
    const folder = realpathSync(cwd);
    if (isInside(folder, real)) repository = folder;
    else if (!explicit)
      throw new CliError(`settings file ${shown}: a symbolic link to ${real}, outside the current folder`);
    text = decodeText(r.bytes);
    if (text === undefined) throw new CliError(`invalid settings file ${shown}: not a text file`);
  }
  let raw: unknown;
  if (text !== undefined) {
    try {
      raw = JSON.parse(text.replace(/^\uFEFF/, ''));
    } catch (e) {
      throw new CliError(`invalid settings file ${shown}: not valid JSON (${(e as Error).message.split('\n')[0]})`);
    }
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
      throw new CliError(`invalid settings file ${shown}: must be a JSON object`);
    const unknown = Object.keys(raw).filter((k) => !KNOWN_KEYS.has(k));
    const { problems } = readSettings(raw);
    const all = [...unknown.map((k) => `unknown setting "${k}"`), ...problems];
    if (all.length > 0) throw new CliError(`invalid settings file ${shown}: ${all.join('; ')}`);
  }
  const { settings, ignored } = readSettings(raw);
  settings.rules = { ...settings.rules, ...options.rules };
  if (options.apiDomain) settings.apiDomain = options.apiDomain;
  if (options.base !== undefined) settings.compareWith = options.base;
  if (options.kubernetesVersion !== undefined) settings.kubernetesVersion = options.kubernetesVersion;
  if (options.loadRestrictor !== undefined) settings.kustomizeLoadRestrictor = options.loadRestrictor;
  return {
    settings,
    file: text !== undefined ? file : undefined,
    base: text !== undefined ? dirname(file) : cwd,
    notices: [
      ...ignored.map((m) => `${shown}: ${m}`),
      // A repository may publish its own pages of the codes; the reader is told where the links lead.
      ...(repository !== undefined && settings.docsBaseUrl
        ? [
            `${shown}: the links of the codes (SARIF helpUri) point to ${settings.docsBaseUrl}, as the repository's settings say`,
          ]
        : []),
    ],
    repository,
  };
}
