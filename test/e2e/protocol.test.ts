// The protocol under bad input, over stdio as a client would send it: wrong or missing parameters get
// -32602 with a message naming the field (never an internal error), a repeated version never leaves
// diagnostics on an old text, requests outside the initialize…shutdown window get the errors LSP prescribes,
// a cancelled request is answered as cancelled, and a malformed header makes the server exit so the client
// can restart it (rather than live on deaf).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import { CancellationTokenSource, type ResponseError } from 'vscode-languageserver-protocol/node';
import { storageAccount } from '../helpers/manifests';
import { SERVER, TestClient } from './lspClient';

const MISTAKE = storageAccount({ domain: 'cloud.example.com', accessTier: null, minimumTlsVersion: 'TLS1_9' });
const CLEAN = MISTAKE.replace('TLS1_9', 'TLS1_2');

/** The built server over stdio, spoken to in raw JSON-RPC (for messages no client library sends). */
class RawServer {
  readonly proc = spawn(process.execPath, [SERVER, '--stdio'], { stdio: 'pipe' });
  stderr = '';
  private out = Buffer.alloc(0);
  private waiting = new Map<number, (m: RawResponse) => void>();
  private id = 0;
  constructor() {
    this.proc.stderr.on('data', (d) => (this.stderr += String(d)));
    this.proc.stdout.on('data', (d: Buffer) => {
      this.out = Buffer.concat([this.out, d]);
      for (;;) {
        const end = this.out.indexOf('\r\n\r\n');
        if (end < 0) return;
        const length = Number(/Content-Length: (\d+)/i.exec(this.out.subarray(0, end).toString())![1]);
        if (this.out.length < end + 4 + length) return;
        const message = JSON.parse(this.out.subarray(end + 4, end + 4 + length).toString()) as RawResponse;
        this.out = this.out.subarray(end + 4 + length);
        if (typeof message.id === 'number' && !('method' in message)) this.waiting.get(message.id)?.(message);
      }
    });
  }
  private send(message: object): void {
    const body = JSON.stringify({ jsonrpc: '2.0', ...message });
    this.proc.stdin.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  }
  request(method: string, params: unknown): Promise<RawResponse> {
    const id = ++this.id;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.send({ id, method, params });
    });
  }
  notify(method: string, params: unknown): void {
    this.send({ method, params });
  }
  kill(): void {
    this.proc.kill();
  }
}
interface RawResponse {
  id?: number;
  result?: unknown;
  error?: { code: number; message: string };
}

async function errorOf(p: Promise<unknown>): Promise<{ code: number; message: string }> {
  try {
    const r = await p;
    assert.fail(`expected an error, got ${JSON.stringify(r)}`);
  } catch (e) {
    const err = e as ResponseError<unknown>;
    if (typeof err.code !== 'number') throw e;
    return { code: err.code, message: err.message };
  }
}

