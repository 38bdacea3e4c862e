// Settings shared by the editor (`cloudManifests.*`) and the CLI (`.cloud-manifests.json`).
import { isCode } from './codes';
import type { RuleSetting } from './ruleSettings';

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
   * Files and folders of CustomResourceDefinitions to read besides the workspace's own (`cloudManifests.crds`):
   * absolute, or relative to the workspace folder (the CLI: to the settings file's folder).
   */
  crds: string[];
  /** Where the pages of the diagnostic codes are (`cloudManifests.docsBaseUrl`); empty: the ones shipped with the extension. */
  docsBaseUrl?: string;
}

export const DEFAULT_SETTINGS: Settings = { rules: {}, ownerResolution: 'info', exclude: [], crds: [] };

const SEVERITIES: ReadonlySet<string> = new Set(['error', 'warning', 'info', 'hint', 'off']);

/**
 * Reads settings from untrusted JSON (an editor's configuration or a settings file), keeping what is
 * valid and describing what is not, so a typo in a setting never breaks the server.
 */
export function readSettings(raw: unknown): { settings: Settings; problems: string[] } {
  const problems: string[] = [];
  const s: Settings = { ...DEFAULT_SETTINGS, rules: {}, exclude: [], crds: [] };
  if (raw === undefined || raw === null) return { settings: s, problems };
  if (typeof raw !== 'object' || Array.isArray(raw)) return { settings: s, problems: ['settings must be an object'] };
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
  if (typeof r.docsBaseUrl === 'string' && /^(?:https?|file):\/\/\S+$/.test(r.docsBaseUrl.trim()))
    s.docsBaseUrl = r.docsBaseUrl.trim();
  else if (r.docsBaseUrl !== undefined && r.docsBaseUrl !== '' && r.docsBaseUrl !== null)
    problems.push('docsBaseUrl must be an http(s) or file address');
  if (Array.isArray(r.exclude)) s.exclude = r.exclude.filter((x): x is string => typeof x === 'string');
  else if (r.exclude !== undefined) problems.push('exclude must be a list of glob patterns');
  if (Array.isArray(r.crds)) s.crds = r.crds.filter((x): x is string => typeof x === 'string' && x.trim() !== '');
  else if (r.crds !== undefined && r.crds !== null) problems.push('crds must be a list of files or folders');
  return { settings: s, problems };
}
