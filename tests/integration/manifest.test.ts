import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompanyRepository } from '../../src/server/features/company/company.repository.ts';
import { manifestHrefFor } from '../../src/server/features/manifest/manifest.routes.ts';
import { expectApiError } from '../support/api-error.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { databaseKinds } from '../support/test-database.ts';

const ICON_SIZES = ['192x192', '512x512'];

describe.each(databaseKinds)('web app manifests on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await createCompanyRepository(t.database.db).insertCompany({
      id: 'north-barbers',
      accountId: '2b9d3c1e-4f5a-4b6c-8d7e-9f0a1b2c3d4e',
      name: 'North End Barbers',
      location: '',
    });
  });
  afterAll(async () => t?.close());

  const getManifest = (url: string) => t.app.inject({ method: 'GET', url });

  it("names a business's manifest after it and opens its landing page", async () => {
    const response = await getManifest('/north-barbers/manifest.webmanifest');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    const manifest = response.json();
    expect(manifest).toMatchObject({
      name: 'North End Barbers',
      short_name: 'North End Barbers',
      start_url: '/north-barbers',
      scope: '/north-barbers',
      display: 'standalone',
      theme_color: '#1d4ed8',
      background_color: '#f8fafc',
    });
    expect((await getManifest('/demo/manifest.webmanifest')).json()).toMatchObject({
      name: 'Bella Demo Salon',
      start_url: '/demo',
    });
  });

  it('offers installable icons: 192 and 512 px, and a maskable one', async () => {
    const { icons } = (await getManifest('/demo/manifest.webmanifest')).json() as {
      icons: { src: string; sizes: string; purpose: string }[];
    };
    for (const size of ICON_SIZES) {
      expect(icons.some((icon) => icon.sizes === size && icon.purpose === 'any')).toBe(true);
    }
    expect(icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
  });

  it('answers an unknown business with the not-found error', async () => {
    await expectApiError(await getManifest('/no-such-salon/manifest.webmanifest'), 404, 'COMPANY_NOT_FOUND');
    await expectApiError(await getManifest('/bad%20id/manifest.webmanifest'), 404, 'COMPANY_NOT_FOUND');
  });

  it('gives the console its own manifest for the front-desk tablet', async () => {
    const response = await getManifest('/console/manifest.webmanifest');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'CheckN console',
      start_url: '/console',
      scope: '/console',
      display: 'standalone',
    });
  });

  it('has a generic manifest for pages outside any business', async () => {
    const response = await getManifest('/manifest.webmanifest');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'CheckN Walkin Service', start_url: '/' });
  });
});

describe('the manifest a page links to', () => {
  it.each([
    ['/demo', '/demo/manifest.webmanifest'],
    ['/demo/Facials/user-info', '/demo/manifest.webmanifest'],
    ['/demo/checked-in?waitId=1', '/demo/manifest.webmanifest'],
    ['/console', '/console/manifest.webmanifest'],
    ['/console/settings', '/console/manifest.webmanifest'],
    ['/', '/manifest.webmanifest'],
    ['/add-client/5', '/manifest.webmanifest'],
    ['/bad%20id/chat', '/manifest.webmanifest'],
    ['/%E0%A4%A', '/manifest.webmanifest'],
    ['/"><script>', '/manifest.webmanifest'],
  ])('%s links %s', (page, href) => {
    expect(manifestHrefFor(page)).toBe(href);
  });
});
