import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGO_MESSAGES, toStoredLogo } from '../../src/server/features/company/logo-image.ts';
import { LOGO_UPLOAD } from '../../src/shared/constants.ts';
import { expectApiError } from '../support/api-error.ts';
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
    expect(LOGO_MESSAGES.tooManyPixels).toContain('at most 7,071 pixels');
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
