import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database.ts';
import { openPglite } from '../../src/server/db/pglite.ts';
import { createSmsRepository } from '../../src/server/features/sms/sms.repository.ts';
import {
  type JoinAttempt,
  newJoin,
  type Outcome,
  phoneNumberFor,
  request,
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
import { databaseKinds } from '../support/test-database.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const CUSTOMERS = 4;
/** Joins acknowledged before the kill: enough that some are in flight, and texts mid-send. */
const ACKNOWLEDGED_BEFORE_KILL = 16;

/** Twilio's Messages API as far as the text worker uses it; counts each number's requests. */
async function startTwilioStandIn(): Promise<{
  server: Server;
  apiBase: string;
  requests: Map<string, number>;
}> {
  const requests = new Map<string, number>();
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += String(chunk);
    });
    req.on('end', () => {
      const to = new URLSearchParams(body).get('To') ?? '';
      requests.set(to, (requests.get(to) ?? 0) + 1);
      // A moment per send, as Twilio takes: some texts are mid-send when the process dies.
      setTimeout(() => {
        res.writeHead(201, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ sid: `SM${requests.size}${to.slice(-4)}`, status: 'queued' }));
      }, 30);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, apiBase: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

/** Starts the server; on the embedded database, waits out a data-folder lock the killed one left. */
async function startUntilHealthy(env: Record<string, string>): Promise<ServerProcess> {
  for (let attempt = 0; ; attempt += 1) {
    const server = await startServerProcess(env);
    try {
      await waitForHealth(server);
      return server;
    } catch (error) {
      if (attempt > 60 || !server.output().includes('already using the data folder')) throw error;
      await pause(500);
    }
  }
}

/**
 * The customer app's join under a crash: each customer joins again and again with fresh numbers
 * (texts allowed) until the process is killed; an unanswered join is retried after the restart
 * with its own Idempotency-Key. Afterwards every acknowledged join is present, none twice, each
 * join has its one text, and no number was texted twice: a text is sent once, or it was cut off
 * mid-send and is marked failed rather than sent again.
 */
