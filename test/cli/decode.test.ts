// How a file's bytes become text (io/decode.ts): exact UTF-8 is writable; anything else is still checked but
// flagged, with the offset of the first byte that is not UTF-8 (which `check --fix` names).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decodeBytes } from '../../server/src/io/decode';

test('UTF-8 is decoded exactly; other bytes are flagged at the first one that is not UTF-8', () => {
  const cases: [number[], string, number | undefined][] = [
    [[0x61, 0xc3, 0xa9], 'utf8', undefined], // aé
    [[0xef, 0xbb, 0xbf, 0x61], 'utf8', undefined], // BOM, a
    [[0x61, 0xc3, 0xa9, 0x62, 0xe9, 0x63], 'invalid-utf8', 4], // Latin-1 é after a valid é
    [[0xe2, 0x82, 0xac, 0xff], 'invalid-utf8', 3],
    [[0xed, 0xa0, 0x80], 'invalid-utf8', 0], // an encoded surrogate
    [[0x61, 0xf0, 0x9f, 0x98], 'invalid-utf8', 1], // a cut 4-byte sequence
    [[0xef, 0xbb, 0xbf, 0x61, 0xc0, 0x80], 'invalid-utf8', 4], // an overlong NUL after a BOM
    [[0xff, 0xfe, 0x61, 0x00], 'utf16', undefined],
  ];
  for (const [bytes, encoding, badByte] of cases) {
    const d = decodeBytes(Buffer.from(bytes));
    assert.deepEqual([d?.encoding, d?.badByte], [encoding, badByte], bytes.join(' '));
  }
  assert.equal(decodeBytes(Buffer.from([0x61, 0x00, 0x62])), undefined, 'binary');
  assert.equal(decodeBytes(Buffer.from([0xef, 0xbb, 0xbf, 0x61]))?.bom, true);
});
