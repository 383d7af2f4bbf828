import type { InsightsFeedback } from '../../../shared/feedback-schemas.ts';
import type { JoinAnswer } from '../../../shared/join-fields.ts';
import type { RequestStatus, WaitStatus } from '../../../shared/schemas.ts';
import type { Insights, InsightsRange } from '../../../shared/staff-schemas.ts';
import type { Queryable } from '../../db/database.ts';

/** The latest comments Insights show; older ones are in the owner's export of each customer. */
const FEEDBACK_COMMENTS_SHOWN = 20;

/**
 * A business's visits that arrived within a range of its days, both included: $1 the business,
 * $2 its time zone, $3 the first day, $4 the last (YYYY-MM-DD). Bounds on `date` itself, so the
 * (company_id, date) index finds them (migrations/0015).
 */
const VISITS_IN_RANGE = `w.company_id = $1
   and w.date >= $3::date::timestamp at time zone $2
   and w.date < ($4::date + 1)::timestamp at time zone $2`;

/** Minutes from arrival to being called, or to being started when never called (docs/insights.md). */
const WAITED_MINUTES = `extract(epoch from coalesce(w.called_at, w.started_at) - w.date)::float8 / 60`;

/** Rounded half away from zero, as people round: float rounding in PostgreSQL goes to even. */
const rounded = (expression: string, digits = 0) => `round((${expression})::numeric, ${digits})::float8`;

interface GroupRow {
  kind: 'all' | 'service' | 'provider';
  service: string | null;
  providerId: string | null;
  providerName: string | null;
  visits: number;
  waitedVisits: number;
  averageWaitMinutes: number | null;
  p90WaitMinutes: number | null;
  calledVisits: number;
  noShows: number;
  estimatedVisits: number;
  medianErrorMinutes: number | null;
  averageEstimateMinutes: number | null;
  averageEstimatedWaitMinutes: number | null;
}

export interface VisitCsvRow {
  /** Where the next page starts: the visit's exact arrival (text that casts back) and id. */
  after: CsvCursor;
  arrived: string;
  called: string | null;
  started: string | null;
  finished: string | null;
  service: string;
  provider: string | null;
  status: WaitStatus;
  /** A service request's answer: one not accepted is still 'waiting', though out of the line. */
  requestStatus: RequestStatus | null;
  waitedMinutes: number | null;
  name: string | null;
  phoneNumber: string | null;
  /** Answers to the business's questions (docs/join-fields.md), with contacts only; null without. */
  joinAnswers: JoinAnswer[] | null;
  /** Its place in its party (2 of 3, docs/party-size.md), with contacts only; null for a party of one. */
  partyPosition: number | null;
  partySize: number | null;
}

type Scope = { companyId: string; timeZone: string } & InsightsRange;

/** A place in the range's visits, in arrival order: the next page starts after it. */
export interface CsvCursor {
  date: string;
  id: string;
}

/** Before every visit. */
export const CSV_START: CsvCursor = { date: '-infinity', id: '00000000-0000-0000-0000-000000000000' };