describe.each(databaseKinds)('kill -9 during a stream of joins on %s', (kind) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('keeps every acknowledged join once, and sends each promised text at most once', async () => {
    const twilio = await startTwilioStandIn();
    cleanups.push(() => new Promise<void>((resolve) => twilio.server.close(() => resolve())));
    const env: Record<string, string> = {
      SMS_DRIVER: 'twilio',
      TWILIO_ACCOUNT_SID: 'ACfaulttest',
      TWILIO_AUTH_TOKEN: 'fault-test-token',
      TWILIO_FROM: '+15005550006',
      TWILIO_API_BASE: twilio.apiBase,
    };
    /** Reads the rows once the server is stopped (PGlite has one process at a time). */
    let openRows: () => Promise<{ db: Database; close(): Promise<void> }>;
    if (kind === 'pglite') {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'checkn-kill-'));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      env.DATA_DIR = dataDir;
      openRows = async () => {
        const db = await openPglite(dataDir);
        return { db, close: () => db.close() };
      };
    } else {
      const database = await openPostgresFaultSchema(process.env.TEST_DATABASE_URL!);
      cleanups.push(() => database.close());
      env.DATABASE_URL = database.databaseUrl;
      env.SEED_DEMO = 'never';
      openRows = async () => ({ db: database.db, close: async () => {} });
    }

    const first = await startUntilHealthy(env);
    cleanups.push(() => void first.child.kill('SIGKILL'));
    const outcomes: Outcome[] = [];
    const customers = await Promise.all(
      Array.from({ length: CUSTOMERS }, () => signInCustomer(first.base, outcomes)),
    );

    const joins: JoinAttempt[] = [];
    let killed = false;
    const stream = async (authorization: string) => {
      while (!killed) {
        const join = newJoin(authorization, phoneNumberFor(joins.length), true);
        joins.push(join);
        const { outcome, json } = await sendJoin(first.base, join);
        outcomes.push(outcome);
        if (outcome === 200 || outcome === 201) join.waitId = (json as { waitId: string }).waitId;
        else if (typeof outcome === 'number') throw new Error(`join answered ${outcome}`);
      }
    };
    const streams = Promise.all(customers.map(stream));
    await expect
      .poll(() => joins.filter((join) => join.waitId).length, { timeout: 60_000 })
      .toBeGreaterThanOrEqual(ACKNOWLEDGED_BEFORE_KILL);
    first.child.kill('SIGKILL');
    killed = true;
    await first.exited;
    await streams;
    const acknowledged = new Map(joins.filter((join) => join.waitId).map((join) => [join.key, join.waitId]));

    const second = await startUntilHealthy(env);
    cleanups.push(() => void second.child.kill('SIGKILL'));
    // The customer app retries what got no answer, with the same key.
    for (const join of joins.filter((join) => !join.waitId)) {
      const { outcome, json } = await sendJoin(second.base, join);
      expect([200, 201]).toContain(outcome);
      join.waitId = (json as { waitId: string }).waitId;
    }
    // An acknowledged join asked again answers with the same row.
    const sample = joins.find((join) => acknowledged.has(join.key))!;
    const again = await sendJoin(second.base, sample);
    expect(again.outcome).toBe(200);
    expect((again.json as { waitId: string }).waitId).toBe(sample.waitId);

    // The restarted worker sends what was still queued: wait until the console shows none.
    const cookie = await signInOwner(second.base, outcomes);
    await expect
      .poll(
        async () => {
          const { json } = await request(`${second.base}/api/v1/staff/sms`, { headers: { cookie } });
          const texts = (json as { messages?: { status: string }[] } | null)?.messages ?? [
            { status: 'unknown' },
          ];
          return texts.filter((text) => text.status === 'queued' || text.status === 'unknown').length;
        },
        { timeout: 30_000 },
      )
      .toBe(0);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    const { db, close } = await openRows();
    try {
      const entries = await db.query<{ id: string; key: string }>(
        'select id, idempotency_key as key from wait_entries',
      );
      // Every join is there once, and an acknowledged one under the id it was acknowledged with.
      expect(entries.rows.map((row) => row.key).sort()).toEqual(joins.map((join) => join.key).sort());
      const idByKey = new Map(entries.rows.map((row) => [row.key, row.id]));
      for (const [key, waitId] of acknowledged) expect(idByKey.get(key)).toBe(waitId);

      const texts = await db.query<{ waitId: string; phoneNumber: string; status: string }>(
        `select wait_id as "waitId", phone_number as "phoneNumber", status from sms_messages where direction = 'outbound'`,
      );
      // One promised text per join.
      expect(texts.rows.map((text) => text.waitId).sort()).toEqual(joins.map((join) => join.waitId).sort());
      for (const text of texts.rows) {
        const sent = twilio.requests.get(text.phoneNumber) ?? 0;
        // Never twice; "sent" means the provider took it; anything else was cut off by the kill.
        expect({ phone: text.phoneNumber, sent: Math.min(sent, 2) }).toEqual({
          phone: text.phoneNumber,
          sent: text.status === 'sent' ? 1 : Math.min(sent, 1),
        });
        expect(['sent', 'sending', 'failed']).toContain(text.status);
      }
      // What a cut-off send is left as, the worker marks failed (never retried) once it is old enough.
      await createSmsRepository(db).recoverInterrupted(0);
      const after = await db.query<{ status: string }>(
        `select status from sms_messages where direction = 'outbound' and status not in ('sent', 'failed')`,
      );
      expect(after.rows).toEqual([]);
    } finally {
      await close();
    }
    // Nothing but acknowledgements and the kill's cut connections.
    expect(outcomes.filter((outcome) => typeof outcome === 'number' && outcome >= 300)).toEqual([]);
  });
});
