// The packaged extension in a real VS Code workbench: code-server (VS Code 1.100) with the .vsix installed,
// driven by Debian's chromium through playwright-core, as a user would. It opens a workspace of manifests,
// waits for the squiggles, reads the Problems panel and a hover, runs "New Cloud Resource Manifest…",
// "Check Workspace Manifests" and the owner tree, changes a setting, kills the language server and sees
// it come back, checks .cloud-manifests.json against the contributed schema, and saves screenshots into
// test-results/code-server/.
//
// Needs code-server and chromium: `bash scripts/code-server/install.sh` (.ci/run does it). Without them
// the suite fails, saying so: a missing prerequisite is not a pass.
// CLOUD_MANIFESTS_VSIX=<file> tests that .vsix instead of packaging one; CLOUD_MANIFESTS_UPDATE_SCREENSHOT=1
// also writes the README's images/screenshot.png.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe } from 'node:test';
import { readZip } from '../vscode/zip';
import { CLOSED_EXPECTED, CLOSED_FILE, MISTAKES_EXPECTED, MISTAKES_FILE, SETTINGS_FILE } from './workspaceFiles';
import { exact, goToIn, nbsp, openFileIn, problemsTextIn, repo, runCommandIn, workbenchSuite } from './session';

const RESULTS = join(repo, 'test-results', 'code-server');

