// A new user's first hour with the packaged extension in a real VS Code workbench (code-server + chromium),
// after the first minutes (firstMinutes.test.ts): Problems lists a closed file's errors from the start;
// PromQL and CEL are coloured (their tokens rendered apart from the YAML string around them, in a plain, a
// quoted and a block value); completion opens by itself after `self.`; the quick fixes a message names are
// applied (a CEL field's did-you-mean, `rate(x)` → `rate(x[5m])`); and a manifest typed from an empty file
// never has Enter swallowed by a completion item. CLOUD_MANIFESTS_UPDATE_SCREENSHOT=1 writes the README's
// images/colours.png.
//
// Needs code-server and chromium (`bash scripts/code-server/install.sh`); fails without them, naming what to
// install (session.ts). Screenshots go to test-results/code-server-first-hour/.
import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe } from 'node:test';
import { CLOSED_EXPECTED, MISTAKES_EXPECTED, MISTAKES_FILE } from './workspaceFiles';
import {
  exact,
  goToIn,
  nbsp,
  openFileIn,
  problemsTextIn,
  repo,
  SERVER_SUGGESTIONS_ONLY,
  workbenchSuite,
} from './session';

const RESULTS = join(repo, 'test-results', 'code-server-first-hour');

const RULES_FILE = 'monitoring/latency-rules.yaml';
const RULES = `apiVersion: alertsmanagement.cloud.example.com/v20230301
kind: PrometheusRuleGroup
metadata:
  name: latency-rules
  namespace: default
spec:
  location: westus2
  owner:
    name: rg-app
  scopesReferences:
    - armId: /subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/rg-app/providers/Provider.Monitor/accounts/prom
  rules:
    - alert: SlowRequests
      expression: histogram_quantile(0.99, sum by (le) (rate(http_request_duration_seconds_bucket[5m]))) > 1
    - alert: ErrorBudget
      expression: "sum(increase(http_errors_total[1h])) > 100"
    - alert: HighErrorRate
      expression: |
        sum by (job) (rate(http_requests_total{code=~"5.."}))
          > 0.05
`;
/** Where `rate(x)` lacks its range: 1-based line and the column of the argument. */
const RATE = { line: 19, col: 28 };

const STORE_FILE = 'storage/exprs.yaml';
const STORE = `apiVersion: storage.cloud.example.com/v20220901
kind: StorageAccount
metadata:
  name: exprstore
  namespace: default
spec:
  location: westus2
  owner:
    name: rg-app
  kind: StorageV2
  sku:
    name: Standard_LRS
  operatorSpec:
    configMapExpressions:
      - name: exprstore-location
        key: location
        value: self.spec.locaton
      - name: exprstore-blob
        key: blob
        value: 
`;
/** The misspelt field (1-based line and column), and the end of the empty `value: ` line. */
const LOCATON = { line: 17, col: 26 };
const EMPTY_VALUE = { line: 20, col: 16 };

