// The real-workbench test's workspace (test/code-server/overlayChartFiles.ts) through the server: after the
// scan, the files it publishes problems for, open or not, hold exactly the two mistakes written in them.
// The same checked here on every run, quickly, as the workbench checks it in a browser.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, test } from 'node:test';
import { buildTree, type TreeNode } from '../../client/src/graphModel';
import { OWNER_GRAPH, type OwnerGraphResult } from '../../server/src/protocol/customRequests';
import { WorkspaceClient } from '../e2e/workspaceClient';
import { OVERLAY_CHART_EXPECTED, OVERLAY_CHART_FILES } from '../code-server/overlayChartFiles';

const root = mkdtempSync(join(tmpdir(), 'cm-overlay-chart-'));
for (const [rel, text] of Object.entries(OVERLAY_CHART_FILES)) {
  mkdirSync(dirname(join(root, rel)), { recursive: true });
  writeFileSync(join(root, rel), text);
}
const client = new WorkspaceClient({ rootDir: root });
after(async () => {
  await client.stop();
  rmSync(root, { recursive: true, force: true });
});

test('a base, an overlay and a chart: exactly the mistake of the patch and the one of the template', async () => {
  await client.initialize();
  await client.waitForScans(1);
  const uri = (rel: string) => pathToFileURL(join(root, rel)).href;
  for (const e of OVERLAY_CHART_EXPECTED)
    await client.waitForDiagnostics(uri(e.file), (p) => p.diagnostics.length > 0, 20000);
  // Every file opened too: what an open file shows is what the panel lists.
  const all: string[] = [];
  for (const [rel, text] of Object.entries(OVERLAY_CHART_FILES))
    for (const d of await client.open(uri(rel), text)) {
      const line = text.split('\n')[d.range.start.line];
      all.push(
        `${rel}:${d.range.start.line + 1} ${String(d.code)} ${line.slice(d.range.start.character, d.range.end.character)}`,
      );
    }
  assert.deepEqual(all.sort(), OVERLAY_CHART_EXPECTED.map((e) => `${e.file}:${e.line} ${e.code} ${e.text}`).sort());
});

test('its owner tree: the base as written, the overlay as rendered under its node (as the workbench shows it)', async () => {
  const r = await client.request<OwnerGraphResult>(OWNER_GRAPH, {});
  const rows = (ts: TreeNode[], depth = 1): string[] =>
    ts.flatMap((t) => [
      `${depth} ${t.node.name}${t.node.overlay ? ' (rendered)' : ''}`,
      ...rows(t.children, depth + 1),
    ]);
  const all = rows(buildTree(r.nodes));
  for (const want of ['1 overlays/prod (rendered)', '2 rg (rendered)', '3 appstore (rendered)', '1 rg', '2 appstore'])
    assert.ok(all.includes(want), `${want} in:\n${all.join('\n')}`);
  // Once as written, once as the overlay renders it: the base (which labels what it lists) is no overlay.
  assert.equal(all.filter((x) => / appstore/.test(x)).length, 2, all.join('\n'));
  assert.ok(all.indexOf('1 rg') < all.indexOf('1 overlays/prod (rendered)'), 'what is written first');
});

test("a template's names written as actions read as written in the owner tree and the outline, not as the mask", async () => {
  const r = await client.request<OwnerGraphResult>(OWNER_GRAPH, {});
  const template = pathToFileURL(join(root, 'chart/templates/account.yaml')).href;
  const account = r.nodes.find((n) => n.uri === template && n.kind === 'StorageAccount');
  assert.equal(account?.name, '{{ .Values.name }}');
  const owner = r.nodes.find((n) => n.id === account?.ownerId);
  assert.equal(owner?.name, '{{ .Values.group }}', 'an owner named by an action, as written');
  assert.ok(!r.nodes.some((n) => /__/.test(n.name)), r.nodes.map((n) => n.name).join(', '));
  const symbols = await client.request<{ name: string }[]>('textDocument/documentSymbol', {
    textDocument: { uri: template },
  });
  assert.match(symbols[0].name, /\{\{ \.Values\.name \}\}/, symbols[0].name);
  assert.ok(!/__/.test(JSON.stringify(symbols)), JSON.stringify(symbols));
});