describe('the extension in a real VS Code workbench (code-server + chromium)', { timeout: 600_000 }, () => {
  const suite = workbenchSuite({ prefix: 'cloud-manifests-code-server-', results: RESULTS });
  const { shot, step } = suite;

  before(() => {
    const server = readZip(suite.vsix)
      .find((e) => e.name === 'extension/dist/server.js')!
      .read()
      .toString('utf8');
    assert.ok(
      server.includes('cloudManifests/checkWorkspace') && server.includes('cloudManifests/ownerGraph'),
      'the packaged server implements the commands',
    );
  });

  const runCommand = (title: string) => runCommandIn(suite.page, title);

  const openFile = (relPath: string) => openFileIn(suite.page, relPath);

  /** Drags the sash between the side bar and the editors to `x`. */
  async function widenSideBar(x: number) {
    const sidebar = await suite.page.locator('#workbench\\.parts\\.sidebar').boundingBox();
    if (!sidebar || sidebar.x + sidebar.width >= x) return;
    const edge = sidebar.x + sidebar.width;
    await suite.page.mouse.move(edge, 400);
    await suite.page.mouse.down();
    await suite.page.mouse.move(edge + 40, 400, { steps: 4 });
    await suite.page.mouse.move(x, 400, { steps: 8 });
    await suite.page.mouse.up();
  }

  const goTo = (line: number, column: number) => goToIn(suite.page, line, column);

  async function showHover(): Promise<string> {
    // Keep the mouse off tabs and text: their tooltips and hovers would cover the keyboard hover.
    await suite.page.mouse.move(700, 790);
    await suite.page.keyboard.press('Control+K');
    await suite.page.keyboard.press('Control+I');
    const hover = suite.page.locator('.monaco-hover-content:visible').first();
    await hover.waitFor();
    await suite.page.waitForTimeout(400); // the fade-in, for the screenshots
    return nbsp(await hover.innerText());
  }

  const problemsText = () => problemsTextIn(suite.page);

  async function waitForProblems(pred: (text: string) => boolean, what: string, timeoutMs = 60_000): Promise<string> {
    const until = Date.now() + timeoutMs;
    let text = '';
    while (Date.now() < until) {
      text = await problemsText();
      if (pred(text)) return text;
      await suite.page.waitForTimeout(500);
    }
    assert.fail(`Problems never showed ${what}; it shows:\n${text}`);
  }

  const activeEditorText = async () =>
    nbsp(await suite.page.locator('.editor-group-container.active .monaco-editor .view-lines').first().innerText());

  /** Waits until the active editor shows text matching `re`; returns that text. */
  async function waitForEditorText(re: RegExp, timeoutMs = 15_000): Promise<string> {
    const until = Date.now() + timeoutMs;
    let text = '';
    while (Date.now() < until) {
      text = await activeEditorText().catch(() => '');
      if (re.test(text)) return text;
      await suite.page.waitForTimeout(200);
    }
    assert.fail(`the active editor never showed ${re}; it shows:\n${text}`);
  }

  step('opening a manifest with mistakes shows squiggles and its problems in the Problems panel', async () => {
    const t0 = Date.now();
    await openFile(MISTAKES_FILE);
    await suite.page.locator('.editor-instance .squiggly-error').first().waitFor({ timeout: 90_000 });
    console.log(`# squiggles ${Date.now() - t0} ms after opening ${MISTAKES_FILE}`);
    await shot('squiggles');
    const text = await waitForProblems(
      (t) => MISTAKES_EXPECTED.every((e) => t.includes(e.code)),
      'every expected code',
    );
    for (const e of MISTAKES_EXPECTED) {
      const row = text.split('\n').find((l) => l.includes(e.code));
      assert.ok(row, `no Problems row for ${e.code}:\n${text}`);
      assert.match(
        text,
        new RegExp(`${e.code}[^\\n]*\\n?[^\\n]*\\[Ln ${e.line}, Col \\d+\\]|\\[Ln ${e.line}, Col \\d+\\]`),
        `${e.code} at line ${e.line}:\n${text}`,
      );
    }
    assert.match(text, /Standard_XYZ/);
    assert.match(text, /cloud-manifests/);
    await shot('problems');
  });

  step('a hover on apiVersion shows the API version value', async () => {
    await openFile(MISTAKES_FILE);
    await goTo(2, 14);
    const text = await showHover();
    assert.match(text, /2022-09-01/, text);
    assert.match(text, /StorageAccount/, text);
    await shot('hover-apiversion');
    await suite.page.keyboard.press('Escape');
  });

  step(
    'Problems lists the files that are not open; "Check Workspace Manifests" counts them, listing none twice',
    async () => {
      // The workspace problems scope (the default): the server lists every manifest, open or not.
      const text = await waitForProblems(
        (s) => s.includes('closed-mistakes.yaml') && CLOSED_EXPECTED.every((e) => s.includes(e.code)),
        `${CLOSED_FILE}'s problems`,
      );
      assert.match(text, /PT30M/);
      await runCommand('Check Workspace Manifests');
      await suite.page.locator('.notifications-toasts', { hasText: /Checked \d+ manifest files/ }).waitFor();
      const after = await problemsText();
      assert.equal(after.split('\n').filter((l) => l.includes('closed-mistakes.yaml')).length, 1, after);
      await shot('check-workspace');
      // The progress notification ends with the check.
      await suite.page
        .locator('.notification-toast', { hasText: 'Checking workspace manifests' })
        .waitFor({ state: 'hidden', timeout: 10_000 });
    },
  );

  step('the owner tree nests the manifests under their owners, with problem counts, and opens them', async () => {
    // Room for the tree: a wider side bar, and the file list folded.
    await widenSideBar(470);
    const folders = suite.page
      .locator('.pane', { has: suite.page.locator('.explorer-folders-view') })
      .locator('.pane-header');
    if ((await folders.getAttribute('aria-expanded')) === 'true') await folders.click();
    const header = suite.page.locator('.pane-header', { hasText: 'Cloud Resource Owners' });
    await header.waitFor();
    if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
    const pane = suite.page.locator('.pane', { has: header });
    const row = (name: string) =>
      pane
        .locator('.monaco-list-row')
        .filter({ has: suite.page.locator('.label-name', { hasText: exact(name) }) })
        .first();
    await row('rg-app').waitFor();
    for (const name of ['appstore', 'appstore-blob', 'draftstore', 'api-alerts']) await row(name).waitFor();
    const level = async (name: string) => Number(await row(name).getAttribute('aria-level'));
    assert.equal(await level('rg-app'), 1);
    assert.equal(await level('appstore'), 2);
    assert.equal(await level('appstore-blob'), 3);
    assert.equal(await level('draftstore-blob'), 3);
    // Problem counts as the description: draftstore has two errors (its enum value in another case is one).
    const until = Date.now() + 30_000;
    let draft = '';
    while (Date.now() < until && !/2 errors/.test(draft)) {
      draft = nbsp(await row('draftstore').innerText());
      await suite.page.waitForTimeout(300);
    }
    assert.match(draft, /StorageAccount · 2 errors/, draft);
    assert.match(nbsp(await row('api-alerts').innerText()), /PrometheusRuleGroup · 2 errors/);
    await shot('owner-tree');
    // An item opens its manifest at its name.
    await row('api-alerts').click();
    await suite.page.locator('.tab.active', { hasText: 'closed-mistakes.yaml' }).waitFor();
    await waitForEditorText(/name: api-alerts/);
  });

  step('README screenshot: squiggles, a hover with the problem, Problems and the owner tree', async () => {
    await runCommand('Notifications: Clear All Notifications');
    await openFile(MISTAKES_FILE);
    await problemsText();
    await goTo(13, 13);
    const text = await showHover();
    assert.match(text, /Standard_XYZ/);
    const file = await shot('readme');
    if (process.env.CLOUD_MANIFESTS_UPDATE_SCREENSHOT === '1' || !existsSync(join(repo, 'images', 'screenshot.png'))) {
      await suite.page.screenshot({ path: join(repo, 'images', 'screenshot.png') });
      assert.ok(statSync(join(repo, 'images', 'screenshot.png')).size < 300 * 1024, 'screenshot under 300 KB');
    }
    assert.ok(statSync(file).size > 10_000);
    await suite.page.keyboard.press('Escape');
  });

  step('"New Cloud Resource Manifest…" picks a kind and opens a new document with its snippet', async () => {
    await runCommand('New Cloud Resource Manifest');
    const input = suite.page.locator('.quick-input-widget input');
    await suite.page.locator('.quick-input-widget', { hasText: 'New Cloud Resource Manifest' }).waitFor();
    await suite.page
      .locator('.quick-input-list .monaco-list-row', { hasText: 'PrometheusRuleGroup' })
      .first()
      .waitFor();
    await input.fill('StorageAccount');
    const first = suite.page.locator('.quick-input-list .monaco-list-row').first();
    await first.waitFor();
    assert.match(nbsp(await first.innerText()), /^StorageAccount\s*storage v20220901/);
    await suite.page.keyboard.press('Enter');
    await suite.page.locator('.tab.active', { hasText: /Untitled-\d/ }).waitFor();
    const text = await waitForEditorText(/kind: StorageAccount/);
    assert.match(text, /apiVersion: storage\.cloud\.example\.com\/v20220901/, text);
    assert.match(text, /kind: StorageAccount/, text);
    await shot('new-manifest');
  });

  step('a settings change re-validates at once', async () => {
    // Workspace settings, as a user would write them: enum-case off, then back.
    const settingsFile = join(suite.ws, '.vscode', 'settings.json');
    mkdirSync(join(suite.ws, '.vscode'), { recursive: true });
    writeFileSync(settingsFile, JSON.stringify({ 'cloudManifests.rules': { 'enum-case': 'off' } }));
    await waitForProblems(
      (s) => !s.includes('enum-case') && s.includes('enum-value'),
      'enum-case turned off by the setting',
      30_000,
    );
    writeFileSync(settingsFile, '{}');
    await waitForProblems((s) => s.includes('enum-case'), 'enum-case back once the setting is removed', 30_000);
  });

  step('a crashed language server is restarted and diagnostics come back', async () => {
    const servers = serverPids(suite.root);
    assert.equal(servers.length, 1, `one language server process expected, found ${servers.length}`);
    process.kill(servers[0], 'SIGKILL');
    const until = Date.now() + 30_000;
    let after: number[] = [];
    while (Date.now() < until) {
      after = serverPids(suite.root).filter((p) => p !== servers[0]);
      if (after.length > 0) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    assert.equal(after.length, 1, 'the client started a new server');
    // The restarted server validates: a fresh mistake in the open document gets its squiggle.
    await openFile(MISTAKES_FILE);
    await goTo(15, 22);
    await suite.page.keyboard.press('End');
    await suite.page.keyboard.type('X');
    await waitForProblems((s) => /TLS1_2X/.test(s), 'the new mistake after the restart');
    await suite.page.keyboard.press('Backspace');
  });

  step('.cloud-manifests.json is checked, explained and completed from the contributed schema', async () => {
    await openFile(SETTINGS_FILE);
    await waitForProblems(
      (s) => /Value is not accepted/.test(s) && s.includes('"off"'),
      'the bad rule level in .cloud-manifests.json',
    );
    await goTo(3, 8);
    const hover = await showHover();
    assert.match(hover, /differs from an allowed one only in case/, hover);
    await suite.page.keyboard.press('Escape');
    await goTo(2, 13);
    await suite.page.keyboard.press('End');
    await suite.page.keyboard.press('Enter');
    await suite.page.keyboard.type('"owner-n');
    await suite.page.keyboard.press('Control+Space');
    await suite.page.locator('.suggest-widget .monaco-list-row', { hasText: 'owner-not-found' }).first().waitFor();
    await shot('settings-file');
    await suite.page.keyboard.press('Escape');
  });
});

/** Language server processes started by this test's workbench (their command line names its extensions folder). */
function serverPids(root: string): number[] {
  const pids: number[] = [];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const cmd = readFileSync(`/proc/${d}/cmdline`, 'utf8').split('\0');
      if (cmd.some((a) => a.startsWith(root) && a.endsWith(join('dist', 'server.js')))) pids.push(Number(d));
    } catch {
      // gone
    }
  }
  return pids;
}
