/**
 * The realtime part of `npm run bench`: thousands of open WebSockets on the built server, fed by
 * chat messages and board actions over HTTP, on embedded PGlite, on PostgreSQL, and on two server
 * processes sharing one PostgreSQL. Seeds its own rows, starts its own servers, and measures the
 * time from the request that caused an event to its arrival on every subscribed socket.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { topics } from '../src/shared/realtime.ts';
import { onCleanup } from './cleanup.ts';
import { createBenchDatabase } from './postgres-database.ts';
import type {
  CallTarget,
  ChatTarget,
  Command,
  DeliveryResult,
  OpenResult,
  Reply,
} from './realtime-clients.ts';
import { buildSeed, type Seed, type SeededBusiness, writeSeed } from './realtime-seed.ts';
import type { SocketPlan } from './realtime-socket-protocol.ts';
import { type ServerProcess, spawnServer } from './server-process.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLIENTS_ENTRY = fileURLToPath(new URL('./realtime-clients.ts', import.meta.url));

const BUSINESSES = 500;
const CUSTOMERS_PER_BUSINESS = 9;
const SOCKETS = BUSINESSES * (1 + CUSTOMERS_PER_BUSINESS);
const CHATS_PER_SECOND = 100;
const CALLS_PER_SECOND = 10;
const BOARD_SUBSCRIBERS = 1000;
const BOARD_CALLS_PER_SECOND = 20;
const BOARD_SECONDS = 10;
const SATURATE_SENDERS = 20;
const SATURATE_SECONDS = 10;
const WARMUP_SECONDS = 2;
/** Sockets being opened at once; more only queues upgrades behind each other. */
const OPEN_CONCURRENCY = 100;
const OPEN_TIMEOUT_MS = 30_000;

const TARGET_P99_MS = 25;
const TARGET_CROSS_PROCESS_P99_MS = 50;
const TARGET_BYTES_PER_CONNECTION = 12 * 1024;

export const REALTIME_RUNS = ['pglite', 'postgres', 'postgres-x2'] as const;
export type RealtimeRun = (typeof REALTIME_RUNS)[number];

export interface RealtimeSettings {
  fanOutSeconds: number;
  /** BENCH_REALTIME_RUNS: which servers to measure (default all). */
  runs: RealtimeRun[];
}

interface Target {
  name: string;
  pass: boolean;
  detail: string;
}

/** CPU used during a phase, in % of one core (the machine line: % of all its cores). */
export interface CpuShare {
  servers: number[];
  loadGenerator: number;
  machine: number;
}

export interface Phase<T> {
  result: T;
  cpu: CpuShare;
}

interface SingleProcessResult {
  database: 'pglite' | 'postgres';
  startupSeconds: number;
  /** 1-minute load average when this run started: other work on the machine slows every figure. */
  loadAverage: number;
  open: OpenResult;
  memory: {
    /** Each reading after a full garbage collection in the server (POST /api/bench/memory). */
    rssBeforeBytes: number;
    rssAfterBytes: number;
    /** V8 heap in use, for where the bytes are: JavaScript objects of the sockets and their state. */
    heapBeforeBytes: number;
    heapAfterBytes: number;
    bytesPerConnection: number;
    /** After the sockets closed again: what stays is not per connection (PGlite's WASM memory never shrinks). */
    rssAfterCloseBytes: number;
  };
  fanOut: Phase<DeliveryResult>;
  saturate: Phase<DeliveryResult>;
  boardOpen: OpenResult;
  board: Phase<DeliveryResult>;
  serverWarnings: { count: number; first: string[] };
}

interface TwoProcessResult {
  database: 'postgres';
  loadAverage: number;
  open: OpenResult;
  socketsPerServer: number[];
  fanOut: Phase<DeliveryResult>;
  serverWarnings: { count: number; first: string[] }[];
}

export interface RealtimeReport {
  lines: string[];
  targets: Target[];
  problems: string[];
  data: {
    settings: object;
    singleProcess: SingleProcessResult[];
    twoProcesses: TwoProcessResult | null;
    skipped: string[];
  };
}

// ---- the load generator (a child process) ----

export interface LoadGenerator {
  pid: number;
  run<T>(command: Command, timeoutMs: number): Promise<T>;
  stop(): Promise<void>;
}

