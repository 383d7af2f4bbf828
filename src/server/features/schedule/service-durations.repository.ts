import type { Queryable } from '../../db/database.ts';
import {
  DEFAULT_DURATION_MINUTES,
  HISTORY_DAYS,
  MIN_VISITS,
  type ServiceDurationRow,
} from './service-durations.ts';

/**
 * One business's service durations in one statement: the median and 10th/90th percentiles of the
 * time from start to finish of its done visits that finished in the HISTORY_DAYS before `asOf`,
 * per service and per service and provider, where there are at least MIN_VISITS of them; and
 * every service's listed duration.
 *
 * A visit finishing in the window arrived at most a day before it, so the statement also bounds
 * the arrival: that lets wait_entries_company_status (company_id, status, date) find the rows by
 * range instead of reading every done visit the business ever had.
 */
const SERVICE_DURATIONS_SQL = `
  with visit as (
    select w.service_type, w.provider_id,
           extract(epoch from w.finished_at - w.started_at)::float8 / 60 as minutes
      from wait_entries w
     where w.company_id = $1 and w.status = 'done'
       and w.date > $2::timestamptz - make_interval(days => $3::int + 1)
       and w.finished_at > $2::timestamptz - make_interval(days => $3::int)
       and w.finished_at <= $2::timestamptz
       and w.started_at is not null and w.finished_at > w.started_at)
  select case when grouping(v.provider_id) = 1 then 'service' else 'provider' end as kind,
         v.service_type as service, v.provider_id as "providerId",
         percentile_cont(0.5) within group (order by v.minutes) as median,
         percentile_cont(0.1) within group (order by v.minutes) as p10,
         percentile_cont(0.9) within group (order by v.minutes) as p90,
         count(*)::int as visits
    from visit v
   group by grouping sets ((v.service_type), (v.service_type, v.provider_id))
  having count(*) >= $4::int and (grouping(v.provider_id) = 1 or v.provider_id is not null)
  union all
  select 'listed', s.name, null, coalesce(s.duration_minutes, $5::int)::float8, null, null, 0
    from services s
   where s.company_id = $1`;

export function createServiceDurationsRepository(db: Queryable) {
  return {
    /** History and listed durations as of `asOf` (now, unless replaying). Feed to durationTableFrom. */
    async serviceDurations(companyId: string, asOf: Date = new Date(), tx: Queryable = db) {
      const { rows } = await tx.query<ServiceDurationRow>(SERVICE_DURATIONS_SQL, [
        companyId,
        asOf.toISOString(),
        HISTORY_DAYS,
        MIN_VISITS,
        DEFAULT_DURATION_MINUTES,
      ]);
      return rows.map((row) => (row.kind === 'listed' ? { ...row, p10: row.median, p90: row.median } : row));
    },
  };
}

export type ServiceDurationsRepository = ReturnType<typeof createServiceDurationsRepository>;
