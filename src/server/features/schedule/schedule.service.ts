import { localDateTime } from '../../../shared/local-time.ts';
import { topics } from '../../../shared/realtime.ts';
import type {
  FloorState,
  ProviderFloor,
  ProviderSchedule,
  ProviderScheduleRequest,
  SchedulesResponse,
} from '../../../shared/schedule-schemas.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { EventLog } from '../../realtime/event-log.ts';
import type { CompanyService } from '../company/company.service.ts';
import type { StaffPrincipal } from '../staff/staff.service.ts';
import { actingProvider } from '../wait-list/wait-list.service.ts';
import { type EstimatorProvider, estimatorProviders } from './provider-time.ts';
import type { ScheduleRepository } from './schedule.repository.ts';

const DAY_MS = 86_400_000;

/** Who works when (docs/schedule.md): the owner's schedules in Settings, everyone's floor state on the board. */
export function createScheduleService(deps: {
  db: Database;
  schedules: ScheduleRepository;
  companies: Pick<CompanyService, 'requireCompany' | 'listServices'>;
  eventLog: Pick<EventLog, 'flushSoon'>;
}) {
  const { db, schedules, companies, eventLog } = deps;

  /** Each service named must be one the business offers (its own, or the spec's defaults). */
  async function ensureServicesOffered(companyId: string, names: readonly string[]): Promise<void> {
    const offered = new Set(await companies.listServices(companyId));
    const unknown = names.findIndex((name) => !offered.has(name));
    if (unknown >= 0) throw new AppError('SERVICE_NOT_OFFERED', { field: `services.${unknown}` });
  }

  const withoutFloor = ({ providerId, shifts, daysOff, services }: ProviderSchedule): ProviderSchedule => ({
    providerId,
    shifts,
    daysOff,
    services,
  });

  return {
    /** Settings: every active provider's shifts, days off from the business's today on, and services. */
    async getSchedules(companyId: string): Promise<SchedulesResponse> {
      const { timeZone } = await companies.requireCompany(companyId);
      const today = localDateTime(Date.now(), timeZone).date;
      const rows = await schedules.listSchedules(companyId, { daysOffFrom: today });
      return { timeZone, today, schedules: rows.map(withoutFloor) };
    },

    /** The owner sets one provider's shifts, days off and services; another business's provider is unknown. */
    async setSchedule(
      companyId: string,
      providerId: string,
      request: ProviderScheduleRequest,
    ): Promise<ProviderSchedule> {
      await ensureServicesOffered(companyId, request.services);
      const saved = await db.transaction((tx) =>
        schedules.replaceSchedule(companyId, providerId, request, tx),
      );
      if (!saved) throw new AppError('PROVIDER_NOT_FOUND');
      const { timeZone } = await companies.requireCompany(companyId);
      const rows = await schedules.listSchedules(companyId, {
        daysOffFrom: localDateTime(Date.now(), timeZone).date,
      });
      const schedule = rows.find((row) => row.providerId === providerId);
      if (!schedule) throw new AppError('PROVIDER_NOT_FOUND');
      return withoutFloor(schedule);
    },

    /**
     * "On the floor / On break / Off": a provider sets their own, the owner and the front desk
     * anyone's. Published on the business's board in the same statement, so every console follows.
     */
    async setFloorState(
      principal: StaffPrincipal,
      providerId: string,
      floorState: FloorState,
    ): Promise<ProviderFloor> {
      const ownProvider = actingProvider(principal);
      if (ownProvider !== undefined && ownProvider !== providerId) throw new AppError('ROLE_NOT_ALLOWED');
      const changed = await schedules.setFloorStateAndPublish(
        { companyId: principal.companyId, providerId, floorState },
        topics.board(principal.companyId),
      );
      if (!changed) throw new AppError('PROVIDER_NOT_FOUND');
      eventLog.flushSoon();
      return changed;
    },

    /**
     * The wait estimator's inputs: each active provider's services (null: all), floor state and
     * working time over [from, from + days) in the business's time zone.
     */
    async providersForEstimate(
      companyId: string,
      from: number,
      options: { days?: number } = {},
    ): Promise<EstimatorProvider[]> {
      const { timeZone } = await companies.requireCompany(companyId);
      const to = from + (options.days ?? 7) * DAY_MS;
      // From the day before: a day off then cancels a night shift still running at `from`.
      const daysOffFrom = localDateTime(from - DAY_MS, timeZone).date;
      const rows = await schedules.listSchedules(companyId, { daysOffFrom });
      return estimatorProviders(rows, { from, to }, timeZone);
    },
  };
}

export type ScheduleService = ReturnType<typeof createScheduleService>;
