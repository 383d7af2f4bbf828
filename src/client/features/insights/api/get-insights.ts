import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Insights, InsightsRange } from '../../../../shared/schemas.ts';
import { staffRequest } from '../../staff/api/staff-api.ts';

const rangeQuery = (range: InsightsRange) =>
  `from=${encodeURIComponent(range.from)}&to=${encodeURIComponent(range.to)}`;

/** The business's insights over `range`; null: the server's default (its last 7 days). */
export function useInsights(range: InsightsRange | null) {
  return useQuery({
    queryKey: ['staff-insights', range?.from ?? null, range?.to ?? null],
    queryFn: () =>
      staffRequest<Insights>(range ? `/v1/staff/insights?${rangeQuery(range)}` : '/v1/staff/insights'),
    // The figures of the last range stay up while the next one loads.
    placeholderData: keepPreviousData,
  });
}

/** The CSV of the range's visits: a plain link, the session cookie goes with it. */
export function visitsCsvHref(range: InsightsRange, withContacts: boolean): string {
  return `/api/v1/staff/insights/visits.csv?${rangeQuery(range)}${withContacts ? '&phones=1' : ''}`;
}
