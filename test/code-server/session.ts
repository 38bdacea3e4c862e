// What every real-workbench test does around its steps: fail (never skip) when code-server or chromium is
// missing, package the .vsix (or take CLOUD_MANIFESTS_VSIX), start code-server on a workspace, open it in
// headless chromium, and tear both down.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test, type TestContext } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { CHROMIUM, missingPrerequisites, startWorkbench, type Workbench } from '../../scripts/code-server/codeServer';
import { makeWorkspace } from './workspaceFiles';

export const repo = join(__dirname, '..', '..');

/** Non-breaking spaces as the workbench renders them, back to spaces. */
export const nbsp = (s: string) => s.replace(/\u00a0/g, ' ');

/** Throws, naming what to install, when code-server or chromium is missing: a missing prerequisite is no pass. */
export function requirePrerequisites(): void {
  const missing = missingPrerequisites();
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
  const input = page.locator('.quick-input-widget input');
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
}): Promise<Session> {
  const wb = await startWorkbench({
    root: join(options.root, 'code-server'),
    vsix: options.vsix,
    workspace: options.workspace,
    ...(options.settings ? { settings: options.settings } : {}),
  });
  const { chromium } = await import('playwright-core');
  const context = await chromium.launchPersistentContext(join(options.root, 'chromium'), {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1280, height: 800 },
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(30_000);
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
    const input = page.locator('.quick-input-widget input');
    await input.waitFor();
    await input.fill(relPath);
    // The list filters as it is typed into: wait until the file is the selected row, then take it.
    await page.locator('.quick-input-list .monaco-list-row.focused').filter({ has: byLabel }).waitFor();
    await page.keyboard.press('Enter');
  }
  await page.locator('.tabs-container .tab.active').filter({ has: byLabel }).waitFor();
  await page.mouse.move(700, 790); // no tab tooltip in the screenshots
}

/** Puts the caret at a 1-based line and column (Go to Line, `Control+G`). */
export async function goToIn(page: Page, line: number, column: number): Promise<void> {
  await page.keyboard.press('Control+G');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor();
  await input.fill(`:${line}:${column}`);
  await page.keyboard.press('Enter');
  await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
}

/** The rows of the Problems panel (opened with `Control+Shift+M` when hidden), as text. */
export async function problemsTextIn(page: Page): Promise<string> {
  const panel = page.locator('.markers-panel');
  if (!(await panel.isVisible())) await page.keyboard.press('Control+Shift+M');
  await panel.waitFor();
  return nbsp((await page.locator('.markers-panel .monaco-list-row').allInnerTexts()).join('\n'));
}
