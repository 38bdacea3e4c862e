// What every real-workbench test does around its steps: fail (never skip) when code-server or chromium is
// missing, package the .vsix (or take CLOUD_MANIFESTS_VSIX), start code-server on a workspace, open it in
// headless chromium, and tear both down.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, test, type TestContext } from 'node:test';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import {
  launchChromium,
  missingPrerequisites,
  startWorkbench,
  type CodeServerInstall,
  type Workbench,
} from '../../scripts/code-server/codeServer';
import { makeWorkspace } from './workspaceFiles';

export const repo = join(__dirname, '..', '..');

/**
 * The quick input's text box (the picker of Quick Open, Go to Line and the command palette): its `input.input`,
 * not the check boxes that VS Code 1.91's picker holds too (the web workbench of test/web/).
 */
export const QUICK_INPUT = '.quick-input-widget input.input';

/** Non-breaking spaces as the workbench renders them, back to spaces. */
export const nbsp = (s: string) => s.replace(/\u00a0/g, ' ');

/** Throws, naming what to install, when code-server or chromium is missing: a missing prerequisite is no pass. */
export function requirePrerequisites(codeServer?: CodeServerInstall): void {
  const missing = missingPrerequisites(codeServer);
  if (missing.length > 0)
    throw new Error(
      `the real-workbench test needs ${missing.join(' and ')}: install them with \`bash scripts/code-server/install.sh\` (.ci/run does).`,
    );
}

/** A suite's screenshot folder, emptied of what an earlier run left. */
export function freshResults(dir: string): string {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * A temporary root (removed by closeWorkbench) with the test workspace in it, plus the suite's own files
 * (in folders of their own as their paths say). `standard: false`: the suite's files alone (a suite that
 * asserts everything the Problems panel lists).
 */
export function workspaceRoot(
  prefix: string,
  files: Record<string, string> = {},
  options: { standard?: boolean } = {},
): { root: string; ws: string } {
  const root = mkdtempSync(join(tmpdir(), prefix));
  const ws = join(root, 'workspace');
  if (options.standard === false) mkdirSync(ws, { recursive: true });
  else makeWorkspace(ws);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(ws, rel)), { recursive: true });
    writeFileSync(join(ws, rel), text);
  }
  return { root, ws };
}

/** Runs a command through the command palette, by its title. */
export async function runCommandIn(page: Page, title: string): Promise<void> {
  await page.keyboard.press('F1');
  const input = page.locator(QUICK_INPUT);
  await input.waitFor();
  await input.fill(`>${title}`);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first().waitFor();
  await page.keyboard.press('Enter');
}

/** `test` for a workbench step: when it fails, a screenshot named after it is saved (`shot`) before the error. */
export const stepsSavingFailures =
  (shot: (name: string) => Promise<unknown>) => (name: string, fn: (t: TestContext) => Promise<void>) =>
    test(name, async (t) => {
      try {
        await fn(t);
      } catch (e) {
        await shot(`FAILED-${name.replace(/[^a-z0-9]+/gi, '-').slice(0, 40)}`).catch(() => undefined);
        throw e;
      }
    });

/** The packaged extension: CLOUD_MANIFESTS_VSIX, or `npm run package` into `root`. */
export function packagedVsix(root: string): string {
  if (process.env.CLOUD_MANIFESTS_VSIX) return process.env.CLOUD_MANIFESTS_VSIX;
  const vsix = join(root, 'cloud-manifests.vsix');
  const r = spawnSync(process.execPath, [join(repo, 'scripts', 'package.mjs'), '--out', vsix], {
    cwd: repo,
    encoding: 'utf8',
  });
  assert.equal(r.status, 0, `npm run package failed:\n${r.stdout}\n${r.stderr}`);
  return vsix;
}

export interface Session {
  wb: Workbench;
  context: BrowserContext;
  page: Page;
}

/** Starts code-server with the extension on `workspace` and opens it in headless chromium, files listed. */
export async function openWorkbench(options: {
  root: string;
  vsix: string;
  workspace: string;
  settings?: Record<string, unknown>;
  codeServer?: CodeServerInstall;
}): Promise<Session> {
  const wb = await startWorkbench({
    root: join(options.root, 'code-server'),
    vsix: options.vsix,
    workspace: options.workspace,
    ...(options.settings ? { settings: options.settings } : {}),
    ...(options.codeServer ? { codeServer: options.codeServer } : {}),
  });
  const { context, page } = await launchChromium(join(options.root, 'chromium'));
  await page.goto(`${wb.url}/?folder=${encodeURIComponent(options.workspace)}`);
  await page.locator('.monaco-workbench').waitFor();
  await page.locator('.explorer-folders-view .monaco-list-row').first().waitFor();
  return { wb, context, page };
}

