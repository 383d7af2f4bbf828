import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  chooseLanguage,
  LANGUAGE_COOKIE,
  type Language,
  languageOfWords,
  PSEUDO_LANGUAGE,
  type WordsLanguage,
} from '../../../shared/languages.ts';
import type { PageRequest, RenderPage } from '../../../shared/page-rendering.ts';
import { companyIdSchema, UUID_PATTERN, type WalkInLanding } from '../../../shared/schemas.ts';
import { AppError } from '../../errors.ts';
import { CUSTOMER_COOKIE } from '../../http/auth.ts';
import type { ChatService } from '../chat/chat.service.ts';
import type { CustomerService } from '../customer/customer.service.ts';
import type { IntakeService } from '../intake/intake.service.ts';
import type { WaitListService } from '../wait-list/wait-list.service.ts';
import type { BootScript } from './boot-script.ts';
import { createIndexPages, etagOf, type IndexPage } from './page-head.ts';
import {
  type AppScripts,
  appScriptsOf,
  chunksForModules,
  fillPage,
  type PageChunks,
  type ViteManifest,
} from './page-html.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Headers that only mean something on a document (helmet sets them on every answer): a hashed
 * script or stylesheet goes without them, ~600 bytes less on each of a page's requests over a
 * slow connection. `X-Content-Type-Options`, `Cross-Origin-Resource-Policy` and `Referrer-Policy`
 * (which a module script's imports follow) stay.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

export type NotFoundHandler = (request: FastifyRequest, reply: FastifyReply) => unknown;

export interface ClientAppOptions {
  /** The built browser app (dist/client): index.html, the hashed assets, Vite's manifest. */
  clientDir: string;
  /** The built server entry (dist/ssr/entry-server.js); without it pages are rendered in the browser. */
  ssrEntry: string;
  /** Replaces the built server entry (tests render with the sources). */
  renderPage?: RenderPage;
  intake: Pick<IntakeService, 'getWalkInLanding' | 'getServiceRequestProvider'>;
  customers: CustomerService;
  waitList: WaitListService;
  chat: ChatService;
  /** A business's language (docs/languages.md), from the company cache; null for no such business. */
  businessLanguage: (companyId: string) => Promise<Language | null>;
  /**
   * Whether a reader's stored choice may be the pseudo-locale (PSEUDO_LOCALE=1, browser tests
   * only: docs/languages.md): never on in production, where no reader can pick it.
   */
  pseudoLocale?: boolean;
  /** Answers everything that is no page (an unknown /api/ route, a missing asset). */
  sendRouteNotFound: (reply: FastifyReply) => unknown;
  /** boot.ts to write into each page (boot-script.ts; the CSP allows it); null links the file. */
  bootScript: BootScript | null;
}

/**
 * The server entry, imported in the background: the server is ready without waiting for it, and
 * the first page waits for it if it comes that early. A build without it renders in the browser.
 */
function loadRenderPage(app: FastifyInstance, ssrEntry: string): Promise<RenderPage | null> {
  if (!existsSync(ssrEntry)) return Promise.resolve(null);
  return import(pathToFileURL(ssrEntry).href).then(
    (module: { renderPage: RenderPage }) => module.renderPage,
    (error: unknown) => {
      app.log.error({ err: error }, 'pages: the server entry did not load; pages render in the browser');
      return null;
    },
  );
}

function readManifest(clientDir: string): ViteManifest {
  try {
    return JSON.parse(readFileSync(path.join(clientDir, '.vite', 'manifest.json'), 'utf8')) as ViteManifest;
  } catch {
    return {};
  }
}

/**
 * The landing data the pages are rendered with, read in this process (no HTTP round trip), its
 * words (why no walk-ins now) in the page's language.
 */
function findWalkInLandingWith(intake: Pick<IntakeService, 'getWalkInLanding'>, language: Language) {
  return async (companyId: string): Promise<WalkInLanding | null> => {
    if (!companyIdSchema.safeParse(companyId).success) return null;
    try {
      return await intake.getWalkInLanding(companyId, language);
    } catch (error) {
      if (error instanceof AppError && error.code === 'COMPANY_NOT_FOUND') return null;
      throw error;
    }
  };
}

/** What is not the customer's, or not there: rendered without it (the browser then says so). */
async function orNull<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return null;
    throw error;
  }
}

/**
 * The customer the request's cookie names (auth.ts CUSTOMER_COOKIE), with their own data only;
 * looked up only by a page that shows it.
 */
