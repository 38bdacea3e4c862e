// Editing a Kustomize overlay's files: the analysis renders again only the resources whose inputs changed
// (RenderMemo in kustomize/render.ts; its `renderSteps` counts the steps it computed), and what the user
// sees follows every edit: a rendered problem appears, moves with its line, and goes.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Analysis } from '../../server/src/service/analysis';

const ROOT = 'file:///repo';
const BASE = `${ROOT}/base/accounts.yaml`;
const PATCH = `${ROOT}/overlays/prod/patch.yaml`;
const K = `${ROOT}/overlays/prod/kustomization.yaml`;
const OTHER = `${ROOT}/other/accounts.yaml`;
const COUNT = 30;
/** The account of the base whose type has the fixed tier `Premium`. */
const BLOCK_BLOB = 20;

const account = (i: number, kind = i === BLOCK_BLOB ? 'BlockBlobStorage' : 'StorageV2') =>
  `apiVersion: storage.cloud.example.com/v20220901
kind: StorageAccount
metadata:
  name: store${i}
spec:
  location: westus2
  owner:
    name: rg
  kind: ${kind}
  sku:
    name: Standard_LRS
  accessTier: ${kind === 'BlockBlobStorage' ? 'Premium' : 'Hot'}
`;
const patchDoc = (i: number, tier = i === BLOCK_BLOB ? 'Premium' : 'Cool') =>
  `apiVersion: storage.cloud.example.com/v20220901
kind: StorageAccount
metadata:
  name: store${i}
spec:
  accessTier: ${tier}
  tags:
    env: prod
`;
const all = (f: (i: number) => string) => Array.from({ length: COUNT }, (_, i) => f(i)).join('---\n');
const OPS = '- op: add\n  path: /spec/isHnsEnabled\n  value: true\n';
const KUSTOMIZATION = `resources:
  - ../../base
namePrefix: prod
namespace: prod
patches:
  - path: patch.yaml
  - path: ops.yaml
    target:
      kind: StorageAccount
`;

function overlay(): Analysis {
  const a = new Analysis();
  a.indexFile(`${ROOT}/base/kustomization.yaml`, 'resources:\n  - group.yaml\n  - accounts.yaml\n');
  a.indexFile(
    `${ROOT}/base/group.yaml`,
    'apiVersion: resources.cloud.example.com/v1api20200601\nkind: ResourceGroup\nmetadata:\n  name: rg\nspec:\n  location: westus2\n',
  );
  a.indexFile(
    BASE,
    all((i) => account(i)),
  );
  a.indexFile(K, KUSTOMIZATION);
  a.indexFile(`${ROOT}/overlays/prod/ops.yaml`, OPS);
  a.indexFile(
    PATCH,
    all((i) => patchDoc(i)),
  );
  return a;
}

/** An open document's diagnostics as the editor gets them: code, line and the text under the range. */
function shown(a: Analysis, uri: string, version: number, text: string): string[] {
  const file = a.openFile(uri, version, text);
  a.updateFile(uri, file);
  return a
    .fileDiagnostics(uri, file, { complete: true })
    .map((d) => `${d.code} ${file.lines.positionAt(d.start).line}: ${text.slice(d.start, d.end)}`);
}