/** Closes chromium, stops code-server and removes `root` (kept with KEEP_CODE_SERVER_ROOT=1). */
export async function closeWorkbench(session: Partial<Session> | undefined, root: string | undefined): Promise<void> {
  await session?.context?.close().catch(() => undefined);
  await session?.wb?.stop();
  if (root && process.env.KEEP_CODE_SERVER_ROOT !== '1') rmSync(root, { recursive: true, force: true });
}

/** A whole-text match of `text` (for labels and rows that must be exactly it). */
export const exact = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/** Shows a workspace file: its tab when it is open, else Quick Open (`Control+P`) by its relative path. */
export async function openFileIn(page: Page, relPath: string): Promise<void> {
  const base = relPath.split('/').pop()!;
  const byLabel = page.locator('.label-name', { hasText: exact(base) });
  const tab = page.locator('.tabs-container .tab').filter({ has: byLabel }).first();
  if (await tab.isVisible()) {
    await tab.click();
  } else {
    await page.keyboard.press('Control+P');
    const input = page.locator(QUICK_INPUT);
    await input.waitFor();
    await input.fill(relPath);
    // The list filters as it is typed into: wait until the file is the selected row, then take it.
    await page.locator('.quick-input-list .monaco-list-row.focused').filter({ has: byLabel }).waitFor();
    await page.keyboard.press('Enter');
  }
  await page.locator('.tabs-container .tab.active').filter({ has: byLabel }).waitFor();
  await page.mouse.move(700, 790); // no tab tooltip in the screenshots
}

/**
 * Puts the caret at a 1-based line and column (Go to Line, `Control+G`). Enter is pressed only once the picker
 * shows its "Go to line …" row: pressed earlier (the workbench busy on 2 cores), it is lost and the picker stays
 * open. When the picker does not take it (no active editor, focus elsewhere), it is closed, the editor focused
 * and the whole gesture tried again.
 */
export async function goToIn(page: Page, line: number, column: number): Promise<void> {
  const widget = page.locator('.quick-input-widget');
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press('Control+G');
    const input = widget.locator('input.input');
    await input.waitFor();
    await input.fill(`:${line}:${column}`);
    const row = widget.locator('.monaco-list-row', { hasText: new RegExp(`line ${line}\\b`, 'i') });
    const ready = await row
      .first()
      .waitFor({ timeout: 10_000 })
      .then(() => true)
      .catch(() => false);
    if (ready) {
      await page.keyboard.press('Enter');
      const closed = await widget
        .waitFor({ state: 'hidden', timeout: 10_000 })
        .then(() => true)
        .catch(() => false);
      if (closed) return;
    }
    if (attempt === 3) throw new Error(`Go to Line ${line}:${column} was not taken after ${attempt} attempts`);
    await page.keyboard.press('Escape');
    await widget.waitFor({ state: 'hidden' });
    await page
      .locator('.editor-instance .monaco-editor .view-lines')
      .first()
      .click({ position: { x: 5, y: 5 } });
  }
}

/** The rows of the Problems panel (opened with `Control+Shift+M` when hidden), as text. */
export async function problemsTextIn(page: Page): Promise<string> {
  const panel = page.locator('.markers-panel');
  if (!(await panel.isVisible())) await page.keyboard.press('Control+Shift+M');
  await panel.waitFor();
  return nbsp((await page.locator('.markers-panel .monaco-list-row').allInnerTexts()).join('\n'));
}

/** The quiet editor of the completion suites: no word-based or quick suggestions, so what opens is the server's. */
export const SERVER_SUGGESTIONS_ONLY: Record<string, unknown> = {
  'editor.quickSuggestions': { other: 'off', comments: 'off', strings: 'off' },
  'editor.wordBasedSuggestions': 'off',
  'editor.suggest.preview': false,
};

/** What a workbench suite's steps use, ready once its `before` hook has run. */
export interface Suite {
  readonly page: Page;
  /** The temporary folder that holds the workspace, code-server's data and chromium's profile. */
  readonly root: string;
  /** The workspace folder the workbench shows. */
  readonly ws: string;
  /** The packaged extension the workbench runs. */
  readonly vsix: string;
  /** A numbered screenshot in the suite's results folder; its path. */
  shot(name: string): Promise<string>;
  /** `test` that leaves a screenshot when it fails. */
  step(name: string, fn: (t: TestContext) => Promise<void>): void;
  openFile(relPath: string): Promise<void>;
  goTo(line: number, column: number): Promise<void>;
  /**
   * Ctrl+Space at a place, as a user presses it: again (after Escape and Go to Line) when the list has not
   * opened in 5 s, at most three times; the key can land while the workbench still moves focus back from
   * the Go to Line picker. Returns the visible suggest widget.
   */
  suggestAt(line: number, column: number): Promise<Locator>;
  problemsText(): Promise<string>;
  runCommand(title: string): Promise<void>;
  /** Polls `probe` until `ok`, then returns its value; fails naming `what` and the last value. */
  waitFor<T>(probe: () => Promise<T>, ok: (v: T) => boolean, what: string, timeoutMs?: number): Promise<T>;
  /** The active editor's text as rendered (non-breaking spaces back to spaces). */
  editorText(): Promise<string>;
  /** The text of the hover shown at the caret (the keyboard hover, asked again while it does not show `want`). */
  hoverText(want: RegExp): Promise<string>;
}