describe('protocol under bad input', () => {
  const client = new TestClient();
  const uri = client.uri('protocol.yaml');
  before(async () => {
    await client.initialize();
    await client.open(uri, CLEAN);
  });
  after(() => client.stop());

  const position = { line: 5, character: 4 };
  const cases: [string, string, unknown, RegExp][] = [
    [
      'hover, position null',
      'textDocument/hover',
      { textDocument: { uri }, position: null },
      /`position` must be an object/,
    ],
    [
      'completion, textDocument null',
      'textDocument/completion',
      { textDocument: null, position },
      /`textDocument` must be an object/,
    ],
    [
      'definition, line negative',
      'textDocument/definition',
      { textDocument: { uri }, position: { line: -1, character: 0 } },
      /`position.line` must be a non-negative integer; found -1/,
    ],
    [
      'references without context',
      'textDocument/references',
      { textDocument: { uri }, position },
      /`context.includeDeclaration` must be a boolean/,
    ],
    [
      'rename without newName',
      'textDocument/rename',
      { textDocument: { uri }, position },
      /`newName` must be a string; found missing/,
    ],
    [
      'rename with a number as newName',
      'textDocument/rename',
      { textDocument: { uri }, position, newName: 42 },
      /`newName` must be a string; found 42/,
    ],
    [
      'prepareRename, uri a number',
      'textDocument/prepareRename',
      { textDocument: { uri: 7 }, position },
      /`textDocument.uri` must be a non-empty string/,
    ],
    ['documentSymbol without params', 'textDocument/documentSymbol', {}, /`textDocument` must be an object/],
    [
      'codeLens, textDocument a string',
      'textDocument/codeLens',
      { textDocument: uri },
      /`textDocument` must be an object/,
    ],
    ['workspace/symbol without query', 'workspace/symbol', {}, /`query` must be a string/],
  ];
  for (const [name, method, params, message] of cases) {
    test(`${name}: -32602 InvalidParams naming the field`, async () => {
      const e = await errorOf(client.conn.sendRequest(method, params));
      assert.equal(e.code, -32602, e.message);
      assert.match(e.message, message);
    });
  }

  // The typed helpers of the protocol library read `params.workDoneToken` before any check: `params: null` was
  // answered -32603 with a TypeError. Sent raw (the client library refuses to send them), to every request
  // the server answers.
  test('every request with params null or a number: -32602 InvalidParams saying the parameters must be an object', async () => {
    const methods = [
      'textDocument/hover',
      'textDocument/completion',
      'textDocument/definition',
      'textDocument/references',
      'textDocument/prepareRename',
      'textDocument/rename',
      'textDocument/codeAction',
      'textDocument/documentSymbol',
      'textDocument/codeLens',
      'textDocument/diagnostic',
      'workspace/symbol',
    ];
    const raw = new RawServer();
    try {
      assert.ok((await raw.request('initialize', { processId: null, rootUri: null, capabilities: {} })).result);
      raw.notify('initialized', {});
      for (const method of methods)
        for (const [params, shown] of [
          [null, 'null'],
          [7, '7'],
        ] as const) {
          const r = await raw.request(method, params);
          assert.equal(r.error?.code, -32602, `${method} ${shown}: ${JSON.stringify(r)}`);
          assert.match(r.error!.message, new RegExp(`the parameters must be an object; found ${shown}`), method);
        }
      // The extension's own request takes no parameters, or an object with a list of strings.
      const check = await raw.request('cloudManifests/checkWorkspace', 7);
      assert.equal(check.error?.code, -32602, JSON.stringify(check));
      const uris = await raw.request('cloudManifests/checkWorkspace', { uris: 'file:///a.yaml' });
      assert.equal(uris.error?.code, -32602, JSON.stringify(uris));
      assert.match(uris.error!.message, /`uris` must be a list of strings/);
      assert.doesNotMatch(raw.stderr, /TypeError/);
    } finally {
      raw.kill();
    }
  });

  test('didChangeWorkspaceFolders with removed null or added null: a warning, no TypeError, the server goes on', async () => {
    for (const event of [{ added: [], removed: null }, { added: null, removed: [] }, null])
      await client.conn.sendNotification('workspace/didChangeWorkspaceFolders', { event });
    const h = await client.conn.sendRequest('textDocument/hover', {
      textDocument: { uri },
      position: { line: 11, character: 4 },
    });
    assert.ok(h, 'hover still answered');
    const logged = client.logs.join('\n');
    assert.match(logged, /didChangeWorkspaceFolders: `event.removed` must be an array; found null/);
    assert.match(logged, /didChangeWorkspaceFolders: `event.added` must be an array; found null/);
    assert.match(logged, /didChangeWorkspaceFolders: `event` must be an object; found null/);
    assert.doesNotMatch(client.stderr + logged, /TypeError/);
  });

  test('didChangeWatchedFiles with changes null: ignored with a warning, the server goes on', async () => {
    await client.conn.sendNotification('workspace/didChangeWatchedFiles', { changes: null });
    const h = await client.conn.sendRequest('textDocument/hover', {
      textDocument: { uri },
      position: { line: 11, character: 4 },
    });
    assert.ok(h, 'hover still answered');
    assert.doesNotMatch(client.stderr, /TypeError/);
  });

  test('no stack trace logged for any of the bad requests', () => {
    assert.doesNotMatch(client.stderr, /TypeError|at .*\.js:\d+/);
  });

  test('a didChange that repeats a version: diagnostics follow the new text', async () => {
    const u = client.uri('repeat-change.yaml');
    assert.equal((await client.open(u, MISTAKE)).length, 1);
    const wait = client.waitForDiagnostics(u, (p) => p.diagnostics.length === 0);
    await client.conn.sendNotification('textDocument/didChange', {
      textDocument: { uri: u, version: 1 },
      contentChanges: [{ text: CLEAN }],
    });
    assert.deepEqual((await wait).diagnostics, []);
  });

  test('a second didOpen with the same version and another text: diagnostics follow the new text', async () => {
    const u = client.uri('repeat-open.yaml');
    assert.equal((await client.open(u, CLEAN)).length, 0);
    const wait = client.waitForDiagnostics(u, (p) => p.diagnostics.length === 1);
    await client.conn.sendNotification('textDocument/didOpen', {
      textDocument: { uri: u, languageId: 'yaml', version: 1, text: MISTAKE },
    });
    assert.match(String((await wait).diagnostics[0].message), /TLS1_9/);
  });

  test('a request cancelled while it waits behind another is answered -32800 RequestCancelled, never run', async () => {
    // A large document opened and hovered: the first hover analyses it, and the second hover and its
    // cancellation arrive meanwhile.
    const big = client.uri('cancel-big.yaml');
    const text = Array.from({ length: 1500 }, (_, i) => CLEAN.replace('name: acct', `name: acct${i}`)).join('---\n');
    await client.conn.sendNotification('textDocument/didOpen', {
      textDocument: { uri: big, languageId: 'yaml', version: 1, text },
    });
    const at = { textDocument: { uri: big }, position: { line: 11, character: 4 } };
    const first = client.conn.sendRequest('textDocument/hover', at);
    const source = new CancellationTokenSource();
    const second = errorOf(client.conn.sendRequest('textDocument/hover', at, source.token));
    source.cancel();
    assert.ok(await first, 'the first hover is answered');
    const e = await second;
    assert.equal(e.code, -32800, e.message);
  });
});

