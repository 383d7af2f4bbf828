import { data, type LoaderFunction, redirect } from 'react-router';
import type { WalkInLanding } from '../../../../shared/schemas.ts';
import { walkInLandingSchema } from '../../../../shared/schemas.ts';
import { ApiRequestError, apiRequest } from '../../../lib/api-client.ts';
import { readWithRetry } from '../../../lib/retry.ts';
import type { WalkInLandingResult } from './walk-in-landing-result.ts';

/** Finds a business's landing data: null when there is no such business; throws when it failed. */
export type FindWalkInLanding = (companyId: string) => Promise<WalkInLanding | null>;

function getWalkInLanding(companyId: string): Promise<WalkInLanding> {
  return apiRequest(`/v1/companies/${encodeURIComponent(companyId)}/walk-in`, walkInLandingSchema);
}

const FRESH_FOR_MS = 60_000;
const cache = new Map<string, { at: number; promise: Promise<WalkInLanding> }>();

/** The landing data, shared by the landing and user-info steps and kept for a minute. */
function loadWalkInLanding(companyId: string, now = Date.now()): Promise<WalkInLanding> {
  const cached = cache.get(companyId);
  if (cached && now - cached.at < FRESH_FOR_MS) return cached.promise;
  const promise = readWithRetry(() => getWalkInLanding(companyId));
  cache.set(companyId, { at: now, promise });
  promise.catch(() => cache.delete(companyId));
  return promise;
}

/** Landing data the page already has (the server's HTML carried it): the next step reads it from here. */
export function rememberWalkInLanding(landing: WalkInLanding, now = Date.now()): void {
  cache.set(landing.companyId, { at: now, promise: Promise.resolve(landing) });
}

/** The next read asks the server again (the kiosk, open all day, follows the hours and pauses). */
export function forgetWalkInLanding(companyId: string): void {
  cache.delete(companyId);
}

/** In the browser: through the API, with the retries of spec §9. */
export const fetchWalkInLanding: FindWalkInLanding = async (companyId) => {
  try {
    return await loadWalkInLanding(companyId);
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return null;
    throw error;
  }
};

/** The same page at the business's own id: the first path segment replaced. */
function withCompanyId(url: string, companyId: string): string {
  const { pathname, search, hash } = new URL(url);
  return `/${encodeURIComponent(companyId)}${pathname.replace(/^\/[^/]*/, '')}${search}${hash}`;
}

/**
 * Route loader of the landing, user-info and kiosk pages: nothing renders until the service list
 * is loaded (spec §2). The browser finds the data through the API; the server in its own process.
 */
export function createWalkInLandingLoader(find: FindWalkInLanding): LoaderFunction {
  return async ({ params, request }) => {
    const companyId = params.companyId ?? '';
    let landing: WalkInLanding | null;
    try {
      landing = await find(companyId);
    } catch {
      return { status: 'failed', companyId } satisfies WalkInLandingResult;
    }
    // The server's answer for a business that does not exist says so (search engines, link checkers).
    if (!landing)
      return data({ status: 'not-found', companyId } satisfies WalkInLandingResult, { status: 404 });
    // "/DEMO" found "demo": continue at the business's own address, which later steps and links use.
    if (landing.companyId !== companyId) return redirect(withCompanyId(request.url, landing.companyId));
    // user-info of a service the business does not offer (a typo, or a service removed since the
    // link was shared): the walk-in picks one instead of filling in a form the join would refuse.
    const { serviceName } = params;
    if (serviceName !== undefined && !landing.services.includes(serviceName))
      return redirect(`/${encodeURIComponent(landing.companyId)}`);
    return { status: 'ok', landing } satisfies WalkInLandingResult;
  };
}
