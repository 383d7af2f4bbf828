import type { WalkInLanding } from '../../../../shared/schemas.ts';

/**
 * What the landing, user-info and kiosk routes' loader returns (get-walk-in-landing.ts). Kept apart
 * from the loader, which needs the router: the landing page's own entry reads it without one.
 */
export type WalkInLandingResult =
  | { status: 'ok'; landing: WalkInLanding }
  | { status: 'not-found'; companyId: string }
  | { status: 'failed'; companyId: string };

export function isWalkInLandingResult(value: unknown): value is WalkInLandingResult {
  const status = (value as { status?: unknown } | null)?.status;
  return status === 'ok' || status === 'not-found' || status === 'failed';
}

/** The business in a page's loader data (the server's, or the router's), if a loader found one. */
export function landingInLoaderData(
  loaderData: Record<string, unknown> | null | undefined,
): WalkInLanding | null {
  for (const value of Object.values(loaderData ?? {})) {
    if (isWalkInLandingResult(value) && value.status === 'ok') return value.landing;
  }
  return null;
}
