// SARIF 2.1.0: one run, the rule list from the code registry, one result per problem with its fingerprint.
import { pathToFileURL } from 'node:url';
import { CODES, codeList, type Severity } from '../../service/core/codes';
import { SOURCE } from '../../protocol/source';
import { codeDocUrl, fixTextOf } from '../../service/host/codeDocs';
import { summaryLine, tooManyWarnings, type Report } from '../buildReport';
import { jsonText } from './jsonText';
import { FINGERPRINT_KEY } from '../fingerprint';
import type { Formatter } from './formatter';

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

type SarifLevel = 'error' | 'warning' | 'note' | 'none';

export const sarifLevel = (s: Severity): SarifLevel => (s === 'error' ? 'error' : s === 'warning' ? 'warning' : 'note');

/** `docsBase`: where the pages of the codes are published (the settings file's `docsBaseUrl`), for `helpUri`. */
/**
 * GitHub code scanning shows at most this many results of a run (the most severe first) and refuses a run of
 * more than 25,000 (its "SARIF results exceed limit" page): the report says so rather than leave some out.
 */
export const CODE_SCANNING_SHOWN = 5000;
export const CODE_SCANNING_ACCEPTED = 25000;

/** `category`: which analysis the run is (`--category`), for code scanning to keep one set of alerts per category. */
export function formatSarif(
  report: Report,
  options: { version: string; docsBase?: string; category?: string },
): string {
  const codes = codeList();
  const index = new Map<string, number>(codes.map((c, i) => [c, i]));
  const rules = codes.map((code) => ({
    id: code,
    shortDescription: { text: CODES[code].title },
    help: { text: `Example:\n${CODES[code].example}\n\nFix: ${fixTextOf(code)}` },
    defaultConfiguration: { level: sarifLevel(CODES[code].severity) },
    ...(options.docsBase ? { helpUri: codeDocUrl(options.docsBase, code) } : {}),
  }));
  const results = report.files.flatMap((f) =>
    f.problems.map((p) => ({
      ruleId: p.code,
      ruleIndex: index.get(p.code) ?? -1,
      level: sarifLevel(p.severity),
      message: { text: p.message },
      ...(p.fingerprint ? { partialFingerprints: { [FINGERPRINT_KEY]: p.fingerprint } } : {}),
      locations: [
        {
          physicalLocation: {
            artifactLocation: f.relative ? { uri: f.uri, uriBaseId: '%SRCROOT%' } : { uri: f.uri },
            region: { startLine: p.line, startColumn: p.column, endLine: p.endLine, endColumn: p.endColumn },
          },
        },
      ],
    })),
  );
  let root = pathToFileURL(report.cwd).href;
  if (!root.endsWith('/')) root += '/';
  const log = {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: SOURCE, version: options.version, semanticVersion: options.version, rules } },
        // Code scanning reads the id up to its last `/` as the category (the rest names the run), so the
        // category ends with one, as upload-sarif writes its own `category` input.
        ...(options.category
          ? { automationDetails: { id: options.category.endsWith('/') ? options.category : `${options.category}/` } }
          : {}),
        invocations: [{ executionSuccessful: true, ...verdictNotes(report, results.length) }],
        originalUriBaseIds: { '%SRCROOT%': { uri: root } },
        columnKind: 'utf16CodeUnits',
        results,
      },
    ],
  };
  return jsonText(log);
}

/**
 * What the results alone do not say: warnings `--quiet` left out, and more warnings than `--max-warnings`
 * (the run fails with no error among the results). One notification, the text summary's words; an error
 * when it fails the run.
 */
function verdictNotes(report: Report, results: number): { toolExecutionNotifications?: object[] } {
  const over = tooManyWarnings(report);
  const hidden = report.notShown && report.notShown.warning + report.notShown.info + report.notShown.hint > 0;
  const notes: object[] = [];
  if (over || hidden || report.baselined)
    notes.push({
      level: over ? 'error' : 'note',
      descriptor: { id: over ? 'max-warnings' : hidden ? 'quiet' : 'baseline' },
      message: { text: summaryLine(report) },
    });
  if (results > CODE_SCANNING_SHOWN)
    notes.push({
      level: 'warning',
      descriptor: { id: 'code-scanning-limit' },
      message: {
        text:
          results > CODE_SCANNING_ACCEPTED
            ? `${results} results: GitHub code scanning refuses a run of more than ${CODE_SCANNING_ACCEPTED}; split the check with --shard I/N (one upload and --category each) or use --baseline`
            : `${results} results: GitHub code scanning shows the ${CODE_SCANNING_SHOWN} most severe of a run; split the check with --shard I/N (one upload and --category each) to see them all`,
      },
    });
  return notes.length > 0 ? { toolExecutionNotifications: notes } : {};
}

export const sarif: Formatter = {
  name: 'sarif',
  write: (report, c) => formatSarif(report, { version: c.version, docsBase: c.docsBase, category: c.category }),
};
