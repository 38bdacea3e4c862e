// Standard input read on a thread of its own, so that `exit` and the end of input are honoured while the
// main thread is busy (a long synchronous check of a huge file or a hostile input): the thread passes every
// byte on to the main thread, which reads the messages as before, and watches the framing for an `exit`
// notification and for the end of the stream. The main thread then exits as usual (code 0 after `shutdown`,
// 1 otherwise); if it has not within GRACE_MS, being blocked, the thread ends the process itself
// (SIGKILL: a blocked main thread runs no signal handler, and the client is not waiting for anything more).
import { PassThrough } from 'node:stream';
import { Worker } from 'node:worker_threads';

/** How long the main thread has to exit by itself once `exit` came or input ended (it takes 13–61 ms). */
export const GRACE_MS = 500;

/**
 * The thread's program, run from its source text (no second bundle to ship): self-contained, plain
 * JavaScript, no name from outside. Its messages: chunks of input (Uint8Array), then `'end'` once.
 */
function watcher(): void {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { parentPort, workerData } = require('node:worker_threads') as typeof import('node:worker_threads');
  const net = require('node:net') as typeof import('node:net');
  const fs = require('node:fs') as typeof import('node:fs');
  /* eslint-enable @typescript-eslint/no-require-imports */
  const grace = (workerData as { grace: number }).grace;
  const port = parentPort!;
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    port.postMessage('end');
    // The main thread exits well within this when it is free; the timer keeps this thread alive until then.
    setTimeout(() => process.kill(process.pid, 'SIGKILL'), grace);
  };
  // The framing, followed only to find `exit` (the main thread checks headers and reports what is wrong).
  let header = '';
  let body = 0;
  let small: Buffer[] | undefined;
  let following = true;
  const scan = (chunk: Buffer) => {
    let at = 0;
    while (following && at < chunk.length) {
      if (body > 0) {
        const n = Math.min(body, chunk.length - at);
        small?.push(chunk.subarray(at, at + n));
        body -= n;
        at += n;
        if (body === 0 && small) {
          const text = Buffer.concat(small).toString('utf8');
          small = undefined;
          try {
            if ((JSON.parse(text) as { method?: unknown }).method === 'exit') finish();
          } catch {
            // Not JSON: the main thread says so.
          }
        }
        continue;
      }
      const end = chunk.indexOf('\r\n\r\n', at);
      const part = chunk.subarray(at, end < 0 ? chunk.length : end).toString('latin1');
      header += part;
      if (header.length > 8192) following = false;
      if (end < 0) return;
      const length = /(?:^|\r\n)content-length[ \t]*:[ \t]*(\d+)[ \t]*(?:\r\n|$)/i.exec(header)?.[1];
      header = '';
      at = end + 4;
      if (length === undefined) {
        following = false;
        return;
      }
      body = Number(length);
      // Only a small body can be `exit` ({"jsonrpc":"2.0","method":"exit"}); a document's is not kept.
      small = body <= 256 ? [] : undefined;
    }
  };
  const onData = (chunk: Buffer) => {
    port.postMessage(chunk);
    if (!done) scan(chunk);
  };
  // A pipe or a socket (what editors give) is read as a stream; a file redirected to stdin through fs.
  let input: NodeJS.ReadableStream;
  try {
    input = new net.Socket({ fd: 0, readable: true, writable: false });
  } catch {
    input = fs.createReadStream('', { fd: 0, autoClose: false });
  }
  input.on('data', onData);
  input.on('end', finish);
  input.on('close', finish);
  input.on('error', finish);
}

/**
 * Starts the thread; returns the input as a stream on the main thread. `ended` runs when the input ends
 * (as `process.stdin`'s end did).
 */
export function watchStdin(ended: () => void): NodeJS.ReadableStream {
  const input = new PassThrough();
  const worker = new Worker(`(${watcher.toString()})()`, { eval: true, workerData: { grace: GRACE_MS } });
  worker.on('message', (m: Uint8Array | 'end') => {
    if (m === 'end') {
      input.end();
      ended();
    } else input.write(Buffer.from(m.buffer, m.byteOffset, m.byteLength));
  });
  // Without the thread, input cannot be read: said once, and the process ends (the client restarts it).
  worker.on('error', (e) => {
    process.stderr.write(`cloud-manifests: cannot read standard input: ${e.message}\n`);
    process.exit(1);
  });
  return input;
}
