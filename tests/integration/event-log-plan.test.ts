import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEQUENCE_SQL } from '../../src/server/realtime/event-log.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../support/test-database.ts';

/**
 * Every event passes through realtime_pending and leaves a dead row there until vacuum. The
 * sequencer must find its batch by key, never by reading the table: read whole, a pass got slower
 * with every event the server had numbered since the last vacuum.
 */
describe.each(databaseKinds)('event sequencer plan on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => database?.close());

  it('looks up the pending batch by key however many dead rows the table holds', async () => {
    const { db } = database;
    await db.query(
      `insert into realtime_pending (topic, type, data)
       select 'board:plan-test', 'entry.upserted', '{}'::jsonb from generate_series(1, 20000)`,
    );
    await db.query(`delete from realtime_pending`);
    await db.query(
      `insert into realtime_pending (topic, type, data) values ('board:plan-test', 'entry.upserted', '{}'::jsonb)`,
    );
    const { rows } = await db.query<{ 'QUERY PLAN': string }>(`explain ${SEQUENCE_SQL}`);
    const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
    expect(plan).toContain('realtime_pending_pkey');
    expect(plan).not.toMatch(/Seq Scan on realtime_pending/);
  });
});
