// Quick fixes and fix-all through the built server, as an editor asks for them: the diagnostics link to
// their code's page (which exists), carry their fix data, and the actions' edits applied to the document
// make the diagnostics go; data from an older version of the document offers no fix.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeAction, Diagnostic, TextEdit } from 'vscode-languageserver';
import { TestClient } from './lspClient';

const MISTAKES = readFileSync(join(__dirname, '..', '..', 'examples', 'mistakes', 'common-mistakes.yaml'), 'utf8');

const editsOf = (a: CodeAction, uri: string): TextEdit[] => {
  const e = a.edit!;
  if (e.documentChanges)
    return (e.documentChanges as { textDocument: { uri: string }; edits: TextEdit[] }[]).find(
      (c) => c.textDocument.uri === uri,
    )!.edits;
  return e.changes![uri];
};
const apply = (text: string, edits: TextEdit[]) =>
  TextDocument.applyEdits(TextDocument.create('x', 'yaml', 1, text), edits);

describe('code actions over stdio', () => {
  let client: TestClient;
  before(async () => {
    client = new TestClient();
    const init = (await client.initialize()) as {
      capabilities: { codeActionProvider?: { codeActionKinds?: string[] } };
    };
    assert.deepEqual(init.capabilities.codeActionProvider?.codeActionKinds, [
      'quickfix',
      'refactor.rewrite',
      'source.fixAll.cloudManifests',
    ]);
  });
  after(async () => client.stop());

  const actions = (uri: string, diagnostics: Diagnostic[], only?: string[]) =>
    client.conn.sendRequest('textDocument/codeAction', {
      textDocument: { uri },
      range: diagnostics[0]?.range ?? { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      context: { diagnostics, ...(only ? { only } : {}) },
    }) as Promise<CodeAction[]>;

  test('every diagnostic links to its page, shipped in docs/codes/', async () => {
    const uri = client.uri('links.yaml');
    const diags = await client.open(uri, MISTAKES);
    assert.ok(diags.length > 5);
    for (const d of diags) {
      const href = d.codeDescription?.href ?? '';
      assert.ok(href.endsWith(`/${d.code}.md`), href);
      assert.ok(existsSync(fileURLToPath(href)), `${href} exists`);
    }
  });

  test('cloudManifests.docsBaseUrl points the links elsewhere', async () => {
    const other = new TestClient({ settings: { docsBaseUrl: 'https://docs.example.com/cloud-manifests/codes' } });
    try {
      await other.initialize();
      const diags = await other.open(other.uri('base.yaml'), MISTAKES);
      assert.equal(
        diags.find((d) => d.code === 'enum-case')?.codeDescription?.href,
        'https://docs.example.com/cloud-manifests/codes/enum-case.md',
      );
    } finally {
      await other.stop();
    }
  });

  test('a docsBaseUrl that is not https: is ignored, with a line in the log', async () => {
    for (const url of [
      'http://docs.example.com/codes',
      'file:///etc/',
      'javascript:alert(1)//',
      'command:workbench.action.terminal.new',
    ]) {
      const other = new TestClient({ settings: { docsBaseUrl: url } });
      try {
        await other.initialize();
        const diags = await other.open(other.uri('base.yaml'), MISTAKES);
        const href = diags.find((d) => d.code === 'enum-case')?.codeDescription?.href ?? '';
        assert.ok(
          href.startsWith('file://') && existsSync(fileURLToPath(href)),
          `${url}: the shipped page, not ${href}`,
        );
        assert.ok(
          other.logs.some((l) => l.includes(`docsBaseUrl "${url}" is ignored: only an https: address is used`)),
          other.logs.join('\n'),
        );
      } finally {
        await other.stop();
      }
    }
  });

  test('the light bulb on `accessTier: hot` offers `Hot` first; applied, the error goes', async () => {
    const uri = client.uri('quickfix.yaml');
    const diags = await client.open(uri, MISTAKES);
    const d = diags.find((x) => x.code === 'enum-case')!;
    assert.ok(d.data, 'the diagnostic carries its fix data');
    const list = await actions(uri, [d]);
    assert.deepEqual(
      list.map((a) => a.title),
      ["Change to 'Hot'", 'Disable enum-case for this line'],
    );
    assert.equal(list[0].isPreferred, true);
    assert.equal(list[0].kind, 'quickfix');
    const fixed = apply(MISTAKES, editsOf(list[0], uri));
    assert.match(fixed, /accessTier: Hot # mistake/);
    const after = await client.change(uri, fixed);
    assert.equal(after.filter((x) => x.code === 'enum-case').length, 0);
    assert.equal(after.length, diags.length - 1);
    // Disable, on another diagnostic: a directive above the line, and the diagnostic goes.
    const status = after.find((x) => x.code === 'status-read-only')!;
    const dis = (await actions(uri, [status])).find((a) => a.title === 'Disable status-read-only for this line')!;
    const silenced = apply(fixed, editsOf(dis, uri));
    assert.match(silenced, /\n# cloud-manifests-disable-next-line status-read-only\nstatus:/);
    assert.equal((await client.change(uri, silenced)).filter((x) => x.code === 'status-read-only').length, 0);
  });

  test('data from an older version of the document offers no fix but Disable', async () => {
    const uri = client.uri('stale.yaml');
    const diags = await client.open(uri, MISTAKES);
    const d = diags.find((x) => x.code === 'enum-case')!;
    await client.change(uri, MISTAKES.replace('accessTier: hot', 'accessTier: hotter'));
    const list = await actions(uri, [d]);
    assert.deepEqual(
      list.map((a) => a.title),
      ['Disable enum-case for this line'],
    );
  });

  test('source.fixAll.cloudManifests applies the safe fixes (case, seconds, the single did-you-mean) and nothing else', async () => {
    const uri = client.uri('fixall.yaml');
    const diags = await client.open(uri, MISTAKES);
    const list = await actions(uri, [], ['source.fixAll']);
    assert.equal(list.length, 1);
    assert.equal(list[0].kind, 'source.fixAll.cloudManifests');
    const fixed = apply(MISTAKES, editsOf(list[0], uri));
    assert.match(fixed, /accessTier: Hot /);
    assert.match(fixed, /retentionPeriod: 2592000 /);
    assert.match(fixed, /conditionVersion: "2.0" /);
    assert.match(fixed, /webHook: # mistake/, 'an exclusive member is a choice, not a safe fix');
    const after = await client.change(uri, fixed);
    assert.equal(after.length, diags.length - 3);
    assert.deepEqual(await actions(uri, [], ['quickfix']).then((l) => l.length), 0, 'no quick fix without diagnostics');
  });
});