export async function startLoadGenerator(): Promise<LoadGenerator> {
  const child: ChildProcess = fork(CLIENTS_ENTRY, [], {
    cwd: ROOT,
    // BENCH_LOAD_GENERATOR_FLAGS: more node flags for the load generator (its socket threads too)
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.BENCH_LOAD_GENERATOR_FLAGS?.split(' ').filter(Boolean) ?? []),
    ],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    serialization: 'advanced',
  });
  let exit: string | null = null;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exit = `exited (${code ?? signal})`;
      resolve();
    });
  });
  const stop = onCleanup(
    `load generator (pid ${child.pid})`,
    async () => {
      if (exit) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
    () => {
      if (!exit) child.kill('SIGKILL');
    },
  );
  return {
    pid: child.pid ?? -1,
    stop,
    run<T>(command: Command, timeoutMs: number): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        if (exit) return reject(new Error(`load generator ${exit}`));
        const done = () => {
          clearTimeout(timer);
          child.off('message', onReply);
          child.off('exit', onExit);
        };
        const onReply = (reply: Reply) => {
          done();
          if (reply.ok) resolve(reply.result as T);
          else reject(new Error(`load generator failed on "${command.cmd}": ${reply.error}`));
        };
        const onExit = () => {
          done();
          reject(new Error(`load generator ${exit} during "${command.cmd}"`));
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`load generator: no answer to "${command.cmd}" after ${timeoutMs / 1000} s`));
        }, timeoutMs);
        child.on('message', onReply);
        child.once('exit', onExit);
        child.send(command);
      });
    },
  };
}

// ---- readings ----

/** The server's memory after a full garbage collection (bench route; the server runs with --expose-gc). */
export async function collectedMemory(baseUrl: string): Promise<{ rss: number; heapUsed: number }> {
  const response = await fetch(`${baseUrl}/api/bench/memory`, {
    method: 'POST',
    signal: AbortSignal.timeout(30_000),
  });
  const body = (await response.json()) as { collected?: boolean; rss?: number; heapUsed?: number };
  if (!response.ok || !body.collected || typeof body.rss !== 'number' || typeof body.heapUsed !== 'number')
    throw new Error(`POST /api/bench/memory answered ${response.status}: ${JSON.stringify(body)}`);
  return { rss: body.rss, heapUsed: body.heapUsed };
}

/** User + system CPU seconds of one process (clock ticks of 1/100 s on Linux). */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Busy and total CPU seconds of the whole machine, all cores. */
function machineSeconds(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
  const values = line.trim().split(/\s+/).slice(1, 9).map(Number);
  const total = values.reduce((sum, value) => sum + value, 0);
  const idle = (values[3] ?? 0) + (values[4] ?? 0);
  return { busy: (total - idle) / 100, total: total / 100 };
}

export async function measureCpu<T>(
  servers: readonly { pid: number }[],
  generator: LoadGenerator,
  work: () => Promise<T>,
): Promise<Phase<T>> {
  const started = performance.now();
  const before = {
    servers: servers.map((server) => cpuSeconds(server.pid)),
    generator: cpuSeconds(generator.pid),
    machine: machineSeconds(),
  };
  const result = await work();
  const seconds = (performance.now() - started) / 1000;
  const machine = machineSeconds();
  const percent = (used: number) => (used / seconds) * 100;
  return {
    result,
    cpu: {
      servers: servers.map((server, index) => percent(cpuSeconds(server.pid) - before.servers[index]!)),
      loadGenerator: percent(cpuSeconds(generator.pid) - before.generator),
      machine: ((machine.busy - before.machine.busy) / (machine.total - before.machine.total)) * 100,
    },
  };
}

// ---- what the sockets follow and what the senders change ----

/** One board socket per business and one socket per waiting customer; `serverOf(business, slot)`. */
export function fanOutSockets(
  seed: Seed,
  serverOf: (business: number, slot: number) => number,
): SocketPlan[] {
  return seed.businesses.flatMap((business, index) => [
    { server: serverOf(index, 0), cookie: business.staff.cookie, topics: [topics.board(business.id)] },
    ...business.entries.map((entry, slot) => ({
      server: serverOf(index, slot + 1),
      token: entry.token,
      topics: [topics.chat(entry.threadKey), topics.line(business.id)],
    })),
  ]);
}

