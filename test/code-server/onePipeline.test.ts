// One pipeline, in a real VS Code workbench (code-server + chromium, the packaged .vsix): what Problems shows
// for files no one opened is what `check` says of them. A base whose share is fine alone, in an overlay whose
// patch turns off its account's large file shares: the base file's error shows in Problems without opening
// it (it showed only once opened). A file over maxDocumentSize with a silenced syntax error and another: only
// the other shows (the editor showed both). Screenshots go to test-results/code-server-one-pipeline/.
// Same prerequisites as workbench.test.ts (`bash scripts/code-server/install.sh`): without them it fails.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe } from 'node:test';
import { account, docs, fileService, rg, share } from '../workspace/helpers';
import { repo, workbenchSuite } from './session';

const RESULTS = join(repo, 'test-results', 'code-server-one-pipeline');

const FILES: Record<string, string> = {
  'base/kustomization.yaml': 'resources:\n  - group.yaml\n  - account.yaml\n  - share.yaml\n',
  'base/group.yaml': rg('rg'),
  'base/account.yaml': account('appstore', 'rg', '  largeFileSharesState: Enabled\n'),
  'base/share.yaml': docs(
    fileService('appstore-file', 'appstore'),
    share('docs', 'appstore-file', '  shareQuota: 10240\n'),
  ),
  'overlays/small/kustomization.yaml': 'resources:\n  - ../../base\npatches:\n  - path: lfs.yaml\n',
  'overlays/small/lfs.yaml': account('appstore', 'rg').replace(
    /spec:[\s\S]*/,
    'spec:\n  largeFileSharesState: Disabled\n',
  ),
  'big.yaml':
    'kind: StorageAccount\nmetadata:\n  # cloud-manifests-disable-next-line yaml-syntax\n  name: a: b\n---\nfiller: "' +
    'x'.repeat(3000) +
    '"\n---\nkind: StorageAccount\nmetadata:\n  name: c: d\n',
  '.cloud-manifests.json': JSON.stringify({ maxDocumentSize: 2000 }),
};

describe('one pipeline in a real VS Code workbench', { timeout: 600_000 }, () => {
  const suite = workbenchSuite({
    prefix: 'cloud-manifests-one-pipeline-',
    results: RESULTS,
    files: FILES,
    standard: false,
    settings: { 'cloudManifests.maxDocumentSize': 2000 },
  });
  const { shot, step, problemsText } = suite;

  step('closed files: Problems says what check says, the base file and the large file included', async () => {
    const text = await suite.waitFor(
      problemsText,
      (t) => /share-quota-large-file-shares/.test(t) && /document-too-large/.test(t),
      'the closed files in Problems',
      120_000,
    );
    await shot('closed-files-problems');
    assert.match(text, /share\.yaml[\s\S]*shareQuota[\s\S]*share-quota-large-file-shares/, text);
    // The CLI on the same folder: the same codes, as many times.
    const r = spawnSync(process.execPath, [join(repo, 'dist', 'cli.js'), 'check', '--format', 'json', '.'], {
      cwd: suite.ws,
      encoding: 'utf8',
    });
    const cli = (JSON.parse(r.stdout) as { problems: { code: string }[] }).problems.map((p) => p.code);
    for (const code of new Set(cli)) {
      const inProblems = text.split(code).length - 1;
      assert.equal(inProblems, cli.filter((c) => c === code).length, `${code} in Problems:\n${text}`);
    }
    // The silenced syntax error of the large file is not shown; the other is.
    assert.equal(text.split('yaml-syntax').length - 1, 1, text);
  });
});
