// Rename through the server follows a resource into its overlays (kustomize/renameInOverlays.ts): F2 on the
// base's `metadata.name`, or on the name in a patch (the resource it patches is renamed), rewrites the
// strategic-merge patch file that names it, the inline patches (a block and a double-quoted string, edited
// in their own style), the `target.name` of patches and JSON 6902 patches, and the replacements'
// `source`/`select` names; a `target.name` pattern that still selects the new name is left as written.
// Proved with `kubectl kustomize`: after the edit is applied on disk every overlay builds, each patch still
// applies to the renamed resource, and `check` reports nothing new.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { kubectlKustomize } from '../helpers/kubectl';
import { parseAllDocuments } from 'yaml';
import type { Range, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { applyWorkspaceEdit } from '../e2e/applyWorkspaceEdit';
import { SERVER } from '../e2e/lspClient';
import { WorkspaceClient } from '../e2e/workspaceClient';
import { RENAME_FILES, type Out } from '../helpers/renameFixture';

const CLI = join(dirname(SERVER), 'cli.js');
for (const from of [
  { file: 'base/account.yaml', position: { line: 3, character: 10 }, what: 'the base name' },
  { file: 'overlays/dev/tier.yaml', position: { line: 3, character: 10 }, what: 'the name in a patch of an overlay' },
])
  describe(`F2 on ${from.what}: rename follows the resource into its overlays, and every overlay still builds with kubectl`, () => {
    const root = mkdtempSync(join(tmpdir(), 'cm-rename-overlays-'));
    const uri = (rel: string) => pathToFileURL(join(root, rel)).href;
    const client = new WorkspaceClient({ rootDir: root, workspaceEdit: { documentChanges: true } });
    before(async () => {
      for (const [rel, text] of Object.entries(RENAME_FILES)) {
        mkdirSync(dirname(join(root, rel)), { recursive: true });
        writeFileSync(join(root, rel), text);
      }
      await client.initialize();
      await client.waitForScans(1);
    });
    after(async () => {
      await client.stop();
      rmSync(root, { recursive: true, force: true });
    });

    const kubectl = (rel: string): Out[] => {
      return parseAllDocuments(kubectlKustomize(join(root, rel))).map((d) => d.toJS() as Out);
    };
    const problems = () => {
      const r = spawnSync(process.execPath, [CLI, 'check', '--format', 'json', '.'], { encoding: 'utf8', cwd: root });
      assert.ok(r.status === 0 || r.status === 1, r.stderr);
      return (JSON.parse(r.stdout) as { problems: { file: string; line: number; code: string }[] }).problems
        .map((p) => `${p.file}:${p.line} ${p.code}`)
        .sort();
    };
    const patched = (out: Out[], name: string) =>
      out.find((r) => r.kind === 'StorageAccount' && r.metadata.name === name);

    let checkedBefore: string[];
    test('before: each overlay builds with its patches applied', () => {
      assert.equal(patched(kubectl('overlays/dev'), 'devingeststore')?.spec.accessTier, 'Cool');
      assert.equal(patched(kubectl('overlays/prod'), 'prodingeststore')?.spec.accessTier, 'Cool');
      checkedBefore = problems();
    });

    test('the edit names every file that names it, and each overlay builds to the renamed resource', async () => {
      const at = uri(from.file);
      await client.open(at, RENAME_FILES[from.file], 'yaml', 2);
      const { position } = from;
      const prepared = await client.request<{ placeholder: string; range: Range }>('textDocument/prepareRename', {
        textDocument: { uri: at },
        position,
      });
      assert.equal(prepared.placeholder, 'ingeststore');
      assert.deepEqual(prepared.range, { start: { line: 3, character: 8 }, end: { line: 3, character: 19 } });
      const edit = await client.request<WorkspaceEdit>('textDocument/rename', {
        textDocument: { uri: at },
        position,
        newName: 'lakestore',
      });
      const touched = [...new Set(applyWorkspaceEdit(edit))].map((u) => u.slice(pathToFileURL(root).href.length + 1));
      assert.deepEqual(touched.sort(), [
        'base/account.yaml',
        'overlays/dev/kustomization.yaml',
        'overlays/dev/tier.yaml',
        'overlays/prod/kustomization.yaml',
      ]);
      const read = (rel: string) => readFileSync(join(root, rel), 'utf8');
      // Every `ingeststore` became `lakestore`, and nothing else changed: the inline patches keep their style.
      for (const rel of touched) assert.equal(read(rel), RENAME_FILES[rel].replaceAll('ingeststore', 'lakestore'), rel);
      assert.match(read('overlays/prod/kustomization.yaml'), /name: \.\*store\n/);

      const dev = kubectl('overlays/dev');
      assert.equal(patched(dev, 'devingeststore'), undefined);
      const d = patched(dev, 'devlakestore');
      assert.deepEqual(
        [d?.spec.accessTier, d?.spec.minimumTlsVersion, d?.spec.allowBlobPublicAccess],
        ['Cool', 'TLS1_2', false],
      );
      const prod = kubectl('overlays/prod');
      const p = patched(prod, 'prodlakestore');
      assert.deepEqual(
        [
          p?.spec.accessTier,
          p?.spec.minimumTlsVersion,
          p?.spec.allowBlobPublicAccess,
          p?.spec.supportsHttpsTrafficOnly,
        ],
        ['Cool', 'TLS1_2', false, true],
      );
      assert.equal(p?.metadata.annotations?.region, 'westus', 'the replacement found its source and its target');
      assert.deepEqual(prod.find((r) => r.kind === 'StorageAccountsBlobService')?.spec.owner, { name: 'lakestore' });
    });

    test('check reports nothing new after the rename', () => {
      assert.deepEqual(problems(), checkedBefore);
    });
  });
