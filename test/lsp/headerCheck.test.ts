// The stdio headers checked before the protocol library reads them (lsp/headerCheck.ts): good messages pass
// through byte for byte however the stream cuts them; the first bad header is reported once, and nothing
// of it or after it passes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkedHeaders, headerProblem, MAX_MESSAGE_BYTES } from '../../server/src/lsp/headerCheck';

const frame = (body: string) => `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;

async function run(chunks: Buffer[]): Promise<{ out: Buffer; problems: string[] }> {
  const problems: string[] = [];
  const t = checkedHeaders((p) => problems.push(p));
  const out: Buffer[] = [];
  t.on('data', (d: Buffer) => out.push(d));
  const ended = new Promise((r) => t.on('end', r));
  for (const c of chunks) t.write(c);
  t.end();
  await ended;
  return { out: Buffer.concat(out), problems };
}

test('good messages pass through unchanged, cut anywhere (one byte at a time, headers split across writes)', async () => {
  const input = Buffer.from(
    frame('{"jsonrpc":"2.0","method":"a","params":{"t":"é😀\\r\\n---"}}') + frame('{}') + frame(''),
  );
  const bytes = [...input].map((b) => Buffer.from([b]));
  for (const chunks of [[input], bytes, [input.subarray(0, 17), input.subarray(17)]]) {
    const { out, problems } = await run(chunks);
    assert.deepEqual(problems, []);
    assert.ok(out.equals(input));
  }
});

test('a bad header is reported once and nothing of it passes; the messages before it do', async () => {
  const good = frame('{"a":1}');
  const { out, problems } = await run([Buffer.from(`${good}Content-Length: -5\r\n\r\n{}${good}`)]);
  assert.deepEqual(problems, ['Content-Length "-5" is not a number of bytes']);
  assert.equal(out.toString(), good);
  const split = await run([Buffer.from(good), Buffer.from('Content-Length: 1e3\r\n\r\n{}')]);
  assert.equal(split.out.toString(), good);
  assert.deepEqual(split.problems, ['Content-Length "1e3" is not a number of bytes']);
});

test('what a header may not be', () => {
  assert.equal(headerProblem('Content-Length: 12'), undefined);
  assert.equal(
    headerProblem('content-length:12\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8'),
    undefined,
  );
  assert.equal(headerProblem('Content-Type: x'), 'no Content-Length');
  assert.equal(headerProblem('Content-Length: 1\r\nContent-Length: 2'), 'more than one Content-Length');
  assert.match(headerProblem(`Content-Length: ${MAX_MESSAGE_BYTES + 1}`)!, /over the limit/);
  assert.match(headerProblem('Content-Length: 2x')!, /not a number of bytes/);
});