/** Every customer's thread, written to by the business's staff through server `via`. */
export function chatTargets(
  businesses: readonly SeededBusiness[],
  via: (business: number, slot: number) => number,
): ChatTarget[] {
  return businesses.flatMap((business, index) =>
    business.entries.map((entry, slot) => ({
      companyId: business.id,
      waitId: entry.waitId,
      threadKey: entry.threadKey,
      cookie: business.staff.cookie,
      csrf: business.staff.csrf,
      via: via(index, slot),
    })),
  );
}

/** Entries to call, in a random order: each can be called once. */
function callTargets(
  businesses: readonly SeededBusiness[],
  via: (business: number) => number,
  count: number,
): CallTarget[] {
  const all = businesses.flatMap((business, index) =>
    business.entries.map((entry) => ({
      companyId: business.id,
      waitId: entry.waitId,
      cookie: business.staff.cookie,
      csrf: business.staff.csrf,
      via: via(index),
    })),
  );
  for (let i = all.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [all[i], all[j]] = [all[j]!, all[i]!];
  }
  return all.slice(0, count);
}

// ---- the runs ----

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const sendTimeout = (seconds: number) => (seconds + 30) * 1000;

function serverEnv(): Record<string, string> {
  return {
    SEED_DEMO: 'never',
    // Per staff session (see chat.routes.ts); the bench sends far more than a person types.
    RATE_LIMIT_MESSAGES_PER_MINUTE: '10000000',
  };
}

export async function startServer(label: string, env: Record<string, string>, progress: (m: string) => void) {
  const started = Date.now();
  const server = await spawnServer({ ...serverEnv(), ...env });
  const stop = onCleanup(`${label} server (pid ${server.pid})`, () => server.stop(), server.killNow);
  await server.ready();
  const startupSeconds = (Date.now() - started) / 1000;
  progress(`${label}: server pid ${server.pid} ready after ${startupSeconds.toFixed(1)} s`);
  return { server, stop, startupSeconds };
}

/** A few sockets and messages first, so the memory baseline and the latencies skip JIT warm-up. */
async function warmUp(
  generator: LoadGenerator,
  servers: string[],
  seed: Seed,
  serverOf: (b: number, s: number) => number,
) {
  const few = { ...seed, businesses: seed.businesses.slice(0, 2) };
  const open = await generator.run<OpenResult>(
    {
      cmd: 'open',
      servers,
      sockets: fanOutSockets(few, serverOf),
      concurrency: 10,
      timeoutMs: OPEN_TIMEOUT_MS,
    },
    OPEN_TIMEOUT_MS + 10_000,
  );
  if (open.failed > 0) throw new Error(`warm-up sockets did not open: ${open.firstErrors.join('; ')}`);
  await generator.run<DeliveryResult>(
    {
      cmd: 'send',
      label: 'warm-up',
      seconds: WARMUP_SECONDS,
      chatsPerSecond: 50,
      callsPerSecond: 0,
      chats: chatTargets(
        few.businesses,
        (business, slot) => (serverOf(business, slot + 1) + 1) % servers.length,
      ),
      calls: [],
    },
    sendTimeout(WARMUP_SECONDS),
  );
  await generator.run({ cmd: 'close' }, 30_000);
}

