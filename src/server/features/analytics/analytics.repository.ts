import type { Queryable } from '../../db/database.ts';

export interface AnalyticsEventRow {
  name: string;
  /** The business whose page logged it; null on pages of no business. */
  companyId: string | null;
  params: Record<string, string | number | boolean | null>;
  /** ISO 8601, already within the window the service allows. */
  occurredAt: string;
}

export function createAnalyticsRepository(db: Queryable) {
  return {
    /**
     * One statement for the whole batch (at most 50 events). An event naming a business that does
     * not exist is left out in the same statement, so a business created or checked elsewhere
     * cannot race it.
     */
    async insertEvents(
      customerId: string,
      visitorId: string,
      events: readonly AnalyticsEventRow[],
      tx: Queryable = db,
    ): Promise<void> {
      const values: string[] = [];
      const params: unknown[] = [customerId, visitorId];
      for (const event of events) {
        const at = params.length;
        values.push(`($${at + 1}::text, $${at + 2}::jsonb, $${at + 3}::text, $${at + 4}::timestamptz)`);
        params.push(event.name, JSON.stringify(event.params), event.companyId, event.occurredAt);
      }
      await tx.query(
        `insert into analytics_events (name, params, customer_id, visitor_id, company_id, occurred_at)
         select e.name, e.params, $1, $2, e.company_id, e.occurred_at
           from (values ${values.join(', ')}) as e (name, params, company_id, occurred_at)
          where e.company_id is null or e.company_id in (select id from companies)`,
        params,
      );
    },
  };
}

export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
