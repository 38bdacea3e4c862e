// The user's settings applied to a file's diagnostics: a severity per code (`off` silences it), and the
// lines silenced by disable comments (disableComments.ts).
import type { Severity } from './codes';
import type { Diag } from './diag';
import { disabledLines } from './disableComments';
import type { ParsedFile } from './parse';

export type RuleSetting = Severity | 'off';

export interface ValidateOptions {
  /** Severity per code, `off` to silence (`cloudManifests.rules`). */
  rules?: Partial<Record<string, RuleSetting>>;
  /** The file is a Kustomize patch: its manifests are partial (nothing is missing; see walk.ts). */
  partial?: boolean;
  /**
   * `false`: the diagnostics as found, in no order — the caller applies the settings and sorts, once for
   * every part of a file's diagnostics (the host's one query: host/diagnostics.ts).
   */
  settled?: false;
}

/** Applies severity settings and disable comments to file-level diagnostics. */
export function applySettings(file: Pick<ParsedFile, 'text'>, diags: Diag[], options: ValidateOptions = {}): Diag[] {
  return settingsOf(file, options)(diags);
}

/**
 * `applySettings` for one file and many batches of its diagnostics (a large file's, checked in slices): its
 * disable comments read once.
 */
export function settingsOf(file: Pick<ParsedFile, 'text'>, options: ValidateOptions = {}): (diags: Diag[]) => Diag[] {
  let disabled: ReturnType<typeof disabledLines> | undefined;
  return (diags) => {
    const result: Diag[] = [];
    for (const d of diags) {
      const setting = options.rules?.[d.code];
      if (setting === 'off') continue;
      disabled ??= disabledLines(file);
      if (disabled.lines.size > 0) {
        const codes = disabled.lines.get(disabled.lineOf(d.start));
        if (codes && (codes === 'all' || codes.has(d.code))) continue;
      }
      result.push(setting ? { ...d, severity: setting } : d);
    }
    return result;
  };
}
