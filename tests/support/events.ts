import type { Queryable } from '../../src/server/db/database.ts';

/**
 * How many events the database holds for a topic, numbered or still waiting to be numbered
 * (when the app writes events to a pending table first). One statement, one snapshot: an event
 * moving from pending to numbered meanwhile is counted once.
 */
export async function countTopicEvents(db: Queryable, topic: string): Promise<number> {
  const { rows: tables } = await db.query<{ pending: boolean }>(
    "select to_regclass('realtime_pending') is not null as pending",
  );
  const pending = tables[0]?.pending ? ' + (select count(*) from realtime_pending where topic = $1)' : '';
  const { rows } = await db.query<{ n: number }>(
    `select ((select count(*) from realtime_events where topic = $1)${pending})::int as n`,
    [topic],
  );
  return rows[0]!.n;
}