async function singleProcess(
  database: 'pglite' | 'postgres',
  settings: RealtimeSettings,
  env: Record<string, string>,
  seed: Seed,
  progress: (m: string) => void,
): Promise<SingleProcessResult> {
  const loadAverage = os.loadavg()[0] ?? 0;
  const { server, stop, startupSeconds } = await startServer(database, env, progress);
  try {
    const generator = await startLoadGenerator();
    try {
      const servers = [server.baseUrl];
      const onlyServer = () => 0;
      progress(`${database}: warm-up (${WARMUP_SECONDS} s, 20 sockets)`);
      await warmUp(generator, servers, seed, onlyServer);
      await sleep(1_000);
      const before = await collectedMemory(server.baseUrl);
      progress(`${database}: opening ${SOCKETS} sockets`);
      const open = await generator.run<OpenResult>(
        {
          cmd: 'open',
          servers,
          sockets: fanOutSockets(seed, onlyServer),
          concurrency: OPEN_CONCURRENCY,
          timeoutMs: OPEN_TIMEOUT_MS,
        },
        300_000,
      );
      await sleep(2_000);
      const withSockets = await collectedMemory(server.baseUrl);

      progress(
        `${database}: fan-out, ${CHATS_PER_SECOND} chats/s + ${CALLS_PER_SECOND} calls/s for ${settings.fanOutSeconds} s`,
      );
      const chats = chatTargets(seed.businesses, onlyServer);
      const fanOut = await measureCpu([server], generator, () =>
        generator.run<DeliveryResult>(
          {
            cmd: 'send',
            label: 'fan-out',
            seconds: settings.fanOutSeconds,
            chatsPerSecond: CHATS_PER_SECOND,
            callsPerSecond: CALLS_PER_SECOND,
            chats,
            calls: callTargets(seed.businesses, onlyServer, CALLS_PER_SECOND * settings.fanOutSeconds),
          },
          sendTimeout(settings.fanOutSeconds),
        ),
      );
      progress(`${database}: messages per second, ${SATURATE_SENDERS} senders for ${SATURATE_SECONDS} s`);
      const saturate = await measureCpu([server], generator, () =>
        generator.run<DeliveryResult>(
          { cmd: 'saturate', label: 'msgs/s', seconds: SATURATE_SECONDS, senders: SATURATE_SENDERS, chats },
          sendTimeout(SATURATE_SECONDS),
        ),
      );
      await generator.run({ cmd: 'close' }, 60_000);
      await sleep(2_000);
      const memory = {
        rssBeforeBytes: before.rss,
        rssAfterBytes: withSockets.rss,
        heapBeforeBytes: before.heapUsed,
        heapAfterBytes: withSockets.heapUsed,
        bytesPerConnection: open.opened > 0 ? (withSockets.rss - before.rss) / open.opened : 0,
        rssAfterCloseBytes: (await collectedMemory(server.baseUrl)).rss,
      };

      progress(`${database}: one board, ${BOARD_SUBSCRIBERS} subscribers, ${BOARD_CALLS_PER_SECOND} calls/s`);
      const boardOpen = await generator.run<OpenResult>(
        {
          cmd: 'open',
          servers,
          sockets: Array.from({ length: BOARD_SUBSCRIBERS }, () => ({
            server: 0,
            cookie: seed.board.staff.cookie,
            topics: [topics.board(seed.board.id)],
          })),
          concurrency: OPEN_CONCURRENCY,
          timeoutMs: OPEN_TIMEOUT_MS,
        },
        120_000,
      );
      const board = await measureCpu([server], generator, () =>
        generator.run<DeliveryResult>(
          {
            cmd: 'send',
            label: 'board',
            seconds: BOARD_SECONDS,
            chatsPerSecond: 0,
            callsPerSecond: BOARD_CALLS_PER_SECOND,
            chats: [],
            calls: callTargets([seed.board], onlyServer, BOARD_CALLS_PER_SECOND * BOARD_SECONDS),
          },
          sendTimeout(BOARD_SECONDS),
        ),
      );
      await generator.run({ cmd: 'close' }, 60_000);
      return {
        database,
        startupSeconds,
        loadAverage,
        open,
        memory,
        fanOut,
        saturate,
        boardOpen,
        board,
        serverWarnings: server.warnings(),
      };
    } finally {
      await generator.stop();
    }
  } catch (error) {
    throw withServerOutput(error, [server]);
  } finally {
    await stop();
  }
}

/** A failure mid-run is usually explained by what the server printed last. */
export function withServerOutput(error: unknown, servers: readonly ServerProcess[]): Error {
  const outputs = servers.map(
    (server) => `--- server pid ${server.pid} output ---\n${server.recentOutput()}`,
  );
  return new Error(`${(error as Error).message}\n${outputs.join('\n')}`, { cause: error });
}

