import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../../src/server/app.ts';
import { createCompanyRepository } from '../../src/server/features/company/company.repository.ts';
import { seedDemoCompany } from '../../src/server/seed/demo.ts';
import { REALTIME_PATH } from '../../src/shared/realtime.ts';
import { testConfig } from '../support/test-app.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../support/test-database.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const INDEX_HTML =
  '<!doctype html><html><head><link rel="manifest" href="/manifest.webmanifest" /></head>' +
  '<body><div id="root"></div><script type="module" src="/assets/index-Abc123.js"></script></body></html>';
/** A hashed chunk big enough to be worth compressing, and a copy per encoding as the build writes. */
const BIG_JS = `export const text = ${JSON.stringify('walk-in '.repeat(400))};\n`;
const SMALL_JS = 'export const x = 1;\n';

/** A built client in miniature: what `vite build` and the precompress plugin leave in dist/client. */
function writeClientDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'checkn-client-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(dir, 'assets', 'index-Abc123.js'), BIG_JS);
  writeFileSync(path.join(dir, 'assets', 'index-Abc123.js.br'), brotliCompressSync(BIG_JS));
  writeFileSync(path.join(dir, 'assets', 'index-Abc123.js.gz'), gzipSync(BIG_JS));
  writeFileSync(path.join(dir, 'assets', 'tiny-Def456.js'), SMALL_JS);
  writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("push", () => {});\n');
  writeFileSync(
    path.join(dir, 'robots.txt'),
    readFileSync(new URL('../../src/client/public/robots.txt', import.meta.url)),
  );
  return dir;
}

