// Real-repository fixtures: each folder under test/fixtures/repositories is one workspace (Kustomize bases
// and overlays, Helm charts), and each of its files says inline every diagnostic it gets, its own and the
// cross-file ones, through one analysis that indexed every file of the folder (as the server's scan and the
// CLI's run do). A patch is a partial manifest, a template is checked with its actions masked: only the
// mistakes written in them are reported.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, test } from 'node:test';
import { Analysis } from '../../server/src/service/analysis';
import { asActual, compared, fmt, readExpectations, type Actual } from '../expectations';
import { REPOSITORIES, repositoryFiles } from '../helpers/files';

const explain = (actual: readonly Actual[]) =>
  `messages:\n${actual.map((a) => `  ${fmt(a)}: ${a.message}`).join('\n')}`;

describe('repository fixtures through the analysis', () => {
  for (const name of readdirSync(REPOSITORIES).sort()) {
    test(name, () => {
      const files = repositoryFiles(join(REPOSITORIES, name));
      const analysis = new Analysis();
      for (const f of files) analysis.indexFile(pathToFileURL(f).href, readFileSync(f, 'utf8'));
      let expectedCount = 0;
      for (const f of files) {
        const text = readFileSync(f, 'utf8');
        const uri = pathToFileURL(f).href;
        const diags = analysis.fileDiagnostics(uri, analysis.parseAs(uri, text), { complete: true });
        const actual = asActual(analysis.parse(text).lines, diags);
        const expected = readExpectations(text);
        expectedCount += expected.length;
        const { got, want } = compared(expected, actual);
        assert.deepEqual(got, want, `${relative(REPOSITORIES, f)}: ${explain(actual)}`);
      }
      assert.ok(expectedCount > 0, 'each case expects at least one diagnostic');
    });
  }
});
