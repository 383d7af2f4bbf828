import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topics } from '../../src/shared/realtime.ts';
import {
  type JoinAttempt,
  newJoin,
  type Outcome,
  phoneNumberFor,
  ResumingSubscriber,
  sendJoin,
  signInCustomer,
  signInOwner,
} from '../support/fault-clients.ts';
import {
  openPostgresFaultSchema,
  type ServerProcess,
  startServerProcess,
  waitForHealth,
} from '../support/server-process.ts';

const url = process.env.TEST_DATABASE_URL;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How long the load runs while every connection is cut each second: a few cuts, not a soak. */
const LOAD_MS = 6_000;
const CUSTOMERS_PER_PROCESS = 6;
const SUBSCRIBERS_PER_PROCESS = 3;

/**
 * Finding 8: two server processes on one PostgreSQL, every connection of theirs terminated each
 * second while customers join and staff boards follow the line. Both processes must stay up, a
 * join must be acknowledged (and then present) or answered 503 (never 500), and each board socket,
 * resuming as the app's client does, must end with every event: no gap, no duplicate.
 */
describe.skipIf(!url)('two server processes while PostgreSQL drops their connections every second', () => {
  let database: Awaited<ReturnType<typeof openPostgresFaultSchema>>;
  const servers: ServerProcess[] = [];
  const subscribers: ResumingSubscriber[] = [];

  beforeAll(async () => {
    database = await openPostgresFaultSchema(url!);
    const env = { DATABASE_URL: database.databaseUrl, SEED_DEMO: 'never', SMS_DRIVER: 'outbox' };
    servers.push(await startServerProcess(env), await startServerProcess(env));
    await Promise.all(servers.map(waitForHealth));
  });
  afterAll(async () => {
    for (const subscriber of subscribers) subscriber.stop();
    for (const server of servers) server.child.kill('SIGKILL');
    await Promise.all(servers.map((server) => server.exited));
    await database?.close();
  });

  it('keeps both processes up, answers joins 2xx or 503, and delivers every board event once', async () => {
    const outcomes: Outcome[] = [];
    const cookies = await Promise.all(servers.map((server) => signInOwner(server.base, outcomes)));
    const boardTopic = topics.board('demo');
    servers.forEach((server, index) => {
      for (let i = 0; i < SUBSCRIBERS_PER_PROCESS; i += 1) {
        const subscriber = new ResumingSubscriber(server.base, boardTopic, {
          cookie: cookies[index]!,
          after: 0,
        });
        subscriber.start();
        subscribers.push(subscriber);
      }
    });

    let terminated = 0;
    let cutting = true;
    const cuts = (async () => {
      while (cutting) {
        await pause(1_000);
        if (cutting) terminated += await database.terminateServerConnections();
      }
    })();

    const joins: JoinAttempt[] = [];
    const loadUntil = Date.now() + LOAD_MS;
    let phone = 0;
    const customer = async (server: ServerProcess) => {
      const authorization = await signInCustomer(server.base, outcomes);
      while (Date.now() < loadUntil) {
        const join = newJoin(authorization, phoneNumberFor(phone++), false);
        joins.push(join);
        // The customer app retries an unanswered join with the same key (a 503 says "try again").
        for (let tries = 0; tries < 100 && !join.waitId; tries += 1) {
          const { outcome, json } = await sendJoin(server.base, join);
          outcomes.push(outcome);
          if (outcome === 200 || outcome === 201) join.waitId = (json as { waitId: string }).waitId;
          else await pause(100);
        }
      }
    };
    await Promise.all(
      servers.flatMap((server) => Array.from({ length: CUSTOMERS_PER_PROCESS }, () => customer(server))),
    );
    cutting = false;
    await cuts;

    expect(terminated).toBeGreaterThan(0);
    const describeServers = () => servers.map((s, i) => `process ${i}:\n${s.output()}`).join('\n');
    expect(
      servers.map((server) => server.isRunning()),
      describeServers(),
    ).toEqual([true, true]);
    // Every answer was an acknowledgement or "try again": no 500, no other error.
    const unexpected = outcomes.filter((outcome) => ![200, 201, 503].includes(outcome as number));
    const refused = unexpected.filter((outcome) => typeof outcome === 'string');
    expect(
      unexpected.filter((outcome) => typeof outcome === 'number'),
      describeServers(),
    ).toEqual([]);
    // The processes stayed up, so no request went unanswered.
    expect(refused).toEqual([]);
    expect(
      joins.every((join) => join.waitId),
      'every join acknowledged after retries',
    ).toBe(true);

    // Every acknowledged join is there, once.
    const { rows } = await database.db.query<{ id: string; idempotencyKey: string }>(
      'select id, idempotency_key as "idempotencyKey" from wait_entries',
    );
    expect(rows.map((row) => row.id).sort()).toEqual(joins.map((join) => join.waitId).sort());

    // Every board socket catches up to the topic's head (the sweep numbers what a cut left pending).
    const head = async () =>
      (
        await database.db.query<{ seq: number }>(
          'select seq::int as seq from realtime_topics where topic = $1',
          [boardTopic],
        )
      ).rows[0]?.seq ?? 0;
    await expect.poll(head, { timeout: 30_000 }).toBeGreaterThanOrEqual(joins.length);
    const last = await head();
    await expect
      .poll(() => subscribers.map((subscriber) => subscriber.lastSeq), { timeout: 30_000 })
      .toEqual(subscribers.map(() => last));
    const allSeqs = Array.from({ length: last }, (_, i) => i + 1);
    for (const subscriber of subscribers) {
      expect({ gaps: subscriber.gaps, duplicates: subscriber.duplicates, resets: subscriber.resets }).toEqual(
        {
          gaps: [],
          duplicates: 0,
          resets: 0,
        },
      );
      expect(subscriber.delivered.map((event) => event.seq)).toEqual(allSeqs);
      const joined = new Set(subscriber.delivered.map((event) => (event.data as { waitId: string }).waitId));
      expect(joins.filter((join) => !joined.has(join.waitId!))).toEqual([]);
    }
  });
});
