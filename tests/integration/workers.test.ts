import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topics } from '../../src/shared/realtime.ts';
import {
  newJoin,
  type Outcome,
  phoneNumberFor,
  ResumingSubscriber,
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

const url = process.env.TEST_DATABASE_URL;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Customers joining at once, each also asking for the health page between joins. */
const CUSTOMERS = 3;

type LogLine = { msg: string; pid: number; [key: string]: unknown };

/** The server's JSON log lines, read from its stdout as they come. */
function followLog(server: ServerProcess): LogLine[] {
  const lines: LogLine[] = [];
  let partial = '';
  server.child.stdout?.on('data', (chunk) => {
    const text = partial + String(chunk);
    const complete = text.split('\n');
    partial = complete.pop() ?? '';
    for (const line of complete) {
      try {
        lines.push(JSON.parse(line) as LogLine);
      } catch {
        // Not a log line.
      }
    }
  });
  return lines;
}

/** Polls until `check` holds; a hang guard, not a speed limit. */
async function until(check: () => boolean, what: string, output: () => string): Promise<void> {
  for (let poll = 0; poll < 1_200; poll += 1) {
    if (check()) return;
    await pause(50);
  }
  throw new Error(`never happened: ${what}\n${output()}`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('WORKERS on the embedded database', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'checkn-workers-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('refuses to start, saying that several workers need PostgreSQL', async () => {
    const server = await startServerProcess({ WORKERS: '2', DATA_DIR: dataDir, DATABASE_URL: '' });
    expect(await server.exited).toBe(1);
    expect(server.output().trim()).toBe(
      "WORKERS=2 needs PostgreSQL (DATABASE_URL): the embedded database's data folder can be opened by one process only.",
    );
  });
});

