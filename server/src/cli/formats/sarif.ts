// SARIF 2.1.0: one run, the rule list from the code registry, one result per problem.
import { pathToFileURL } from 'node:url';
import { CODES, codeList, type Severity } from '../../service/core/codes';
import { SOURCE } from '../../protocol/source';
import { codeDocUrl, fixTextOf } from '../../service/host/codeDocs';
import { summaryLine, tooManyWarnings, type Report } from '../buildReport';
import { jsonText } from './jsonText';

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

type SarifLevel = 'error' | 'warning' | 'note' | 'none';

export const sarifLevel = (s: Severity): SarifLevel => (s === 'error' ? 'error' : s === 'warning' ? 'warning' : 'note');

/** `docsBase`: where the pages of the codes are published (the settings file's `docsBaseUrl`), for `helpUri`. */
export function formatSarif(report: Report, options: { version: string; docsBase?: string }): string {
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
        invocations: [{ executionSuccessful: true, ...verdictNotes(report) }],
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
function verdictNotes(report: Report): { toolExecutionNotifications?: object[] } {
  const over = tooManyWarnings(report);
  const hidden = report.notShown && report.notShown.warning + report.notShown.info + report.notShown.hint > 0;
  if (!over && !hidden) return {};
  return {
    toolExecutionNotifications: [
      {
        level: over ? 'error' : 'note',
        descriptor: { id: over ? 'max-warnings' : 'quiet' },
        message: { text: summaryLine(report) },
      },
    ],
  };
}
