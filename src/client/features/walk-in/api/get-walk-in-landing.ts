import type { LoaderFunctionArgs } from 'react-router';
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

export type WalkInLandingResult =
  | { status: 'ok'; landing: WalkInLanding }
  | { status: 'not-found'; companyId: string }
  | { status: 'failed'; companyId: string };

/** Route loader: nothing renders until the service list is loaded (spec §2). */
export async function walkInLandingLoader({ params }: LoaderFunctionArgs): Promise<WalkInLandingResult> {
  const companyId = params.companyId ?? '';
  try {
    return { status: 'ok', landing: await loadWalkInLanding(companyId) };
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return { status: 'not-found', companyId };
    return { status: 'failed', companyId };
  }
}