describe("a new user's first hour in a real VS Code workbench", { timeout: 900_000 }, () => {
  const suite = workbenchSuite({
    prefix: 'cloud-manifests-first-hour-',
    results: RESULTS,
    files: { [RULES_FILE]: RULES, [STORE_FILE]: STORE },
    // As in firstMinutes: no word-based or quick suggestions, so what opens is the server's doing.
    settings: SERVER_SUGGESTIONS_ONLY,
  });
  const { shot, step } = suite;

  const editor = () => suite.page.locator('.editor-group-container.active .monaco-editor').first();
  const suggest = () => suite.page.locator('.editor-widget.suggest-widget.visible');
  const editorLines = async () =>
    nbsp(await editor().locator('.view-lines').innerText())
      .split('\n')
      .map((l) => l.replace(/\s+$/, ''));
  async function waitForLines(pred: (lines: string[]) => boolean, what: string, timeoutMs = 15_000) {
    const until = Date.now() + timeoutMs;
    let lines: string[] = [];
    while (Date.now() < until) {
      lines = await editorLines().catch(() => []);
      if (pred(lines)) return lines;
      await suite.page.waitForTimeout(150);
    }
    assert.fail(`the editor never showed ${what}; it shows:\n${lines.join('\n')}`);
  }
  const caret = async () =>
    nbsp(
      await suite.page
        .locator('.statusbar-item', { hasText: /^Ln \d+, Col \d+/ })
        .first()
        .innerText(),
    );
  async function waitForCaretLine(line: number) {
    const until = Date.now() + 5_000;
    while (!new RegExp(`^Ln ${line}, Col`).test(await caret()) && Date.now() < until)
      await suite.page.waitForTimeout(100);
    assert.match(await caret(), new RegExp(`^Ln ${line}, Col`), `the caret on line ${line}`);
  }

  /** The rendered colour of the first token span whose text is exactly `text`, or undefined when none is. */
  const colourOf = (text: string) =>
    editor()
      .locator('.view-lines span span')
      .evaluateAll((spans, t) => {
        const s = spans.find((x) => x.textContent?.replace(/\u00a0/g, ' ') === t);
        // Runs in the page; this project has no DOM types: the page's window, typed by hand.
        const w = globalThis as unknown as { getComputedStyle(e: unknown): { color: string } };
        return s ? w.getComputedStyle(s).color : undefined;
      }, text);

  /** Ctrl+. at the caret, then the action titled `title` (the code action menu of VS Code 1.100). */
  async function applyQuickFix(title: string) {
    let menu = '';
    for (let attempt = 0; attempt < 5 && !menu.includes(title); attempt++) {
      await suite.page.keyboard.press('Control+.');
      const widget = suite.page.locator('.action-widget');
      await widget
        .first()
        .waitFor({ timeout: 10_000 })
        .catch(() => undefined);
      menu = nbsp((await widget.allInnerTexts().catch(() => [])).join('\n'));
      if (!menu.includes(title)) {
        await suite.page.keyboard.press('Escape');
        await suite.page.waitForTimeout(1000);
      }
    }
    assert.ok(menu.includes(title), `"${title}" in the menu:\n${menu}`);
    await shot(`quick-fix-${title.replace(/[^a-z0-9]+/gi, '-')}`);
    // The keyboard, as a user does (the menu's pointer guard takes clicks while it settles).
    const focused = suite.page.locator('.action-widget .monaco-list-row.focused');
    for (let i = 0; i < 10 && nbsp(await focused.innerText().catch(() => '')).trim() !== title; i++)
      await suite.page.keyboard.press('ArrowDown');
    assert.equal(nbsp(await focused.innerText()).trim(), title);
    await suite.page.keyboard.press('Enter');
  }

  step("Problems lists a closed file's errors from the start, without Check Workspace", async () => {
    let text = '';
    const until = Date.now() + 90_000;
    while (Date.now() < until && !CLOSED_EXPECTED.every((e) => text.includes(e.code))) {
      text = await problemsTextIn(suite.page);
      await suite.page.waitForTimeout(500);
    }
    assert.match(text, /closed-mistakes\.yaml/, text);
    for (const e of CLOSED_EXPECTED) assert.ok(text.includes(e.code), `${e.code} listed:\n${text}`);
    assert.equal(await suite.page.locator('.editor-group-container .tab').count(), 0, 'no file was opened');
    await shot('problems-at-start');
  });

  step('PromQL and CEL are coloured in plain, quoted and block values', async () => {
    await openFileIn(suite.page, RULES_FILE);
    // Tokens of their own, coloured apart from the YAML string around them (the alert's name): the functions
    // of the plain (`histogram_quantile`) and the double-quoted (`increase`) value, and the metric of the
    // block one. Asked until the editor has tokenized the lines (it does so after the first paint).
    const colours = async () => ({
      string: await colourOf('SlowRequests'),
      plain: await colourOf('histogram_quantile'),
      quoted: await colourOf('increase'),
      block: await colourOf('http_requests_total'),
    });
    let c = await colours();
    const until = Date.now() + 30_000;
    while (Date.now() < until && !(c.string && c.plain && c.plain !== c.string && c.quoted === c.plain && c.block)) {
      await suite.page.waitForTimeout(300);
      c = await colours();
    }
    assert.ok(c.string && c.plain && c.block, JSON.stringify(c));
    assert.notEqual(c.plain, c.string, `a PromQL function is not coloured as a YAML string: ${JSON.stringify(c)}`);
    assert.equal(c.quoted, c.plain, `a function in a quoted value has the function colour: ${JSON.stringify(c)}`);
    assert.notEqual(
      c.block,
      c.string,
      `a metric in a block value is not coloured as a YAML string: ${JSON.stringify(c)}`,
    );
    // The block value: `sum` of its first line has the aggregation's colour, as in the plain one.
    const text = await editorLines();
    assert.ok(text.some((l) => l.includes('sum by (job) (rate(')));
    const file = await shot('promql-colours');
    if (process.env.CLOUD_MANIFESTS_UPDATE_SCREENSHOT === '1') copyFileSync(file, join(repo, 'images', 'colours.png'));

    await openFileIn(suite.page, STORE_FILE);
    // The field selected from `self` (a CEL property) has a token and a colour of its own.
    let field: string | undefined;
    const until2 = Date.now() + 30_000;
    while (Date.now() < until2 && !(field = await colourOf('locaton'))) await suite.page.waitForTimeout(300);
    assert.ok(field, 'the CEL field has a token of its own');
    assert.notEqual(field, await colourOf('exprstore-location'), 'CEL is not coloured as a YAML string');
  });

  step('completion opens by itself after `self.` and lists the fields', async () => {
    await openFileIn(suite.page, STORE_FILE);
    await goToIn(suite.page, EMPTY_VALUE.line, EMPTY_VALUE.col);
    await suite.page.keyboard.type('self.', { delay: 50 });
    // No Ctrl+Space: the `.` opens it.
    await suggest().locator('.monaco-list-row', { hasText: 'status' }).first().waitFor({ timeout: 15_000 });
    const labels = (await suggest().locator('.monaco-list-row .label-name').allInnerTexts()).map((s) => nbsp(s).trim());
    for (const want of ['metadata', 'spec', 'status']) assert.ok(labels.includes(want), labels.join(', '));
    await suite.page.keyboard.type('status.primaryEndpoints.', { delay: 50 });
    await suggest()
      .locator('.monaco-list-row .label-name', { hasText: exact('blob') })
      .first()
      .waitFor({ timeout: 15_000 });
    await shot('cel-completion-by-itself');
    await suite.page.keyboard.type('blob', { delay: 50 });
    await suite.page.keyboard.press('Escape');
    await waitForLines((l) => l.some((x) => x.endsWith('value: self.status.primaryEndpoints.blob')), 'the expression');
  });

  step("a CEL field's did-you-mean is a quick fix", async () => {
    await openFileIn(suite.page, STORE_FILE);
    await editor().locator('.squiggly-error').first().waitFor({ timeout: 60_000 });
    await goToIn(suite.page, LOCATON.line, LOCATON.col);
    await applyQuickFix("Change to 'location'");
    await waitForLines((l) => l.some((x) => x.endsWith('value: self.spec.location')), 'the field renamed');
  });

  step('rate(x) gets its range from a quick fix, inside a block value', async () => {
    await openFileIn(suite.page, RULES_FILE);
    await goToIn(suite.page, RATE.line, RATE.col + 3);
    await applyQuickFix("Add the range '[5m]'");
    await waitForLines(
      (l) => l.some((x) => x.includes('rate(http_requests_total{code=~"5.."}[5m]))')),
      'the range added',
    );
  });

  step('a manifest typed from an empty file: Enter after each whole value is a new line', async () => {
    await suite.page.keyboard.press('Control+N');
    await suite.page.locator('.tab.active', { hasText: /Untitled-\d/ }).waitFor();
    await suite.page.keyboard.press('F1');
    await suite.page.locator('.quick-input-widget input').fill('>Change Language Mode');
    await suite.page
      .locator('.quick-input-list .monaco-list-row', { hasText: 'Change Language Mode' })
      .first()
      .waitFor();
    await suite.page.keyboard.press('Enter');
    await suite.page.locator('.quick-input-widget input').fill('yaml');
    await suite.page.locator('.quick-input-list .monaco-list-row.focused', { hasText: /YAML/ }).waitFor();
    await suite.page.keyboard.press('Enter');
    await editor().click();
    const lines = [
      'apiVersion: resources.cloud.example.com/v1api20200601',
      'kind: ResourceGroup',
      'metadata:',
      'name: rg-typed',
    ];
    for (const [i, line] of lines.entries()) {
      await suite.page.keyboard.type(line, { delay: 30 });
      // The server answers the whole value with nothing: the list (if one opened at `: `) closes.
      await suggest()
        .waitFor({ state: 'hidden', timeout: 5_000 })
        .catch(() => undefined);
      await suite.page.keyboard.press('Enter');
      await waitForCaretLine(i + 2);
    }
    const shown = await waitForLines((l) => l.some((x) => x.endsWith('name: rg-typed')), 'the typed manifest');
    assert.deepEqual(
      shown.filter((l) => l !== '').map((l) => l.trim()),
      lines,
    );
    await shot('typed-from-scratch');
  });

  step('after a window reload, a restored tab and the closed files show their problems', async () => {
    await openFileIn(suite.page, MISTAKES_FILE);
    await editor().locator('.squiggly-error').first().waitFor({ timeout: 60_000 });
    const reloaded = suite.page.waitForEvent('load', { timeout: 60_000 });
    await suite.page.keyboard.press('F1');
    await suite.page.locator('.quick-input-widget input').fill('>Developer: Reload Window');
    await suite.page.locator('.quick-input-list .monaco-list-row', { hasText: 'Reload Window' }).first().waitFor();
    await suite.page.keyboard.press('Enter');
    await reloaded;
    await suite.page.locator('.monaco-workbench').waitFor();
    await suite.page.locator('.tabs-container .tab', { hasText: MISTAKES_FILE }).waitFor({ timeout: 60_000 });
    let text = '';
    const want = [...MISTAKES_EXPECTED, ...CLOSED_EXPECTED].map((e) => e.code);
    const until = Date.now() + 90_000;
    while (Date.now() < until && !want.every((c) => text.includes(c))) {
      text = await problemsTextIn(suite.page).catch(() => '');
      await suite.page.waitForTimeout(500);
    }
    for (const c of want) assert.ok(text.includes(c), `${c} listed after the reload:\n${text}`);
    await editor().locator('.squiggly-error').first().waitFor({ timeout: 30_000 });
    await shot('after-reload');
  });
});
