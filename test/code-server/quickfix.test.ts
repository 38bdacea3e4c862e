// Quick fixes in a real VS Code workbench (code-server + chromium, the packaged .vsix), as a user applies
// them: Ctrl+. on the `accessTier: hot` error lists "Change to 'Hot'", choosing it makes the squiggle and
// the problem go; with `source.fixAll.cloudManifests` in `editor.codeActionsOnSave`, Ctrl+S writes the safe
// fixes. Saves test-results/code-server/quickfix-*.png, and images/quickfix.png for the README when it is
// missing or CLOUD_MANIFESTS_UPDATE_SCREENSHOT=1. Fails, naming what to install, without code-server
// and chromium (see session.ts).
import assert from 'node:assert/strict';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe } from 'node:test';
import { MISTAKES_FILE } from './workspaceFiles';
import { nbsp, repo, workbenchSuite } from './session';

const RESULTS = join(repo, 'test-results', 'code-server-quickfix');

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

// A container's access written as the portal names it: in a real VS Code its only entry was "Disable", and
// Enter (which applies the menu's focused first entry) wrote a disable comment (issue 31).
const PRIVATE_FILE = 'private-container.yaml';
const PRIVATE = `apiVersion: storage.cloud.example.com/v20220901
kind: StorageAccountsBlobServicesContainer
metadata:
  name: appstore-private
  namespace: default
spec:
  owner:
    name: appstore-blob
  publicAccess: Private
`;

describe('quick fixes in a real VS Code workbench (code-server + chromium)', { timeout: 600_000 }, () => {
  const suite = workbenchSuite({
    prefix: 'cloud-manifests-quickfix-',
    results: RESULTS,
    files: { [FIXALL_FILE]: FIXALL, [PRIVATE_FILE]: PRIVATE },
    settings: {
      'files.autoSave': 'off',
      '[yaml]': { 'editor.codeActionsOnSave': { 'source.fixAll.cloudManifests': 'explicit' } },
    },
  });
  const { shot, step, openFile, goTo, problemsText, waitFor, editorText } = suite;

  step(
    'Ctrl+. on `accessTier: hot` offers "Change to \'Hot\'"; choosing it makes the squiggle and the problem go',
    async () => {
      await openFile(MISTAKES_FILE);
      await suite.page.locator('.editor-instance .squiggly-error').first().waitFor({ timeout: 90_000 });
      await waitFor(problemsText, (t) => t.includes('enum-case'), 'the enum-case problem');
      const errors = await suite.page.locator('.editor-instance .squiggly-error').count();
      await goTo(14, 16);
      await suite.page.keyboard.press('Control+.');
      const menu = suite.page.locator('.action-widget');
      const fix = menu.locator('.monaco-list-row', { hasText: "Change to 'Hot'" });
      await fix.waitFor();
      const items = nbsp(await menu.innerText());
      assert.match(items, /Disable enum-case for this line/, items);
      await suite.page.waitForTimeout(300);
      await shot('light-bulb');
      if (process.env.CLOUD_MANIFESTS_UPDATE_SCREENSHOT === '1' || !existsSync(join(repo, 'images', 'quickfix.png'))) {
        await suite.page.screenshot({ path: join(repo, 'images', 'quickfix.png') });
        assert.ok(statSync(join(repo, 'images', 'quickfix.png')).size < 300 * 1024, 'screenshot under 300 KB');
      }
      // The preferred fix is the focused row: Enter applies it, as a user would.
      await menu.locator('.monaco-list-row.focused', { hasText: "Change to 'Hot'" }).waitFor();
      await suite.page.keyboard.press('Enter');
      await menu.waitFor({ state: 'hidden' });
      await waitFor(editorText, (t) => /accessTier: Hot/.test(t), '`accessTier: Hot` in the editor');
      await waitFor(
        problemsText,
        // This file's problem (Problems also lists the workspace's closed files, fix-on-save.yaml's enum-case too).
        (t) => !t.includes('value "hot"') && t.includes('enum-value'),
        'the enum-case problem gone, the others kept',
      );
      await waitFor(
        () => suite.page.locator('.editor-instance .squiggly-error').count(),
        (n) => n < errors,
        'one squiggle fewer',
      );
      await shot('after-quick-fix');
    },
  );

  step('with source.fixAll.cloudManifests on save, Ctrl+S writes the safe fixes', async () => {
    await suite.page.keyboard.press('Escape');
    await openFile(FIXALL_FILE);
    await waitFor(
      problemsText,
      (t) => t.includes('enum-case') && t.includes('wrong-type'),
      'the case and seconds problems',
    );
    // An edit, then an explicit save: the fix-all runs as a save participant.
    await goTo(27, 1);
    await suite.page.keyboard.type('# reviewed');
    await suite.page.keyboard.press('Control+S');
    await waitFor(
      () => Promise.resolve(readFileSync(join(suite.ws, FIXALL_FILE), 'utf8')),
      (t) => t.includes('# reviewed'),
      'the file saved',
    );
    const saved = readFileSync(join(suite.ws, FIXALL_FILE), 'utf8');
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

  step(
    'Ctrl+. then Enter on `publicAccess: Private` writes `None`, the value its message names, not a disable comment',
    async () => {
      await suite.page.keyboard.press('Escape');
      await openFile(PRIVATE_FILE);
      await waitFor(problemsText, (t) => t.includes('does not allow "Private"'), 'the problem of the access');
      await goTo(9, 18);
      await suite.page.keyboard.press('Control+.');
      const menu = suite.page.locator('.action-widget');
      await menu.locator('.monaco-list-row', { hasText: 'Disable enum-value for this line' }).waitFor();
      await shot('private-menu');
      // Enter, as the user pressed it: the focused entry is applied.
      await suite.page.keyboard.press('Enter');
      await menu.waitFor({ state: 'hidden' });
      await waitFor(editorText, (t) => /publicAccess: None/.test(t), '`publicAccess: None` in the editor');
      assert.doesNotMatch(await editorText(), /cloud-manifests-disable-next-line/);
      await shot('private-fixed');
    },
  );
});
