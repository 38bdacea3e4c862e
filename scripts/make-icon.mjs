// Draws images/icon.png (128×128): a cloud over indented manifest lines on a blue rounded square.
// Plain Node (zlib for the PNG encoding), 4×4 supersampling for smooth edges: `node scripts/make-icon.mjs`.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const N = 128;
const SS = 4;

const inRoundRect = (x, y, x0, y0, x1, y1, r) => {
  const cx = Math.max(x0 + r, Math.min(x, x1 - r));
  const cy = Math.max(y0 + r, Math.min(y, y1 - r));
  return x >= x0 && x <= x1 && y >= y0 && y <= y1 && (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
};
const inCircle = (x, y, cx, cy, r) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r;

const cloud = (x, y) =>
  inCircle(x, y, 46, 54, 17) ||
  inCircle(x, y, 68, 44, 22) ||
  inCircle(x, y, 88, 58, 14) ||
  inRoundRect(x, y, 26, 50, 104, 72, 11);
// Manifest lines under the cloud: `key:` / `  key: value` / `  key: value`.
const lines = (x, y) =>
  inRoundRect(x, y, 26, 82, 62, 89, 3.5) ||
  inRoundRect(x, y, 38, 95, 100, 102, 3.5) ||
  inRoundRect(x, y, 38, 108, 84, 115, 3.5);
// Indentation marks of the manifest lines, cut out of the cloud's base.
const keys = (x, y) => inRoundRect(x, y, 40, 58, 56, 64, 3) || inRoundRect(x, y, 62, 58, 92, 64, 3);

function sample(x, y) {
  if (!inRoundRect(x, y, 2, 2, 126, 126, 24)) return [0, 0, 0, 0];
  const t = (x + y) / 256;
  const blue = [
    Math.round(0x2f * (1 - t) + 0x0a * t),
    Math.round(0x81 * (1 - t) + 0x4d * t),
    Math.round(0xf7 * (1 - t) + 0xc2 * t),
    255,
  ];
  if ((cloud(x, y) && !keys(x, y)) || lines(x, y)) return [255, 255, 255, 255];
  return blue;
}

const raw = Buffer.alloc(N * (N * 4 + 1));
for (let py = 0; py < N; py++) {
  raw[py * (N * 4 + 1)] = 0; // filter: none
  for (let px = 0; px < N; px++) {
    const acc = [0, 0, 0, 0];
    for (let sy = 0; sy < SS; sy++)
      for (let sx = 0; sx < SS; sx++) {
        const c = sample(px + (sx + 0.5) / SS, py + (sy + 0.5) / SS);
        // Premultiplied accumulation so transparent samples do not darken edges.
        for (let k = 0; k < 3; k++) acc[k] += (c[k] * c[3]) / 255;
        acc[3] += c[3];
      }
    const a = acc[3] / (SS * SS);
    const o = py * (N * 4 + 1) + 1 + px * 4;
    for (let k = 0; k < 3; k++) raw[o + k] = a > 0 ? Math.round((acc[k] / (SS * SS)) * (255 / a)) : 0;
    raw[o + 3] = Math.round(a);
  }
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
};
const ihdr = Buffer.alloc(13);
ihdr.writeUInt32BE(N, 0);
ihdr.writeUInt32BE(N, 4);
ihdr[8] = 8; // bit depth
ihdr[9] = 6; // RGBA
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', ihdr),
  chunk('IDAT', deflateSync(raw, { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);
const out = new URL('../images/icon.png', import.meta.url);
writeFileSync(out, png);
console.log(`images/icon.png: ${png.length} bytes`);
