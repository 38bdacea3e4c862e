// No edit the server proposes lands outside the workspace (lsp/writeTargets.ts). The owner-references
// quick fix never proposes a file that would land outside: an overlay whose `kustomizeconfig` folder is a symbolic link leading out of the workspace (or out of the overlay's folder,
// which Kustomize's load restrictor refuses) gets the action disabled with why, no edit, and nothing is
// written there; the same overlay without the link is offered the fix (the control). A rename that would
// edit a file open through a link to another project is refused, naming it.
import assert from 'node:assert/strict';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import type { CodeAction, Diagnostic } from 'vscode-languageserver-protocol';
import { WorkspaceClient } from '../e2e/workspaceClient';
import { account, docs, rg } from '../workspace/helpers';

const OVERLAY = 'resources:\n  - ../../base\nnamePrefix: dev\n';
const FILES: Record<string, string> = {
  'ws/base/kustomization.yaml': 'resources:\n  - all.yaml\n',
  'ws/base/all.yaml': docs(rg('rg'), account('acct', 'rg')),
  'ws/overlays/out/kustomization.yaml': OVERLAY,
  'ws/overlays/shared/kustomization.yaml': OVERLAY,
  'ws/overlays/plain/kustomization.yaml': OVERLAY,
  'ws/overlays/dangling/kustomization.yaml': OVERLAY,
  'ws/shared/.keep': '',
  'elsewhere/.keep': '',
};

describe('the owner-references fix through a symbolic link out of the folder: refused, nothing written', () => {
  const top = mkdtempSync(join(tmpdir(), 'cm-owner-outside-'));
  const root = join(top, 'ws');
  const uri = (rel: string) => pathToFileURL(join(root, rel)).href;
  const client = new WorkspaceClient({
    rootDir: root,
    workspaceEdit: { documentChanges: true, resourceOperations: ['create'] },
    codeActionDisabledSupport: true,
  });
  before(async () => {
    for (const [rel, text] of Object.entries(FILES)) {
      mkdirSync(dirname(join(top, rel)), { recursive: true });
      writeFileSync(join(top, rel), text);
    }
    // Out of the workspace; and inside it but out of the overlay's folder (Kustomize refuses both).
    symlinkSync(join(top, 'elsewhere'), join(root, 'overlays/out/kustomizeconfig'));
    symlinkSync(join(root, 'shared'), join(root, 'overlays/shared/kustomizeconfig'));
    // A link to nothing yet: creating the file through it would create its target, wherever it points.
    symlinkSync(join(top, 'nowhere'), join(root, 'overlays/dangling/kustomizeconfig'));
    await client.initialize();
    await client.waitForScans(1);
  });
  after(async () => {
    await client.stop();
    rmSync(top, { recursive: true, force: true });
  });

  const teach = async (overlay: string) => {
    const k = uri(`overlays/${overlay}/kustomization.yaml`);
    const ds = (await client.open(k, OVERLAY, 'yaml', 2)).filter((d) => d.code === 'kustomize-owner-renamed');
    assert.equal(ds.length, 1, JSON.stringify(ds));
    const actions = await client.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri: k },
      range: (ds[0] as Diagnostic).range,
      context: { diagnostics: ds, only: ['quickfix'] },
    });
    return actions.find((a) => /^Teach Kustomize/.test(a.title));
  };

  test('a link out of the workspace: the action is disabled with why, without an edit', async () => {
    const fix = await teach('out');
    assert.ok(fix, 'the action is shown, disabled');
    assert.equal(fix.edit, undefined);
    assert.match(
      fix.disabled?.reason ?? '',
      /^Not created: overlays\/out\/kustomizeconfig\/owner-references\.yaml: it is reached through a symbolic link to a folder outside the workspace folders \(its real path: .*elsewhere[/\\]owner-references\.yaml\)$/,
    );
    assert.deepEqual(readdirSync(join(top, 'elsewhere')), ['.keep']);
  });

  test('a link inside the workspace but out of the overlay’s folder: disabled, Kustomize would not load it', async () => {
    const fix = await teach('shared');
    assert.equal(fix?.edit, undefined);
    assert.match(fix?.disabled?.reason ?? '', /outside the kustomization's folder \(Kustomize loads nothing from/);
    assert.deepEqual(readdirSync(join(root, 'shared')), ['.keep']);
  });

  test('a link to nothing: disabled, saying so; nothing created where it points', async () => {
    const fix = await teach('dangling');
    assert.equal(fix?.edit, undefined);
    assert.match(
      fix?.disabled?.reason ?? '',
      /^Not created: overlays\/dangling\/kustomizeconfig\/owner-references\.yaml: .*kustomizeconfig is a symbolic link to nothing \(its target does not exist\)$/,
    );
    assert.equal(existsSync(join(top, 'nowhere')), false);
  });

  test('the same overlay without a link is offered the fix, creating the file in its own folder', async () => {
    const fix = await teach('plain');
    assert.equal(fix?.disabled, undefined);
    const created = fix?.edit?.documentChanges?.find((c) => 'kind' in c && c.kind === 'create');
    assert.deepEqual(
      created && 'uri' in created ? created.uri : undefined,
      uri('overlays/plain/kustomizeconfig/owner-references.yaml'),
    );
  });
});

describe('rename never edits a file leading out of the workspace', () => {
  const top = mkdtempSync(join(tmpdir(), 'cm-rename-outside-'));
  const root = join(top, 'ws');
  const uri = (rel: string) => pathToFileURL(join(root, rel)).href;
  const client = new WorkspaceClient({ rootDir: root, workspaceEdit: { documentChanges: true } });
  const OWNED = docs(account('logs', 'rg'));
  before(async () => {
    mkdirSync(join(root, 'linked'), { recursive: true });
    mkdirSync(join(top, 'elsewhere'));
    writeFileSync(join(root, 'group.yaml'), rg('rg'));
    writeFileSync(join(top, 'elsewhere/owned.yaml'), OWNED);
    // A file of the workspace by its name, another project's by its real path.
    symlinkSync(join(top, 'elsewhere/owned.yaml'), join(root, 'linked/owned.yaml'));
    await client.initialize();
    await client.waitForScans(1);
  });
  after(async () => {
    await client.stop();
    rmSync(top, { recursive: true, force: true });
  });

  test('open in the editor through the link, it names the group: the rename is refused, saying which file and why', async () => {
    await client.open(uri('linked/owned.yaml'), OWNED);
    const group = uri('group.yaml');
    await client.open(group, rg('rg'));
    await assert.rejects(
      client.request('textDocument/rename', {
        textDocument: { uri: group },
        position: { line: 3, character: 8 },
        newName: 'main',
      }),
      /^Error: Not renamed: linked\/owned\.yaml: it is a symbolic link to .*elsewhere[/\\]owned\.yaml, outside the workspace folders\.$/,
    );
    assert.equal(readFileSync(join(top, 'elsewhere/owned.yaml'), 'utf8'), OWNED);
  });
});
