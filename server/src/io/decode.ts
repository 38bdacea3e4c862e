// A file's bytes as text: UTF-8 (with or without a BOM) or UTF-16 with a BOM; binary content (a NUL byte
// in what should be UTF-8) is not text. UTF-8 is decoded strictly first: only a file that is valid UTF-8
// can be written back (`check --fix`), since re-encoding anything else would change bytes no fix touched.

export interface Decoded {
  text: string;
  /** How the bytes were read: exactly as UTF-8 (writable), or not (UTF-16, or UTF-8 with invalid bytes). */
  encoding: 'utf8' | 'utf16' | 'invalid-utf8';
  /** The file starts with a UTF-8 byte order mark (not part of `text`; written back when fixed). */
  bom: boolean;
  /** For invalid UTF-8: the offset of the first byte that is not. */
  badByte?: number;
}

const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The offset of the first byte of `b` that does not start a well-formed UTF-8 sequence (RFC 3629). */
function firstInvalid(b: Buffer): number {
  for (let i = 0; i < b.length;) {
    const c = b[i];
    const more =
      c < 0x80 ? 0 : c >= 0xc2 && c <= 0xdf ? 1 : c >= 0xe0 && c <= 0xef ? 2 : c >= 0xf0 && c <= 0xf4 ? 3 : -1;
    if (more < 0) return i;
    // The second byte's range is narrower after E0, ED, F0 and F4 (no overlong forms, surrogates or > U+10FFFF).
    const lo = c === 0xe0 ? 0xa0 : c === 0xf0 ? 0x90 : 0x80;
    const hi = c === 0xed ? 0x9f : c === 0xf4 ? 0x8f : 0xbf;
    for (let k = 1; k <= more; k++) {
      const x = b[i + k];
      if (x === undefined || x < (k === 1 ? lo : 0x80) || x > (k === 1 ? hi : 0xbf)) return i;
    }
    i += more + 1;
  }
  return b.length;
}

/** Decodes a file's bytes; undefined for binary content. */
export function decodeBytes(buf: Buffer): Decoded | undefined {
  if (buf.length >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) return utf8(buf.subarray(3), true);
  if (buf.length >= 2 && buf[0] === 0xff && buf[1] === 0xfe)
    return { text: buf.toString('utf16le', 2), encoding: 'utf16', bom: false };
  if (buf.length >= 2 && buf[0] === 0xfe && buf[1] === 0xff) {
    const swapped = Buffer.from(buf.subarray(2, buf.length - (buf.length % 2)));
    swapped.swap16();
    return { text: swapped.toString('utf16le'), encoding: 'utf16', bom: false };
  }
  if (buf.indexOf(0) >= 0) return undefined;
  return utf8(buf, false);
}

function utf8(body: Buffer, bom: boolean): Decoded {
  try {
    return { text: strict.decode(body), encoding: 'utf8', bom };
  } catch {
    // Still checked (the replacement characters stand where the bad bytes are), but never written back.
    const badByte = firstInvalid(body) + (bom ? 3 : 0);
    return { text: body.toString('utf8'), encoding: 'invalid-utf8', bom, badByte };
  }
}

/** Decodes a file's bytes to text, not minding how exactly (what the server indexes); undefined for binary. */
export const decodeText = (buf: Buffer): string | undefined => decodeBytes(buf)?.text;