describe.each(databaseKinds)('static serving and compression on %s', (kind) => {
  let app: FastifyInstance;
  let database: TestDatabase;
  let clientDir: string;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await seedDemoCompany(database.db);
    const companies = createCompanyRepository(database.db);
    await companies.insertCompany({
      id: 'long-menu',
      accountId: '6f1c1f0e-8d0b-4a57-9a53-6b0c4b1d2e31',
      name: 'Long Menu Spa',
      location: '',
    });
    // Enough services that the landing answer passes 1 KB.
    await companies.replaceServices(
      'long-menu',
      Array.from({ length: 40 }, (_, n) => `Signature treatment number ${n + 1}`),
    );
    clientDir = writeClientDir();
    // Without the server entry: this file is about the files and their encodings.
    app = await buildApp({ config: testConfig(), db: database.db, clientDir, ssrEntry: '/nonexistent' });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    if (clientDir) rmSync(clientDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers });

  describe('hashed assets', () => {
    it('sends the brotli copy to a browser that takes br, cached for good', async () => {
      const response = await get('/assets/index-Abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript; charset=utf-8$/);
      expect(response.headers['cache-control']).toBe(IMMUTABLE);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(BIG_JS);
      // The very copy written at build, not one compressed again for this request.
      expect(
        response.rawPayload.equals(readFileSync(path.join(clientDir, 'assets', 'index-Abc123.js.br'))),
      ).toBe(true);
    });

    it('sends the gzip copy when gzip is all the browser takes', async () => {
      const response = await get('/assets/index-Abc123.js', { 'accept-encoding': 'gzip' });
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript; charset=utf-8$/);
      expect(response.headers['cache-control']).toBe(IMMUTABLE);
      expect(gunzipSync(response.rawPayload).toString()).toBe(BIG_JS);
      expect(
        response.rawPayload.equals(readFileSync(path.join(clientDir, 'assets', 'index-Abc123.js.gz'))),
      ).toBe(true);
    });

    it('sends the file itself to a client that takes no encoding', async () => {
      const response = await get('/assets/index-Abc123.js');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers['cache-control']).toBe(IMMUTABLE);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.payload).toBe(BIG_JS);
    });

    it('compresses an asset without a copy on the fly, once, still immutable', async () => {
      const response = await get('/assets/tiny-Def456.js', { 'accept-encoding': 'gzip' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe(IMMUTABLE);
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(response.rawPayload).toString()).toBe(SMALL_JS);
    });

    it('sends a hashed asset without the headers that only a document reads, keeping what applies to it', async () => {
      const response = await get('/assets/index-Abc123.js', { 'accept-encoding': 'br' });
      for (const name of ['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy']) {
        expect(response.headers[name], name).toBeUndefined();
      }
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      // The page itself keeps them all.
      const page = await get('/demo');
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    });

    it('sends the same security headers on every answer: the API, an error, one page after another', async () => {
      const pages = [await get('/demo'), await get('/long-menu')];
      const policy = pages[0]!.headers['content-security-policy'];
      expect(policy).toContain("default-src 'self'");
      expect(policy).toContain("object-src 'none'");
      expect(pages[1]!.headers['content-security-policy']).toBe(policy);
      for (const response of [await get('/api/v1/companies/demo'), await get('/api/v1/nowhere')]) {
        expect(response.headers['content-security-policy']).toBe(policy);
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
        expect(response.headers['referrer-policy']).toBe('no-referrer');
        // HSTS belongs to the TLS proxy in front (app.ts).
        expect(response.headers['strict-transport-security']).toBeUndefined();
      }
    });

    it('answers a missing asset with 404, not the app page', async () => {
      const response = await get('/assets/gone-Zzz999.js', { 'accept-encoding': 'br, gzip' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
    });
  });

  describe('pages', () => {
    it('answers a customer page with index.html, revalidated on each visit, linked to its business manifest', async () => {
      const response = await get('/demo/Facials/user-info');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.payload).toContain('<link rel="manifest" href="/demo/manifest.webmanifest" />');
      const again = await get('/demo/Facials/user-info', { 'if-none-match': String(response.headers.etag) });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload).toHaveLength(0);
    });

    it("links the console's manifest on console pages and the generic one at the root", async () => {
      expect((await get('/console/settings')).payload).toContain('href="/console/manifest.webmanifest"');
      expect((await get('/')).payload).toContain('href="/manifest.webmanifest"');
      expect((await get('/add-client/123')).payload).toContain('href="/manifest.webmanifest"');
    });

    it("preloads the business's logo on its landing page only", async () => {
      const landing = (await get('/demo')).payload;
      expect(landing).toContain(
        '<link rel="preload" as="image" href="/logo/demo.jpg" fetchpriority="high" />',
      );
      expect(landing.indexOf('rel="preload"')).toBeLessThan(landing.indexOf('</head>'));
      expect((await get('/demo/')).payload).toContain('href="/logo/demo.jpg"');
      for (const page of [
        '/demo/Facials/user-info',
        '/console',
        '/',
        '/bad%20id',
        '/demo/checked-in?waitId=1',
      ]) {
        expect((await get(page)).payload, page).not.toContain('rel="preload"');
      }
    });

    it('never caches index.html for good, asked for by name either', async () => {
      const response = await get('/index.html');
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
    });

    it('revalidates the service worker on each use', async () => {
      const response = await get('/sw.js');
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
    });

    it('answers /robots.txt with text that keeps crawlers out of the console and the API', async () => {
      const response = await get('/robots.txt');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(response.payload).toMatch(/^User-agent: \*$/m);
      expect(response.payload).toMatch(/^Disallow: \/console$/m);
      expect(response.payload).toMatch(/^Disallow: \/api\/$/m);
      expect(response.payload).not.toContain('<html');
    });
  });

  describe('API answers', () => {
    it('compresses a JSON answer above 1 KB', async () => {
      const plain = await get('/api/v1/companies/long-menu/walk-in');
      expect(plain.statusCode).toBe(200);
      expect(plain.rawPayload.length).toBeGreaterThan(1024);
      expect(plain.headers['content-encoding']).toBeUndefined();

      const compressed = await get('/api/v1/companies/long-menu/walk-in', { 'accept-encoding': 'gzip, br' });
      expect(compressed.headers['content-encoding']).toBe('br');
      expect(compressed.headers.vary).toMatch(/accept-encoding/i);
      expect(JSON.parse(brotliDecompressSync(compressed.rawPayload).toString())).toEqual(plain.json());
      expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    });

    it('leaves a JSON answer under 1 KB as it is', async () => {
      const response = await get('/api/health', { 'accept-encoding': 'gzip, br' });
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.length).toBeLessThan(1024);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.json()).toMatchObject({ ok: true });
    });

    it('gives the logo a validator and a short freshness', async () => {
      const response = await get('/logo/demo.jpg', { 'accept-encoding': 'gzip, br' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toMatch(/^public, max-age=300\b/);
      // JPEG is compressed already: sent as it is.
      expect(response.headers['content-encoding']).toBeUndefined();
      const again = await get('/logo/demo.jpg', { 'if-none-match': String(response.headers.etag) });
      expect(again.statusCode).toBe(304);
    });

    it('still upgrades a WebSocket from a browser that takes compressed answers', async () => {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      const socket = new WebSocket(`ws://127.0.0.1:${port}${REALTIME_PATH}`, {
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      try {
        const first = await new Promise<string>((resolve, reject) => {
          socket.once('message', (data) => resolve(String(data)));
          socket.once('error', reject);
        });
        expect(JSON.parse(first)).toMatchObject({ type: 'ready' });
      } finally {
        socket.close();
      }
    });
  });
});