async function twoProcesses(
  settings: RealtimeSettings,
  databaseUrl: string,
  seed: Seed,
  progress: (m: string) => void,
): Promise<TwoProcessResult> {
  const loadAverage = os.loadavg()[0] ?? 0;
  const a = await startServer('postgres A', { DATABASE_URL: databaseUrl }, progress);
  try {
    const b = await startServer('postgres B', { DATABASE_URL: databaseUrl }, progress);
    try {
      const generator = await startLoadGenerator();
      try {
        const servers = [a.server.baseUrl, b.server.baseUrl];
        // Each business's ten sockets alternate between A and B: 2,500 on each.
        const serverOf = (business: number, slot: number) => (business + slot) % 2;
        // Every request goes to the other process than the socket that should hear of it.
        const other = (server: number) => 1 - server;
        progress(`postgres x2: warm-up (${WARMUP_SECONDS} s, 20 sockets)`);
        await warmUp(generator, servers, seed, serverOf);
        progress(`postgres x2: opening ${SOCKETS} sockets over two servers`);
        const sockets = fanOutSockets(seed, serverOf);
        const open = await generator.run<OpenResult>(
          { cmd: 'open', servers, sockets, concurrency: OPEN_CONCURRENCY, timeoutMs: OPEN_TIMEOUT_MS },
          300_000,
        );
        await sleep(1_000);
        progress(
          `postgres x2: fan-out, ${CHATS_PER_SECOND} chats/s + ${CALLS_PER_SECOND} calls/s for ${settings.fanOutSeconds} s, each through the other process`,
        );
        const fanOut = await measureCpu([a.server, b.server], generator, () =>
          generator.run<DeliveryResult>(
            {
              cmd: 'send',
              label: 'fan-out x2',
              seconds: settings.fanOutSeconds,
              chatsPerSecond: CHATS_PER_SECOND,
              callsPerSecond: CALLS_PER_SECOND,
              chats: chatTargets(seed.businesses, (business, slot) => other(serverOf(business, slot + 1))),
              calls: callTargets(
                seed.businesses,
                (business) => other(serverOf(business, 0)),
                CALLS_PER_SECOND * settings.fanOutSeconds,
              ),
            },
            sendTimeout(settings.fanOutSeconds),
          ),
        );
        await generator.run({ cmd: 'close' }, 60_000);
        return {
          database: 'postgres',
          loadAverage,
          open,
          socketsPerServer: [0, 1].map((server) => sockets.filter((plan) => plan.server === server).length),
          fanOut,
          serverWarnings: [a.server.warnings(), b.server.warnings()],
        };
      } finally {
        await generator.stop();
      }
    } catch (error) {
      throw withServerOutput(error, [a.server, b.server]);
    } finally {
      await b.stop();
    }
  } finally {
    await a.stop();
  }
}

async function onPglite(settings: RealtimeSettings, progress: (m: string) => void) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'checkn-bench-rt-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  const release = onCleanup(`temp folder ${dataDir}`, async () => removeDir(), removeDir);
  try {
    const seed = buildSeed(BUSINESSES, CUSTOMERS_PER_BUSINESS, BOARD_CALLS_PER_SECOND * BOARD_SECONDS + 40);
    progress(`pglite: migrating and seeding ${dataDir}`);
    await writeSeed({ dataDir }, seed);
    return await singleProcess('pglite', settings, { DATA_DIR: dataDir }, seed, progress);
  } finally {
    await release();
  }
}

async function onPostgres<T>(
  adminUrl: string,
  label: string,
  progress: (m: string) => void,
  work: (url: string, seed: Seed) => Promise<T>,
): Promise<T> {
  const database = await createBenchDatabase(adminUrl);
  const drop = onCleanup(`database ${database.name}`, () => database.drop());
  try {
    const seed = buildSeed(BUSINESSES, CUSTOMERS_PER_BUSINESS, BOARD_CALLS_PER_SECOND * BOARD_SECONDS + 40);
    progress(`${label}: migrating and seeding database ${database.name}`);
    await writeSeed({ databaseUrl: database.url }, seed);
    return await work(database.url, seed);
  } finally {
    await drop();
  }
}

