// Draws Engram's icon (a knot of three dots on an indigo disc) as PNGs into public/icon/. No image library:
// pixels are computed and encoded with zlib. Run once; the PNGs are committed.
import { deflateSync } from 'node:zlib';
import { mkdirSync, writeFileSync } from 'node:fs';

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
  const body = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};

function pixel(x, y, size) {
  const c = size / 2,
    r = size / 2 - 0.5;
  const d = Math.hypot(x + 0.5 - c, y + 0.5 - c);
  const disc = Math.max(0, Math.min(1, r - d + 0.5));
  const dots = [
    [0.5, 0.3],
    [0.3, 0.65],
    [0.7, 0.65],
  ].map(([dx, dy]) => Math.hypot(x + 0.5 - dx * size, y + 0.5 - dy * size));
  const dotR = size * 0.11;
  const onDot = Math.max(...dots.map((dd) => Math.max(0, Math.min(1, dotR - dd + 0.5))));
  const [r0, g0, b0] = [59, 79, 216];
  const mix = (a, b) => Math.round(a + (b - a) * onDot);
  return [mix(r0, 255), mix(g0, 255), mix(b0, 255), Math.round(255 * disc)];
}

function png(size) {
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) raw.set(pixel(x, y, size), y * (size * 4 + 1) + 1 + x * 4);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const sig = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
  return Buffer.concat([
    sig,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

mkdirSync('public/icon', { recursive: true });
for (const size of [16, 32, 48, 96, 128]) writeFileSync(`public/icon/${size}.png`, png(size));
