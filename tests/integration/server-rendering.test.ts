import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../src/client/entry-server.tsx';
import { buildApp } from '../../src/server/app.ts';
import { createCompanyRepository } from '../../src/server/features/company/company.repository.ts';
import { seedDemoCompany } from '../../src/server/seed/demo.ts';
import { ROUTE_DATA_ELEMENT_ID } from '../../src/shared/page-rendering.ts';
import { buildSendMessage, joinAsNewCustomer, sendMessage } from '../support/customer.ts';
import { listProviders } from '../support/staff.ts';
import { signInAnonymously, type TestApp, testConfig } from '../support/test-app.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../support/test-database.ts';

/** index.html as `vite build` leaves it, in miniature, with the manifest the server preloads from. */
const INDEX_HTML =
  '<!doctype html><html><head><link rel="manifest" href="/manifest.webmanifest" />' +
  '<meta name="description" content="Join the wait list from your phone." />' +
  '<title>CheckN Walkin Service</title><script type="module" src="/assets/index-Abc123.js"></script></head>' +
  '<body><div id="root"></div></body></html>';
const MANIFEST = {
  'index.html': { file: 'assets/index-Abc123.js', isEntry: true, imports: ['_shared-Aaa111.js'] },
  '_shared-Aaa111.js': { file: 'assets/shared-Aaa111.js' },
  '_form-Bbb222.js': { file: 'assets/form-Bbb222.js', imports: ['_shared-Aaa111.js'] },
  'features/wait-list/components/user-info-page.tsx': {
    file: 'assets/user-info-page-Ccc333.js',
    imports: ['_shared-Aaa111.js', '_form-Bbb222.js'],
  },
  'lib/query-client.tsx': { file: 'assets/query-client-Ddd444.js', imports: ['_shared-Aaa111.js'] },
  'boot.ts': { file: 'assets/boot-Eee555.js', isEntry: true },
  'landing.tsx': { file: 'assets/landing-Fff666.js', isEntry: true, imports: ['_shared-Aaa111.js'] },
  // Each language's words, a chunk of its own (lib/landing-texts.ts, lib/customer-texts.ts).
  'lib/texts/en/landing.ts': { file: 'assets/landing-en-Ggg777.js', isDynamicEntry: true },
  'lib/texts/es/landing.ts': { file: 'assets/landing-es-Hhh888.js', isDynamicEntry: true },
  'lib/texts/es/customer.ts': { file: 'assets/customer-es-Iii999.js', isDynamicEntry: true },
};

/** A stand-in for the built boot.ts, as Vite writes it: code, then its source map's address. */
const BOOT_CODE = 'const e=document;e.title;\n//# sourceMappingURL=boot-Eee555.js.map\n';

function writeClientDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'checkn-ssr-'));
  mkdirSync(path.join(dir, '.vite'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'assets', 'boot-Eee555.js'), BOOT_CODE);
  writeFileSync(path.join(dir, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  return dir;
}

/** The JSON the page carries for hydration, read back as the browser does. */
function routeDataOf(html: string): { loaderData: Record<string, unknown> } {
  const match = new RegExp(
    `<script type="application/json" id="${ROUTE_DATA_ELEMENT_ID}">([^<]*)</script>`,
  ).exec(html);
  if (!match) throw new Error('the page carries no route data');
  return JSON.parse(match[1]!) as { loaderData: Record<string, unknown> };
}

const rootOf = (html: string) =>
  /<div id="root">([\s\S]*)<\/div>\s*<script type="application\/json"/.exec(html)?.[1] ?? '';

describe.each(databaseKinds)('server rendering on %s', (kind) => {
  let app: FastifyInstance;
  let database: TestDatabase;
  let clientDir: string;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await seedDemoCompany(database.db);
    const companies = createCompanyRepository(database.db);
    await companies.insertCompany({
      id: 'tricky',
      accountId: '0b4f2a51-5f1d-4b0a-a7f5-0f8f3c1e6b21',
      name: 'Tricky </script><script>alert(1)</script> & Co',
      location: '1 Elm St|Salem|MA|01970',
    });
    await companies.replaceServices('tricky', ['Cut <b>bold</b>', 'Shave']);
    clientDir = writeClientDir();
    app = await buildApp({ config: testConfig(), db: database.db, clientDir, renderPage });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    if (clientDir) rmSync(clientDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers });

  it("sends the landing page's content in the HTML, with its data for hydration and its own title", async () => {
    const response = await get('/demo');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const root = rootOf(response.payload);
    expect(root).toContain('<h1 class="page__title">Walk ins</h1>');
    expect(root).toContain('Select your service');
    expect(root).toContain('Bella Demo Salon');
    expect(root).toContain('1200 Main Street, Springfield, IL 62701');
    expect(root).toContain('Women&#x27;s Haircut');
    expect(root).toContain('src="/logo/demo.jpg"');
    // The full-page spinner is for a landing reached in the app, not over the server's page.
    expect(root).not.toContain('full-page-spinner');
    expect(response.payload).toContain('<title>Bella Demo Salon · CheckN</title>');
    // Its own description, for search results and shared links.
    expect(response.payload).toContain(
      '<meta name="description" content="Join the wait list at Bella Demo Salon, 1200 Main Street, Springfield, IL 62701 from your phone.',
    );
    const data = routeDataOf(response.payload);
    expect(Object.values(data.loaderData)).toContainEqual(
      expect.objectContaining({ status: 'ok', landing: expect.objectContaining({ companyId: 'demo' }) }),
    );
  });

  it('sends a page compressed to a browser that takes it, and answers HEAD as GET without the body', async () => {
    const plain = await get('/demo');
    const compressed = await get('/demo', { 'accept-encoding': 'br, gzip' });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(plain.payload);
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);

    const head = await app.inject({ method: 'HEAD', url: '/demo' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(head.rawPayload).toHaveLength(0);
    expect((await app.inject({ method: 'HEAD', url: '/no-such-salon' })).statusCode).toBe(404);
    // Other methods on a page address, and unknown API addresses, stay the API's JSON 404.
    for (const [method, url] of [
      ['POST', '/demo'],
      ['GET', '/api/v1/nothing-here'],
    ] as const) {
      const response = await app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json(), `${method} ${url}`).toMatchObject({ error: { code: 'ROUTE_NOT_FOUND' } });
    }
  });

  it("answers the same page again with 304, and another page's validator with the page", async () => {
    const first = await get('/demo');
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await get('/demo', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload).toHaveLength(0);
    const other = await get('/tricky', { 'if-none-match': String(first.headers.etag) });
    expect(other.statusCode).toBe(200);
    expect(other.headers.etag).not.toBe(first.headers.etag);
  });

  it('hydrates the landing page with its own entry, without the router (decisions/0009)', async () => {
    const appScripts = (url: string) =>
      get(url).then((response) => {
        const match = /<script type="application\/json" id="checkn-app-scripts">([^<]*)<\/script>/.exec(
          response.payload,
        );
        return JSON.parse(match?.[1] ?? 'null') as { entry: string; modules: string[] } | null;
      });
    expect(await appScripts('/demo')).toEqual({
      entry: '/assets/landing-Fff666.js',
      modules: ['/assets/shared-Aaa111.js', '/assets/landing-en-Ggg777.js'],
    });
    // Without a business there is nothing for it to hydrate: the app says so.
    expect((await appScripts('/no-such-salon'))?.entry).toBe('/assets/index-Abc123.js');
    expect((await appScripts('/demo/kiosk'))?.entry).toBe('/assets/index-Abc123.js');
  });

  describe("in the reader's language (docs/languages.md)", () => {
    const appScriptsOf = (html: string) =>
      JSON.parse(
        /<script type="application\/json" id="checkn-app-scripts">([^<]*)<\/script>/.exec(html)?.[1] ??
          'null',
      ) as { entry: string; modules: string[] } | null;

    it("renders the page in the browser's language, says so in <html lang>, and loads only its words", async () => {
      const response = await get('/demo', { 'accept-language': 'es-MX,es;q=0.9,en;q=0.8' });
      expect(response.statusCode).toBe(200);
      expect(response.payload).toMatch(/<html lang="es">/);
      const root = rootOf(response.payload);
      expect(root).toContain('<h1 class="page__title">Clientes sin cita</h1>');
      expect(root).not.toContain('Walk ins');
      // The business's own words are never translated.
      expect(root).toContain('Women&#x27;s Haircut');
      // The Spanish words' chunk is loaded with the page, not the English one.
      expect(appScriptsOf(response.payload)?.modules).toEqual([
        '/assets/shared-Aaa111.js',
        '/assets/landing-es-Hhh888.js',
      ]);
      // A cache keeps one copy per language.
      expect(response.headers.vary).toMatch(/accept-language/i);
      expect(response.headers.vary).toMatch(/cookie/i);
    });

    it("renders a later page in it too, with that page's words preloaded", async () => {
      const response = await get("/demo/user-info?service=Women's%20Haircut", { 'accept-language': 'es' });
      expect(response.payload).toMatch(/<html lang="es">/);
      expect(appScriptsOf(response.payload)?.modules).toEqual(
        expect.arrayContaining(['/assets/landing-es-Hhh888.js', '/assets/customer-es-Iii999.js']),
      );
    });

    it("takes the reader's stored choice before the browser's languages", async () => {
      const response = await get('/demo', { 'accept-language': 'es', cookie: 'checkn_lang=en' });
      expect(response.payload).toMatch(/<html lang="en">/);
      expect(rootOf(response.payload)).toContain('<h1 class="page__title">Walk ins</h1>');
      const stored = await get('/demo', { 'accept-language': 'en-US', cookie: 'checkn_lang=vi' });
      expect(stored.payload).toMatch(/<html lang="vi">/);
    });

    it('passes over a language it does not speak, and a stored value that is none, to the next choice', async () => {
      // Traditional Chinese is not Simplified: the next language in the header.
      const traditional = await get('/demo', { 'accept-language': 'zh-TW,es;q=0.5' });
      expect(traditional.payload).toMatch(/<html lang="es">/);
      const simplified = await get('/demo', { 'accept-language': 'zh-CN' });
      expect(simplified.payload).toMatch(/<html lang="zh-Hans">/);
      const forged = await get('/demo', {
        'accept-language': 'fr',
        cookie: 'checkn_lang=%22%3E%3Cscript%3E',
      });
      expect(forged.payload).toMatch(/<html lang="en">/);
      expect(forged.payload).not.toContain('"><script>');
    });

    it("renders in the business's language for a browser that asks for none of CheckN's; the kiosk always starts in it", async () => {
      const companies = createCompanyRepository(database.db);
      await companies.insertCompany({
        id: 'habla',
        accountId: '5d0c9a1e-2b7f-4c43-9b1d-6f0e8a7c3d12',
        name: 'Salón Habla',
        location: '2 Elm St|Salem|MA|01970',
      });
      await database.db.query(`update companies set language = 'es' where id = 'habla'`);
      const french = await get('/habla', { 'accept-language': 'fr-FR,fr;q=0.9' });
      expect(french.payload).toMatch(/<html lang="es">/);
      expect(rootOf(french.payload)).toContain('Clientes sin cita');
      // The browser's own language, when CheckN speaks it, comes first.
      expect((await get('/habla', { 'accept-language': 'en-US' })).payload).toMatch(/<html lang="en">/);
      // The kiosk is the business's tablet: its language, whatever the tablet or a guest stored.
      const kiosk = await get('/habla/kiosk', { 'accept-language': 'vi', cookie: 'checkn_lang=zh-Hans' });
      expect(kiosk.payload).toMatch(/<html lang="es">/);
      expect(rootOf(kiosk.payload)).toContain('Clientes sin cita');
      // An add-client link names its business in the query.
      const addClient = await get('/add-client/x?companyId=habla', { 'accept-language': 'fr' });
      expect(addClient.payload).toMatch(/<html lang="es">/);
    });

    it("says why a business takes no walk-ins now in the page's language, English as before", async () => {
      const companies = createCompanyRepository(database.db);
      await companies.insertCompany({
        id: 'pausa',
        accountId: '7e2d4c1a-9b3f-4e5d-8c6a-1f0b2a3c4d5e',
        name: 'Pausa Salon',
        location: '3 Elm St|Salem|MA|01970',
      });
      // Paused by the staff, with no resume time: "check again soon".
      await database.db.query(`update companies set paused_at = now() where id = 'pausa'`);
      const spanish = rootOf((await get('/pausa', { 'accept-language': 'es' })).payload);
      expect(spanish).toContain(
        '<h1 id="walk-ins-stopped-title" class="walk-ins-stopped__title">La lista de espera está en pausa</h1>',
      );
      expect(spanish).toContain('Por favor, vuelve a consultar pronto.');
      expect(spanish).not.toContain('The wait list is paused');
      const english = rootOf((await get('/pausa', { 'accept-language': 'en-US' })).payload);
      expect(english).toContain('The wait list is paused');
      expect(english).toContain('Please check again soon.');
      // The reader's stored choice, as the page's own words.
      const chinese = rootOf((await get('/pausa', { cookie: 'checkn_lang=zh-Hans' })).payload);
      expect(chinese).toContain('等候名单已暂停');
    });

    it('renders the pseudo-locale only on a server started with PSEUDO_LOCALE=1, on every page, with its words preloaded', async () => {
      const pseudo = { 'accept-language': 'es', cookie: 'checkn_lang=en-XA' };
      // A production server: the cookie is no language it speaks, so the next choice decides.
      const production = await get('/demo', pseudo);
      expect(production.payload).toMatch(/<html lang="es">/);
      expect(rootOf(production.payload)).not.toContain('⟦');

      const testServer = await buildApp({
        config: testConfig({ PSEUDO_LOCALE: '1' }),
        db: database.db,
        clientDir,
        renderPage,
      });
      try {
        const landing = await testServer.inject({ method: 'GET', url: '/demo', headers: pseudo });
        expect(landing.payload).toMatch(/<html lang="en-XA">/);
        expect(rootOf(landing.payload)).toContain('<h1 class="page__title">⟦Ŵáļķ íñš⟧</h1>');
        // The English words' chunk, made pseudo in the browser.
        expect(appScriptsOf(landing.payload)?.modules).toContain('/assets/landing-en-Ggg777.js');
        // The kiosk too, though it otherwise starts in the business's language.
        const kiosk = await testServer.inject({ method: 'GET', url: '/demo/kiosk', headers: pseudo });
        expect(kiosk.payload).toMatch(/<html lang="en-XA">/);
        // Any other stored language is read as on any server.
        const spanish = await testServer.inject({
          method: 'GET',
          url: '/demo',
          headers: { cookie: 'checkn_lang=es' },
        });
        expect(spanish.payload).toMatch(/<html lang="es">/);
      } finally {
        await testServer.close();
      }
    });

    it('sends the console and other browser-rendered pages with the language in <html lang>', async () => {
      const response = await get('/console', { 'accept-language': 'es' });
      expect(response.payload).toMatch(/<html lang="es">/);
      expect(rootOf(response.payload)).toBe('');
    });
  });

  it("keeps a business's own text from closing the data script or adding markup", async () => {
    const response = await get('/tricky');
    expect(response.payload).not.toContain('<script>alert(1)');
    expect(response.payload).not.toContain('<b>bold</b>');
    expect(response.payload).toContain(
      '<meta name="description" content="Join the wait list at Tricky &lt;/script&gt;',
    );
    expect(response.payload).toContain(
      '<title>Tricky &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co · CheckN</title>',
    );
    const data = routeDataOf(response.payload);
    expect(JSON.stringify(data)).toContain('Tricky </script><script>alert(1)</script> & Co');
    expect(JSON.stringify(data)).toContain('Cut <b>bold</b>');
  });

  it("answers an unknown business and an unknown address with 404 and the app's words", async () => {
    const business = await get('/no-such-salon');
    expect(business.statusCode).toBe(404);
    expect(rootOf(business.payload)).toContain('Business not found');
    const page = await get('/demo/Facials/user-info/extra');
    expect(page.statusCode).toBe(404);
    expect(rootOf(page.payload)).toContain('Page not found');
  });

  it('answers a malformed address (bad percent-encoding) with the rendered not-found page and 404', async () => {
    for (const [url, heading] of [
      ['/%E0%A4%A', 'Business not found'],
      ['/demo/%E0%A4%A', 'Page not found'],
    ]) {
      // With a customer's cookie too: Fastify's router refuses such an address before any hook runs.
      const response = await get(url!, { cookie: 'checkn_customer=whatever' });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(rootOf(response.payload), url).toContain(`<h1 class="page__title">${heading}</h1>`);
    }
  });

  it('answers an address that cannot be a business code with 404, without asking the database', async () => {
    for (const code of ['demo%00', 'a.b%20c']) {
      const response = await get(`/${code}`);
      expect(response.statusCode, code).toBe(404);
      expect(rootOf(response.payload)).toContain('Business not found');
    }
  });

  it("moves a business code typed in another case to the business's own address", async () => {
    const response = await get('/DEMO/Facials/user-info?from=poster');
    expect(response.statusCode).toBeGreaterThanOrEqual(300);
    expect(response.statusCode).toBeLessThan(400);
    expect(response.headers.location).toBe('/demo/Facials/user-info?from=poster');
  });

  it('sends user-info of a service the business does not offer to its service list', async () => {
    for (const service of ['Nope', 'facials', '%E0%A4%A']) {
      const response = await get(`/demo/${service}/user-info`);
      expect(response.statusCode, service).toBeGreaterThanOrEqual(300);
      expect(response.statusCode, service).toBeLessThan(400);
      expect(response.headers.location, service).toBe('/demo');
    }
  });

  it("renders the user-info form; its only script loads the app and the page's chunks after the first paint", async () => {
    const response = await get(`/demo/${encodeURIComponent("Women's Haircut/Style")}/user-info`);
    expect(response.statusCode).toBe(200);
    const root = rootOf(response.payload);
    expect(root).toContain('Enter your name and phone number');
    expect(root).toContain('Women&#x27;s Haircut/Style');
    expect(root).toMatch(/<input[^>]*type="tel"/);
    // Nothing of the app competes with the page's styles and logo before it paints: boot.ts is
    // in the page itself (no request of its own), its map where the assets are.
    const inlineBoot =
      '<script type="module">const e=document;e.title;\n//# sourceMappingURL=/assets/boot-Eee555.js.map</script>';
    expect(response.payload).toContain(inlineBoot);
    expect(response.payload).not.toContain('src="/assets/boot-Eee555.js"');
    // The policy lets that script run, and no other inline one.
    const bootText = inlineBoot.slice('<script type="module">'.length, -'</script>'.length);
    const scriptSrc = /script-src ([^;]*)/.exec(String(response.headers['content-security-policy']))?.[1];
    expect(scriptSrc).toBe(`'self' 'sha256-${createHash('sha256').update(bootText).digest('base64')}'`);
    expect(response.payload).not.toContain('src="/assets/index-Abc123.js"');
    expect(response.payload).not.toContain('modulepreload');
    const scripts = /<script type="application\/json" id="checkn-app-scripts">([^<]*)<\/script>/.exec(
      response.payload,
    );
    expect(JSON.parse(scripts?.[1] ?? 'null')).toEqual({
      entry: '/assets/index-Abc123.js',
      // Each after the files it imports: boot.ts runs them one task each, in this order.
      modules: [
        '/assets/shared-Aaa111.js',
        '/assets/form-Bbb222.js',
        '/assets/user-info-page-Ccc333.js',
        '/assets/query-client-Ddd444.js',
        // The page's words, in the reader's language (English here; the build's other chunk,
        // the customer pages' English words, is left out of this miniature manifest).
        '/assets/landing-en-Ggg777.js',
      ],
    });
  });

  it('renders the home, kiosk and add-client pages', async () => {
    expect(rootOf((await get('/')).payload)).toContain('CheckN Walkin Service');
    expect(rootOf((await get('/demo/kiosk')).payload)).toContain('Bella Demo Salon');
    const [provider] = await listProviders(database.db, 'demo');
    const addClient = await get(`/add-client/${provider!.id}?companyId=demo&spName=Maria&spSpeciality=Color`);
    expect(rootOf(addClient.payload)).toContain('Maria');
    expect(rootOf(addClient.payload)).toContain('Color');
    // A link whose provider id cannot be one says so in the HTML.
    expect(rootOf((await get('/add-client/sp-1?companyId=demo&spName=Maria')).payload)).toContain(
      'This link does not work',
    );
  });

  describe("the customer's own pages", () => {
    /** What the test helpers need of a test app: this one renders pages. */
    const asTestApp = () =>
      ({
        app,
        database,
        signIn: () => signInAnonymously(app),
        close: async () => {},
      }) satisfies TestApp;
    const cookieOf = (token: string) => `checkn_customer=${token}`;

    it('signs a customer in with their token in an httpOnly, same-site cookie too', async () => {
      const response = await app.inject({ method: 'POST', url: '/api/v1/customers/anonymous' });
      const { token } = response.json() as { token: string };
      const cookie = response.cookies.find((c) => c.name === 'checkn_customer');
      expect(cookie).toMatchObject({ value: token, httpOnly: true, sameSite: 'Lax', path: '/' });
    });

    it('renders the place in line with its cookie, for that browser alone', async () => {
      const customer = await joinAsNewCustomer(asTestApp(), { serviceType: 'Facials' });
      const response = await get(`/demo/checked-in?waitId=${customer.waitId}`, {
        cookie: cookieOf(customer.token),
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('private, no-cache');
      const root = rootOf(response.payload);
      expect(root).toContain('You&#x27;re on the list');
      expect(root).toContain('Facials');
      expect(root).not.toContain('full-page-spinner');
      expect(JSON.stringify(routeDataOf(response.payload))).toContain(customer.waitId);
    });

    it("renders someone else's place in line without it: another cookie, or none, sees no data", async () => {
      const customer = await joinAsNewCustomer(asTestApp(), { name: 'Private Person' });
      const other = await joinAsNewCustomer(asTestApp());
      for (const headers of [{ cookie: cookieOf(other.token) }, {}] as Record<string, string>[]) {
        const response = await get(`/demo/checked-in?waitId=${customer.waitId}`, headers);
        expect(response.payload).not.toContain('Private Person');
        expect(response.payload).not.toContain(customer.chatThreadKey);
        expect(rootOf(response.payload)).toContain('full-page-spinner');
        expect(response.headers['cache-control']).toBe('no-cache');
        // Nor does its title say they are on the list: that is not known yet.
        expect(response.payload).toContain('<title>Your place in line · CheckN</title>');
      }
    });

    it('renders a place in line or chat asked for by an id that cannot be one without asking the database', async () => {
      const customer = await joinAsNewCustomer(asTestApp());
      const query = vi.spyOn(database.db, 'query');
      try {
        for (const url of ['/demo/checked-in?waitId=not-a-uuid', "/demo/chat?id=1'", '/demo/chat?id=zzz']) {
          query.mockClear();
          const response = await get(url, { cookie: cookieOf(customer.token) });
          expect(response.statusCode).toBe(200);
          // The page rendered as for someone else's id (its spinner), not the bare shell of a failure.
          expect(rootOf(response.payload)).toContain('full-page-spinner');
          expect(
            query.mock.calls.map(([sql]) => String(sql)).filter((sql) => /wait_entries|chat/.test(sql)),
          ).toEqual([]);
        }
      } finally {
        query.mockRestore();
      }
    });

    it('renders the chat with its provider and messages', async () => {
      const customer = await joinAsNewCustomer(asTestApp());
      const sent = await sendMessage(
        app,
        { authorization: customer.authorization },
        buildSendMessage(customer, { message: 'Running ten minutes late' }),
      );
      expect(sent.statusCode).toBeLessThan(300);
      const response = await get(`/demo/chat?id=${customer.waitId}`, { cookie: cookieOf(customer.token) });
      const root = rootOf(response.payload);
      expect(root).toContain('Running ten minutes late');
      expect(root).toMatch(/<h1 class="chat__title">[^<]+<\/h1>/);
    });

    it('gives a customer kept from before the cookie existed their cookie on their next call', async () => {
      const customer = await joinAsNewCustomer(asTestApp());
      const response = await app.inject({
        url: `/api/v1/companies/demo/wait-list/${customer.waitId}`,
        headers: { authorization: customer.authorization },
      });
      expect(response.cookies.find((c) => c.name === 'checkn_customer')?.value).toBe(customer.token);
      const again = await app.inject({
        url: `/api/v1/companies/demo/wait-list/${customer.waitId}`,
        headers: { authorization: customer.authorization, cookie: cookieOf(customer.token) },
      });
      expect(again.cookies).toEqual([]);
      const unknown = await app.inject({
        url: `/api/v1/companies/demo/wait-list/${customer.waitId}`,
        headers: { authorization: 'Bearer not-a-known-token' },
      });
      expect(unknown.cookies).toEqual([]);
    });

    it('never takes the cookie as a credential of the API (another site cannot act with it)', async () => {
      const customer = await joinAsNewCustomer(asTestApp());
      const read = await app.inject({
        url: `/api/v1/companies/demo/wait-list/${customer.waitId}`,
        headers: { cookie: cookieOf(customer.token) },
      });
      expect(read.statusCode).toBe(401);
      const leave = await app.inject({
        method: 'POST',
        url: `/api/v1/companies/demo/wait-list/${customer.waitId}/leave`,
        headers: { cookie: cookieOf(customer.token) },
      });
      expect(leave.statusCode).toBe(401);
    });
  });

  it('loads the page renderer once the server listens, not before: the start does not wait for it', async () => {
    // A stand-in for dist/ssr/entry-server.js that says when it has been loaded.
    const ssrEntry = path.join(clientDir, 'entry-server-stand-in.mjs');
    writeFileSync(
      ssrEntry,
      `globalThis.checknRendererLoads = (globalThis.checknRendererLoads ?? 0) + 1;
       export async function renderPage() {
         return { kind: 'page', status: 200, title: 'Stand-in', description: null, appHtml: '<p>stand-in</p>',
           routeDataJson: '{}', entry: 'app', modules: [], personal: false };
       }`,
    );
    // Counted from here: the other database's run of this test loaded its own stand-in.
    const loadsBefore = (globalThis as { checknRendererLoads?: number }).checknRendererLoads ?? 0;
    const loads = () =>
      ((globalThis as { checknRendererLoads?: number }).checknRendererLoads ?? 0) - loadsBefore;
    const server = await buildApp({ config: testConfig(), db: database.db, clientDir, ssrEntry });
    try {
      await server.ready();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(loads()).toBe(0);
      await server.listen({ host: '127.0.0.1', port: 0 });
      await vi.waitFor(() => expect(loads()).toBe(1));
      const page = await server.inject({ method: 'GET', url: '/demo' });
      expect(page.payload).toContain('<p>stand-in</p>');
      expect(loads()).toBe(1);
    } finally {
      await server.close();
    }
  });

  it('leaves the console to the browser: its shell, no data', async () => {
    const response = await get('/console/settings');
    expect(response.statusCode).toBe(200);
    expect(response.payload).toContain('<div id="root"></div>');
    expect(response.payload).not.toContain(ROUTE_DATA_ELEMENT_ID);
    expect(response.payload).toContain(
      '<meta name="description" content="Run the day’s walk-ins from the front desk." />',
    );
    // The console has nothing to show without its scripts: they load at once.
    expect(response.payload).toContain('<script type="module" src="/assets/index-Abc123.js"></script>');
    expect(response.payload).not.toContain('boot-Eee555.js');
  });
});