describe('editing an overlay renders again only what changed', () => {
  test('an edit of one patch document renders its resource alone; its rendered problem comes, moves and goes', () => {
    const a = overlay();
    const clean = all((i) => patchDoc(i));
    assert.deepEqual(shown(a, PATCH, 1, clean), []);
    const rendered = a.renderSteps;
    assert.ok(rendered >= 3 * COUNT, `every account merged, operated on and named: ${rendered} steps`);

    // Asked again, or after an edit of a file the overlay does not read: nothing is rendered again.
    assert.deepEqual(shown(a, PATCH, 1, clean), []);
    a.updateFile(
      OTHER,
      all((i) => account(i + 100)),
    );
    assert.deepEqual(shown(a, PATCH, 1, clean), []);
    assert.equal(a.renderSteps, rendered);

    // `Cool` on the BlockBlobStorage account: wrong in the rendered overlay alone, shown on the patch's line.
    const cool = all((i) => (i === BLOCK_BLOB ? patchDoc(i, 'Cool') : patchDoc(i)));
    // The line of that account's tier (the only `Premium` the patch writes).
    const line = clean.split('\n').indexOf('  accessTier: Premium');
    assert.deepEqual(shown(a, PATCH, 2, cool), [`access-tier-block-blob-premium ${line}: accessTier`]);
    // That document's resource was merged, operated on and named again; no other.
    assert.equal(a.renderSteps - rendered, 3);
    const d = a.fileDiagnostics(PATCH, undefined, { complete: true });
    assert.match(d[0].message, /\(in overlays\/prod\)$/);

    // A line written above it: the first document renders again, and the problem moves down with its line.
    const before = a.renderSteps;
    assert.deepEqual(shown(a, PATCH, 3, `# prod\n${cool}`), [`access-tier-block-blob-premium ${line + 1}: accessTier`]);
    assert.equal(a.renderSteps - before, 3);

    // Back to `Premium`: gone.
    assert.deepEqual(shown(a, PATCH, 4, `# prod\n${clean}`), []);
  });

  test('a patch file opened is parsed and checked once per document, as a partial manifest', () => {
    const a = overlay();
    const text = all((i) => patchDoc(i).replace('env: prod', `env: prod-${i}`));
    const before = { ...a.counters };
    const file = a.openFile(PATCH, 1, text);
    a.updateFile(PATCH, file);
    assert.deepEqual(a.fileDiagnostics(PATCH, file, { complete: true }, 'first'), []);
    assert.deepEqual(
      { parses: a.counters.parses - before.parses, validations: a.counters.validations - before.validations },
      { parses: COUNT, validations: COUNT },
    );
  });

  test("an edit of one base document renders that resource again in the overlay, and the patch's problems follow", () => {
    const a = overlay();
    assert.deepEqual(
      shown(
        a,
        PATCH,
        1,
        all((i) => patchDoc(i)),
      ),
      [],
    );
    const rendered = a.renderSteps;
    // The base's account 5 becomes a BlockBlobStorage one: the patch's `Cool` for it is now wrong.
    const base = all((i) => (i === 5 ? account(i, 'BlockBlobStorage') : account(i)));
    a.updateFile(BASE, base);
    const text = all((i) => patchDoc(i));
    const line = text.split('\n').indexOf('  name: store5') + 2;
    assert.deepEqual(
      a
        .fileDiagnostics(PATCH, undefined, { complete: true })
        .map((x) => `${x.code} ${text.slice(0, x.start).split('\n').length - 1}`),
      [`access-tier-block-blob-premium ${line}`],
    );
    // That account alone: merged, operated on and named in prod (the base's kustomization only lists it).
    assert.equal(a.renderSteps - rendered, 3);
  });
});

describe('what a rendering keeps follows the edits of what it read', () => {
  const OPS_URI = `${ROOT}/overlays/prod/ops.yaml`;
  const COOL = '- op: replace\n  path: /spec/accessTier\n  value: Cool\n';
  const targeting = (name: string, prefix = 'prod') =>
    KUSTOMIZATION.replace('namePrefix: prod', `namePrefix: ${prefix}`).replace(
      '      kind: StorageAccount\n',
      `      kind: StorageAccount\n      name: ${name}\n`,
    );
  const opsProblems = (a: Analysis) =>
    a
      .fileDiagnostics(OPS_URI, undefined, { complete: true })
      .map((d) => `${d.code} ${COOL.slice(0, d.start).split('\n').length - 1}: ${d.message.slice(-18)}`);

  test('a targeted patch applies to what its target selects now: the target edited, then the base', () => {
    const a = overlay();
    a.updateFile(OPS_URI, COOL);
    a.updateFile(K, targeting(`store${BLOCK_BLOB}`));
    // `Cool` on the BlockBlobStorage account, written by the operation: shown on the operation's value line.
    assert.deepEqual(opsProblems(a), ['access-tier-block-blob-premium 2: (in overlays/prod)']);
    // The target now names an account with a tier that may change: nothing wrong.
    a.updateFile(K, targeting('store3'));
    assert.deepEqual(opsProblems(a), []);
    // That account becomes a BlockBlobStorage one in the base: the same target, the same operation, wrong again.
    a.updateFile(
      BASE,
      all((i) => (i === 3 ? account(i, 'BlockBlobStorage') : account(i))),
    );
    assert.deepEqual(opsProblems(a), ['access-tier-block-blob-premium 2: (in overlays/prod)']);
    // The kustomization's prefix edited (its text parsed again): the rendering still holds the problem.
    a.updateFile(K, targeting('store3', 'production-'));
    assert.deepEqual(opsProblems(a), ['access-tier-block-blob-premium 2: (in overlays/prod)']);
  });
});

test("a file's diagnostics with the overlays' told apart: only the rendered ones are theirs", () => {
  const a = overlay();
  const text = all((i) => (i === BLOCK_BLOB ? patchDoc(i, 'Cool') : patchDoc(i))).replace('env: prod', 'env: [prod]');
  const file = a.openFile(PATCH, 1, text);
  a.updateFile(PATCH, file);
  const { all: every, rendered } = a.diagnosticsWithRendered(PATCH, file, { complete: true });
  // The patch's own mistake (a list where a tag value goes) and the overlay's (`Cool` on a BlockBlobStorage).
  assert.deepEqual(every.map((d) => d.code).sort(), ['access-tier-block-blob-premium', 'wrong-type']);
  assert.deepEqual(
    rendered.map((d) => d.code),
    ['access-tier-block-blob-premium'],
  );
  assert.deepEqual(a.fileDiagnostics(PATCH, file, { complete: true }), every);
});