/** Aggregates for the console's Insights page, in the business's time zone. */
export function createInsightsRepository(db: Queryable) {
  const scopeParams = (scope: Scope) => [scope.companyId, scope.timeZone, scope.from, scope.to];

  return {
    /**
     * The ratings of the range's visits (docs/feedback.md): how many, their average and how many of
     * each star, and the latest comments, for the owner only (the route is the owner's).
     */
    async feedback(scope: Scope, latestComments = FEEDBACK_COMMENTS_SHOWN): Promise<InsightsFeedback> {
      const [counts, comments] = await Promise.all([
        db.query<{ rating: number; ratings: number }>(
          `select f.rating, count(*)::int as ratings
             from wait_entries w join visit_feedback f on f.wait_id = w.id
            where ${VISITS_IN_RANGE} and f.rating is not null
            group by f.rating`,
          scopeParams(scope),
        ),
        db.query<InsightsFeedback['comments'][number] & { ratedAt: Date }>(
          `select f.rating, f.comment, f.rated_at as "ratedAt", w.service_type as "serviceType",
                  p.name as "providerName"
             from wait_entries w join visit_feedback f on f.wait_id = w.id
             left join providers p on p.id = w.provider_id
            where ${VISITS_IN_RANGE} and f.comment is not null
            order by f.rated_at desc limit $5`,
          [...scopeParams(scope), latestComments],
        ),
      ]);
      const distribution = [1, 2, 3, 4, 5].map(
        (stars) => counts.rows.find((row) => row.rating === stars)?.ratings ?? 0,
      );
      const ratings = distribution.reduce((sum, count) => sum + count, 0);
      const stars = distribution.reduce((sum, count, index) => sum + count * (index + 1), 0);
      return {
        ratings,
        average: ratings === 0 ? null : Math.round((stars / ratings) * 10) / 10,
        distribution,
        comments: comments.rows.map((row) => ({ ...row, ratedAt: new Date(row.ratedAt).toISOString() })),
      };
    },

    /** Arrivals per local day, weekday and hour: only the hours that had any. */
    async arrivalsByHour(scope: Scope) {
      const { rows } = await db.query<{ day: string; weekday: number; hour: number; arrivals: number }>(
        `select to_char(v.local, 'YYYY-MM-DD') as day, extract(dow from v.local)::int as weekday,
                extract(hour from v.local)::int as hour, count(*)::int as arrivals
           from (select w.date at time zone $2 as local from wait_entries w where ${VISITS_IN_RANGE}) v
          group by 1, 2, 3`,
        scopeParams(scope),
      );
      return rows;
    },

    /**
     * Waits, no-shows and estimate errors over all the range's visits, per service and per
     * provider, in one pass. A no-show counts over called visits whose outcome is known: in
     * service, done or no-show. A cancelled visit is neither (issue 13: it once diluted the rate).
     */
    async groups(scope: Scope): Promise<GroupRow[]> {
      const { rows } = await db.query<GroupRow>(
        `with v as (
           select w.service_type, w.provider_id, w.status, w.called_at, w.estimated_wait_minutes as estimate,
                  ${WAITED_MINUTES} as waited,
                  abs(${WAITED_MINUTES} - w.estimated_wait_minutes) as error
             from wait_entries w
            where ${VISITS_IN_RANGE})
         select case when grouping(v.service_type) = 0 then 'service'
                     when grouping(v.provider_id) = 0 then 'provider' else 'all' end as kind,
                v.service_type as service, v.provider_id as "providerId", max(p.name) as "providerName",
                count(*)::int as visits,
                count(v.waited)::int as "waitedVisits",
                ${rounded('avg(v.waited)')} as "averageWaitMinutes",
                ${rounded('percentile_disc(0.9) within group (order by v.waited)')} as "p90WaitMinutes",
                count(*) filter (where v.called_at is not null
                                   and v.status in ('in_service', 'done', 'no_show'))::int as "calledVisits",
                count(*) filter (where v.called_at is not null and v.status = 'no_show')::int as "noShows",
                count(v.error)::int as "estimatedVisits",
                ${rounded('percentile_cont(0.5) within group (order by v.error)', 1)} as "medianErrorMinutes",
                ${rounded('avg(v.estimate) filter (where v.error is not null)')} as "averageEstimateMinutes",
                ${rounded('avg(v.waited) filter (where v.error is not null)')} as "averageEstimatedWaitMinutes"
           from v left join providers p on p.id = v.provider_id
          group by grouping sets ((), (v.service_type), (v.provider_id))`,
        scopeParams(scope),
      );
      return rows;
    },

    /**
     * Customers per step. The browser's steps come from its events: each is bound to the customer
     * token that sent it and to a business that exists (analytics.routes.ts), so one client cannot
     * count as many; rows from before that binding may lack a customer and count by their visitor
     * id. "Joined" has its truth in the database: customers with a visit of their own (not the
     * desk's, not a service request) that arrived in the range. Counted from events, anyone could
     * raise another business's figure by posting them (issue 22).
     */
    async funnel(scope: Scope): Promise<Insights['funnel']> {
      const { rows } = await db.query<Insights['funnel']>(
        `with steps as (
           select name, params, coalesce(customer_id, 'visitor:' || visitor_id) as who
             from analytics_events
            where company_id = $1
              and occurred_at >= $3::date::timestamp at time zone $2
              and occurred_at < ($4::date + 1)::timestamp at time zone $2)
         select count(distinct who) filter (where name = 'screen_view' and params->>'screen_name' in ('walk_in', 'kiosk'))::int as landing,
                count(distinct who) filter (where name = 'walk_in_next_pressed')::int as "serviceNext",
                count(distinct who) filter (where name = 'user_info_next_pressed')::int as "userInfoNext",
                (select count(distinct w.customer_id)::int from wait_entries w
                  where ${VISITS_IN_RANGE} and w.origin = 'walk_in') as joined
           from steps`,
        scopeParams(scope),
      );
      return rows[0] ?? { landing: 0, serviceNext: 0, userInfoNext: 0, joined: 0 };
    },

    /**
     * Up to `limit` of the range's visits in arrival order, after `after`; times in the business's
     * zone; names and numbers only when asked. A page at a time: the rows, not the query, are what
     * costs (about 0.1 ms each through PGlite's thread), and a long statement holds that one thread
     * for every business (docs/insights.md).
     */
    async visitsForCsv(
      scope: Scope,
      withContacts: boolean,
      after: CsvCursor,
      limit: number,
    ): Promise<VisitCsvRow[]> {
      const local = (column: string) => `to_char(${column} at time zone $2, 'YYYY-MM-DD HH24:MI')`;
      const { rows } = await db.query<VisitCsvRow>(
        `select json_build_object('date', w.date::text, 'id', w.id) as after,
                ${local('w.date')} as arrived, ${local('w.called_at')} as called,
                ${local('w.started_at')} as started, ${local('w.finished_at')} as finished,
                w.service_type as service, p.name as provider, w.status, w.request_status as "requestStatus",
                ${rounded(WAITED_MINUTES)} as "waitedMinutes",
                case when $5 then w.name end as name, case when $5 then w.phone_number end as "phoneNumber",
                case when $5 then w.join_answers end as "joinAnswers",
                case when $5 and w.party_id is not null then w.party_position end as "partyPosition",
                case when $5 and w.party_id is not null then w.party_size end as "partySize"
           from wait_entries w left join providers p on p.id = w.provider_id
          where ${VISITS_IN_RANGE}
            and (w.date, w.id) > ($6::timestamptz, $7::uuid)
          order by w.date, w.id
          limit $8`,
        [...scopeParams(scope), withContacts, after.date, after.id, limit],
      );
      return rows;
    },
  };
}

export type InsightsRepository = ReturnType<typeof createInsightsRepository>;