// Several processes need PostgreSQL: the checks exist there only (not skipped tests on PGlite).
if (url)
  describe('WORKERS=2 on PostgreSQL', () => {
    let database: Awaited<ReturnType<typeof openPostgresFaultSchema>>;
    let server: ServerProcess;
    let log: LogLine[];
    const listeningPids = () =>
      log.filter((line) => line.msg === 'worker listening').map((line) => line.worker as number);
    const subscribers: ResumingSubscriber[] = [];

    beforeAll(async () => {
      database = await openPostgresFaultSchema(url);
      server = await startServerProcess({
        WORKERS: '2',
        DATABASE_URL: database.databaseUrl,
        SEED_DEMO: 'never',
        // The workers' "listening" and the primary's "rolling restart done" lines.
        LOG_LEVEL: 'info',
      });
      log = followLog(server);
      await waitForHealth(server);
      await until(() => listeningPids().length === 2, 'two workers listening', server.output);
    });
    afterAll(async () => {
      for (const subscriber of subscribers) subscriber.stop();
      if (server?.isRunning()) {
        server.child.kill('SIGKILL');
        await server.exited;
      }
      await database?.close();
    });

    it('replaces both workers on SIGHUP under load: no request dropped, no realtime event lost', async () => {
      const firstPids = listeningPids();
      expect(new Set(firstPids).size).toBe(2);
      expect(firstPids).not.toContain(server.child.pid);

      const outcomes: Outcome[] = [];
      const cookie = await signInOwner(server.base, outcomes);
      // The staff board, followed as the app's client does: on a close it reconnects (to whichever
      // worker the cluster picks) and resumes after the last event it had.
      const board = new ResumingSubscriber(server.base, topics.board('demo'), { cookie, after: 0 });
      subscribers.push(board);
      board.start();

      const acknowledged: string[] = [];
      let loading = true;
      let joinNumber = 0;
      const customers = await Promise.all(
        Array.from({ length: CUSTOMERS }, () => signInCustomer(server.base, outcomes)),
      );
      const load = customers.map(async (authorization) => {
        while (loading) {
          const join = newJoin(authorization, phoneNumberFor(joinNumber++), false);
          const joined = await sendJoin(server.base, join);
          outcomes.push(joined.outcome);
          if (joined.outcome === 201 || joined.outcome === 200)
            acknowledged.push((joined.json as { waitId: string }).waitId);
          outcomes.push((await request(`${server.base}/api/health`)).outcome);
        }
      });

      await until(() => acknowledged.length >= 10, 'joins before the restart', server.output);
      server.child.kill('SIGHUP');
      await until(
        () => log.some((line) => line.msg === 'rolling restart done'),
        'the rolling restart',
        server.output,
      );
      const joinedBeforeEnd = acknowledged.length;
      await until(
        () => acknowledged.length >= joinedBeforeEnd + 10,
        'joins after the restart',
        server.output,
      );
      loading = false;
      await Promise.all(load);

      // Every request answered, none with a 5xx: a refused or reset connection is a string here.
      const dropped = outcomes.filter((outcome) => typeof outcome !== 'number' || outcome >= 500);
      expect(dropped).toEqual([]);
      expect(acknowledged.length).toBe(joinNumber);

      // Two new workers; the old ones have exited.
      const newPids = listeningPids().slice(2);
      expect(newPids).toHaveLength(2);
      for (const pid of newPids) expect(firstPids).not.toContain(pid);
      const done = log.find((line) => line.msg === 'rolling restart done');
      expect(done?.workers).toEqual(expect.arrayContaining(newPids));
      for (const pid of firstPids) expect(isRunning(pid)).toBe(false);
      // Each new worker listened before the old one it replaced began to stop (log times: the
      // primary logs the first before it signals the second; lines from several processes may
      // reach the pipe out of order).
      const timeOf = (found: (line: LogLine) => boolean) => log.find(found)?.time as number;
      const listenedAt = (pid: unknown) =>
        timeOf((line) => line.worker === pid && line.msg === 'worker listening');
      const stoppingAt = (pid: unknown) =>
        timeOf((line) => line.pid === pid && line.msg === 'shutting down: finishing in-flight requests');
      const replaced = log.filter((line) => line.msg === 'rolling restart: worker replaced');
      expect(replaced.map((line) => line.stopped).sort()).toEqual([...firstPids].sort());
      for (const { started, stopped } of replaced)
        expect(listenedAt(started)).toBeLessThanOrEqual(stoppingAt(stopped));

      // The board saw every join, once each and in order, having reconnected at least once.
      const boardShows = (waitId: string) =>
        board.delivered.some((event) => (event.data as { waitId?: string }).waitId === waitId);
      await until(
        () => acknowledged.every(boardShows),
        'every join on the board',
        () => `${acknowledged.filter((id) => !boardShows(id)).length} joins missing`,
      );
      expect(board.gaps).toEqual([]);
      expect(board.duplicates).toBe(0);
      expect(board.resets).toBe(0);
      expect(board.connections).toBeGreaterThan(1);
    });

    it('replaces a worker that dies, and says so', async () => {
      const before = listeningPids().length;
      const killed = listeningPids().at(-1)!;
      process.kill(killed, 'SIGKILL');
      await until(
        () => listeningPids().length === before + 1,
        'a worker in place of the killed one',
        server.output,
      );
      expect(log.find((line) => line.msg === 'a worker exited unexpectedly; starting another')).toMatchObject(
        {
          worker: killed,
          signal: 'SIGKILL',
        },
      );
      expect(isRunning(listeningPids().at(-1)!)).toBe(true);
      expect((await request(`${server.base}/api/health`)).outcome).toBe(200);
    });

    it('keeps the old workers serving when the new one finds migrations pending', async () => {
      const serving = listeningPids().filter(isRunning);
      // As if a newer build with one more migration were on disk: the newest one is not applied.
      await database.db.query(
        'delete from schema_migrations where version = (select max(version) from schema_migrations)',
      );
      server.child.kill('SIGHUP');
      await until(
        () => log.some((line) => line.msg.startsWith('rolling restart stopped')),
        'the rolling restart stopped',
        server.output,
      );
      expect(server.output()).toContain('This worker did not start: migrations');
      expect(listeningPids().filter(isRunning)).toEqual(serving);
      expect(serving).toHaveLength(2);
      expect((await request(`${server.base}/api/health`)).outcome).toBe(200);
    });

    it('stops the workers gracefully, then itself, on SIGTERM', async () => {
      const serving = listeningPids().filter(isRunning);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      for (const pid of serving) expect(isRunning(pid)).toBe(false);
    });
  });
