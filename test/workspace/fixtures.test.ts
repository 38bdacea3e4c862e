// Cross-file fixtures: each folder under test/fixtures/workspace is one workspace, and each of its files
// says inline (as the per-document fixtures do) every diagnostic it gets, its own and the cross-file ones:
// through the pure service (validateFile + checkFile over one index) and through the real server (started
// in-process, the folder as its workspace).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { parseFile } from '../../server/src/service/core/parse';
import { validateFile } from '../../server/src/service/checks/validate';
import { checkFile } from '../../server/src/service/workspace/checks';
import { createWorkspaceIndex } from '../../server/src/service/workspace/checks';
import { WorkspaceClient } from '../e2e/workspaceClient';
import { asActual, compared, fmt, readExpectations, type Actual } from '../expectations';
import { yamlFiles } from '../helpers/files';

const ROOT = join(__dirname, '..', 'fixtures', 'workspace');
const CASES = readdirSync(ROOT).sort();
const SEVERITY = ['', 'error', 'warning', 'info', 'hint'] as const;

const explain = (actual: readonly Actual[]) =>
  `messages:\n${actual.map((a) => `  ${fmt(a)}: ${a.message}`).join('\n')}`;

describe('cross-file fixtures through the service', () => {
  for (const name of CASES) {
    test(name, () => {
      const files = yamlFiles(join(ROOT, name));
      const index = createWorkspaceIndex();
      for (const f of files) index.setText(pathToFileURL(f).href, readFileSync(f, 'utf8'));
      let expectedCount = 0;
      for (const f of files) {
        const text = readFileSync(f, 'utf8');
        const parsed = parseFile(text);
        const diags = [...validateFile(parsed), ...checkFile(index, pathToFileURL(f).href, { complete: true })];
        const actual = asActual(parsed.lines, diags);
        const expected = readExpectations(text);
        expectedCount += expected.length;
        const { got, want } = compared(expected, actual);
        assert.deepEqual(got, want, `${relative(ROOT, f)}: ${explain(actual)}`);
      }
      assert.ok(expectedCount > 0, 'each case expects at least one cross-file diagnostic');
    });
  }
});

describe('cross-file fixtures through the server', () => {
  for (const name of CASES) {
    describe(name, () => {
      let client: WorkspaceClient;
      before(async () => {
        client = new WorkspaceClient({ rootDir: join(ROOT, name) });
        await client.initialize();
        await client.waitForScans(1);
      });
      after(() => client.stop());

      for (const f of yamlFiles(join(ROOT, name))) {
        test(relative(join(ROOT, name), f), async () => {
          const text = readFileSync(f, 'utf8');
          const diags = await client.open(pathToFileURL(f).href, text);
          const actual: Actual[] = diags.map((d) => ({
            line: d.range.start.line,
            start: d.range.start.character,
            end:
              d.range.end.line === d.range.start.line
                ? d.range.end.character
                : text.split(/\r?\n/)[d.range.start.line].length,
            code: String(d.code),
            severity: SEVERITY[d.severity ?? 1],
            message: String(d.message),
          }));
          const { got, want } = compared(readExpectations(text), actual);
          assert.deepEqual(got, want, explain(actual));
        });
      }
    });
  }
});
