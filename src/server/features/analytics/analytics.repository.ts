import type { AnalyticsBatch } from '../../../shared/schemas.ts';
import type { Queryable } from '../../db/database.ts';

export function createAnalyticsRepository(db: Queryable) {
  return {
    /** One statement for the whole batch (at most 50 events). */
    async insertBatch(batch: AnalyticsBatch, tx: Queryable = db): Promise<void> {
      const values: string[] = [];
      const params: unknown[] = [];
      for (const event of batch.events) {
        const at = params.length;
        values.push(`($${at + 1}, $${at + 2}::jsonb, $${at + 3}, $${at + 4}, $${at + 5}::timestamptz)`);
        params.push(
          event.name,
          JSON.stringify(event.params),
          batch.visitorId,
          batch.userId,
          event.occurredAt,
        );
      }
      await tx.query(
        `insert into analytics_events (name, params, visitor_id, customer_id, occurred_at) values ${values.join(', ')}`,
        params,
      );
    },
  };
}

export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