describe('lifecycle', () => {
  test('a request before initialize gets -32002; after shutdown -32600; exit after shutdown ends with 0', async () => {
    const client = new TestClient();
    try {
      const uri = client.uri('early.yaml');
      const early = await errorOf(
        client.conn.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 0 } }),
      );
      assert.equal(early.code, -32002);
      await client.initialize();
      await client.open(uri, CLEAN);
      assert.ok(
        await client.conn.sendRequest('textDocument/hover', {
          textDocument: { uri },
          position: { line: 11, character: 4 },
        }),
      );
      await client.conn.sendRequest('shutdown');
      const late = await errorOf(
        client.conn.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 11, character: 4 } }),
      );
      assert.equal(late.code, -32600);
      const exited = new Promise<number | null>((r) => client.proc!.once('exit', (code) => r(code)));
      await client.conn.sendNotification('exit');
      assert.equal(await exited, 0);
    } finally {
      if (client.proc!.exitCode === null) client.proc!.kill();
      client.conn.dispose();
    }
  });

  for (const [name, header] of [
    ['a Content-Length that is not a number', 'Content-Length: abc\r\n\r\n{}'],
    ['no Content-Length', 'Content-Type: application/vscode-jsonrpc\r\n\r\n{}'],
    ['a negative Content-Length', 'Content-Length: -5\r\n\r\n{}'],
    ['a Content-Length with trailing letters', 'Content-Length: 2x\r\n\r\n{}'],
    ['an absurdly large Content-Length', 'Content-Length: 99999999999999999999\r\n\r\n{}'],
  ]) {
    test(`a malformed header (${name}): the server exits with an error, so the client can restart it`, async () => {
      const proc = spawn(process.execPath, [SERVER, '--stdio'], { stdio: 'pipe' });
      let stderr = '';
      proc.stderr.on('data', (d) => (stderr += String(d)));
      const exited = new Promise<number | null>((r) => proc.once('exit', (code) => r(code)));
      proc.stdin.write(header);
      const code = await Promise.race([
        exited,
        new Promise<string>((r) => setTimeout(() => r('still running after 5 s'), 5000)),
      ]);
      if (proc.exitCode === null) proc.kill();
      assert.equal(code, 1, stderr);
      // One clear line, no stack.
      assert.match(
        stderr,
        /^cloud-manifests: unreadable message header \(.+\); exiting so that the client can restart the server\n$/,
      );
      assert.doesNotMatch(stderr, /TypeError/);
    });
  }

  test('a body that is not JSON is skipped; the next message is answered', async () => {
    const client = new TestClient();
    try {
      const body = '{not json';
      client.proc!.stdin.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
      await client.initialize();
      const uri = client.uri('after-garbage.yaml');
      assert.equal((await client.open(uri, MISTAKE)).length, 1);
    } finally {
      await client.stop();
    }
  });
});

describe('document notifications under bad input', () => {
  const client = new TestClient();
  before(() => client.initialize());
  after(() => client.stop());

  test('didOpen without text, didChange with a number as text or a bad range: dropped with a warning, the document keeps its text', async () => {
    const uri = client.uri('bad-sync.yaml');
    await client.conn.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'yaml', version: 1 },
    });
    assert.equal((await client.open(uri, MISTAKE)).length, 1);
    await client.conn.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: 2 },
      contentChanges: [{ text: 42 }],
    });
    await client.conn.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: 3 },
      contentChanges: [{ range: { start: { line: -1 } }, text: 'x' }],
    });
    await client.conn.sendNotification('textDocument/didChange', { textDocument: null, contentChanges: [] });
    await client.conn.sendNotification('textDocument/didClose', { textDocument: null });
    // The text is still the one opened: the hover on the field answers, and a real change is taken.
    const h = await client.conn.sendRequest('textDocument/hover', {
      textDocument: { uri },
      position: { line: 11, character: 4 },
    });
    assert.ok(h, 'the document kept its text');
    const wait = client.waitForDiagnostics(uri, (p) => p.version === 4);
    await client.conn.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: 4 },
      contentChanges: [{ text: CLEAN }],
    });
    assert.deepEqual((await wait).diagnostics, []);
    const logged = client.logs.join('\n');
    assert.match(logged, /textDocument\/didOpen: `textDocument.text` must be a string; found missing; ignored/);
    assert.match(logged, /textDocument\/didChange: `contentChanges\[0\].text` must be a string; found 42; ignored/);
    assert.doesNotMatch(logged + client.stderr, /TypeError|failed with message/);
  });
});
