import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real RGB PNG of `width` × `height` whose rows are `row(y)` (3 bytes a pixel). */
function encode(width: number, height: number, row: (y: number) => Buffer, level: number) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits a channel, RGB, deflate, no filter, no interlace
  const raw = Buffer.concat(Array.from({ length: height }, (_, y) => Buffer.concat([Buffer.from([0]), row(y)])));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A small PNG: a colour gradient, different for each `seed`, so that no two tests upload the same bytes. */
export function gradientPng(width: number, height: number, seed = 0) {
  return encode(
    width,
    height,
    (y) => {
      const row = Buffer.alloc(width * 3);
      for (let x = 0; x < width; x++) row.set([(x + seed) % 256, (y * 2) % 256, (seed * 7) % 256], x * 3);
      return row;
    },
    6,
  );
}

/** A large PNG of random pixels, which no compression shrinks: about width × height × 3 bytes. */
export function noisePng(width: number, height: number) {
  return encode(width, height, () => randomBytes(width * 3), 0);
}
