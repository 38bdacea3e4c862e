// Issue 47 in a real VS Code workbench (code-server + chromium, the packaged .vsix), where only the
// workbench shows it: F2 on a storage account's name opens the Refactor Preview before anything is written
// (the rename's edits carry a change annotation that needs confirmation, naming what the rename deletes),
// and the owner tree hangs a container whose owner name is a storage account (not a blob service) under
// that account, marked "owner of the wrong kind", instead of inventing a blob service "not in workspace".
// Fails, naming what to install, without code-server and chromium (see session.ts).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe } from 'node:test';
import { repo, workbenchSuite } from './session';

const RESULTS = join(repo, 'test-results', 'code-server-rename-tree');

const GROUP = `apiVersion: resources.cloud.example.com/v1api20200601
kind: ResourceGroup
metadata:
  name: rg-data
  namespace: default
spec:
  location: westeurope
`;
const STORE_FILE = 'store.yaml';
const STORE = `apiVersion: storage.cloud.example.com/v20220901
kind: StorageAccount
metadata:
  name: datastore
  namespace: default
spec:
  location: westeurope
  owner:
    name: rg-data
  kind: StorageV2
  sku:
    name: Standard_LRS
`;
const BLOB = `apiVersion: storage.cloud.example.com/v20220901
kind: StorageAccountsBlobService
metadata:
  name: datastore-blob
  namespace: default
spec:
  owner:
    name: datastore
`;
// Owned by the account itself, where a blob service is the owner kind.
const CONTAINER = `apiVersion: storage.cloud.example.com/v20220901
kind: StorageAccountsBlobServicesContainer
metadata:
  name: images
  namespace: default
spec:
  owner:
    name: datastore
`;

describe(
  'rename asks first, and the owner tree names the real owner (code-server + chromium)',
  { timeout: 600_000 },
  () => {
    const suite = workbenchSuite({
      prefix: 'cloud-manifests-rename-tree-',
      results: RESULTS,
      standard: false,
      files: { 'rg.yaml': GROUP, [STORE_FILE]: STORE, 'blob.yaml': BLOB, 'container.yaml': CONTAINER },
      settings: { 'files.autoSave': 'off' },
    });
    const { shot, step, openFile, goTo, waitFor, editorText } = suite;

    step(
      'the owner tree shows the container under the storage account it names, marked as the wrong kind',
      async () => {
        const header = suite.page.locator('.pane-header', { hasText: 'Cloud Resource Owners' });
        await header.waitFor({ timeout: 90_000 });
        const pane = suite.page.locator('.pane', { has: header });
        if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
        const rows = pane.locator('.monaco-list-row');
        const text = async () => (await rows.allInnerTexts()).join('\n');
        // Expand every folded row until the container shows (the tree fills in once the server has indexed).
        await waitFor(
          async () => {
            for (const row of await pane.locator('.monaco-list-row[aria-expanded="false"]').all()) await row.click();
            return text();
          },
          (t) => t.includes('images'),
          'the container in the owner tree',
          90_000,
        );
        const all = await text();
        await shot('owner-tree-wrong-kind');
        assert.match(all, /images[\s\S]*owner of the wrong kind/, all);
        assert.doesNotMatch(all, /not in workspace/, all);
      },
    );

    step('F2 on the account name opens the Refactor Preview; nothing is written, and Discard leaves it', async () => {
      await openFile(STORE_FILE);
      await suite.page.locator('.editor-instance .view-line', { hasText: 'datastore' }).first().waitFor();
      await goTo(4, 9);
      await suite.page.keyboard.press('F2');
      const input = suite.page.locator('.rename-box input');
      await input.waitFor({ timeout: 15_000 });
      await input.fill('datastore2');
      await suite.page.keyboard.press('Enter');
      // VS Code shows edits that need confirmation in the Refactor Preview, unchecked, with Apply and Discard.
      const discard = suite.page.getByRole('button', { name: 'Discard' });
      await discard.first().waitFor({ timeout: 30_000 });
      await suite.page.getByRole('button', { name: 'Apply' }).first().waitFor();
      await shot('rename-refactor-preview');
      const rows = (await suite.page.locator('.monaco-list-row', { hasText: 'datastore2' }).allInnerTexts()).join('\n');
      assert.match(rows, /datastore2/, 'the preview lists the new name');
      assert.equal(readFileSync(join(suite.ws, STORE_FILE), 'utf8'), STORE, 'nothing written on disk');
      assert.match(await editorText(), /name: datastore\n/, 'the editor unchanged while the preview asks');
      await discard.first().click();
      await discard.first().waitFor({ state: 'hidden', timeout: 15_000 });
      assert.match(await editorText(), /name: datastore\n/, 'Discard leaves the name as it was');
    });
  },
);
