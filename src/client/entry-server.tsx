/**
 * The app rendered on the server (docs/decisions/0008): Vite builds this file into
 * dist/ssr/entry-server.js and the server calls `renderPage` for every customer page, so the
 * first HTML response already shows the page. React Router's static handler runs the same routes
 * and loaders as the browser, with the data read in the server's process instead of over HTTP.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  matchRoutes,
  type StaticHandlerContext,
  StaticRouterProvider,
} from 'react-router';
import type { PageRequest, RenderedPage } from '../shared/page-rendering.ts';
import type { RouteHandle } from './app/root-layout.tsx';
import { createRoutes } from './app/routes.tsx';
import { createWalkInLandingLoader } from './features/walk-in/api/get-walk-in-landing.ts';
import { createQueryClient, RequestQueryClientContext } from './lib/query-client.tsx';
import { documentTitle, type ServerHead, ServerHeadContext } from './lib/use-document-title.ts';

/** `<` never appears raw, so the JSON cannot close its `<script>` element or open a comment. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

export async function renderPage(request: PageRequest): Promise<RenderedPage> {
  const routes = createRoutes({ walkInLanding: createWalkInLandingLoader(request.findWalkInLanding) });
  const url = new URL(request.url);
  const matches = matchRoutes(routes, url.pathname) ?? [];
  const page = matches.at(-1)?.route.handle as RouteHandle | undefined;
  if (page && !page.serverRendered) return { kind: 'browser-only' };

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

  const head: ServerHead = { title: documentTitle(null) };
  const appHtml = renderToString(
    <StrictMode>
      <ServerHeadContext.Provider value={head}>
        <RequestQueryClientContext.Provider value={createQueryClient()}>
          <StaticRouterProvider
            router={createStaticRouter(handler.dataRoutes, result)}
            context={result}
            hydrate={false}
          />
        </RequestQueryClientContext.Provider>
      </ServerHeadContext.Provider>
    </StrictMode>,
  );
  return {
    kind: 'page',
    status: result.statusCode,
    appHtml,
    title: head.title,
    routeDataJson: jsonForScript(hydrationDataOf(result)),
    modules: (result.matches.at(-1)?.route.handle as RouteHandle | undefined)?.modules ?? [],
  };
}

/** What createBrowserRouter needs to start where the server left off, without loading again. */
function hydrationDataOf(context: StaticHandlerContext) {
  return { loaderData: context.loaderData };
}
