// Kinds from CustomResourceDefinitions in a real VS Code workbench (code-server + chromium, the packaged .vsix):
// a workspace holding an operator's CRD bundle and a manifest of one of its kinds. The manifest breaks one of
// the CRD's `x-kubernetes-validations` rules: squiggled where its `fieldPath` points, with the rule's message
// in Problems; hover on a key shows the CRD's description; completion offers the keys of the CRD's schema
// that the manifest has not written yet.
// Screenshots go to test-results/code-server-crds/.
// Same prerequisites as workbench.test.ts (`bash scripts/code-server/install.sh`): without them it fails.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe } from 'node:test';
import { crdText } from '../helpers/manifests';
import { nbsp, repo, workbenchSuite } from './session';

const RESULTS = join(repo, 'test-results', 'code-server-crds');

const BUNDLE_FILE = 'operator-crds.yaml';
const BUNDLE = `# An operator's release bundle: two CRDs in one file.
${crdText({
  group: 'devices.example.org',
  kind: 'Gadget',
  plural: 'gadgets',
  spec: `              required: [maxReplicas]
              x-kubernetes-validations:
                - rule: self.minReplicas <= self.maxReplicas
                  message: minReplicas must not exceed maxReplicas
                  fieldPath: .minReplicas
              properties:
                minReplicas:
                  type: integer
                  description: The fewest replicas the gadget keeps running.
                maxReplicas:
                  type: integer
                  description: The most replicas the gadget may scale out to.
                powerMode:
                  type: string
                  enum: [Eco, Boost]
                  description: How the gadget trades speed for energy.
`,
})}---
${crdText({
  group: 'devices.example.org',
  kind: 'Widget',
  plural: 'widgets',
  spec: `              properties:
                size: {type: integer, description: How many parts the widget has.}
`,
})}`;

const GADGET_FILE = 'gadget.yaml';
const GADGET = `apiVersion: devices.example.org/v1
kind: Gadget
metadata:
  name: gadget-a
  namespace: default
spec:
  minReplicas: 5
  maxReplicas: 2
  
`;
/** 1-based: the key the rule's `fieldPath` names, the key hovered, the blank line in `spec` where completion is asked. */
const RULE_AT = { line: 7, col: 3 };
const HOVER_AT = { line: 8, col: 5 };
const COMPLETE_AT = { line: 9, col: 3 };

describe('kinds from CRDs in a real VS Code workbench (code-server + chromium)', { timeout: 600_000 }, () => {
  const suite = workbenchSuite({
    prefix: 'cloud-manifests-crds-',
    results: RESULTS,
    files: { [BUNDLE_FILE]: BUNDLE, [GADGET_FILE]: GADGET },
  });
  const { shot, step, openFile, goTo, problemsText } = suite;

  step(
    "a manifest breaking the CRD's x-kubernetes-validations rule: a squiggle and the rule's message in Problems",
    async () => {
      await openFile(GADGET_FILE);
      // The kinds are known once the workspace scan has read the bundle: until then the manifest has no squiggle.
      await suite.page.locator('.editor-instance .squiggly-error').first().waitFor({ timeout: 90_000 });
      const text = await suite.waitFor(problemsText, (t) => /crd-validation/.test(t), 'the rule in Problems', 60_000);
      assert.match(
        text,
        new RegExp(
          `minReplicas must not exceed maxReplicas[^\\n]*[\\s\\S]*?crd-validation[\\s\\S]*?\\[Ln ${RULE_AT.line}, Col ${RULE_AT.col}\\]`,
        ),
        text,
      );
      await shot('cel-rule-squiggle-problems');
    },
  );

  step("hover on a key of a CRD kind shows the CRD's description and where the kind comes from", async () => {
    await openFile(GADGET_FILE);
    await goTo(HOVER_AT.line, HOVER_AT.col);
    const h = await suite.hoverText(/The most replicas the gadget may scale out to/);
    assert.match(h, /The most replicas the gadget may scale out to/, h);
    assert.match(h, /gadgets\.devices\.example\.org/, h);
    await suite.page.waitForTimeout(400); // the fade-in, for the screenshot
    await shot('crd-hover');
    await suite.page.keyboard.press('Escape');
  });

  step("completion in the CRD kind's spec offers the keys of its schema not written yet", async () => {
    await openFile(GADGET_FILE);
    const widget = await suite.suggestAt(COMPLETE_AT.line, COMPLETE_AT.col);
    await widget.locator('.monaco-list-row', { hasText: 'powerMode' }).first().waitFor();
    const labels = (await widget.locator('.monaco-list-row .label-name').allInnerTexts()).map((s) => nbsp(s).trim());
    assert.ok(labels.includes('powerMode'), labels.join(', '));
    assert.ok(!labels.includes('minReplicas'), `a key already written is not offered again: ${labels.join(', ')}`);
    await shot('crd-completion');
    await suite.page.keyboard.press('Escape');
  });
});
