import { StrictMode } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import {
  createWalkInLandingLoader,
  fetchWalkInLanding,
  rememberWalkInLanding,
} from '../features/walk-in/api/get-walk-in-landing.ts';
import { landingInLoaderData } from '../features/walk-in/api/walk-in-landing-result.ts';
import { loadCustomerTexts, setCustomerTexts } from '../lib/customer-texts.ts';
import { nextTask } from '../lib/next-task.ts';
import { pageWordsLanguage } from '../lib/page-language.ts';
import { createRoutes } from './routes.tsx';
import type { ServerRouteData } from './server-route-data.ts';

export type AppRouter = Awaited<ReturnType<typeof createRouter>>;

/** The whole app, at the router's location. */
export function appElement(router: AppRouter) {
  return (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );
}

/**
 * The page's lazy route loaded before hydrating: React Router would otherwise render its fallback
 * (a spinner) first, unlike the server's HTML. The server preloads the same chunks with the page.
 */
async function loadLazyMatches(routes: RouteObject[]): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

/** The browser's router; with the server's data when the page came rendered (then hydrated). */
export async function createRouter(serverData: ServerRouteData | null) {
  // The page's words first: every page reads them as it renders.
  setCustomerTexts(await loadCustomerTexts(pageWordsLanguage()));
  const routes = createRoutes({ walkInLanding: createWalkInLandingLoader(fetchWalkInLanding) });
  if (!serverData) return createBrowserRouter(routes);
  // The next step (user-info) reads the same business: no second request for what the page has.
  const landing = landingInLoaderData(serverData.loaderData);
  if (landing) rememberWalkInLanding(landing);
  if (serverData.queries) {
    // Loaded on demand: the landing page's bundle has no query cache (lib/query-client.tsx).
    const { queryClient } = await import('../lib/query-client.tsx');
    const { hydrate } = await import('@tanstack/react-query');
    hydrate(queryClient, serverData.queries);
    // Filling the cache and matching the routes (React Router's first run of its code) made one
    // task of ~26 ms on this machine, 4x that on a mid phone: two tasks (decisions/0010).
    await nextTask();
  }
  await loadLazyMatches(routes);
  await nextTask();
  const { queries: _, ...hydrationData } = serverData;
  return createBrowserRouter(routes, { hydrationData });
}
