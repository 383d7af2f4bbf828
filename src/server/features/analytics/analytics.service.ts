import type { AnalyticsBatch } from '../../../shared/schemas.ts';
import type { AnalyticsRepository } from './analytics.repository.ts';

/**
 * How far a client's clock is believed. The app may hold events across visits (it sends them once
 * it has a customer token), so the past reaches back a week; the future only covers clock skew.
 * Outside that, the time is pinned to the edge: a phone set to year 0000 or 9999 cannot move a
 * business's insights, and PostgreSQL never sees a year it refuses.
 */
export const OCCURRED_AT_WINDOW = { pastMs: 7 * 24 * 60 * 60_000, futureMs: 5 * 60_000 } as const;

export function clampOccurredAt(occurredAt: string, now: Date): string {
  const at = Date.parse(occurredAt);
  const earliest = now.getTime() - OCCURRED_AT_WINDOW.pastMs;
  const latest = now.getTime() + OCCURRED_AT_WINDOW.futureMs;
  // The schema only lets ISO dates through; should one still not parse, it is taken as now.
  const clamped = Number.isNaN(at) ? now.getTime() : Math.min(Math.max(at, earliest), latest);
  return new Date(clamped).toISOString();
}

export function createAnalyticsService(deps: { analytics: AnalyticsRepository; now?: () => Date }) {
  const { analytics } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    /**
     * Spec §7 events from a signed-in customer: the token's customer, not the body, owns them;
     * times are pinned to the window above; events naming an unknown business are dropped.
     */
    async recordEvents(customerId: string, batch: AnalyticsBatch): Promise<void> {
      const at = now();
      await analytics.insertEvents(
        customerId,
        batch.visitorId,
        batch.events.map((event) => ({
          name: event.name,
          companyId: event.companyId,
          params: event.params,
          occurredAt: clampOccurredAt(event.occurredAt, at),
        })),
      );
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