function customerOf(
  request: FastifyRequest,
  options: ClientAppOptions,
  language: Language,
): PageRequest['customer'] {
  // A malformed address comes here from Fastify's router (app.ts frameworkErrors) before any
  // hook has run: no cookies are parsed then.
  const token = request.cookies?.[CUSTOMER_COOKIE];
  if (!token) return null;
  let lookup: Promise<string | null> | undefined;
  const customerId = () => {
    lookup ??= options.customers.findCustomerIdByToken(token);
    return lookup;
  };
  // The page's `waitId` or `id` comes straight from the address: one that cannot be an id is
  // nobody's (the API's schemas refuse it the same way), and the database is not asked.
  return {
    async findWaitEntry(companyId, waitId) {
      if (!UUID_PATTERN.test(waitId)) return null;
      const id = await customerId();
      return id ? orNull(options.waitList.getOwnWaitEntry(companyId, waitId, id, language)) : null;
    },
    async findChatThread(companyId, waitId) {
      if (!UUID_PATTERN.test(waitId)) return null;
      const id = await customerId();
      return id
        ? orNull(options.chat.getThread({ kind: 'customer', customerId: id }, waitId, companyId))
        : null;
    },
  };
}

/** The business a page address is of: `/{companyId}/…`, or an add-client link's `?companyId=`. */
function companyIdOfPage(url: URL): string | null {
  const first = url.pathname.split('/')[1] ?? '';
  let companyId: string | null;
  try {
    companyId = first === 'add-client' ? url.searchParams.get('companyId') : decodeURIComponent(first);
  } catch {
    return null;
  }
  return companyId && first !== 'console' && companyIdSchema.safeParse(companyId).success ? companyId : null;
}

/**
 * The language a page is rendered in (shared/languages.ts): the reader's choice kept on their
 * device, else their browser's (Accept-Language), else the business's, else English. The kiosk
 * starts every guest in the business's language: the tablet is the business's, and a guest's
 * choice there is not kept for the next. A test server's pseudo-locale, when the cookie asks for
 * it, goes before all of these, on every page.
 */
async function languageOf(
  request: FastifyRequest,
  { businessLanguage, pseudoLocale }: Pick<ClientAppOptions, 'businessLanguage' | 'pseudoLocale'>,
): Promise<WordsLanguage> {
  if (pseudoLocale && request.cookies?.[LANGUAGE_COOKIE] === PSEUDO_LANGUAGE) return PSEUDO_LANGUAGE;
  const url = new URL(request.url, 'http://localhost');
  const companyId = companyIdOfPage(url);
  const ofBusiness = () => (companyId ? businessLanguage(companyId) : Promise.resolve(null));
  if (companyId && url.pathname.replace(/\/$/, '').endsWith('/kiosk')) {
    return (await ofBusiness()) ?? chooseLanguage({ stored: null, acceptLanguage: null });
  }
  // The business's language comes from the company cache, which its page reads anyway.
  return chooseLanguage({
    stored: request.cookies?.[LANGUAGE_COOKIE],
    acceptLanguage: request.headers['accept-language'],
    businessDefault: await ofBusiness(),
  });
}

/**
 * Serves the built app (docs/decisions/0007, 0008): hashed assets cached for good and sent as the
 * `.br` or `.gz` written at build when the browser takes it; everything else revalidated on each
 * use; every other address is a page: rendered on the server for the customer's pages (the
 * console's shell is left to the browser), linked to its own web app manifest (page-head.ts).
 */
