// The connection. Over stdio, a message whose header cannot be read (no or a bad `Content-Length`) leaves
// the stream out of step for good: the server exits, so that the client sees it and restarts it, rather
// than living on deaf. A body that is not JSON leaves the stream in step: it is logged and skipped.
import { format } from 'node:util';
import {
  createConnection,
  ProposedFeatures,
  StreamMessageReader,
  StreamMessageWriter,
} from 'vscode-languageserver/node';
import { checkedHeaders } from './headerCheck';
import { cancelQueued } from './lifecycle';
import { diagnosticsEncoder } from './diagnosticJson';

/** `shutDown`: whether the client asked for `shutdown` (the exit code is 0 then, 1 otherwise). */
export function createServerConnection(shutDown: () => boolean) {
  if (!process.argv.includes('--stdio')) return createConnection(ProposedFeatures.all, cancelQueued);
  const unreadable = (problem: string) => {
    process.stderr.write(
      `cloud-manifests: unreadable message header (${problem}); exiting so that the client can restart the server\n`,
    );
    process.exit(1);
  };
  // Headers are checked before the library reads them (headerCheck.ts): a negative or absurd length ends the
  // process with the line above, not with a TypeError from inside the reader.
  const reader = new StreamMessageReader(process.stdin.pipe(checkedHeaders(unreadable)));
  // Diagnostics a publish repeats are written from their kept JSON (diagnosticJson.ts).
  const writer = new StreamMessageWriter(process.stdout, { charset: 'utf-8', contentTypeEncoder: diagnosticsEncoder });
  reader.onError((e) => {
    if (e instanceof SyntaxError) {
      process.stderr.write(`cloud-manifests: a message that is not JSON was skipped: ${e.message}\n`);
      return;
    }
    unreadable(e.message.split('\n')[0]);
  });
  const ended = () => process.exit(shutDown() ? 0 : 1);
  process.stdin.on('end', ended);
  process.stdin.on('close', ended);
  // As createConnection does for `--stdio`: stdout carries the protocol, so console output goes to stderr.
  // (A spread of the arguments a console call got: as many as its caller wrote, never a data array.)
  // eslint-disable-next-line no-restricted-syntax
  const toStderr = (...args: unknown[]) => void process.stderr.write(`${format(...args)}\n`);
  console.log = console.info = console.debug = console.warn = toStderr;
  return createConnection(ProposedFeatures.all, reader, writer, cancelQueued);
}