export async function benchRealtime(options: {
  settings: RealtimeSettings;
  postgresAdminUrl: string;
  postgresReachable: boolean;
  progress: (message: string) => void;
}): Promise<RealtimeReport> {
  const { settings, progress } = options;
  const singles: SingleProcessResult[] = [];
  if (settings.runs.includes('pglite')) singles.push(await onPglite(settings, progress));
  let pair: TwoProcessResult | null = null;
  const skipped: string[] = [];
  if (options.postgresReachable) {
    if (settings.runs.includes('postgres')) {
      singles.push(
        await onPostgres(options.postgresAdminUrl, 'postgres', progress, (url, seed) =>
          singleProcess('postgres', settings, { DATABASE_URL: url }, seed, progress),
        ),
      );
    }
    if (settings.runs.includes('postgres-x2')) {
      pair = await onPostgres(options.postgresAdminUrl, 'postgres x2', progress, (url, seed) =>
        twoProcesses(settings, url, seed, progress),
      );
    }
  } else {
    skipped.push('postgres', 'postgres x2');
  }
  return {
    lines: formatReport(settings, singles, pair, skipped),
    targets: [...singles.flatMap(singleTargets), ...(pair ? pairTargets(pair) : [])],
    problems: findProblems(singles, pair),
    data: {
      settings: {
        ...settings,
        businesses: BUSINESSES,
        customersPerBusiness: CUSTOMERS_PER_BUSINESS,
        sockets: SOCKETS,
        chatsPerSecond: CHATS_PER_SECOND,
        callsPerSecond: CALLS_PER_SECOND,
        boardSubscribers: BOARD_SUBSCRIBERS,
        boardCallsPerSecond: BOARD_CALLS_PER_SECOND,
        boardSeconds: BOARD_SECONDS,
        saturateSenders: SATURATE_SENDERS,
        saturateSeconds: SATURATE_SECONDS,
      },
      singleProcess: singles,
      twoProcesses: pair,
      skipped,
    },
  };
}

// ---- report ----

const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const pct = (value: number) => `${value.toFixed(0)} %`;

const HEADER =
  `  ${'database'.padEnd(12)}${'test'.padEnd(20)}${'sent/s'.padStart(9)}${'events'.padStart(9)}` +
  `${'lost'.padStart(6)}${'dup'.padStart(5)}${'p50'.padStart(9)}${'p99'.padStart(9)}${'max'.padStart(9)}` +
  `${'http p99'.padStart(10)}`;

function deliveryLine(database: string, test: string, phase: Phase<DeliveryResult>, cross = false): string[] {
  const r = phase.result;
  const latency = cross ? r.crossProcess : r.latency;
  const cpu = phase.cpu;
  const servers = cpu.servers.map(pct).join(' + ');
  const lines = [
    `  ${database.padEnd(12)}${test.padEnd(20)}${r.requests.okPerSecond.toFixed(0).padStart(9)}` +
      `${String(r.delivered).padStart(9)}${String(r.lost).padStart(6)}${String(r.duplicated).padStart(5)}` +
      `${ms(latency.p50Ms).padStart(9)}${ms(latency.p99Ms).padStart(9)}${ms(latency.maxMs).padStart(9)}` +
      `${ms(r.requests.http.p99Ms).padStart(10)}`,
    `  ${''.padEnd(32)}${r.requests.chats} chats + ${r.requests.calls} calls in ${r.seconds.toFixed(1)} s; ` +
      `expected ${r.expected} deliveries; CPU: server ${servers}, load generator ${pct(cpu.loadGenerator)} ` +
      `(of one core), machine ${pct(cpu.machine)} of ${os.cpus().length} cores; load generator loop delay p99 ${ms(r.loopDelayP99Ms)}`,
  ];
  if (r.requests.chats > 0 && r.requests.calls > 0) {
    lines.push(
      `  ${''.padEnd(32)}chat p99 ${ms(r.chatLatency.p99Ms)} (${r.chatLatency.count}), ` +
        `board p99 ${ms(r.boardLatency.p99Ms)} (${r.boardLatency.count})` +
        (cross ? `; all ${r.crossProcess.count} measured deliveries crossed processes` : ''),
    );
  }
  const oddities = [
    r.line.subscribers > 0 &&
      `line.changed: ${r.line.events} received, ${r.line.behind} of ${r.line.subscribers} subscribers missed their business's last call`,
    r.unexpected > 0 && `${r.unexpected} unexpected events`,
    r.silentSubscribers > 0 && `${r.silentSubscribers} subscribers heard nothing`,
    (r.seq.gaps > 0 || r.seq.repeats > 0) && `seq gaps ${r.seq.gaps}, repeats ${r.seq.repeats}`,
    r.seq.resets > 0 && `${r.seq.resets} resets`,
    r.seq.errors > 0 && `${r.seq.errors} error messages`,
    r.socketsClosedByServer > 0 && `${r.socketsClosedByServer} sockets closed by the server`,
    r.requests.non2xx + r.requests.errors > 0 && `HTTP answers ${JSON.stringify(r.requests.statusCodes)}`,
    r.callsShort > 0 && `${r.callsShort} calls not sent (no waiting entry left)`,
  ].filter((text): text is string => typeof text === 'string');
  if (oddities.length > 0) lines.push(`  ${''.padEnd(32)}${oddities.join('; ')}`);
  return lines;
}

