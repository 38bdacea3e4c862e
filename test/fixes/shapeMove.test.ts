// The move between the two shapes of RoleAssignment (`v1api20220401` → `v20220401`), offered on a value of
// the other shape's enumeration: applied to the fixture and to odd texts (CRLF, lone CR, tabs, a block scalar
// at the end of the file), each result verified (verify.ts: it parses, the diagnostic is gone, nothing new)
// and read back: the apiVersion names the other shape, the rest of the manifest is as written. Where the
// target shape does not take a value, no move is offered and the message names the field. Where nothing calls
// for the move, it is a refactoring on the apiVersion (`refactor.rewrite`), disabled with the reason when a
// value stands in the way.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { parseAllDocuments, parseDocument, type YAMLMap } from 'yaml';
import { lspCodeActions } from '../../server/src/lsp/codeActionRequests';
import { plainActions } from './plainActions';
import { builtinRegistry } from '../../server/src/model/registry';
import { moveTo } from '../../server/src/service/checks/crd/kinds/versions';
import { applyEdits } from '../../server/src/service/core/edits';
import { codeActions } from '../../server/src/service/features/codeActions';
import { parseFile } from '../../server/src/service/core/parse';
import { validateFile } from '../../server/src/service/checks/validate';
import { verifyAction } from './verify';

const FIXTURE = readFileSync(
  join(__dirname, '..', 'fixtures', 'diagnostics', 'authorization', 'roleassignment-shapes.yaml'),
  'utf8',
);
const TO = 'authorization.cloud.example.com/v20220401';
const MOVE = `Change to \`${TO}\``;

/** Applies the move offered for the first `enum-other-version` of `text`, verified; the new text. */
function move(text: string): string {
  const file = parseFile(text);
  const diags = validateFile(file);
  const d = diags.find((x) => x.code === 'enum-other-version');
  assert.ok(d, `no enum-other-version in:\n${JSON.stringify(text)}\n${diags.map((x) => x.code).join(', ')}`);
  assert.match(d.message, new RegExp(`Every field it sets exists in \`v20220401\`: write \`${TO}\`\\.$`));
  const action = codeActions(file, [d]).find((a) => a.title === MOVE);
  assert.ok(
    action,
    `no "${MOVE}" among ${codeActions(file, [d])
      .map((a) => a.title)
      .join(' | ')}`,
  );
  assert.equal(action.safe, undefined, 'a choice between two edits: not part of fix-all');
  assert.deepEqual(verifyAction(text, diags, action), []);
  return applyEdits(text, action.edits);
}

const plain = (text: string) => parseAllDocuments(text).map((d) => d.toJS() as Record<string, unknown>);

test('shapes: every RoleAssignment of the fixture using a v20220401 value moves there, the rest unchanged', () => {
  let text = FIXTURE;
  const before = plain(text);
  for (let i = 0; i < 2; i++) text = move(text);
  assert.deepEqual(
    validateFile(parseFile(text)).map((d) => d.code),
    [],
  );
  const after = plain(text);
  assert.deepEqual(
    after.map((d) => d.apiVersion),
    [TO, TO, TO, 'authorization.cloud.example.com/v1api20220401'],
  );
  // Only the apiVersions changed: the same documents otherwise.
  assert.deepEqual(
    after.map((d) => ({ ...d, apiVersion: '' })),
    before.map((d) => ({ ...d, apiVersion: '' })),
  );
  assert.match(text, /^apiVersion: "authorization\.cloud\.example\.com\/v20220401"$/m, 'the quotes kept');
});

const ONE = [
  'apiVersion: authorization.cloud.example.com/v1api20220401',
  'kind: RoleAssignment',
  'metadata:',
  '  name: agent',
  'spec:',
  '  owner:',
  '    armId: /subscriptions/00000000-0000-0000-0000-000000000000',
  '  principalType: AgentUser',
  '  roleDefinitionReference:',
  '    wellKnownName: Reader',
  '  description: |',
  '    Reads',
  '',
].join('\n');

const ODD: Record<string, string> = {
  crlf: ONE.replace(/\n/g, '\r\n'),
  // A lone CR is no line break in YAML 1.2: it stays inside the comment and the block scalar.
  'lone CR in a comment and a block scalar': ONE.replace('  principalType', '  # an\ragent\n  principalType').replace(
    'Reads',
    'Re\rads',
  ),
  'tabs after values and in a comment': ONE.replace('AgentUser', 'AgentUser\t# an agent\t').replace(
    'kind: RoleAssignment',
    'kind: RoleAssignment\t',
  ),
  'CRLF after the apiVersion only': ONE.replace('v1api20220401\n', 'v1api20220401\r\n'),
  'block scalar header at the end of the file': ONE.replace('  description: |\n    Reads\n', '  description: |'),
  'block scalar at the end without a final newline': ONE.replace(/\n$/, ''),
  'a second document after it': `${ONE}---\n${ONE.replace('agent\n', 'agent-2\n')}`,
};

for (const [name, text] of Object.entries(ODD))
  test(`shapes: the move on odd text (${name}) gives YAML that parses to the same manifest in v20220401`, () => {
    const fixed = move(text);
    const docs = parseAllDocuments(fixed);
    assert.deepEqual(
      docs.flatMap((d) => d.errors.map((e) => e.message)),
      [],
    );
    const [first] = docs.map((d) => d.toJS() as { apiVersion: string; spec: { principalType: string } });
    assert.equal(first.apiVersion, TO);
    assert.equal(first.spec.principalType, 'AgentUser');
    assert.deepEqual(
      plain(fixed).map((d) => ({ ...d, apiVersion: '' })),
      plain(text).map((d) => ({ ...d, apiVersion: '' })),
    );
  });

