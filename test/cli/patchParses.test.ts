// The CLI parses a file of JSON 6902 operations once for its diagnostics (issue 30: 30,000 operations in a
// 1.5 MB file, each parse a second of CPU and hundreds of MB): its documents were first analysed as whole
// manifests, then parsed again by the patch's own check. Counted on the texts the analysis parses (the
// render reads the file with its own parse, not counted here).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { checkWorkspace, loadWorkspace } from '../../server/src/cli/runWorkspace';
import { ChunkStore } from '../../server/src/service/core/parse';
import { DEFAULT_SETTINGS } from '../../server/src/service/core/settings';
import { account, rg } from '../workspace/helpers';

const OPS =
  '- op: replace\n  path: /spec/location\n  value: eastus\n- op: replace\n  path: /spec/nothere/x\n  value: 1\n';
const dir = mkdtempSync(join(tmpdir(), 'cm-cli-patch-parses-'));
after(() => rmSync(dir, { recursive: true, force: true }));

test('cli: an operations file is parsed once for its diagnostics', async () => {
  const files: Record<string, string> = {
    'kustomization.yaml':
      'resources:\n  - sa.yaml\n  - rg.yaml\npatches:\n  - path: ops.yaml\n    target:\n      kind: StorageAccount\n',
    'sa.yaml': account('acctsa', 'rg-app'),
    'rg.yaml': rg('rg-app'),
    'ops.yaml': OPS,
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  const inputs = Object.keys(files).map((n) => ({ kind: 'file' as const, path: join(dir, n), display: n }));
  const { workspace } = await loadWorkspace(inputs, { cwd: dir });
  const parsed: string[] = [];
  const count = ChunkStore.prototype.parsed;
  ChunkStore.prototype.parsed = function (c) {
    parsed.push(c.text);
    count.call(this, c);
  };
  try {
    const results = checkWorkspace(workspace, DEFAULT_SETTINGS);
    // Its check ran: the operation on a path that is not there is reported.
    const ops = results.find((r) => r.file.display === 'ops.yaml');
    assert.ok(
      ops?.diags.some((d) => OPS.slice(d.start, d.end).includes('nothere')),
      JSON.stringify(ops?.diags),
    );
  } finally {
    ChunkStore.prototype.parsed = count;
  }
  assert.equal(parsed.filter((t) => t === OPS).length, 1);
});
