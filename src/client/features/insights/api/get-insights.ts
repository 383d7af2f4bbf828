import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { consoleLanguageOf } from '../../../../shared/languages.ts';
import type { InsightsRange } from '../../../../shared/staff-schemas.ts';
import { insightsSchema } from '../../../../shared/staff-schemas.ts';
import { wordsLanguage } from '../../../lib/formats.ts';
import { staffRequest } from '../../../lib/staff-api.ts';

/** Two days of the business, or its last `days` days as the server counts them when it answers. */
export type InsightsSelection = InsightsRange | { days: number };

const rangeQuery = (range: InsightsRange) =>
  `from=${encodeURIComponent(range.from)}&to=${encodeURIComponent(range.to)}`;

const selectionQuery = (selection: InsightsSelection) =>
  'days' in selection ? `days=${selection.days}` : rangeQuery(selection);

/** The business's insights over `selection`. */
export function useInsights(selection: InsightsSelection) {
  return useQuery({
    queryKey: ['staff-insights', selectionQuery(selection)],
    queryFn: () => staffRequest(`/v1/staff/insights?${selectionQuery(selection)}`, insightsSchema),
    // The figures of the last range stay up while the next one loads.
    placeholderData: keepPreviousData,
  });
}

/**
 * The CSV of the range's visits: a plain link, the session cookie goes with it, and the console's
 * language (a link sends the browser's, not the console's choice).
 */
export function visitsCsvHref(range: InsightsRange, withContacts: boolean): string {
  const language = consoleLanguageOf(wordsLanguage());
  return `/api/v1/staff/insights/visits.csv?${rangeQuery(range)}${withContacts ? '&phones=1' : ''}&language=${language}`;
}
