import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import pg from 'pg';
import { migrate } from '../../src/server/db/migrate.ts';
import { openPostgres } from '../../src/server/db/postgres.ts';
import { seedDemoCompany } from '../../src/server/seed/demo.ts';

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  base: string;
  /** The exit code (null after a signal), once the process has exited. */
  exited: Promise<number | null>;
  /** Everything it printed, for an assertion's message. */
  output(): string;
  isRunning(): boolean;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Runs the real entry point (src/server/main.ts) as its own process, as `npm start` does. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      // Fault tests send many joins from few customers; the limits have tests of their own.
      RATE_LIMIT_JOINS_PER_MINUTE: '100000',
      RATE_LIMIT_JOINS_PER_IP_PER_HOUR: '100000',
      RATE_LIMIT_SIGN_INS_PER_MINUTE: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: unknown) => {
    // The tail is what explains a failure; a long run's log must not fill the memory.
    output = (output + String(chunk)).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let running = true;
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      running = false;
      resolve(code);
    }),
  );
  return {
    child,
    port,
    base: `http://127.0.0.1:${port}`,
    exited,
    output: () => output,
    isRunning: () => running,
  };
}

/** Waits until the process answers /api/health; throws if it exits first. */
export async function waitForHealth(server: ServerProcess): Promise<void> {
  for (;;) {
    if (!server.isRunning()) throw new Error(`server exited before it was ready:\n${server.output()}`);
    const ok = await fetch(`${server.base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * A throwaway schema on the test PostgreSQL, migrated and seeded, and a DATABASE_URL for server
 * processes that puts them in it under an application_name of their own: a fault test terminates
 * only its own processes' connections, never another test's running on the same server.
 */
export async function openPostgresFaultSchema(baseUrl: string) {
  const id = randomUUID().replace(/-/g, '');
  const schema = `fault_${id}`;
  const applicationName = `checkn_fault_${id}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const db = await openPostgres(baseUrl, { schema, max: 3 });
  await migrate(db);
  await seedDemoCompany(db);
  const url = new URL(baseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  url.searchParams.set('application_name', applicationName);
  return {
    db,
    databaseUrl: url.toString(),
    /** Terminates every connection the server processes hold; returns how many. */
    async terminateServerConnections(): Promise<number> {
      const { rows } = await admin.query<{ n: number }>(
        'select count(*) filter (where pg_terminate_backend(pid))::int as n from pg_stat_activity where application_name = $1',
        [applicationName],
      );
      return rows[0]?.n ?? 0;
    },
    async close(): Promise<void> {
      await db.close();
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    },
  };
}
