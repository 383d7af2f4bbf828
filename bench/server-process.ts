/** Starts the built server (`node dist/server/main.js`) as a child process and stops it again. */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { appendFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const SERVER_ENTRY = fileURLToPath(new URL('../dist/server/main.js', import.meta.url));
const KEPT_LOG_LINES = 40;

export interface ServerProcess {
  baseUrl: string;
  pid: number;
  /** Resolves once GET /api/health answers; on failure it stops the server and throws with its output. */
  ready(timeoutMs?: number): Promise<void>;
  /** The last lines the server printed, for error messages. */
  recentOutput(): string;
  /** Log lines at warn level or above (pino level >= 40), counted over the whole run. */
  warnings(): { count: number; first: string[] };
  /** SIGTERM, then SIGKILL if it has not exited after `graceMs`. Safe to call twice. */
  stop(graceMs?: number): Promise<void>;
  /** Last resort from a process 'exit' handler, where nothing async runs. */
  killNow(): void;
}

export async function findFreePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (!address || typeof address === 'string') throw new Error('could not find a free port');
  return address.port;
}

/**
 * Spawns the server and returns at once, so the caller can register its cleanup before waiting
 * for `ready()`. The child sees only the variables set here: a DATABASE_URL in the shell must not
 * point the bench at a real database.
 */
export async function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // --expose-gc: the memory readings collect garbage first (POST /api/bench/memory).
  const child = spawn(
    process.execPath,
    // BENCH_SERVER_FLAGS: more node flags for the servers, to look inside a run
    // (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", "--trace-gc").
    ['--expose-gc', ...(process.env.BENCH_SERVER_FLAGS?.split(' ').filter(Boolean) ?? []), SERVER_ENTRY],
    {
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        BENCH_ROUTES: '1',
        // Effectively unlimited: the bench measures the work, not the limiter's refusals.
        RATE_LIMIT_JOINS_PER_MINUTE: '100000000',
        RATE_LIMIT_JOINS_PER_IP_PER_HOUR: '100000000',
        RATE_LIMIT_SIGN_INS_PER_MINUTE: '100000000',
        // Every join texts one business: its day would run out of texts within the first seconds.
        TEXT_LIMIT_PER_BUSINESS_PER_DAY: '100000000',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const output: string[] = [];
  const warnings = { count: 0, first: [] as string[] };
  // BENCH_SERVER_OUTPUT: a file every server's lines are added to, each with its time and pid, so
  // what BENCH_SERVER_FLAGS asks for (--trace-gc) can be read beside the phases.
  const outputFile = process.env.BENCH_SERVER_OUTPUT;
  const record = (line: string) => {
    if (!line.trim()) return;
    if (outputFile) appendFileSync(outputFile, `${new Date().toISOString()} ${child.pid} ${line}\n`);
    output.push(line);
    if (output.length > KEPT_LOG_LINES) output.shift();
    if (isWarning(line)) {
      warnings.count += 1;
      if (warnings.first.length < 5) warnings.first.push(line.slice(0, 400));
    }
  };
  // A chunk may end mid-line: keep the tail until the rest arrives.
  const lineReader = () => {
    let partial = '';
    return (data: Buffer) => {
      const lines = (partial + data.toString('utf8')).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) record(line);
    };
  };
  child.stdout?.on('data', lineReader());
  child.stderr?.on('data', lineReader());
  const exited = new Promise<ExitInfo>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    child.once('error', (error) => resolve({ code: null, signal: null, error: error.message }));
  });

  const handle: ServerProcess = {
    baseUrl,
    pid: child.pid ?? -1,
    async ready(timeoutMs = 90_000) {
      try {
        await waitForHealth(baseUrl, exited, timeoutMs);
      } catch (error) {
        await handle.stop(5_000);
        throw new Error(`${(error as Error).message}\n--- server output ---\n${output.join('\n')}`);
      }
    },
    recentOutput: () => output.join('\n'),
    warnings: () => ({ count: warnings.count, first: [...warnings.first] }),
    stop: (graceMs = 20_000) => stopChild(child, exited, graceMs),
    killNow: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };

  return handle;
}

interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
  error?: string;
}

function isWarning(line: string): boolean {
  try {
    const entry = JSON.parse(line) as { level?: unknown };
    return typeof entry.level === 'number' && entry.level >= 40;
  } catch {
    // Anything that is not a pino line (a crash, console.error) deserves attention too.
    return true;
  }
}

async function waitForHealth(baseUrl: string, exited: Promise<ExitInfo>, timeoutMs: number): Promise<void> {
  let exitInfo: ExitInfo | null = null;
  void exited.then((info) => {
    exitInfo = info;
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exitInfo) throw new Error(`server exited before it was ready (${JSON.stringify(exitInfo)})`);
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // Not listening yet (migrating, seeding).
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server at ${baseUrl} not healthy after ${timeoutMs / 1000} s`);
}

async function stopChild(child: ChildProcess, exited: Promise<unknown>, graceMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  try {
    await exited;
  } finally {
    clearTimeout(timer);
  }
}
