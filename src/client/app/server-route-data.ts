import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';
import { ROUTE_DATA_ELEMENT_ID } from '../../shared/page-rendering.ts';

/** What the server rendered the page with (entry-server.tsx): its loaders' data, the customer's. */
export interface ServerRouteData extends HydrationState {
  /** The customer's place in line or chat, for the query cache (TanStack Query's dehydrate). */
  queries?: DehydratedState;
}

/** The data the server rendered the page with, if it did. No router here: landing.tsx reads it too. */
export function readServerRouteData(): ServerRouteData | null {
  const element = document.getElementById(ROUTE_DATA_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as ServerRouteData;
  } catch {
    return null;
  }
}
