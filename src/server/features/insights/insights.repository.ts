import type { Insights } from '../../../shared/schemas.ts';
import type { Queryable } from '../../db/database.ts';

const DAYS = 14;

/** Aggregates for the console's Insights page, in the business's time zone. */
export function createInsightsRepository(db: Queryable) {
  return {
    async forCompany(companyId: string, timeZone: string): Promise<Insights> {
      const days = await db.query<{ day: string; joins: number }>(
        `select to_char(d.day, 'YYYY-MM-DD') as day, count(w.id)::int as joins
           from generate_series((now() at time zone $2)::date - ${DAYS - 1}, (now() at time zone $2)::date, interval '1 day') as d (day)
           left join wait_entries w on w.company_id = $1 and (w.date at time zone $2)::date = d.day::date
          group by d.day order by d.day`,
        [companyId, timeZone],
      );
      // Visitors per step. Events carry companyId; screen views carry it inside their route params.
      const funnel = await db.query<{
        landing: number;
        serviceNext: number;
        userInfoNext: number;
        joined: number;
      }>(
        `select count(distinct visitor_id) filter (where name = 'screen_view' and params->>'screen_name' = 'walk_in') ::int as landing,
                count(distinct visitor_id) filter (where name = 'walk_in_next_pressed')::int as "serviceNext",
                count(distinct visitor_id) filter (where name = 'user_info_next_pressed')::int as "userInfoNext",
                count(distinct visitor_id) filter (where name = 'user_info_new_walkin_success')::int as joined
           from analytics_events
          where occurred_at > now() - interval '${DAYS} days'
            and (params->>'companyId' = $1 or params->>'params' like '%"companyId":"' || $1 || '"%')`,
        [companyId],
      );
      const waits = await db.query<{ averageWaitMinutes: number | null; finished: number; noShows: number }>(
        `select round(avg(extract(epoch from called_at - date) / 60) filter (where called_at is not null))::int
                  as "averageWaitMinutes",
                count(*) filter (where status in ('done', 'no_show', 'cancelled'))::int as finished,
                count(*) filter (where status = 'no_show')::int as "noShows"
           from wait_entries where company_id = $1 and date > now() - interval '${DAYS} days'`,
        [companyId],
      );
      return {
        days: days.rows,
        funnel: funnel.rows[0] ?? { landing: 0, serviceNext: 0, userInfoNext: 0, joined: 0 },
        averageWaitMinutes: waits.rows[0]?.averageWaitMinutes ?? null,
        finished: waits.rows[0]?.finished ?? 0,
        noShows: waits.rows[0]?.noShows ?? 0,
      };
    },
  };
}
