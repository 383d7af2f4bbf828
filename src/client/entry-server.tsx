/**
 * The app rendered on the server (docs/decisions/0008): Vite builds this file into
 * dist/ssr/entry-server.js and the server calls `renderPage` for every customer page, so the
 * first HTML response already shows the page. React Router's static handler runs the same routes
 * and loaders as the browser, with the data read in the server's process instead of over HTTP.
 */
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  matchRoutes,
  type StaticHandlerContext,
  StaticRouterProvider,
} from 'react-router';
import { PSEUDO_LANGUAGE, type WordsLanguage } from '../shared/languages.ts';
import { jsonForScript, type PageRequest, type RenderedPage } from '../shared/page-rendering.ts';
import type { RouteHandle } from './app/root-layout.tsx';
import { createRoutes } from './app/routes.tsx';
import type { ServerRouteData } from './app/server-route-data.ts';
import { chatThreadQueryKey } from './features/chat/api/get-chat-thread.ts';
import { serviceRequestProviderQueryKey } from './features/service-request/api/service-request-provider.ts';
import { waitEntryQueryKey } from './features/wait-list/api/get-wait-entry.ts';
import { createWalkInLandingLoader } from './features/walk-in/api/get-walk-in-landing.ts';
import { landingInLoaderData } from './features/walk-in/api/walk-in-landing-result.ts';
import { loadCustomerTexts, setCustomerTexts } from './lib/customer-texts.ts';
import { setServerRenderLanguage } from './lib/page-language.ts';
import { createQueryClient, RequestQueryClientContext } from './lib/query-client.tsx';
import { documentTitle, type ServerHead, ServerHeadContext } from './lib/use-document-title.ts';

export async function renderPage(request: PageRequest): Promise<RenderedPage> {
  const texts = await loadCustomerTexts(request.language);
  const routes = createRoutes({ walkInLanding: createWalkInLandingLoader(request.findWalkInLanding) });
  const url = new URL(request.url);
  const matches = matchRoutes(routes, url.pathname) ?? [];
  const matched = matches.at(-1)?.route.handle as RouteHandle | undefined;
  if (matched && !matched.serverRendered) return { kind: 'browser-only' };

  const handler = createStaticHandler(routes);
  const result = await handler.query(new Request(url, { signal: request.signal ?? null }));
  if (result instanceof Response) {
    const location = result.headers.get('location');
    if (location && result.status >= 300 && result.status < 400) {
      return { kind: 'redirect', status: result.status, location };
    }
    return { kind: 'browser-only' };
  }
  // A loader or a lazy import that threw: the browser renders the page (and its error page) itself.
  if (result.errors) return { kind: 'browser-only' };

  const page = result.matches.at(-1);
  const pageHandle = page?.route.handle as RouteHandle | undefined;
  const queryClient = createQueryClient();
  const personal = await prefetchCustomerData(queryClient, {
    screen: pageHandle?.screen,
    companyId: page?.params.companyId ?? '',
    search: url.searchParams,
    customer: request.customer,
  });
  const shared = await prefetchPageData(queryClient, {
    screen: pageHandle?.screen,
    spId: page?.params.spId ?? '',
    search: url.searchParams,
    request,
  });

  // The words are module state, and this process renders many pages at once: they are set here,
  // and the render below runs to its end without giving the turn to another page's.
  setCustomerTexts(texts);
  setServerRenderLanguage(request.language);
  const head: ServerHead = { title: documentTitle(null), description: null };
  const appHtml = renderToString(
    <StrictMode>
      <ServerHeadContext.Provider value={head}>
        <RequestQueryClientContext.Provider value={queryClient}>
          <StaticRouterProvider
            router={createStaticRouter(handler.dataRoutes, result)}
            context={result}
            hydrate={false}
          />
        </RequestQueryClientContext.Provider>
      </ServerHeadContext.Provider>
    </StrictMode>,
  );
  // The landing page of a business that exists: landing.tsx hydrates it without the router.
  const entry =
    pageHandle?.screen === 'walk_in' && landingInLoaderData(result.loaderData) ? 'landing' : 'app';
  return {
    kind: 'page',
    status: result.statusCode,
    appHtml,
    title: head.title,
    description: head.description,
    routeDataJson: jsonForScript(routeDataOf(result, queryClient, personal || shared)),
    modules: [...(pageHandle?.modules ?? []), ...textModules(request.language, entry)],
    personal,
    entry,
  };
}

/**
 * The words the page's script loads before it hydrates (lib/customer-texts.ts), as Vite's manifest
 * names them: preloaded with the page like its lazy modules. The landing page's entry loads only its own.
 */
function textModules(words: WordsLanguage, entry: 'app' | 'landing'): string[] {
  // The pseudo-locale's words are the English ones, made pseudo in the browser (lib/pseudo-locale.ts).
  const language = words === PSEUDO_LANGUAGE ? 'en' : words;
  const landing = `lib/texts/${language}/landing.ts`;
  const pseudo = words === PSEUDO_LANGUAGE ? ['lib/texts/pseudo.ts'] : [];
  return entry === 'landing'
    ? [landing, ...pseudo]
    : [landing, `lib/texts/${language}/customer.ts`, ...pseudo];
}

/**
 * The customer's own place in line or chat, read with their cookie into the page's query cache,
 * so the page renders with it as the browser would once it had fetched it. Whether it did.
 */
async function prefetchCustomerData(
  queryClient: QueryClient,
  page: {
    screen: string | undefined;
    companyId: string;
    search: URLSearchParams;
    customer: PageRequest['customer'];
  },
): Promise<boolean> {
  const { customer, companyId } = page;
  if (!customer) return false;
  if (page.screen === 'checked_in') {
    const waitId = page.search.get('waitId');
    const entry = waitId ? await customer.findWaitEntry(companyId, waitId) : null;
    if (waitId && entry) queryClient.setQueryData(waitEntryQueryKey(companyId, waitId), entry);
    return entry !== null;
  }
  if (page.screen === 'chat') {
    const waitId = page.search.get('id');
    const thread = waitId ? await customer.findChatThread(companyId, waitId) : null;
    if (waitId && thread) queryClient.setQueryData(chatThreadQueryKey(companyId, waitId), thread);
    return thread !== null;
  }
  return false;
}

/**
 * Data a page shows that is nobody's own: the provider an add-client link names, and whether the
 * business takes requests now (its reason in the first HTML, docs/opening-hours.md).
 */
async function prefetchPageData(
  queryClient: QueryClient,
  page: { screen: string | undefined; spId: string; search: URLSearchParams; request: PageRequest },
): Promise<boolean> {
  if (page.screen !== 'add_client') return false;
  const companyId = page.search.get('companyId') ?? '';
  if (!companyId || !page.spId) return false;
  const provider = await page.request.findServiceRequestProvider(companyId, page.spId);
  if (provider) queryClient.setQueryData(serviceRequestProviderQueryKey(companyId, page.spId), provider);
  return provider !== null;
}

/**
 * What the browser needs to start where the server left off without loading again: the routes'
 * loader data for createBrowserRouter, and the customer's data for the query cache.
 */
function routeDataOf(
  context: StaticHandlerContext,
  queryClient: QueryClient,
  prefetched: boolean,
): ServerRouteData {
  return { loaderData: context.loaderData, ...(prefetched ? { queries: dehydrate(queryClient) } : {}) };
}
