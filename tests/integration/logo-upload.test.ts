import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fitsDecodeLimits,
  LOGO_MESSAGES,
  oneLogoAtATime,
  toStoredLogo,
} from '../../src/server/features/company/logo-image.ts';
import { LOGO_UPLOAD } from '../../src/shared/constants.ts';
import { expectApiError } from '../support/api-error.ts';
import { pngBomb } from '../support/png-bomb.ts';
import { createBusiness, type StaffSession, signInStaff, type TestBusiness } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { databaseKinds } from '../support/test-database.ts';

/** A photo-like picture: noise does not compress, so a few megapixels make a file of megabytes. */
async function noisyJpeg(width: number, height: number): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 100 })
    .toBuffer();
}

const transparentPng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 200, g: 30, b: 90, alpha: 0.5 } } })
    .png()
    .toBuffer();

describe('toStoredLogo', () => {
  it('refuses a file over the limit before decoding it', async () => {
    await expect(toStoredLogo(Buffer.alloc(LOGO_UPLOAD.maxBytes + 1))).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: LOGO_MESSAGES.tooLarge,
    });
  });

  it('says a picture too big in pixels is too big, not unreadable, without decoding it', async () => {
    // 446 KB of PNG that would decode to 144 million pixels.
    const huge = await sharp({ create: { width: 12000, height: 12000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    await expect(toStoredLogo(huge)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: LOGO_MESSAGES.tooManyPixels,
    });
    expect(LOGO_MESSAGES.tooManyPixels).toContain('at most 4,000 pixels wide and high');
  });

  it('refuses a long thin picture and a deep one by their decoded size, read from the header (issue 22)', async () => {
    // 378 KB of PNG: 49 million pixels, within the old pixel count, 392 MB at 16-bit RGBA.
    await expect(toStoredLogo(pngBomb(49_000_000, 1))).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: LOGO_MESSAGES.tooManyPixels,
    });
    // Each side within bounds, but 16-bit RGBA makes it twice the bytes allowed.
    await expect(toStoredLogo(pngBomb(8_000, 4_001))).rejects.toMatchObject({
      message: LOGO_MESSAGES.tooManyPixels,
    });
  });

  it('takes anything up to 4,000 pixels a side, even at 16-bit RGBA, and a long side within the bytes', async () => {
    expect(await sharp(await toStoredLogo(pngBomb(4_000, 4_000))).metadata()).toMatchObject({
      width: LOGO_UPLOAD.storedMaxPx,
      height: LOGO_UPLOAD.storedMaxPx,
    });
    expect(fitsDecodeLimits({ width: 4_000, height: 4_000, channels: 4, depth: 'ushort' })).toBe(true);
    expect(fitsDecodeLimits({ width: 4_001, height: 4_000, channels: 4, depth: 'ushort' })).toBe(false);
    expect(fitsDecodeLimits({ width: 7_728, height: 5_152, channels: 3, depth: 'uchar' })).toBe(true);
    expect(fitsDecodeLimits({ width: 10_001, height: 1, channels: 1, depth: 'uchar' })).toBe(false);
    expect(fitsDecodeLimits({ width: 1, height: 10_001, channels: 1, depth: 'uchar' })).toBe(false);
    expect(fitsDecodeLimits({ width: 0, height: 10, channels: 3, depth: 'uchar' })).toBe(false);
    expect(fitsDecodeLimits({ width: 4_000, height: 4_000, channels: 4, depth: 'double' })).toBe(false);
  });

  it('decodes one logo at a time, in one libvips thread, keeping no decoded pictures', async () => {
    let running = 0;
    let most = 0;
    const job = async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setImmediate(resolve));
      running -= 1;
    };
    await Promise.all([
      oneLogoAtATime(job),
      oneLogoAtATime(() => Promise.reject(new Error('x'))).catch(() => {}),
      oneLogoAtATime(job),
    ]);
    expect(most).toBe(1);
    await toStoredLogo(await transparentPng(10, 10));
    expect(sharp.concurrency()).toBe(1);
    expect(sharp.cache()).toMatchObject({ files: { max: 0 }, items: { max: 0 } });
  });

  it('turns a PNG with transparency into an opaque JPEG that fits the stored size', async () => {
    const stored = await toStoredLogo(await transparentPng(1600, 900));
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: LOGO_UPLOAD.storedMaxPx, hasAlpha: false });
    expect(meta.height).toBe(Math.round((LOGO_UPLOAD.storedMaxPx * 900) / 1600));
  });
});

