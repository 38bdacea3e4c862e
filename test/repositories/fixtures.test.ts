// Real-repository fixtures: each folder under test/fixtures/repositories is one workspace (Kustomize bases
// and overlays, Helm charts), and each of its files says inline every diagnostic it gets, its own and the
// cross-file ones, through one analysis that indexed every file of the folder (as the server's scan and the
// CLI's run do). A patch is a partial manifest, a template is checked with its actions masked: only the
// mistakes written in them are reported. Then the same through the real server (started in-process, the
// folder as its workspace): its scan finds the kustomizations and Chart.yaml in whatever order.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { Analysis } from '../../server/src/service/analysis';
import { WorkspaceClient } from '../e2e/workspaceClient';
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

const SEVERITY = ['', 'error', 'warning', 'info', 'hint'] as const;

describe('repository fixtures through the server', () => {
  for (const name of readdirSync(REPOSITORIES).sort()) {
    describe(name, () => {
      let client: WorkspaceClient;
      // Which files the server publishes twice when they are opened: its own checks first, then with the
      // problems of the overlays that render it (publish.ts).
      const reference = new Analysis();
      for (const f of repositoryFiles(join(REPOSITORIES, name)))
        reference.indexFile(pathToFileURL(f).href, readFileSync(f, 'utf8'));
      before(async () => {
        client = new WorkspaceClient({ rootDir: join(REPOSITORIES, name) });
        await client.initialize();
        await client.waitForScans(1);
      });
      after(() => client.stop());

      for (const f of repositoryFiles(join(REPOSITORIES, name))) {
        test(relative(join(REPOSITORIES, name), f), async () => {
          const text = readFileSync(f, 'utf8');
          const uri = pathToFileURL(f).href;
          const diags = await client.open(uri, text, 'yaml', reference.rendersIn(uri) ? 2 : 1);
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

describe('navigation in a repository, through the server', () => {
  let client: WorkspaceClient;
  const root = join(REPOSITORIES, 'overlays');
  before(async () => {
    client = new WorkspaceClient({ rootDir: root });
    await client.initialize();
    await client.waitForScans(1);
  });
  after(() => client.stop());

  test("go to definition on a patch's name: the base resource it patches", async () => {
    const patch = join(root, 'overlays', 'prod', 'tls.yaml');
    const text = readFileSync(patch, 'utf8');
    await client.open(pathToFileURL(patch).href, text);
    const lines = text.split('\n');
    const line = lines.findIndex((l) => l.includes('name: appstore'));
    const defs = await client.request<{ uri: string; range: { start: { line: number } } }[]>(
      'textDocument/definition',
      { textDocument: { uri: pathToFileURL(patch).href }, position: { line, character: 10 } },
    );
    assert.deepEqual(
      defs.map((d) => [relative(root, fileURLToPath(d.uri)), d.range.start.line]),
      [[join('base', 'account.yaml'), 3]],
    );
  });
});
