import { todayIn } from '../../../shared/business-day.ts';
import type { ConsoleLanguage } from '../../../shared/languages.ts';
import { formatPhoneForDisplay } from '../../../shared/phone.ts';
import { addDays, daysBetween, type Insights, type InsightsRange } from '../../../shared/staff-schemas.ts';
import type { CompanyService } from '../company/company.service.ts';
import { CSV_START, type InsightsRepository, type VisitCsvRow } from './insights.repository.ts';
import { csvLines } from './insights-csv.ts';
import en, { type CsvWords } from './texts/en.ts';
import es from './texts/es.ts';

/** The CSV's own words in each console language (texts/<language>.ts, docs/languages.md). */
const CSV_WORDS: Record<ConsoleLanguage, CsvWords> = { en, es };

/** The range the page opens on: the business's last 7 days. */
const DEFAULT_DAYS = 7;

/** Visits read per statement for the CSV: about 50 ms of PGlite's one thread (docs/insights.md). */
export const CSV_PAGE_ROWS = 500;

/** The twin of isOpenRequest (shared/wait-status.ts), naming the answer. */
const statusLabel = ({ status, requestStatus }: VisitCsvRow, words: CsvWords) =>
  status === 'waiting' && requestStatus !== null && requestStatus !== 'accepted'
    ? words.requests[requestStatus]
    : words.statuses[status];

export function createInsightsService(deps: { insights: InsightsRepository; companies: CompanyService }) {
  const { insights, companies } = deps;

  return {
    /** The business's date now, in its time zone: the last day a range may end on. */
    async todayOf(companyId: string): Promise<string> {
      return todayIn((await companies.requireCompany(companyId)).timeZone);
    },

    /**
     * The business's figures over `range`: two days, or its last `days` days up to its today (so a
     * page open across midnight that asks again gets the new day), 7 when neither is given.
     */
    async forRange(companyId: string, range: InsightsRange | { days: number } | null): Promise<Insights> {
      const { timeZone } = await companies.requireCompany(companyId);
      const now = new Date();
      const today = todayIn(timeZone, now);
      const { from, to } =
        range && 'from' in range
          ? range
          : { from: addDays(today, 1 - (range?.days ?? DEFAULT_DAYS)), to: today };
      const scope = { companyId, timeZone, from, to };
      const [cells, groups, funnel, feedback] = await Promise.all([
        insights.arrivalsByHour(scope),
        insights.groups(scope),
        insights.funnel(scope),
        insights.feedback(scope),
      ]);

      const joinsByDay = new Map<string, number>();
      const arrivals = Array.from({ length: 7 }, () => Array<number>(24).fill(0));
      for (const cell of cells) {
        joinsByDay.set(cell.day, (joinsByDay.get(cell.day) ?? 0) + cell.arrivals);
        arrivals[cell.weekday]![cell.hour]! += cell.arrivals;
      }
      const days = Array.from({ length: daysBetween(from, to) + 1 }, (_, index) => {
        const day = addDays(from, index);
        return { day, joins: joinsByDay.get(day) ?? 0 };
      });

      const all = groups.find((group) => group.kind === 'all');
      const figures = (group: (typeof groups)[number]) => ({
        visits: group.visits,
        averageWaitMinutes: group.averageWaitMinutes,
        calledVisits: group.calledVisits,
        noShows: group.noShows,
      });
      return {
        from,
        to,
        today,
        timeZone,
        now: now.toISOString(),
        days,
        arrivals,
        funnel,
        wait: {
          visits: all?.waitedVisits ?? 0,
          averageMinutes: all?.averageWaitMinutes ?? null,
          p90Minutes: all?.p90WaitMinutes ?? null,
        },
        estimate: {
          visits: all?.estimatedVisits ?? 0,
          medianErrorMinutes: all?.medianErrorMinutes ?? null,
          averageEstimateMinutes: all?.averageEstimateMinutes ?? null,
          averageWaitMinutes: all?.averageEstimatedWaitMinutes ?? null,
        },
        noShows: { noShows: all?.noShows ?? 0, calledVisits: all?.calledVisits ?? 0 },
        feedback,
        // Busiest first, then by name; visits with no provider last among equals.
        byService: groups
          .filter((group) => group.kind === 'service')
          .map((group) => ({ service: group.service ?? '', ...figures(group) }))
          .sort((a, b) => b.visits - a.visits || a.service.localeCompare(b.service)),
        byProvider: groups
          .filter((group) => group.kind === 'provider')
          .map((group) => ({
            providerId: group.providerId,
            providerName: group.providerName,
            ...figures(group),
          }))
          .sort(
            (a, b) =>
              b.visits - a.visits ||
              Number(a.providerId === null) - Number(b.providerId === null) ||
              (a.providerName ?? '').localeCompare(b.providerName ?? ''),
          ),
      };
    },

    /**
     * One CSV line per visit of the range (docs/insights.md), the header first; names and phones
     * only when asked. Read and sent a page at a time, so the database serves everyone else between
     * pages. The business is checked before the first line, while an error can still be answered.
     */
    async visitsCsv(
      companyId: string,
      range: InsightsRange,
      withContacts: boolean,
      /** The reader's: the header, statuses and party places; the data as it was typed. */
      language: ConsoleLanguage,
      pageRows = CSV_PAGE_ROWS,
    ): Promise<AsyncIterable<string>> {
      const { timeZone, joinFields } = await companies.requireCompany(companyId);
      const words = CSV_WORDS[language];
      const scope = { companyId, timeZone, ...range };
      // The answers are personal data, like names and phones: with them only. One column per field
      // the business asks now, by its label; a removed field's answers stay on the board's history.
      const answerFields = withContacts ? joinFields : [];
      const answerOf = (visit: VisitCsvRow, fieldId: string) =>
        visit.joinAnswers?.find((answer) => answer.id === fieldId)?.value ?? null;
      const line = (visit: VisitCsvRow) => [
        visit.arrived,
        visit.called,
        visit.started,
        visit.finished,
        visit.service,
        visit.provider,
        statusLabel(visit, words),
        visit.waitedMinutes,
        ...(withContacts
          ? [
              visit.name,
              visit.phoneNumber === null ? null : formatPhoneForDisplay(visit.phoneNumber),
              visit.partyPosition === null || visit.partySize === null
                ? null
                : words.partyPlace(visit.partyPosition, visit.partySize),
            ]
          : []),
        ...answerFields.map((field) => answerOf(visit, field.id)),
      ];
      return (async function* () {
        yield csvLines([
          [
            ...Object.values(words.columns),
            ...(withContacts ? Object.values(words.contactColumns) : []),
            ...answerFields.map((field) => field.label),
          ],
        ]);
        let after = CSV_START;
        for (;;) {
          const page = await insights.visitsForCsv(scope, withContacts, after, pageRows);
          if (page.length > 0) yield csvLines(page.map(line));
          if (page.length < pageRows) return;
          after = page.at(-1)!.after;
        }
      })();
    },
  };
}

export type InsightsService = ReturnType<typeof createInsightsService>;
