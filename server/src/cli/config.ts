// The CLI's settings: the settings file (`.cloud-manifests.json` in the current folder, or `--config`),
// in the editor's `cloudManifests` format, with command-line options on top.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { readSettings, type Settings } from '../service/settings';
import type { CheckOptions } from './args';
import { ioReason } from '../io/ioReason';
import { CliError } from './errors';

export const SETTINGS_FILE = '.cloud-manifests.json';

/** Keys the settings file may hold: the editor's settings (`trace` is the editor's own) and `$schema`. */
export const KNOWN_KEYS = new Set([
  'apiDomain',
  'rules',
  'ownerResolution',
  'exclude',
  'crds',
  'docsBaseUrl',
  'trace',
  '$schema',
]);

export interface LoadedSettings {
  settings: Settings;
  /** The settings file read, if any. */
  file?: string;
  /** Folder `exclude` patterns are relative to: the settings file's, else the current folder. */
  base: string;
}

export function loadSettings(
  cwd: string,
  options: Pick<CheckOptions, 'config' | 'rules' | 'apiDomain'>,
): LoadedSettings {
  const explicit = options.config !== undefined;
  const shown = options.config ?? SETTINGS_FILE;
  const file = resolve(cwd, shown);
  let text: string | undefined;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' && !explicit) text = undefined;
    else if (code === 'ENOENT') throw new CliError(`no such file: ${shown}`);
    else throw new CliError(`settings file ${shown}: ${ioReason(e)}`);
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
  const { settings } = readSettings(raw);
  settings.rules = { ...settings.rules, ...options.rules };
  if (options.apiDomain) settings.apiDomain = options.apiDomain;
  return { settings, file: text !== undefined ? file : undefined, base: text !== undefined ? dirname(file) : cwd };
}
