import { LOGO_UPLOAD } from '../../../shared/constants.ts';
import { AppError } from '../../errors.ts';

/**
 * What a picture may decode to, read from its header before any pixel is decoded (issue 22: a
 * 380 KB PNG of 49,000,000 × 1 pixels at 16-bit RGBA passed a pixel count alone and took the
 * server from 0.5 to 4.7 GB). Each side is bounded, since a long thin picture is cheap in pixels
 * but not to resize, and so are the decoded bytes: pixels × channels × bytes per channel.
 */
export const LOGO_DECODE_LIMITS = {
  /** Any picture this wide and high or smaller is taken, whatever its depth (16-bit RGBA included). */
  sidePx: 4_000,
  /** A longer side is taken only within the bytes below: a 40-megapixel camera's photo (7,728 px). */
  maxSidePx: 10_000,
  decodedBytes: 4_000 * 4_000 * 4 * 2,
} as const;

export const LOGO_MESSAGES = {
  empty: 'Choose a picture file to upload.',
  tooLarge: 'The logo can be at most 5 MB. Save a smaller picture and try again.',
  notJpegOrPng: 'The logo must be a JPEG or PNG picture.',
  unreadable: 'That file could not be read as a picture. Save it as JPEG or PNG and try again.',
  tooManyPixels: `That picture is too big in pixels for a logo. Save it at most ${LOGO_DECODE_LIMITS.sidePx.toLocaleString('en-US')} pixels wide and high, and try again.`,
} as const;

const invalid = (message: string) => new AppError('VALIDATION_FAILED', { field: 'logo', message });

/** Bytes of one channel of one pixel, by sharp's name for the depth. */
const BYTES_PER_CHANNEL: Record<string, number> = {
  uchar: 1,
  char: 1,
  ushort: 2,
  short: 2,
  uint: 4,
  int: 4,
  float: 4,
};

interface LogoHeader {
  format?: string;
  width?: number;
  height?: number;
  channels?: number;
  depth?: string;
}

/** Whether the header's picture decodes within LOGO_DECODE_LIMITS. */
export function fitsDecodeLimits(header: LogoHeader): boolean {
  const { width = 0, height = 0, channels = 4, depth = 'double' } = header;
  if (width < 1 || height < 1) return false;
  if (width > LOGO_DECODE_LIMITS.maxSidePx || height > LOGO_DECODE_LIMITS.maxSidePx) return false;
  // Unknown depths (double, complex) count as 8 bytes, more than any JPEG or PNG has.
  const bytes = width * height * channels * (BYTES_PER_CHANNEL[depth] ?? 8);
  return bytes <= LOGO_DECODE_LIMITS.decodedBytes;
}

/**
 * One logo at a time in this process, whichever business sends it: a decode's memory is bounded
 * by LOGO_DECODE_LIMITS, and two at once would double it. The others wait their turn.
 */
let logoQueue: Promise<unknown> = Promise.resolve();
export function oneLogoAtATime<T>(job: () => Promise<T>): Promise<T> {
  const turn = logoQueue.then(job, job);
  logoQueue = turn.catch(() => undefined);
  return turn;
}

let sharpModule: Promise<typeof import('sharp')> | undefined;
/**
 * Loaded on the first upload: the server starts without paying for it. libvips then works in one
 * thread and keeps no cache of decoded pictures: a logo is resized once, and its pixels are not
 * wanted again.
 */
function loadSharp() {
  sharpModule ??= import('sharp').then((loaded) => {
    loaded.default.concurrency(1);
    loaded.default.cache(false);
    return loaded;
  });
  return sharpModule;
}

/**
 * The uploaded picture as the JPEG stored at logo/{companyId}.jpg: turned upright (phone photos
 * carry their rotation as EXIF), shrunk to fit LOGO_UPLOAD.storedMaxPx, transparency on white,
 * metadata stripped. sharp decodes in its own thread, so the event loop keeps serving.
 */
export async function toStoredLogo(upload: Buffer): Promise<Buffer> {
  if (upload.length === 0) throw invalid(LOGO_MESSAGES.empty);
  if (upload.length > LOGO_UPLOAD.maxBytes) throw invalid(LOGO_MESSAGES.tooLarge);
  const { default: sharp } = await loadSharp();
  return oneLogoAtATime(async () => {
    let header: LogoHeader;
    try {
      // The header alone (no pixels are decoded), so a picture too big can be told apart from junk.
      header = await sharp(upload, { limitInputPixels: false, failOn: 'error' }).metadata();
    } catch {
      throw invalid(LOGO_MESSAGES.unreadable);
    }
    if (header.format !== 'jpeg' && header.format !== 'png') throw invalid(LOGO_MESSAGES.notJpegOrPng);
    if (!fitsDecodeLimits(header)) throw invalid(LOGO_MESSAGES.tooManyPixels);
    try {
      // limitInputPixels again, in case the decoder reads other sizes than the header said.
      return await sharp(upload, {
        limitInputPixels: LOGO_DECODE_LIMITS.maxSidePx * LOGO_DECODE_LIMITS.sidePx,
        failOn: 'error',
        sequentialRead: true,
      })
        .rotate()
        .resize({
          width: LOGO_UPLOAD.storedMaxPx,
          height: LOGO_UPLOAD.storedMaxPx,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 85, mozjpeg: true })
        .toBuffer();
    } catch {
      throw invalid(LOGO_MESSAGES.unreadable);
    }
  });
}
