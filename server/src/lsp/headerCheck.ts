// The message headers of the stdio stream, checked before the protocol library reads them. The library takes
// any `parseInt` of `Content-Length` (`-5`, `5x`, `1e3`, 20 digits) and then reads a wrong body or fails
// inside with a TypeError; here a header whose length is not a plain number of bytes within a bound is
// reported once, so that the server can end with one clear line (see transport.ts). The bytes themselves
// pass through unchanged.
import { Transform } from 'node:stream';

/** The largest message accepted: far above any real document (a 50 MB file is sent as ~60 MB of JSON). */
export const MAX_MESSAGE_BYTES = 512 * 1024 * 1024;
/** A header longer than this is not a header. */
const MAX_HEADER_BYTES = 8192;
const END = Buffer.from('\r\n\r\n');

/** What is wrong with a message header (its text before the empty line), or undefined. */
export function headerProblem(header: string): string | undefined {
  const lengths = header
    .split('\r\n')
    .map((line) => /^content-length[ \t]*:(.*)$/i.exec(line)?.[1])
    .filter((v): v is string => v !== undefined);
  if (lengths.length === 0) return 'no Content-Length';
  if (lengths.length > 1) return 'more than one Content-Length';
  const value = lengths[0].trim();
  const shown = JSON.stringify(value.slice(0, 40));
  if (!/^\d+$/.test(value)) return `Content-Length ${shown} is not a number of bytes`;
  if (Number(value) > MAX_MESSAGE_BYTES)
    return `Content-Length ${shown} is over the limit of ${MAX_MESSAGE_BYTES} bytes`;
  return undefined;
}

/**
 * A pass-through stream that follows the framing (header, empty line, `Content-Length` bytes of body) and
 * calls `fail` with the problem of the first bad header, passing what came before it and nothing after.
 */
export function checkedHeaders(fail: (problem: string) => void): Transform {
  let header: Buffer = Buffer.alloc(0);
  let body = 0;
  let failed = false;
  // The messages before the bad header still pass (`before`: this write's bytes up to where it begins).
  const stop = (problem: string, before: Buffer, done: (e: null, b?: Buffer) => void) => {
    failed = true;
    done(null, before);
    fail(problem);
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (failed) return done();
      let at = 0;
      while (at < chunk.length) {
        if (body > 0) {
          const n = Math.min(body, chunk.length - at);
          body -= n;
          at += n;
          continue;
        }
        const rest = chunk.subarray(at);
        const joined = header.length > 0 ? Buffer.concat([header, rest]) : rest;
        const end = joined.indexOf(END);
        if (end < 0) {
          if (joined.length > MAX_HEADER_BYTES)
            return stop(`a header longer than ${MAX_HEADER_BYTES} bytes`, chunk.subarray(0, at), done);
          header = Buffer.from(joined);
          break;
        }
        const problem = headerProblem(joined.subarray(0, end).toString('latin1'));
        if (problem) return stop(problem, chunk.subarray(0, at), done);
        body = Number(/content-length[ \t]*:[ \t]*(\d+)/i.exec(joined.subarray(0, end).toString('latin1'))![1]);
        at += end + END.length - header.length;
        header = Buffer.alloc(0);
      }
      done(null, chunk);
    },
  });
}
