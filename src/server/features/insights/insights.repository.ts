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
      // Customers per step: each event is bound to the customer token that sent it and to a
      // business that exists (analytics.routes.ts), so one client cannot count as many. Rows from
      // before that binding may lack a customer and count by their visitor id.
      const funnel = await db.query<{
        landing: number;
        serviceNext: number;
        userInfoNext: number;
        joined: number;
      }>(
        `with steps as (
           select name, params, coalesce(customer_id, 'visitor:' || visitor_id) as who
             from analytics_events
            where company_id = $1 and occurred_at > now() - interval '${DAYS} days')
         select count(distinct who) filter (where name = 'screen_view' and params->>'screen_name' = 'walk_in')::int as landing,
                count(distinct who) filter (where name = 'walk_in_next_pressed')::int as "serviceNext",
                count(distinct who) filter (where name = 'user_info_next_pressed')::int as "userInfoNext",
                count(distinct who) filter (where name = 'user_info_new_walkin_success')::int as joined
           from steps`,
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
