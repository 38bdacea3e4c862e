// Quick fixes in a real VS Code workbench (code-server + chromium, the packaged .vsix), as a user applies
// them: Ctrl+. on the `accessTier: hot` warning lists "Change to 'Hot'", choosing it makes the squiggle and
// the problem go; with `source.fixAll.cloudManifests` in `editor.codeActionsOnSave`, Ctrl+S writes the safe
// fixes. Saves test-results/code-server/quickfix-*.png, and images/quickfix.png for the README when it is
// missing or CLOUD_MANIFESTS_UPDATE_SCREENSHOT=1. Fails, naming what to install, without code-server
// and chromium (see session.ts).
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import type { Workbench } from '../../scripts/code-server/codeServer';
import { MISTAKES_FILE } from './workspaceFiles';
import {
  closeWorkbench,
  goToIn,
  nbsp,
  openFileIn,
  openWorkbench,
  packagedVsix,
  problemsTextIn,
  repo,
  requirePrerequisites,
  stepsSavingFailures,
  workspaceRoot,
} from './session';

const RESULTS = join(repo, 'test-results', 'code-server');

const FIXALL_FILE = 'fix-on-save.yaml';
const FIXALL = `apiVersion: appconfiguration.cloud.example.com/v20240601
kind: Snapshot
metadata:
  name: release-snapshot
  namespace: default
spec:
  owner:
    name: app-config
  filters:
    - key: "MyApp:*"
      label: production
  retentionPeriod: "P30D"
---
apiVersion: storage.cloud.example.com/v20220901
kind: StorageAccount
metadata:
  name: savestore
  namespace: default
spec:
  location: westus2
  owner:
    name: rg-app
  kind: StorageV2
  sku:
    name: Standard_LRS
  accessTier: cool
`;

describe('quick fixes in a real VS Code workbench (code-server + chromium)', { timeout: 600_000 }, () => {
  let root: string;
  let ws: string;
  let wb: Workbench | undefined;
  let context: BrowserContext | undefined;
  let page: Page;

  before(async () => {
    requirePrerequisites();
    mkdirSync(RESULTS, { recursive: true });
    ({ root, ws } = workspaceRoot('cloud-manifests-quickfix-', { [FIXALL_FILE]: FIXALL }));
    const vsix = packagedVsix(root);
    ({ wb, context, page } = await openWorkbench({
      root,
      vsix,
      workspace: ws,
      settings: {
        'files.autoSave': 'off',
        '[yaml]': { 'editor.codeActionsOnSave': { 'source.fixAll.cloudManifests': 'explicit' } },
      },
    }));
  });

  after(() => closeWorkbench({ wb, context }, root));

  const shot = (name: string) => page.screenshot({ path: join(RESULTS, `quickfix-${name}.png`) });

  const step = stepsSavingFailures(shot);

  const openFile = (relPath: string) => openFileIn(page, relPath);

  const goTo = (line: number, column: number) => goToIn(page, line, column);

  const problemsText = () => problemsTextIn(page);

  async function waitFor<T>(
    probe: () => Promise<T>,
    ok: (v: T) => boolean,
    what: string,
    timeoutMs = 30_000,
  ): Promise<T> {
    const until = Date.now() + timeoutMs;
    let v = await probe();
    while (!ok(v) && Date.now() < until) {
      await page.waitForTimeout(300);
      v = await probe();
    }
    assert.ok(ok(v), `never saw ${what}; last: ${String(v)}`);
    return v;
  }

  const editorText = async () =>
    nbsp(await page.locator('.editor-group-container.active .monaco-editor .view-lines').first().innerText());

  step(
    'Ctrl+. on `accessTier: hot` offers "Change to \'Hot\'"; choosing it makes the squiggle and the problem go',
    async () => {
      await openFile(MISTAKES_FILE);
      await page.locator('.editor-instance .squiggly-warning').first().waitFor({ timeout: 90_000 });
      await waitFor(problemsText, (t) => t.includes('enum-case'), 'the enum-case problem');
      const warnings = await page.locator('.editor-instance .squiggly-warning').count();
      await goTo(14, 16);
      await page.keyboard.press('Control+.');
      const menu = page.locator('.action-widget');
      const fix = menu.locator('.monaco-list-row', { hasText: "Change to 'Hot'" });
      await fix.waitFor();
      const items = nbsp(await menu.innerText());
      assert.match(items, /Disable enum-case for this line/, items);
      await page.waitForTimeout(300);
      await shot('light-bulb');
      if (process.env.CLOUD_MANIFESTS_UPDATE_SCREENSHOT === '1' || !existsSync(join(repo, 'images', 'quickfix.png'))) {
        await page.screenshot({ path: join(repo, 'images', 'quickfix.png') });
        assert.ok(statSync(join(repo, 'images', 'quickfix.png')).size < 300 * 1024, 'screenshot under 300 KB');
      }
      // The preferred fix is the focused row: Enter applies it, as a user would.
      await menu.locator('.monaco-list-row.focused', { hasText: "Change to 'Hot'" }).waitFor();
      await page.keyboard.press('Enter');
      await menu.waitFor({ state: 'hidden' });
      await waitFor(editorText, (t) => /accessTier: Hot/.test(t), '`accessTier: Hot` in the editor');
      await waitFor(
        problemsText,
        // This file's problem (Problems also lists the workspace's closed files, fix-on-save.yaml's enum-case too).
        (t) => !t.includes('value "hot"') && t.includes('enum-value'),
        'the enum-case problem gone, the others kept',
      );
      await waitFor(
        () => page.locator('.editor-instance .squiggly-warning').count(),
        (n) => n < warnings,
        'one squiggle fewer',
      );
      await shot('after-quick-fix');
    },
  );

  step('with source.fixAll.cloudManifests on save, Ctrl+S writes the safe fixes', async () => {
    await page.keyboard.press('Escape');
    await openFile(FIXALL_FILE);
    await waitFor(
      problemsText,
      (t) => t.includes('enum-case') && t.includes('wrong-type'),
      'the case and seconds problems',
    );
    // An edit, then an explicit save: the fix-all runs as a save participant.
    await goTo(27, 1);
    await page.keyboard.type('# reviewed');
    await page.keyboard.press('Control+S');
    await waitFor(
      () => Promise.resolve(readFileSync(join(ws, FIXALL_FILE), 'utf8')),
      (t) => t.includes('# reviewed'),
      'the file saved',
    );
    const saved = readFileSync(join(ws, FIXALL_FILE), 'utf8');
    assert.equal(
      saved,
      FIXALL.replace('accessTier: cool', 'accessTier: Cool').replace(
        'retentionPeriod: "P30D"',
        'retentionPeriod: 2592000',
      ) + '# reviewed',
    );
    await waitFor(
      problemsText,
      (t) => !t.includes('enum-case') && !t.includes('wrong-type'),
      'the problems gone after saving',
    );
    await shot('fix-all-on-save');
  });
});
