// The shapes the tools answer in (their `outputSchema`), shared: a problem as the CLI's JSON report gives
// it (cli/formats/json.ts), with the certain fix's edits; an edit in 1-based lines and columns.
import { z } from './sdk';

export const SEVERITY = z.enum(['error', 'warning', 'info', 'hint']);

/** A replacement, in 1-based lines and columns (UTF-16 code units) as the report's problems; end exclusive. */
export const EDIT = z.object({
  line: z.number().int(),
  column: z.number().int(),
  endLine: z.number().int(),
  endColumn: z.number().int(),
  newText: z.string(),
});
export type McpEdit = z.infer<typeof EDIT>;

export const PROBLEM = z.object({
  file: z.string(),
  line: z.number().int(),
  column: z.number().int(),
  endLine: z.number().int(),
  endColumn: z.number().int(),
  severity: SEVERITY,
  code: z.string(),
  message: z.string(),
  fingerprints: z
    .record(z.string(), z.string())
    .optional()
    .describe("Stable when lines move (the code, the resource's identity, the field path): what `--baseline` matches."),
  fix: z
    .object({ title: z.string(), edits: z.array(EDIT) })
    .optional()
    .describe('The fix when exactly one is certain (the one `check --fix` makes), as edits of the file.'),
});
export type McpProblem = z.infer<typeof PROBLEM>;

export const SUMMARY = z.object({
  errors: z.number().int(),
  warnings: z.number().int(),
  info: z.number().int(),
  hints: z.number().int(),
  filesWithProblems: z.number().int(),
  filesChecked: z.number().int(),
  baselined: z.number().int().optional(),
});

/** Every tool reads and answers; only `fix` with `write: true` writes, through `check --fix`'s safe write. */
export const READ_ONLY = { readOnlyHint: true, idempotentHint: true, destructiveHint: false, openWorldHint: false };