describe.each(databaseKinds)('logo upload on %s', (kind) => {
  let t: TestApp;
  let business: TestBusiness;
  let owner: StaffSession;

  beforeAll(async () => {
    t = await createTestApp(kind);
    business = await createBusiness(t.database.db, { services: ['Cut'] });
    owner = await signInStaff(t.app, business.owner);
  });
  afterAll(async () => t?.close());

  const upload = (payload: Buffer, contentType: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/v1/staff/settings/logo',
      headers: { ...owner.headers, 'content-type': contentType },
      payload,
    });
  const servedLogo = async () => {
    const response = await t.app.inject({ url: `/logo/${business.companyId}.jpg` });
    expect(response.headers['content-type']).toBe('image/jpeg');
    return sharp(response.rawPayload).metadata();
  };

  it('accepts a PNG and serves it as logo/{companyId}.jpg, re-encoded as JPEG', async () => {
    const saved = await upload(await transparentPng(300, 300), 'image/png');
    expect(saved.statusCode).toBe(200);
    expect(saved.json().hasCustomLogo).toBe(true);
    expect(await servedLogo()).toMatchObject({ format: 'jpeg', width: 300, height: 300 });
  });

  it('accepts a JPEG photo of nearly 4 MB and stores it shrunk', async () => {
    const photo = await noisyJpeg(1650, 1650);
    expect(photo.length).toBeGreaterThan(3.5 * 1024 * 1024);
    expect(photo.length).toBeLessThan(LOGO_UPLOAD.maxBytes);
    const saved = await upload(photo, 'image/jpeg');
    expect(saved.statusCode).toBe(200);
    expect(await servedLogo()).toMatchObject({ format: 'jpeg', width: LOGO_UPLOAD.storedMaxPx });
  });

  it('takes a JPEG the browser sent without a picture type (a file it has no type for)', async () => {
    const photo = await noisyJpeg(64, 48);
    const saved = await upload(photo, 'application/octet-stream');
    expect(saved.statusCode).toBe(200);
    expect(await servedLogo()).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
    // A GIF sent so is still told apart by its content.
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expect(
      expectApiError(await upload(gif, 'application/octet-stream'), 400, 'VALIDATION_FAILED').message,
    ).toBe(LOGO_MESSAGES.notJpegOrPng);
  });

  it('says in words what is wrong with a GIF, a file that is no picture, an empty one, and one over 5 MB', async () => {
    const before = (await t.app.inject({ url: `/logo/${business.companyId}.jpg` })).headers.etag;
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const refusal = async (payload: Buffer, contentType: string) =>
      expectApiError(await upload(payload, contentType), 400, 'VALIDATION_FAILED');
    expect(await refusal(gif, 'image/gif')).toMatchObject({
      field: 'logo',
      message: LOGO_MESSAGES.notJpegOrPng,
    });
    // A label is not content: a GIF called a PNG is still a GIF.
    expect((await refusal(gif, 'image/png')).message).toBe(LOGO_MESSAGES.notJpegOrPng);
    expect((await refusal(Buffer.from('not a picture at all'), 'image/jpeg')).message).toBe(
      LOGO_MESSAGES.unreadable,
    );
    expect((await refusal(Buffer.alloc(0), 'image/png')).message).toBe(LOGO_MESSAGES.empty);
    expectApiError(
      await upload(Buffer.alloc(LOGO_UPLOAD.maxBytes + 1), 'image/jpeg'),
      413,
      'PAYLOAD_TOO_LARGE',
    );
    // Nothing refused replaced the logo.
    expect((await t.app.inject({ url: `/logo/${business.companyId}.jpg` })).headers.etag).toBe(before);
  });
});
