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
}

/** Applies severity settings and disable comments to file-level diagnostics. */
export function applySettings(
  file: Pick<ParsedFile, 'text' | 'lines'>,
  diags: Diag[],
  options: ValidateOptions = {},
): Diag[] {
  const disabled = disabledLines(file);
  const result: Diag[] = [];
  for (const d of diags) {
    const setting = options.rules?.[d.code];
    if (setting === 'off') continue;
    if (disabled.lines.size > 0) {
      const codes = disabled.lines.get(disabled.lineOf(d.start));
      if (codes && (codes === 'all' || codes.has(d.code))) continue;
    }
    result.push(setting ? { ...d, severity: setting } : d);
  }
  return result;
}
