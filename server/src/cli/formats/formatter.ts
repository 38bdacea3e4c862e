// What every output format of `check` is: a name for `--format`, and the text of a report. A new format is
// a file exporting a `Formatter` and its line in formats/index.ts; args.ts and main.ts read that table.
import type { Report } from '../buildReport';

/** What a run knows besides the report, for the formats that say it. */
export interface FormatContext {
  /** The product's version. */
  version: string;
  /** Where the pages of the codes are published (the settings' `docsBaseUrl`, ending in `/`), if set. */
  docsBase?: string;
  /** Milliseconds since the run started. */
  elapsedMs: () => number;
  /** Whether the text may be coloured (the terminal, `--color`, NO_COLOR and FORCE_COLOR decided). */
  color: () => boolean;
  /** `--category ID`: which analysis of the repository this report is (SARIF's `automationDetails.id`). */
  category?: string;
}

export interface Formatter {
  /** The `--format` value. */
  name: string;
  write(report: Report, context: FormatContext): string;
}
