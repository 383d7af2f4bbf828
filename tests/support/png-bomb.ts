import { constants, deflateRawSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * `length` zero bytes as raw deflate blocks. Not final, they end with a full flush on a byte
 * boundary, so such pieces can be put one after the other in one stream.
 */
const deflatedZeros = (length: number, final: boolean) =>
  deflateRawSync(Buffer.alloc(length), {
    finishFlush: final ? constants.Z_FINISH : constants.Z_FULL_FLUSH,
  });

/** The zlib checksum (Adler-32) of `length` zero bytes: its low half stays 1, its high half counts them. */
function adler32OfZeros(length: number): Buffer {
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE((((length % 65521) << 16) | 1) >>> 0);
  return checksum;
}

/**
 * A valid PNG of `width` × `height` pixels at 16-bit RGBA, every pixel zero: a small file that
 * decodes to width × height × 8 bytes (a decompression bomb). The same deflated megabyte of zeros
 * is repeated, so making it costs little time or memory however large the picture.
 */
export function pngBomb(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 16; // bits per channel
  header[9] = 6; // RGBA
  const total = (width * 8 + 1) * height; // each row: a filter byte, then the pixels
  const megabyte = 1 << 20;
  const deflatedMegabyte = deflatedZeros(megabyte, false);
  const pieces: Buffer[] = [Buffer.from([0x78, 0x9c])];
  let left = total;
  for (; left > megabyte; left -= megabyte) pieces.push(deflatedMegabyte);
  pieces.push(deflatedZeros(left, true), adler32OfZeros(total));
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.concat(pieces)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
