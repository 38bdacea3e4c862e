// Quick fixes as an editor gets them from the server (issue 31, in a real VS Code): two problems of one code
// on one line get one "Disable" resolving both; the fixes a message names come back with their data, the
// preferred one first, "Disable" never preferred.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import type { CodeAction, Diagnostic } from 'vscode-languageserver';
import { crdText } from '../helpers/manifests';
import { WorkspaceClient } from './workspaceClient';

const ACCOUNT = `apiVersion: storage.cloud.example.com/v20220901
kind: StorageAccount
metadata:
  name: appstore
  namespace: data
spec:
  location: westus2
  owner:
    name: rg
  kind: StorageV2
  sku:
    name: Standard_LRS
  minimumTlsVersion: TLS1_3
  networkAcls:
    defaultAction: Deny
    bypass: Loging, Loging
`;
const CONTAINER = `apiVersion: storage.cloud.example.com/v20220901
kind: StorageAccountsBlobServicesContainer
metadata:
  name: appstore-c
  namespace: data
spec:
  owner:
    name: appstore-blob
  publicAccess: Private
`;
const RUNNER_CRD = crdText({
  group: 'example.org',
  kind: 'Runner',
  plural: 'runners',
  spec: `              x-kubernetes-validations:
                - rule: "!has(self.serviceAccountName) || !has(self.kubeConfig)"
                  message: serviceAccountName and kubeConfig are mutually exclusive
                  fieldPath: .serviceAccountName
                  reason: FieldValueForbidden
              properties:
                serviceAccountName: {type: string}
                kubeConfig: {type: object, properties: {secretRef: {type: string}}}
`,
});
const RUNNER =
  'apiVersion: example.org/v1\nkind: Runner\nmetadata: {name: r}\nspec:\n  kubeConfig: {secretRef: k}\n  serviceAccountName: sa\n';
const FILES: Record<string, string> = {
  'crds/runner.yaml': RUNNER_CRD,
  'base/kustomization.yaml': 'resources:\n  - rg.yaml\n  - account.yaml\n',
  'base/rg.yaml':
    'apiVersion: resources.cloud.example.com/v20200601\nkind: ResourceGroup\nmetadata:\n  name: rg\n  namespace: data\nspec:\n  location: westus2\n',
  'base/account.yaml': ACCOUNT,
  'overlays/prod/kustomization.yaml': 'namePrefix: prod-\nresources:\n  - ../../base\n',
  'overlays/staging/kustomization.yaml': 'namePrefix: stg-\nresources:\n  - ../../base\n',
  'container.yaml': CONTAINER,
};

describe('quick fixes of the messages that name them, through the server', () => {
  const root = mkdtempSync(join(tmpdir(), 'cm-message-fixes-'));
  for (const [rel, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  const client = new WorkspaceClient({ rootDir: root });
  const uri = (rel: string) => pathToFileURL(join(root, rel)).href;
  const actions = (u: string, diagnostics: Diagnostic[]) =>
    client.conn.sendRequest('textDocument/codeAction', {
      textDocument: { uri: u },
      range: diagnostics[0].range,
      context: { diagnostics },
    }) as Promise<CodeAction[]>;
  const shown = (list: CodeAction[]) => list.map((a) => `${a.title}${a.isPreferred ? ' *' : ''}`);
  before(async () => {
    await client.initialize();
    await client.waitForScans(1);
  });
  after(async () => {
    await client.stop();
    rmSync(root, { recursive: true, force: true });
  });

  test('two problems of one code on one line: one Disable for the two, not preferred, after the fixes', async () => {
    const u = uri('base/account.yaml');
    // Its own checks first, then the overlays' (the second publish).
    const diags = await client.open(u, ACCOUNT, 'yaml', 2);
    const twice = diags.filter((d) => d.code === 'delimited-item');
    assert.equal(twice.length, 2, JSON.stringify(diags.map((d) => d.message)));
    // The light bulb of the line: a range over both.
    const list = (await client.conn.sendRequest('textDocument/codeAction', {
      textDocument: { uri: u },
      range: { start: twice[0].range.start, end: twice[1].range.end },
      context: { diagnostics: twice },
    })) as CodeAction[];
    const disables = list.filter((a) => a.title.startsWith('Disable'));
    assert.equal(disables.length, 1, JSON.stringify(shown(list)));
    assert.equal(disables[0].isPreferred, undefined);
    assert.equal(disables[0].diagnostics?.length, 2);
    assert.equal(list[list.length - 1], disables[0], 'Disable comes last');
  });

  test('`minimumTlsVersion: TLS1_3`: `TLS1_2` first and preferred, never the weakest', async () => {
    const u = uri('base/account.yaml');
    const diags = client
      .published()
      .get(u)!
      .diagnostics.filter((d) => d.code === 'enum-value');
    assert.match(String(diags[0].message), /Did you mean 'TLS1_2'\?/);
    assert.deepEqual(shown(await actions(u, diags)), [
      "Change to 'TLS1_2' *",
      "Change to 'TLS1_1'",
      "Change to 'TLS1_0'",
      'Disable enum-value for this line',
    ]);
  });

  test('`publicAccess: Private`: change to `None`, preferred; fix-all writes it', async () => {
    const u = uri('container.yaml');
    const diags = (await client.open(u, CONTAINER)).filter((d) => d.code === 'enum-value');
    assert.deepEqual(shown(await actions(u, diags)), ["Change to 'None' *", 'Disable enum-value for this line']);
    const all = (await client.conn.sendRequest('textDocument/codeAction', {
      textDocument: { uri: u },
      range: diags[0].range,
      context: { diagnostics: [], only: ['source.fixAll.cloudManifests'] },
    })) as CodeAction[];
    const edits = all[0].edit?.changes?.[u] ?? [];
    assert.deepEqual(
      edits.map((e) => e.newText),
      ['None'],
    );
  });

  test("a CRD rule's error on the field its fieldPath names, with the reason's words", async () => {
    const u = uri('runner.yaml');
    const [d] = (await client.open(u, RUNNER)).filter((x) => x.code === 'crd-validation');
    assert.deepEqual(d.range, { start: { line: 5, character: 2 }, end: { line: 5, character: 20 } });
    assert.match(String(d.message), /^'spec\.serviceAccountName': Forbidden: serviceAccountName and kubeConfig/);
  });
});
