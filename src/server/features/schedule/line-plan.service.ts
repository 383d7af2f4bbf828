import { type OpeningHours, openIntervals } from '../../../shared/opening-hours.ts';
import { topics } from '../../../shared/realtime.ts';
import type { EventLog } from '../../realtime/event-log.ts';
import type { AppointmentsRepository } from '../appointments/appointments.repository.ts';
import type { CompanyRow } from '../company/company.repository.ts';
import type { CompanyService } from '../company/company.service.ts';
import type { LineForPlanRow, WaitListRepository } from '../wait-list/wait-list.repository.ts';
import type { CalendarFeedRepository } from './calendar-feed.repository.ts';
import { type CameInAhead, cameInAhead } from './came-in-ahead.ts';
import type { ScheduleService } from './schedule.service.ts';
import type { ServiceDurationsRepository } from './service-durations.repository.ts';
import { durationTableFrom } from './service-durations.ts';
import { type DurationTable, type LinePlan, planLine, type TimeInterval } from './wait-estimate.ts';

/** How far ahead the providers' time is laid out: a line longer than this has no estimate. */
const DAY_MS = 24 * 3_600_000;
const HORIZON_MS = 2 * DAY_MS;
/** The business's own durations change slowly (60 days of visits): read again after this. */
const DURATIONS_FOR_MS = 10 * 60_000;
/** A plan is kept until the line changes (its board's head moves), and at most this long (time passes). */
const PLAN_FOR_MS = 20_000;

/** When the business can serve: its open hours ahead, or around the clock when none are set. */
/** Where two sorted lists of intervals overlap. */
function overlap(a: readonly TimeInterval[], b: readonly TimeInterval[]): TimeInterval[] {
  const both: TimeInterval[] = [];
  for (const x of a) {
    for (const y of b) {
      const start = Math.max(x.start, y.start);
      const end = Math.min(x.end, y.end);
      if (start < end) both.push({ start, end });
    }
  }
  return both.sort((p, q) => p.start - q.start);
}

function openTime(hours: OpeningHours | null, timeZone: string, now: number): TimeInterval[] {
  if (!hours) return [{ start: now, end: now + HORIZON_MS }];
  return openIntervals(hours, timeZone, now, now + HORIZON_MS).map((interval) => ({
    start: Math.max(now, interval.opens),
    end: interval.closes,
  }));
}

export interface LineStanding {
  position: number;
  /** Expected minutes until their turn; null when nobody can say (docs/wait-estimate.md). */
  estimatedWaitMinutes: number | null;
  estimatedWaitRange: { low: number; high: number } | null;
  /** Who came into the line ahead of them since they joined, the latest first (came-in-ahead.ts). */
  cameInAhead: CameInAhead[];
}

/**
 * The wait estimate of each business's line (docs/wait-estimate.md): the schedule of its providers'
 * free time (wait-estimate.ts) over its line, its hours and its own service durations. A plan is
 * computed once per change of the line, not once per customer who looks: every waiting customer's
 * page asks again when the line moves.
 */