function openLine(database: string, label: string, open: OpenResult, detail: string): string {
  return (
    `  ${database.padEnd(12)}${label.padEnd(20)}${(open.opened / open.seconds).toFixed(0).padStart(9)}` +
    `    ${open.opened} open and subscribed in ${open.seconds.toFixed(1)} s` +
    `${open.failed > 0 ? `, ${open.failed} FAILED` : ''}${detail}`
  );
}

function formatReport(
  settings: RealtimeSettings,
  singles: readonly SingleProcessResult[],
  pair: TwoProcessResult | null,
  skipped: readonly string[],
): string[] {
  const lines = [
    `Realtime over WebSocket: ${BUSINESSES} businesses × (1 staff board socket + ${CUSTOMERS_PER_BUSINESS} customer ` +
      `sockets on chat:<thread> and line:<business>) = ${SOCKETS} sockets`,
    `  fan-out: ${CHATS_PER_SECOND} staff chat messages/s to random customers + ${CALLS_PER_SECOND} calls/s for ` +
      `${settings.fanOutSeconds} s; msgs/s: ${SATURATE_SENDERS} closed-loop senders for ${SATURATE_SECONDS} s; ` +
      `board: ${BOARD_SUBSCRIBERS} staff sockets on one board, ${BOARD_CALLS_PER_SECOND} calls/s for ${BOARD_SECONDS} s`,
    '  latency = arrival on the socket − sending of the HTTP request that caused it, both timed in the load',
    '  generator: one child process holding every socket and HTTP client. No CPU pinning: the server(s), the',
    "  load generator and PostgreSQL share the machine's cores (CPU use per phase below).",
    HEADER,
  ];
  for (const result of singles) {
    lines.push(
      openLine(
        result.database,
        `open ${SOCKETS}`,
        result.open,
        `; load average ${result.loadAverage.toFixed(1)} at start`,
      ),
      `  ${''.padEnd(32)}server RSS ${mb(result.memory.rssBeforeBytes)} before, ${mb(result.memory.rssAfterBytes)} ` +
        `with them = ${kb(result.memory.bytesPerConnection)} per connection ` +
        `(V8 heap ${kb((result.memory.heapAfterBytes - result.memory.heapBeforeBytes) / Math.max(1, result.open.opened))}); ` +
        `${mb(result.memory.rssAfterCloseBytes)} after they closed`,
      ...deliveryLine(result.database, 'fan-out', result.fanOut),
      ...deliveryLine(result.database, `msgs/s (${SATURATE_SENDERS} senders)`, result.saturate),
      openLine(result.database, `open ${BOARD_SUBSCRIBERS} (1 board)`, result.boardOpen, ''),
      ...deliveryLine(result.database, `board ×${BOARD_SUBSCRIBERS}`, result.board),
    );
  }
  if (pair) {
    lines.push(
      openLine(
        'postgres x2',
        `open ${SOCKETS}`,
        pair.open,
        ` (${pair.socketsPerServer.join(' + ')} on processes A + B); load average ${pair.loadAverage.toFixed(1)} at start`,
      ),
      ...deliveryLine('postgres x2', 'fan-out, A↔B', pair.fanOut, true),
    );
  }
  for (const name of skipped) lines.push(`  ${name}: PostgreSQL not reachable, skipped`);
  const warnings = [
    ...singles.map((result) => ({ name: result.database, warnings: result.serverWarnings })),
    ...(pair?.serverWarnings ?? []).map((warnings, index) => ({
      name: `postgres ${'AB'[index]}`,
      warnings,
    })),
  ];
  for (const { name, warnings: found } of warnings) {
    if (found.count > 0) lines.push(`  ${name} server logged ${found.count} warn+ lines`);
    for (const line of found.first) lines.push(`  ${name} server said: ${line}`);
  }
  return lines;
}

