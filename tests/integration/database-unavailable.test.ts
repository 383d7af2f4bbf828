import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import type { Database } from '../../src/server/db/database.ts';
import { seedDemoCompany } from '../../src/server/seed/demo.ts';
import { buildJoinRequest, idempotencyKey } from '../support/factories.ts';
import { testConfig } from '../support/test-app.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../support/test-database.ts';

/** What node-postgres throws when pg_terminate_backend (or a restart) ends the connection mid-statement. */
const terminated = () =>
  Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
const lostAfterCommit = () => new Error('Connection terminated unexpectedly');

/**
 * The app on a database handle that can lose its connection: `before` fails each statement before
 * it runs; `after` runs it (a COMMIT that landed) and then loses the answer, so the outcome is
 * unknown to the server, as when the connection drops during COMMIT.
 */
function flakyDatabase(db: Database) {
  const state: { mode: 'up' | 'before' | 'after' } = { mode: 'up' };
  const run = async <T>(sql: string | null, statement: () => Promise<T>): Promise<T> => {
    if (state.mode === 'before') throw terminated();
    const result = await statement();
    // Only the join's own statement: the sign-in lookup before it must go through.
    if (state.mode === 'after' && sql?.includes('insert into wait_entries')) throw lostAfterCommit();
    return result;
  };
  const flaky: Database = {
    ...db,
    query: (sql, params, options) => run(sql, () => db.query(sql, params, options)),
    transaction: (work) => run(null, () => db.transaction(work)),
  };
  return { db: flaky, state };
}

describe.each(databaseKinds)('requests while the database connection is lost, on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let state: { mode: 'up' | 'before' | 'after' };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await seedDemoCompany(database.db);
    const flaky = flakyDatabase(database.db);
    state = flaky.state;
    app = await buildApp({ config: testConfig(), db: flaky.db, clientDir: '/nonexistent' });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const signIn = async () => {
    const response = await app.inject({ method: 'POST', url: '/api/v1/customers/anonymous' });
    return `Bearer ${(response.json() as { token: string }).token}`;
  };
  const join = (authorization: string, key: string, phoneNumber: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/companies/demo/wait-list',
      headers: { authorization, 'idempotency-key': key },
      payload: buildJoinRequest({ phoneNumber, allowSms: true }),
    });

  it('answers 503 with Retry-After, not 500, to reads and writes', async () => {
    const authorization = await signIn();
    state.mode = 'before';
    try {
      const read = await app.inject({ url: '/api/v1/companies/demo/walk-in' });
      const write = await join(authorization, idempotencyKey(), '+14155550140');
      for (const response of [read, write]) {
        expect(response.statusCode).toBe(503);
        expect(response.headers['retry-after']).toBe('2');
        expect(response.json()).toMatchObject({ error: { code: 'UNAVAILABLE' } });
      }
    } finally {
      state.mode = 'up';
    }
  });

  it('lands a retried join on the row whose COMMIT answer was lost, once, with one text', async () => {
    const authorization = await signIn();
    const key = idempotencyKey();
    state.mode = 'after';
    let first: Awaited<ReturnType<typeof join>>;
    try {
      first = await join(authorization, key, '+14155550141');
    } finally {
      state.mode = 'up';
    }
    expect(first.statusCode).toBe(503);

    const retried = await join(authorization, key, '+14155550141');
    expect(retried.statusCode).toBe(200);
    const { waitId } = retried.json() as { waitId: string };
    const { rows } = await database.db.query<{ entries: number; texts: number }>(
      `select (select count(*)::int from wait_entries where phone_number = $1) as entries,
              (select count(*)::int from sms_messages where wait_id = $2) as texts`,
      ['+14155550141', waitId],
    );
    expect(rows[0]).toEqual({ entries: 1, texts: 1 });
  });
});
