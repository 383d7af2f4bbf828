import type {
  FloorState,
  ProviderFloor,
  ProviderSchedule,
  ProviderScheduleRequest,
  Shift,
} from '../../../shared/schedule-schemas.ts';
import { FLOOR_STATE_EVENT } from '../../../shared/schedule-schemas.ts';
import type { Queryable } from '../../db/database.ts';
import { appendEventsSql } from '../../realtime/event-log.ts';

/** A provider's stored schedule and floor state, as the estimator and Settings read them. */
export interface ProviderScheduleRow extends ProviderSchedule {
  floorState: FloorState;
}

const floorColumns = `id as "providerId", floor_state as "floorState",
  to_char(floor_state_changed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "changedAt"`;

/** Who works when: weekly shifts, days off, services per provider, floor state (migration 0021). */
export function createScheduleRepository(db: Queryable) {
  return {
    /**
     * Every active provider of the business with their shifts, days off (from `daysOffFrom` on)
     * and services, in the business's order: one statement whatever the number of providers.
     */
    async listSchedules(
      companyId: string,
      options: { daysOffFrom?: string } = {},
      tx: Queryable = db,
    ): Promise<ProviderScheduleRow[]> {
      const { rows } = await tx.query<ProviderScheduleRow>(
        `select p.id as "providerId", p.floor_state as "floorState",
                coalesce((select json_agg(json_build_object('weekday', s.weekday, 'startMinute', s.start_minute,
                                                            'endMinute', s.end_minute)
                                          order by s.weekday, s.start_minute)
                            from provider_shifts s where s.provider_id = p.id), '[]') as shifts,
                coalesce((select json_agg(to_char(d.day, 'YYYY-MM-DD') order by d.day)
                            from provider_days_off d
                           where d.provider_id = p.id and ($2::date is null or d.day >= $2::date)), '[]') as "daysOff",
                coalesce((select json_agg(v.service_name order by v.service_name)
                            from provider_services v where v.provider_id = p.id), '[]') as services
           from providers p
          where p.company_id = $1 and p.active
          order by p.position, p.name`,
        [companyId, options.daysOffFrom ?? null],
      );
      return rows;
    },

    /**
     * Replaces one provider's shifts, days off and services (run it in a transaction). False when
     * the provider is not an active one of this business: nothing is written then.
     */
    async replaceSchedule(
      companyId: string,
      providerId: string,
      schedule: ProviderScheduleRequest,
      tx: Queryable,
    ): Promise<boolean> {
      // Locks the provider row: two saves for one provider take turns instead of mixing lists.
      const { rows } = await tx.query(
        'select id from providers where id = $1 and company_id = $2 and active for update',
        [providerId, companyId],
      );
      if (rows.length === 0) return false;
      const shifts: readonly Shift[] = schedule.shifts;
      await tx.query('delete from provider_shifts where provider_id = $1', [providerId]);
      await tx.query(
        `insert into provider_shifts (company_id, provider_id, weekday, start_minute, end_minute)
         select $1, $2, weekday, start_minute, end_minute
           from unnest($3::smallint[], $4::smallint[], $5::smallint[]) as s (weekday, start_minute, end_minute)`,
        [
          companyId,
          providerId,
          shifts.map((shift) => shift.weekday),
          shifts.map((shift) => shift.startMinute),
          shifts.map((shift) => shift.endMinute),
        ],
      );
      await tx.query('delete from provider_days_off where provider_id = $1', [providerId]);
      await tx.query(
        `insert into provider_days_off (company_id, provider_id, day)
         select $1, $2, day from unnest($3::date[]) as d (day)`,
        [companyId, providerId, schedule.daysOff],
      );
      await tx.query('delete from provider_services where provider_id = $1', [providerId]);
      await tx.query(
        `insert into provider_services (company_id, provider_id, service_name)
         select $1, $2, name from unnest($3::text[]) as v (name)`,
        [companyId, providerId, schedule.services],
      );
      return true;
    },

    /** The floor state of every active provider of the business, for the board. */
    async listFloorStates(companyId: string, tx: Queryable = db): Promise<ProviderFloor[]> {
      const { rows } = await tx.query<ProviderFloor>(
        `select ${floorColumns} from providers where company_id = $1 and active order by position, name`,
        [companyId],
      );
      return rows;
    },

    /**
     * Sets a provider's floor state and publishes it on the business's board, in one statement;
     * null when the provider is not an active one of this business. Setting the state they are
     * already in keeps when it began.
     */
    async setFloorStateAndPublish(
      change: { companyId: string; providerId: string; floorState: FloorState },
      boardTopic: string,
      tx: Queryable = db,
    ): Promise<ProviderFloor | null> {
      const { rows } = await tx.query<ProviderFloor>(
        `with changed as (
           update providers
              set floor_state_changed_at = case when floor_state = $3::text then floor_state_changed_at else now() end,
                  floor_state = $3::text
            where id = $1 and company_id = $2 and active
           returning ${floorColumns}
         ), published as (
           ${appendEventsSql(`select $4::text, '${FLOOR_STATE_EVENT}', to_jsonb(changed) from changed`)}
         )
         select * from changed`,
        [change.providerId, change.companyId, change.floorState, boardTopic],
      );
      return rows[0] ?? null;
    },
  };
}

export type ScheduleRepository = ReturnType<typeof createScheduleRepository>;
