// PromQL and CEL inside manifests in a real VS Code workbench (code-server + chromium, the packaged .vsix):
// a squiggle inside a PromQL expression with its problem in the Problems panel and a hover naming the
// fix, and CEL completion after `self.`. Screenshots go to test-results/code-server-embedded/;
// CLOUD_MANIFESTS_UPDATE_SCREENSHOT=1 also writes the README's images/embedded.png.
// Same prerequisites as workbench.test.ts (`bash scripts/code-server/install.sh`): without them it fails.
import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { nbsp, repo, workbenchSuite } from './session';

const RESULTS = join(repo, 'test-results', 'code-server-embedded');

export const RULES_FILE = 'monitoring/http-rules.yaml';
const RULES = `apiVersion: alertsmanagement.cloud.example.com/v20230301
kind: PrometheusRuleGroup
metadata:
  name: http-rules
  namespace: default
spec:
  location: westus2
  owner:
    name: rg-app
  interval: PT1M
  scopesReferences:
    - armId: /subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/rg-app/providers/Provider.Monitor/accounts/prom
  rules:
    - alert: HighErrorRate
      expression: |
        sum by (job) (rate(http_requests_total{code=~"5.."}))
          / sum by (job) (rate(http_requests_total[5m])) > 0.05
      for: PT10M
      severity: 2
`;
/** 1-based line and column of the argument that needs a range. */
const RULES_ERROR = { line: 16, col: 28, text: 'http_requests_total{code=~"5.."}' };

const ACCOUNT_FILE = 'storage/expressions.yaml';
const ACCOUNT = `apiVersion: storage.cloud.example.com/v20220901
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
      - name: exprstore-endpoints
        key: blob
        value: self.
`;
const ACCOUNT_CURSOR = { line: 17, col: 21 };

describe('PromQL and CEL in a real VS Code workbench (code-server + chromium)', { timeout: 600_000 }, () => {
  const suite = workbenchSuite({
    prefix: 'cloud-manifests-embedded-',
    results: RESULTS,
    files: { [RULES_FILE]: RULES, [ACCOUNT_FILE]: ACCOUNT },
  });
  const { shot, openFile, goTo, problemsText } = suite;

  test('a mistake inside a PromQL expression is squiggled at its characters, listed in Problems and explained on hover', async () => {
    await openFile(RULES_FILE);
    await suite.page.locator('.editor-instance .squiggly-error').first().waitFor({ timeout: 90_000 });
    let text = '';
    const until = Date.now() + 60_000;
    while (Date.now() < until && !/promql-arguments/.test(text)) {
      text = await problemsText();
      await suite.page.waitForTimeout(500);
    }
    assert.match(
      text,
      new RegExp(`promql-arguments[\\s\\S]*\\[Ln ${RULES_ERROR.line}, Col ${RULES_ERROR.col}\\]`),
      text,
    );
    assert.match(text, /must be a range vector/);
    // The squiggle is on the argument: a hover there shows the problem and its fix.
    await goTo(RULES_ERROR.line, RULES_ERROR.col + 3);
    // The keyboard hover; asked again while it has not shown the problem (a busy machine may drop it).
    let h = '';
    for (let attempt = 0; attempt < 10 && !/range vector/.test(h); attempt++) {
      await suite.page.mouse.move(700, 790);
      await suite.page.keyboard.press('Control+K');
      await suite.page.keyboard.press('Control+I');
      await suite.page.waitForTimeout(1500);
      h = nbsp(
        (
          await suite.page
            .locator('.monaco-hover-content')
            .allInnerTexts()
            .catch(() => [])
        ).join('\n'),
      );
    }
    assert.match(h, /must be a range vector[\s\S]*Give it a range/, h);
    const file = await shot('promql-squiggle-hover');
    if (process.env.CLOUD_MANIFESTS_UPDATE_SCREENSHOT === '1') copyFileSync(file, join(repo, 'images', 'embedded.png'));
    await suite.page.keyboard.press('Escape');
  });

  test('completion after `self.` in a CEL expression lists the resource fields', async () => {
    await openFile(ACCOUNT_FILE);
    const widget = await suite.suggestAt(ACCOUNT_CURSOR.line, ACCOUNT_CURSOR.col);
    await widget.locator('.monaco-list-row', { hasText: 'status' }).first().waitFor();
    const labels = (await widget.locator('.monaco-list-row .label-name').allInnerTexts()).map((s) => nbsp(s).trim());
    for (const want of ['apiVersion', 'kind', 'metadata', 'spec', 'status'])
      assert.ok(labels.includes(want), `${want} offered: ${labels.join(', ')}`);
    await shot('cel-completion');
    // Accepting `status` then typing `.` offers the status fields.
    await widget.locator('.monaco-list-row', { hasText: 'status' }).first().click();
    await suite.page.keyboard.type('.primaryEndpoints.internetEndpoints.');
    await suite.page.keyboard.press('Control+Space');
    await widget.locator('.monaco-list-row', { hasText: 'blob' }).first().waitFor();
    await shot('cel-completion-deeper');
    await suite.page.keyboard.press('Escape');
  });
});