export async function registerClientApp(
  app: FastifyInstance,
  options: ClientAppOptions,
): Promise<NotFoundHandler> {
  const { clientDir, sendRouteNotFound } = options;
  const indexPath = path.join(clientDir, 'index.html');
  if (!existsSync(indexPath)) {
    const answerNotFound: NotFoundHandler = (_request, reply) => sendRouteNotFound(reply);
    app.setNotFoundHandler(answerNotFound);
    return answerNotFound;
  }
  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    // Ours, below: send's default `max-age=0` would override them.
    cacheControl: false,
    setHeaders(res, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('Cache-Control', hashed ? IMMUTABLE : 'no-cache');
      // The same URL answers br, gzip or plain: caches must key on what the browser accepts.
      if (hashed) res.setHeader('Vary', 'Accept-Encoding');
    },
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/assets/') && reply.statusCode === 200) {
      for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
    }
    return payload;
  });
  const pageFor = createIndexPages(readFileSync(indexPath, 'utf8'));
  const manifest = readManifest(clientDir);
  // The renderer (dist/ssr, ~600 KB of React, the router and the app) is compiled and run on the
  // main thread: loaded once the server listens, it no longer holds up the start (~0.2 s here,
  // issue 14 part 5), and the first page asked for before then waits for it, as it did before.
  let renderPage: Promise<RenderPage | null> | undefined = options.renderPage
    ? Promise.resolve(options.renderPage)
    : undefined;
  const loadRenderer = () => {
    renderPage ??= loadRenderPage(app, options.ssrEntry);
    return renderPage;
  };
  app.addHook('onListen', async () => {
    void loadRenderer();
  });
  // The manifest does not change while the server runs, and pages come from a handful of routes:
  // each route's scripts are worked out from it once.
  const scriptsByPage = new Map<string, { chunks: PageChunks; appScripts: AppScripts | null }>();
  const scriptsFor = (entry: 'app' | 'landing', modules: readonly string[]) => {
    const key = `${entry} ${modules.join(' ')}`;
    let scripts = scriptsByPage.get(key);
    if (!scripts) {
      const chunks = chunksForModules(manifest, modules);
      const appScripts = appScriptsOf(manifest, chunks, entry);
      const bootElement = options.bootScript?.element;
      scripts = {
        chunks,
        appScripts: appScripts && bootElement ? { ...appScripts, bootElement } : appScripts,
      };
      scriptsByPage.set(key, scripts);
    }
    return scripts;
  };

  const sendHtml = (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    { html, etag }: IndexPage,
    personal = false,
  ) => {
    // A customer's own place in line or chat is for their browser only, never a shared cache.
    reply.header('Cache-Control', personal ? 'private, no-cache' : 'no-cache').header('ETag', etag);
    // The page's language comes from these (languageOf): a cache keeps one copy per language.
    reply.header('Vary', 'Accept-Language, Cookie');
    if (request.headers['if-none-match']?.split(',').some((tag) => tag.trim() === etag)) {
      return reply.status(304).send();
    }
    return reply.status(status).type('text/html; charset=utf-8').send(html);
  };

  const answerPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const language = await languageOf(request, options);
    const shell = pageFor(request.url, language);
    const render = await loadRenderer();
    if (!render) return sendHtml(request, reply, 200, shell);
    const abort = new AbortController();
    reply.raw.once('close', () => abort.abort());
    let page: Awaited<ReturnType<RenderPage>>;
    try {
      page = await render({
        url: `http://localhost${request.url}`,
        language,
        signal: abort.signal,
        // The server's own words: English under the pseudo-locale, as its texts.
        findWalkInLanding: findWalkInLandingWith(options.intake, languageOfWords(language)),
        findServiceRequestProvider: (companyId, providerId) =>
          companyIdSchema.safeParse(companyId).success
            ? orNull(
                options.intake.getServiceRequestProvider(companyId, providerId, languageOfWords(language)),
              )
            : Promise.resolve(null),
        customer: customerOf(request, options, languageOfWords(language)),
      });
    } catch (error) {
      // The browser can still render the page (and say what is wrong) from the shell.
      request.log.error({ err: error }, 'pages: server rendering failed; sent the shell');
      return sendHtml(request, reply, 200, shell);
    }
    if (page.kind === 'redirect') return reply.redirect(page.location, page.status);
    if (page.kind === 'browser-only') return sendHtml(request, reply, 200, shell);
    const html = fillPage(shell.html, {
      title: page.title,
      description: page.description,
      appHtml: page.appHtml,
      routeDataJson: page.routeDataJson,
      ...scriptsFor(page.entry, page.modules),
    });
    return sendHtml(request, reply, page.status, { html, etag: etagOf(html) }, page.personal);
  };

  const answerNotFound: NotFoundHandler = async (request, reply) => {
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      !request.url.startsWith('/logo/') &&
      !request.url.startsWith('/assets/');
    return isPage ? answerPage(request, reply) : sendRouteNotFound(reply);
  };
  // Every other GET is a page: as a route (not only the not-found handler) it gets what routes
  // get, the HTML compressed like the JSON (app.ts) and HEAD answered (uptime and link checkers).
  app.get('/*', answerNotFound);
  app.setNotFoundHandler(answerNotFound);
  return answerNotFound;
}
