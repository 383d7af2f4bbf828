import { type LoaderFunctionArgs, redirect } from 'react-router';
import type { WalkInLanding } from '../../../../shared/schemas.ts';
import { ApiRequestError, apiRequest } from '../../../lib/api-client.ts';
import { readWithRetry } from '../../../lib/retry.ts';

function getWalkInLanding(companyId: string): Promise<WalkInLanding> {
  return apiRequest<WalkInLanding>(`/v1/companies/${encodeURIComponent(companyId)}/walk-in`);
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

/** The same page at the business's own id: the first path segment replaced. */
function withCompanyId(url: string, companyId: string): string {
  const { pathname, search, hash } = new URL(url);
  return `/${encodeURIComponent(companyId)}${pathname.replace(/^\/[^/]*/, '')}${search}${hash}`;
}

export type WalkInLandingResult =
  | { status: 'ok'; landing: WalkInLanding }
  | { status: 'not-found'; companyId: string }
  | { status: 'failed'; companyId: string };

/** Route loader: nothing renders until the service list is loaded (spec §2). */
export async function walkInLandingLoader({
  params,
  request,
}: LoaderFunctionArgs): Promise<WalkInLandingResult | Response> {
  const companyId = params.companyId ?? '';
  try {
    const landing = await loadWalkInLanding(companyId);
    // "/DEMO" found "demo": continue at the business's own address, which later steps and links use.
    if (landing.companyId !== companyId) return redirect(withCompanyId(request.url, landing.companyId));
    return { status: 'ok', landing };
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return { status: 'not-found', companyId };
    return { status: 'failed', companyId };
  }
}