/** The queries of a workbench page that wait as a user would (shared with the web workbench: test/web/). */
export function pageQueries(page: () => Page): Pick<Suite, 'waitFor' | 'editorText' | 'hoverText'> {
  return {
    async waitFor(probe, ok, what, timeoutMs = 30_000) {
      const until = Date.now() + timeoutMs;
      let v = await probe();
      while (!ok(v) && Date.now() < until) {
        await page().waitForTimeout(300);
        v = await probe();
      }
      assert.ok(ok(v), `never saw ${what}; last: ${String(v)}`);
      return v;
    },
    editorText: async () =>
      nbsp(await page().locator('.editor-group-container.active .monaco-editor .view-lines').first().innerText()),
    async hoverText(want) {
      // A busy machine drops a hover now and then: asked again, as a user would.
      let h = '';
      for (let attempt = 0; attempt < 10 && !want.test(h); attempt++) {
        await page().mouse.move(700, 790);
        await page().keyboard.press('Control+K');
        await page().keyboard.press('Control+I');
        await page()
          .locator('.monaco-hover-content')
          .first()
          .waitFor({ timeout: 3000 })
          .catch(() => undefined);
        h = nbsp(
          (
            await page()
              .locator('.monaco-hover-content')
              .allInnerTexts()
              .catch(() => [])
          ).join('\n'),
        );
      }
      return h;
    },
  };
}

/**
 * Registers a suite's `before`/`after` (call it inside `describe`): prerequisites checked, results folder
 * emptied, the test workspace written with `files` beside it, the .vsix packaged, code-server and chromium
 * started with `settings`; all torn down after. The returned object's fields are valid inside tests.
 */
export function workbenchSuite(options: {
  prefix: string;
  results: string;
  files?: Record<string, string>;
  /** false: the suite's files alone, without the standard test workspace (see workspaceRoot). */
  standard?: boolean;
  settings?: Record<string, unknown>;
  /** Runs on the test workspace once its files are written, before the workbench opens it (a git history). */
  prepare?: (workspace: string) => void;
  /** Another code-server than the default 4.100.3 (the MCP suite's newer one). */
  codeServer?: CodeServerInstall;
}): Suite {
  let root: string | undefined;
  let session: Session | undefined;
  let ws = '';
  let vsix = '';
  let shotNo = 0;
  before(async () => {
    requirePrerequisites(options.codeServer);
    freshResults(options.results);
    ({ root, ws } = workspaceRoot(options.prefix, options.files, { standard: options.standard }));
    options.prepare?.(ws);
    vsix = packagedVsix(root);
    session = await openWorkbench({
      root,
      vsix,
      workspace: ws,
      settings: options.settings,
      codeServer: options.codeServer,
    });
  });
  after(() => closeWorkbench(session, root));
  const suite: Suite = {
    get page() {
      return session!.page;
    },
    get root() {
      return root!;
    },
    get ws() {
      return ws;
    },
    get vsix() {
      return vsix;
    },
    async shot(name) {
      const file = join(options.results, `${String(++shotNo).padStart(2, '0')}-${name}.png`);
      await suite.page.screenshot({ path: file });
      return file;
    },
    step: (name, fn) => stepsSavingFailures(suite.shot)(name, fn),
    openFile: (relPath) => openFileIn(suite.page, relPath),
    goTo: (line, column) => goToIn(suite.page, line, column),
    async suggestAt(line, column) {
      const widget = suite.page.locator('.suggest-widget.visible');
      await suite.goTo(line, column);
      for (let attempt = 1; attempt < 3; attempt++) {
        await suite.page.keyboard.press('Control+Space');
        if (
          await widget.waitFor({ timeout: 5_000 }).then(
            () => true,
            () => false,
          )
        )
          return widget;
        await suite.page.keyboard.press('Escape');
        await suite.goTo(line, column);
      }
      await suite.page.keyboard.press('Control+Space');
      await widget.waitFor();
      return widget;
    },
    problemsText: () => problemsTextIn(suite.page),
    runCommand: (title) => runCommandIn(suite.page, title),
    ...pageQueries(() => suite.page),
  };
  return suite;
}
