import { LOGO_UPLOAD } from '../../../shared/constants.ts';
import { AppError } from '../../errors.ts';

/** A decompression bomb (a small file that decodes to a huge image) is refused before decoding. */
const MAX_INPUT_PIXELS = 50_000_000;
/** The largest square that fits, for the message (7,071 × 7,071). */
const MAX_SIDE_PX = Math.floor(Math.sqrt(MAX_INPUT_PIXELS));

export const LOGO_MESSAGES = {
  empty: 'Choose a picture file to upload.',
  tooLarge: 'The logo can be at most 5 MB. Save a smaller picture and try again.',
  notJpegOrPng: 'The logo must be a JPEG or PNG picture.',
  unreadable: 'That file could not be read as a picture. Save it as JPEG or PNG and try again.',
  tooManyPixels: `That picture is too big in pixels for a logo. Save it at most ${MAX_SIDE_PX.toLocaleString('en-US')} pixels wide and high, and try again.`,
} as const;

const invalid = (message: string) => new AppError('VALIDATION_FAILED', { field: 'logo', message });

/**
 * The uploaded picture as the JPEG stored at logo/{companyId}.jpg: turned upright (phone photos
 * carry their rotation as EXIF), shrunk to fit LOGO_UPLOAD.storedMaxPx, transparency on white,
 * metadata stripped. sharp decodes in its own threads, so the event loop keeps serving.
 */
export async function toStoredLogo(upload: Buffer): Promise<Buffer> {
  if (upload.length === 0) throw invalid(LOGO_MESSAGES.empty);
  if (upload.length > LOGO_UPLOAD.maxBytes) throw invalid(LOGO_MESSAGES.tooLarge);
  // Loaded on first upload: the server starts without paying for it.
  const { default: sharp } = await import('sharp');
  const image = () => sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
  let header: { format?: string; width?: number; height?: number };
  try {
    // The header alone (no pixels are decoded), so a picture too big can be told apart from junk.
    header = await sharp(upload, { limitInputPixels: false, failOn: 'error' }).metadata();
  } catch {
    throw invalid(LOGO_MESSAGES.unreadable);
  }
  if (header.format !== 'jpeg' && header.format !== 'png') throw invalid(LOGO_MESSAGES.notJpegOrPng);
  if ((header.width ?? 0) * (header.height ?? 0) > MAX_INPUT_PIXELS)
    throw invalid(LOGO_MESSAGES.tooManyPixels);
  try {
    return await image()
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
}
