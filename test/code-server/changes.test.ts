// Changes against the committed version in a real VS Code workbench (code-server + chromium, the packaged
// .vsix): a workspace that is a git repository whose storage account was committed in westeurope and now
// names northeurope. The location is squiggled as an error (the cloud refuses it), Problems says what HEAD held, hover and the code lens say
// "Compared with HEAD (<commit>)".
// Screenshots go to test-results/code-server-changes/.
// Same prerequisites as workbench.test.ts (`bash scripts/code-server/install.sh`, git): without them it fails.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe } from 'node:test';
import { committedRepository, git } from '../helpers/git';
import { nbsp, repo, workbenchSuite } from './session';

const RESULTS = join(repo, 'test-results', 'code-server-changes');

const FILE = 'deployed/account.yaml';
const COMMITTED = `apiVersion: storage.cloud.example.com/v20220901
kind: StorageAccount
metadata:
  name: ingeststore
  namespace: default
spec:
  location: westeurope
  kind: StorageV2
  sku:
    name: Standard_LRS
  owner:
    name: rg
`;
const NOW = COMMITTED.replace('westeurope', 'northeurope');
/** 1-based: the changed value (the squiggle is on `northeurope`, not on `location`). */
const LOCATION_AT = { line: 7, col: 13 };

let commit = '';

describe('changes against the committed version in a real VS Code workbench', { timeout: 600_000 }, () => {
  const suite = workbenchSuite({
    prefix: 'cloud-manifests-changes-',
    results: RESULTS,
    files: { [FILE]: COMMITTED },
    prepare(ws) {
      committedRepository({}, ws);
      commit = git(ws, 'rev-parse', '--short', 'HEAD');
      writeFileSync(join(ws, FILE), NOW);
    },
  });
  const { shot, step, openFile, goTo, problemsText } = suite;

  step('a new location of a deployed account: a squiggle, and Problems names what HEAD held', async () => {
    await openFile(FILE);
    await suite.page.locator('.editor-instance .squiggly-error').first().waitFor({ timeout: 90_000 });
    const text = await suite.waitFor(
      problemsText,
      (t) => /create-only-changed/.test(t),
      'the change in Problems',
      60_000,
    );
    assert.match(
      text,
      new RegExp(
        `it was 'westeurope' at HEAD \\(${commit}\\)[\\s\\S]*?create-only-changed[\\s\\S]*?\\[Ln ${LOCATION_AT.line}, Col ${LOCATION_AT.col}\\]`,
      ),
      text,
    );
    await shot('changed-location-problems');
  });

  step('the code lens and hover say what the file was compared with', async () => {
    await openFile(FILE);
    const lens = suite.page.locator('.contentWidgets .codelens-decoration', { hasText: 'Compared with HEAD' });
    await lens.first().waitFor({ timeout: 30_000 });
    assert.match(nbsp(await lens.first().innerText()), new RegExp(`Compared with HEAD \\(${commit}\\)`));
    await goTo(LOCATION_AT.line, LOCATION_AT.col + 1);
    const h = await suite.hoverText(/Compared with HEAD/);
    assert.ok(h.includes(`Compared with HEAD (${commit})`), h);
    await suite.page.waitForTimeout(400);
    await shot('compared-with-head-hover');
    await suite.page.keyboard.press('Escape');
  });
});
