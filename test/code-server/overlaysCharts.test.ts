// Kustomize overlays and Helm charts in a real VS Code workbench (code-server + chromium, the packaged
// .vsix): a workspace of a base, an overlay whose patch sets `minimumTlsVersion: TLS1_9`, and a chart whose
// template has `{{ }}` actions and one literal mistake (overlayChartFiles.ts). The Problems panel lists
// exactly those two, before any file is opened, and each file squiggles the line of its mistake and no
// other. Screenshots go to test-results/code-server-overlays-charts/.
// Same prerequisites as workbench.test.ts (`bash scripts/code-server/install.sh`): without them it fails.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe } from 'node:test';
import { OVERLAY_CHART_EXPECTED, OVERLAY_CHART_FILES, TEMPLATE_FILE, TYPED_FILE } from './overlayChartFiles';
import { exact, nbsp, repo, workbenchSuite } from './session';

const RESULTS = join(repo, 'test-results', 'code-server-overlays-charts');

describe('overlays and charts in a real VS Code workbench (code-server + chromium)', { timeout: 600_000 }, () => {
  const suite = workbenchSuite({
    prefix: 'cloud-manifests-overlays-charts-',
    results: RESULTS,
    files: OVERLAY_CHART_FILES,
    standard: false,
  });
  const { shot, step } = suite;

  /** Waits until the Problems panel lists what `pred` wants; fails naming what it shows. */
  async function waitForProblems(pred: (text: string) => boolean, what: string, timeoutMs = 90_000) {
    const until = Date.now() + timeoutMs;
    let text = '';
    while (Date.now() < until) {
      text = await suite.problemsText();
      if (pred(text)) return text;
      await suite.page.waitForTimeout(500);
    }
    assert.fail(`Problems never showed ${what}; it shows:\n${text}`);
  }

  /** The Problems panel's problem rows, each as its text (a file's row has no `[Ln …]`). */
  const problemRows = async () => {
    await suite.problemsText();
    return (await suite.page.locator('.markers-panel .monaco-list-row').allInnerTexts())
      .map(nbsp)
      .filter((r) => /\[Ln \d+, Col \d+\]/.test(r));
  };

  const editor = () => suite.page.locator('.editor-group-container.active .monaco-editor').first();

  /**
   * The text of each editor line under a squiggle: each squiggle matched to the rendered line whose box
   * holds its middle (both are absolutely placed in the editor's view).
   */
  const squiggledLines = () =>
    editor().evaluate((ed) => {
      // Runs in the page; this project has no DOM types: what is used, typed by hand.
      type Box = { top: number; bottom: number };
      type El = { getBoundingClientRect(): Box; textContent: string | null };
      const root = ed as unknown as { querySelectorAll(s: string): Iterable<El> };
      const lines = [...root.querySelectorAll('.view-lines .view-line')];
      return [...root.querySelectorAll('.squiggly-error, .squiggly-warning, .squiggly-info')].map((sq) => {
        const b = sq.getBoundingClientRect();
        const mid = (b.top + b.bottom) / 2;
        const line = lines.find((l) => {
          const r = l.getBoundingClientRect();
          return mid >= r.top && mid <= r.bottom;
        });
        return (line?.textContent ?? '?').replace(/\u00a0/g, ' ');
      });
    });

  step('the Problems panel lists the patch mistake and the template mistake, and nothing else', async () => {
    // Workspace-wide problems: listed without opening the files.
    const text = await waitForProblems((t) => OVERLAY_CHART_EXPECTED.every((e) => t.includes(e.text)), 'both mistakes');
    const rows = await problemRows();
    assert.equal(rows.length, OVERLAY_CHART_EXPECTED.length, text);
    for (const e of OVERLAY_CHART_EXPECTED)
      assert.ok(
        rows.some((r) => r.includes(e.text) && r.includes(e.code) && r.includes(`[Ln ${e.line}, Col`)),
        `${e.file}: ${e.code} at line ${e.line}:\n${text}`,
      );
    assert.match(text, /tls\.yaml/);
    assert.match(text, /account\.yaml/);
    await shot('problems');
  });

  for (const e of OVERLAY_CHART_EXPECTED)
    step(`${e.file} squiggles the line of its mistake and no other`, async () => {
      await suite.openFile(e.file);
      await editor().locator('.squiggly-error').first().waitFor({ timeout: 90_000 });
      const want = nbsp(OVERLAY_CHART_FILES[e.file].split('\n')[e.line - 1]);
      // Decorations follow the diagnostics: wait until the squiggles are the file's final ones.
      let lines: string[] = [];
      const until = Date.now() + 30_000;
      while (Date.now() < until) {
        lines = await squiggledLines();
        if (lines.length > 0 && lines.every((l) => l.trimEnd() === want)) break;
        await suite.page.waitForTimeout(300);
      }
      assert.ok(lines.length > 0, 'a squiggle');
      assert.deepEqual([...new Set(lines.map((l) => l.trimEnd()))], [want]);
      await shot(e.file.replace(/[^a-z0-9]+/gi, '-'));
      // Opening it changed nothing: still exactly the two.
      assert.equal((await problemRows()).length, OVERLAY_CHART_EXPECTED.length);
    });

  step(
    'the owner tree shows each manifest once where it is written, the overlay folded below as a view of its rendered result',
    async () => {
      // The file list folded: room for the tree.
      const folders = suite.page
        .locator('.pane', { has: suite.page.locator('.explorer-folders-view') })
        .locator('.pane-header');
      if ((await folders.getAttribute('aria-expanded')) === 'true') await folders.click();
      const header = suite.page.locator('.pane-header', { hasText: 'Cloud Resource Owners' });
      await header.waitFor();
      if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
      const pane = suite.page.locator('.pane', { has: header });
      const rows = (name: string) =>
        pane.locator('.monaco-list-row').filter({ has: suite.page.locator('.label-name', { hasText: exact(name) }) });
      const overlay = rows('overlays/prod').first();
      await overlay.waitFor({ timeout: 60_000 });
      assert.equal(await overlay.getAttribute('aria-level'), '1');
      assert.match(nbsp(await overlay.innerText()), /rendered overlay/);
      // Folded: the account is listed once, as written, under its group.
      assert.equal(await overlay.getAttribute('aria-expanded'), 'false');
      const texts = async () =>
        Promise.all(
          (await pane.locator('.monaco-list-row').all()).map(
            async (r) =>
              `${await r.getAttribute('aria-level')} ${nbsp(await r.innerText())
                .replace(/\s+/g, ' ')
                .trim()}`,
          ),
        );
      const before = await suite.waitFor(
        texts,
        (t) => t.some((x) => x.startsWith('2 appstore')),
        'the written account',
      );
      assert.deepEqual(
        before.filter((x) => / appstore/.test(x)),
        ['2 appstoreStorageAccount'],
        before.join('\n'),
      );
      // The base labels what it lists but is listed by the overlay: no overlay node of its own.
      assert.ok(!before.some((x) => /base.*rendered overlay/.test(x)), before.join('\n'));
      // Written first, the overlay after.
      const at = (p: RegExp) => before.findIndex((x) => p.test(x));
      assert.ok(at(/^1 rg/) >= 0 && at(/^1 rg/) < at(/^1 overlays\/prod/), before.join('\n'));
      await shot('owner-tree');
      // Unfolded: the overlay's rendered account under its rendered group.
      await overlay.locator('.monaco-tl-twistie').click();
      const after = await suite.waitFor(
        texts,
        (t) => t.filter((x) => / appstore/.test(x)).length === 2,
        "the overlay's rendered account",
      );
      assert.deepEqual(
        after.filter((x) => / appstore/.test(x)).sort(),
        // The row's text is its label and its description run together.
        ['2 appstoreStorageAccount', '3 appstoreStorageAccount · rendered'],
        after.join('\n'),
      );
      await shot('owner-tree-overlay');
    },
  );

  step("the chart template's code lens and owner tree read its actions as written, never the mask", async () => {
    await suite.openFile(TEMPLATE_FILE);
    const lens = editor().locator('.codelens-decoration').first();
    await lens.waitFor({ timeout: 60_000 });
    const text = await suite.waitFor(
      async () => nbsp(await lens.innerText()),
      (t) => /storageAccounts\//.test(t),
      'the resource path lens',
    );
    assert.match(text, /storageAccounts\/\{\{ \.Values\.name \}\}/, text);
    assert.doesNotMatch(text, /__|[\uE000-\uF8FF]/, text);
    // The owner tree (open since the step before): the template's account by the name it was written with.
    const pane = suite.page.locator('.pane', {
      has: suite.page.locator('.pane-header', { hasText: 'Cloud Resource Owners' }),
    });
    const rows = await suite.waitFor(
      async () => (await pane.locator('.monaco-list-row').allInnerTexts()).map(nbsp),
      (r) => r.some((x) => x.includes('{{ .Values.name }}')),
      "the template's account in the owner tree",
    );
    assert.ok(!rows.some((r) => /__|[\uE000-\uF8FF]/.test(r)), rows.join('\n'));
    await shot('template-lens');
  });

  step("Enter after `spec:` indents the next line, and Ctrl+Space there lists the server's keys", async () => {
    await suite.openFile(TYPED_FILE);
    await editor().locator('.view-lines').click();
    const caret = async () =>
      nbsp(
        await suite.page
          .locator('.statusbar-item', { hasText: /^Ln \d+, Col \d+/ })
          .first()
          .innerText(),
      );
    // Typed as a user types, Enter pressed whatever list is open: a list must not take it.
    for (const line of ['apiVersion: storage.cloud.example.com/v20220901', 'kind: StorageAccount', 'spec:']) {
      await suite.page.keyboard.type(line, { delay: 30 });
      await suite.page.waitForTimeout(1_000);
      await suite.page.keyboard.press('Enter');
    }
    const at = await suite.waitFor(caret, (c) => /^Ln 4, /.test(c), 'the caret on line 4');
    await shot('enter-after-spec');
    assert.match(at, /^Ln 4, Col 3\b/, `the caret indented under spec: ${at}`);
    const lines = (await suite.editorText()).split('\n').map((l) => l.trimEnd());
    assert.deepEqual(lines.slice(0, 3), [
      'apiVersion: storage.cloud.example.com/v20220901',
      'kind: StorageAccount',
      'spec:',
    ]);
    await suite.page.keyboard.press('Control+Space');
    const widget = suite.page.locator('.editor-widget.suggest-widget.visible');
    await widget.waitFor({ timeout: 15_000 });
    const labels = await suite.waitFor(
      async () => (await widget.locator('.monaco-list-row .label-name').allInnerTexts()).map(nbsp),
      (l) => l.length > 0,
      'suggestions',
    );
    await shot('keys-under-spec');
    assert.ok(labels.includes('location') && labels.includes('owner'), labels.join(', '));
    // The document's own words (VS Code's word-based suggestions) are not offered in a manifest.
    assert.ok(!labels.includes('StorageAccount') && !labels.includes('apiVersion'), labels.join(', '));
    await suite.page.keyboard.press('Escape');
  });
});