function singleTargets(result: SingleProcessResult): Target[] {
  const fanOut = result.fanOut.result;
  const board = result.board.result;
  return [
    {
      name: `${result.database}: fan-out ${SOCKETS} sockets p99 <= ${TARGET_P99_MS} ms`,
      pass: fanOut.latency.count > 0 && fanOut.latency.p99Ms <= TARGET_P99_MS,
      detail: `${ms(fanOut.latency.p99Ms)} (p50 ${ms(fanOut.latency.p50Ms)}, ${fanOut.delivered} events)`,
    },
    deliveredTarget(`${result.database}: fan-out`, fanOut),
    {
      name: `${result.database}: board ×${BOARD_SUBSCRIBERS} p99 <= ${TARGET_P99_MS} ms`,
      pass: board.latency.count > 0 && board.latency.p99Ms <= TARGET_P99_MS,
      detail: `${ms(board.latency.p99Ms)} (p50 ${ms(board.latency.p50Ms)}, ${board.delivered} events)`,
    },
    deliveredTarget(`${result.database}: board ×${BOARD_SUBSCRIBERS}`, board),
    {
      name: `${result.database}: memory per connection <= ${kb(TARGET_BYTES_PER_CONNECTION)}`,
      pass: result.open.opened > 0 && result.memory.bytesPerConnection <= TARGET_BYTES_PER_CONNECTION,
      detail: `${kb(result.memory.bytesPerConnection)} (RSS +${mb(result.memory.rssAfterBytes - result.memory.rssBeforeBytes)} for ${result.open.opened})`,
    },
  ];
}

function deliveredTarget(name: string, result: DeliveryResult): Target {
  return {
    name: `${name}: none lost or duplicated`,
    pass: result.expected > 0 && result.lost === 0 && result.duplicated === 0 && result.seq.repeats === 0,
    detail: `${result.delivered} of ${result.expected} delivered, ${result.lost} lost, ${result.duplicated} duplicated`,
  };
}

function pairTargets(pair: TwoProcessResult): Target[] {
  const fanOut = pair.fanOut.result;
  return [
    {
      name: `postgres x2: A↔B p99 <= ${TARGET_CROSS_PROCESS_P99_MS} ms`,
      pass: fanOut.crossProcess.count > 0 && fanOut.crossProcess.p99Ms <= TARGET_CROSS_PROCESS_P99_MS,
      detail: `${ms(fanOut.crossProcess.p99Ms)} (p50 ${ms(fanOut.crossProcess.p50Ms)}, ${fanOut.crossProcess.count} events)`,
    },
    deliveredTarget('postgres x2: fan-out', fanOut),
  ];
}

/** Anything that makes the figures untrustworthy: the bench then exits non-zero. */
function findProblems(singles: readonly SingleProcessResult[], pair: TwoProcessResult | null): string[] {
  const problems: string[] = [];
  const checkOpen = (name: string, open: OpenResult) => {
    if (open.failed > 0)
      problems.push(
        `${name}: ${open.failed} sockets did not open and subscribe (${open.firstErrors.join('; ')})`,
      );
  };
  const checkSend = (name: string, result: DeliveryResult) => {
    const { non2xx, errors, statusCodes } = result.requests;
    if (non2xx + errors > 0) {
      const limited = statusCodes['429']
        ? ' (429: a rate limit stopped the bench, see RATE_LIMIT_MESSAGES_PER_MINUTE and chat.routes.ts)'
        : '';
      problems.push(
        `${name} ${result.label}: ${non2xx} non-2xx answers and ${errors} without answer ${JSON.stringify(statusCodes)}${limited}`,
      );
    }
    if (result.callsShort > 0) problems.push(`${name} ${result.label}: ran out of waiting entries to call`);
  };
  for (const result of singles) {
    checkOpen(`${result.database} open`, result.open);
    checkOpen(`${result.database} board open`, result.boardOpen);
    for (const phase of [result.fanOut, result.saturate, result.board])
      checkSend(result.database, phase.result);
  }
  if (pair) {
    checkOpen('postgres x2 open', pair.open);
    checkSend('postgres x2', pair.fanOut.result);
  }
  return problems;
}
