import type { DehydratedState } from '@tanstack/react-query';
import { createBrowserRouter, type HydrationState, matchRoutes, type RouteObject } from 'react-router';
import { ROUTE_DATA_ELEMENT_ID } from '../../shared/page-rendering.ts';
import {
  createWalkInLandingLoader,
  fetchWalkInLanding,
  isWalkInLandingResult,
  rememberWalkInLanding,
} from '../features/walk-in/api/get-walk-in-landing.ts';
import { createRoutes } from './routes.tsx';

/** What the server rendered the page with (entry-server.tsx): its loaders' data, the customer's. */
export interface ServerRouteData extends HydrationState {
  /** The customer's place in line or chat, for the query cache (TanStack Query's dehydrate). */
  queries?: DehydratedState;
}

/** The data the server rendered the page with, if it did. */
export function readServerRouteData(): ServerRouteData | null {
  const element = document.getElementById(ROUTE_DATA_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as ServerRouteData;
  } catch {
    return null;
  }
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
  const routes = createRoutes({ walkInLanding: createWalkInLandingLoader(fetchWalkInLanding) });
  if (!serverData) return createBrowserRouter(routes);
  // The next step (user-info) reads the same business: no second request for what the page has.
  for (const value of Object.values(serverData.loaderData ?? {})) {
    if (isWalkInLandingResult(value) && value.status === 'ok') rememberWalkInLanding(value.landing);
  }
  if (serverData.queries) {
    // Loaded on demand: the landing page's bundle has no query cache (lib/query-client.tsx).
    const { queryClient } = await import('../lib/query-client.tsx');
    const { hydrate } = await import('@tanstack/react-query');
    hydrate(queryClient, serverData.queries);
  }
  await loadLazyMatches(routes);
  const { queries: _, ...hydrationData } = serverData;
  return createBrowserRouter(routes, { hydrationData });
}