test('shapes: back to v1api20220401, a value it does not take stands in the way and is named', () => {
  const text = ONE.replace('v1api20220401', 'v20220401');
  const doc = parseDocument(text);
  const v1api = builtinRegistry().kinds.find((d) => d.kind === 'RoleAssignment' && d.version === 'v1api20220401');
  assert.ok(v1api);
  const m = moveTo(doc, doc.contents as YAMLMap, v1api, text)!;
  assert.equal(m.fix, undefined);
  assert.match(
    m.advice,
    /`v1api20220401` is the version to move to, but it does not take what the manifest writes at `spec\.principalType`/,
  );
  // Without the value, nothing stands in the way.
  const device = text.replace('AgentUser', 'Device');
  const d2 = parseDocument(device);
  const ok = moveTo(d2, d2.contents as YAMLMap, v1api, device)!;
  assert.equal(ok.fix?.fix === 'replace' && ok.fix.candidates[0].text, 'authorization.cloud.example.com/v1api20220401');
});

/** The refactorings offered with the cursor at `at` (a file offset) of `text`. */
function refactorings(text: string, at: number, disabledSupport: boolean) {
  const file = parseFile(text);
  const position = file.lines.positionAt(at);
  return lspCodeActions(
    plainActions(file),
    {
      textDocument: { uri: 'file:///ra.yaml' },
      range: { start: position, end: position },
      context: { diagnostics: [], only: ['refactor'] },
    },
    { version: 1, documentChanges: false, disabledSupport },
  );
}

/** The refactoring at the apiVersion of the manifest in `text`, applied through its LSP edit. */
function refactored(text: string): string {
  const [a, ...more] = refactorings(text, text.indexOf('v20220401'), true);
  assert.equal(more.length, 0);
  assert.equal(a.title, 'Move the manifest to `authorization.cloud.example.com/v1api20220401`'.replace(/`/g, "'"));
  assert.equal(a.kind, 'refactor.rewrite');
  const file = parseFile(text);
  return applyEdits(
    text,
    a.edit!.changes!['file:///ra.yaml'].map((e) => ({
      start: file.lines.offsetAt(e.range.start),
      end: file.lines.offsetAt(e.range.end),
      newText: e.newText,
    })),
  );
}

for (const [name, text] of Object.entries(ODD))
  test(`shapes: the refactoring on odd text (${name}) gives YAML that parses to the same manifest in v1api20220401`, () => {
    const back = text.replace(/v1api20220401/g, 'v20220401').replace(/AgentUser/g, 'Device');
    const moved = refactored(back);
    const docs = parseAllDocuments(moved);
    assert.deepEqual(
      docs.flatMap((d) => d.errors.map((e) => e.message)),
      [],
    );
    assert.equal(
      (docs[0].toJS() as { apiVersion: string }).apiVersion,
      'authorization.cloud.example.com/v1api20220401',
    );
    assert.deepEqual(
      plain(moved)
        .slice(1)
        .concat([{ ...plain(moved)[0], apiVersion: '' }]),
      plain(back)
        .slice(1)
        .concat([{ ...plain(back)[0], apiVersion: '' }]),
    );
  });

test('shapes: on the apiVersion, a refactoring moves a manifest back to v1api20220401 when its values allow', () => {
  const text = ONE.replace('v1api20220401', 'v20220401').replace('AgentUser', 'Device');
  assert.deepEqual(
    validateFile(parseFile(text)).map((d) => d.code),
    [],
    'nothing calls for the move',
  );
  const [a, ...more] = refactorings(text, text.indexOf('v20220401'), true);
  assert.equal(more.length, 0);
  assert.equal(a.title, 'Move the manifest to `authorization.cloud.example.com/v1api20220401`'.replace(/`/g, "'"));
  assert.equal(a.kind, 'refactor.rewrite');
  const edits = a.edit!.changes!['file:///ra.yaml'];
  const file = parseFile(text);
  const moved = applyEdits(
    text,
    edits.map((e) => ({
      start: file.lines.offsetAt(e.range.start),
      end: file.lines.offsetAt(e.range.end),
      newText: e.newText,
    })),
  );
  assert.equal(
    (parseDocument(moved).toJS() as { apiVersion: string }).apiVersion,
    'authorization.cloud.example.com/v1api20220401',
  );
  assert.deepEqual(
    validateFile(parseFile(moved)).map((d) => d.code),
    [],
  );
  assert.deepEqual(refactorings(text, text.indexOf('kind: RoleAssignment'), true), [], 'only on the apiVersion');
});

test('shapes: a value the other shape does not allow makes the refactoring disabled, the reason naming it', () => {
  const text = ONE.replace('v1api20220401', 'v20220401');
  const [a] = refactorings(text, text.indexOf('authorization'), true);
  assert.equal(a.edit, undefined);
  assert.match(
    a.disabled?.reason ?? '',
    /does not take what the manifest writes at 'spec\.principalType': move those by hand/,
  );
  assert.deepEqual(
    refactorings(text, text.indexOf('authorization'), false),
    [],
    'a client that cannot show it disabled',
  );
});