export function createLinePlanService(deps: {
  companies: CompanyService;
  schedule: Pick<ScheduleService, 'providersForEstimate'>;
  /** Appointments from the providers' calendars (calendar-feed.repository.ts). */
  busyBlocks: Pick<CalendarFeedRepository, 'listBusyBlocks'>;
  /** Appointments booked on the board and not arrived yet (appointments.repository.ts). */
  appointments: Pick<AppointmentsRepository, 'bookedBlocks'>;
  waitList: Pick<WaitListRepository, 'listLineForPlan'>;
  durations: ServiceDurationsRepository;
  eventLog: Pick<EventLog, 'headAndPending'>;
  now: () => number;
}) {
  const { companies, schedule, busyBlocks, appointments, waitList, durations, eventLog, now } = deps;
  const durationTables = new Map<string, { at: number; table: Promise<DurationTable> }>();
  const plans = new Map<
    string,
    {
      at: number;
      seq: number;
      plan: Promise<{ plan: LinePlan; ids: Set<string>; line: LineForPlanRow[] }>;
    }
  >();

  function durationTable(companyId: string, at: number): Promise<DurationTable> {
    const cached = durationTables.get(companyId);
    if (cached && at - cached.at < DURATIONS_FOR_MS) return cached.table;
    const table = durations.serviceDurations(companyId, new Date(at)).then(durationTableFrom);
    table.catch(() => durationTables.delete(companyId));
    if (durationTables.size > 10_000) durationTables.clear();
    durationTables.set(companyId, { at, table });
    return table;
  }

  async function computePlan(company: CompanyRow, at: number) {
    const [line, providers, table, imported, booked] = await Promise.all([
      waitList.listLineForPlan(company.id, new Date(at)),
      schedule.providersForEstimate(company.id, at, { days: HORIZON_MS / DAY_MS }),
      durationTable(company.id, at),
      busyBlocks.listBusyBlocks(company.id, new Date(at), new Date(at + HORIZON_MS)),
      appointments.bookedBlocks(company.id, new Date(at), new Date(at + HORIZON_MS)),
    ]);
    const busyOf = new Map<string, TimeInterval[]>();
    for (const block of [...imported, ...booked]) {
      const list = busyOf.get(block.providerId) ?? [];
      list.push({ start: new Date(block.startsAt).getTime(), end: new Date(block.endsAt).getTime() });
      busyOf.set(block.providerId, list);
    }
    const open = openTime(company.openingHours, company.timeZone, at);
    const plan = planLine({
      now: at,
      // Each provider works their shifts within the opening hours (all of them without shifts).
      providers: providers.map((provider) => ({
        id: provider.providerId,
        services: provider.services,
        floorState: provider.floorState,
        working: provider.working
          ? overlap(
              provider.working.map(([start, end]) => ({ start, end })),
              open,
            )
          : open,
        busy: (busyOf.get(provider.providerId) ?? []).sort((a, b) => a.start - b.start),
      })),
      line: line.map((entry) =>
        entry.status === 'waiting'
          ? { id: entry.id, status: 'waiting' as const, service: entry.service, providerId: entry.providerId }
          : {
              id: entry.id,
              status: entry.status,
              service: entry.service,
              providerId: entry.providerId,
              since: entry.since ? entry.since.getTime() : at,
            },
      ),
      durations: table,
      runningBehindMinutes: company.runningBehindMinutes,
    });
    return { plan, ids: new Set(plan.waiting.map((waiting) => waiting.id)), line };
  }

  /** The line's plan, computed again when the line changed since (its board's head) or time passed. */
  async function planFor(companyId: string, mustInclude?: string) {
    const company = await companies.requireCompany(companyId);
    const [{ seq, pending }, at] = [await eventLog.headAndPending(topics.board(companyId)), now()];
    const cached = plans.get(companyId);
    // Events not numbered yet: a change committed since the head moved last, which the plan may miss.
    if (cached && !pending && cached.seq === seq && at - cached.at < PLAN_FOR_MS) {
      const found = await cached.plan;
      // An entry that joined after it was made (its event not numbered yet): not in it.
      if (!mustInclude || found.ids.has(mustInclude)) return found;
    }
    const plan = computePlan(company, at);
    plan.catch(() => plans.delete(companyId));
    if (plans.size > 10_000) plans.clear();
    plans.set(companyId, { at, seq, plan });
    return plan;
  }

  return {
    /** A waiting entry's place in line and estimated wait, as its customer's page shows them. */
    async standing(companyId: string, waitId: string): Promise<LineStanding | null> {
      const { plan, line } = await planFor(companyId, waitId);
      const waiting = plan.waiting.find((candidate) => candidate.id === waitId);
      if (!waiting) return null;
      const { estimate } = waiting;
      return {
        position: waiting.position,
        estimatedWaitMinutes: estimate.kind === 'estimate' ? estimate.minutes : null,
        estimatedWaitRange: estimate.kind === 'estimate' ? estimate.range : null,
        cameInAhead: cameInAhead(line, waitId),
      };
    },

    /**
     * The waiting customers with at most `mostAhead` ahead of them, or expected to start within
     * `withinMinutes`, from the plan every customer's page reads (docs/near-turn.md): telling them
     * their turn is near costs no read of its own.
     */
    async nearTheFront(
      companyId: string,
      limits: { mostAhead: number; withinMinutes: number },
    ): Promise<{ waitId: string; ahead: number; minutes: number | null }[]> {
      const { plan } = await planFor(companyId);
      return plan.waiting.flatMap(({ id, position, estimate }) => {
        const minutes = estimate.kind === 'estimate' ? estimate.minutes : null;
        const near =
          position - 1 <= limits.mostAhead || (minutes !== null && minutes <= limits.withinMinutes);
        return near ? [{ waitId: id, ahead: position - 1, minutes }] : [];
      });
    },

    /**
     * The line as the owner's caps read it (features/intake): how many wait, and what a new
     * walk-in would wait now (the quickest of the services offered, or null). One plan answers both.
     */
    async lineLoad(companyId: string): Promise<{ waiting: number; estimatedWaitMinutes: number | null }> {
      const { plan } = await planFor(companyId);
      const services = await companies.listServices(companyId);
      const minutes = services.flatMap((service) => {
        const estimate = plan.newWalkIn(service);
        return estimate.kind === 'estimate' ? [estimate.minutes] : [];
      });
      return {
        waiting: plan.waiting.length,
        estimatedWaitMinutes: minutes.length > 0 ? Math.min(...minutes) : null,
      };
    },
  };
}

export type LinePlanService = ReturnType<typeof createLinePlanService>;
