/**
 * The workers part of `npm run bench` (BENCH_ONLY=workers; issue 25 item 5): one business's board
 * with 1,000 staff sockets while customers join its line as fast as the server takes them, on the
 * built server with WORKERS=1 and then WORKERS=2 on one port, each on a fresh PostgreSQL database.
 * It reports each run's figures and the second as a ratio to the first; the issue sets no target.
 * The sockets, the joins and their timing are the realtime load generator's (realtime-clients.ts).
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import os from 'node:os';
import { topics } from '../src/shared/realtime.ts';
import { onCleanup } from './cleanup.ts';
import { createBenchDatabase } from './postgres-database.ts';
import {
  type CpuShare,
  type LoadGenerator,
  measureCpu,
  type Phase,
  startLoadGenerator,
  startServer,
  withServerOutput,
} from './realtime.ts';
import type { DeliveryResult, JoinTarget, OpenResult } from './realtime-clients.ts';
import { buildSeed, type Seed, writeSeed } from './realtime-seed.ts';

const BOARD_SUBSCRIBERS = 1000;
/** Joins in flight at once; each joiner sends its next as soon as the last is answered. */
const JOIN_CONCURRENCY = 20;
/** Customers the joins take turns with (one customer may stand in a line several times). */
const JOINERS = 200;
const SERVICE = 'Facials';
const WORKER_COUNTS = [1, 2] as const;
const OPEN_CONCURRENCY = 100;
const OPEN_TIMEOUT_MS = 30_000;
/**
 * After the last answer, how long deliveries still owed are awaited. Longer than the realtime
 * phases' 3 s: under a closed loop the server may answer joins faster than it writes their
 * events to 1,000 sockets, and a late event must read as late, not as lost.
 */
const DELIVERY_GRACE_MS = 15_000;

export interface WorkersSettings {
  /** The measured window (BENCH_SECONDS) and the warm-up before it (BENCH_WARMUP_SECONDS). */
  seconds: number;
  warmupSeconds: number;
}

/** Established connections on the server's port held by one process. */
interface ProcessConnections {
  pid: number;
  connections: number;
}

interface WorkersRun {
  workers: number;
  /** 1-minute load average when this run started. */
  loadAverage: number;
  startupSeconds: number;
  open: OpenResult;
  /** Right after the board's sockets opened, and at the end (the joins' kept-alive connections too). */
  connectionsAfterOpen: ProcessConnections[];
  connectionsAtEnd: ProcessConnections[];
  warmup: DeliveryResult;
  joins: Phase<DeliveryResult>;
  /** The pids `joins.cpu.servers` is in the order of: the primary first when there is one. */
  serverPids: number[];
  serverWarnings: { count: number; first: string[] };
  /** The business's wait_entries after the run, against the joins answered 2xx. */
  rowCheck: { rows: number; joinsAnswered: number };
}

export interface WorkersReport {
  lines: string[];
  problems: string[];
  data: { settings: object; runs: WorkersRun[]; skipped: boolean };
}

// ---- which process holds which connection (Linux /proc) ----

/** The server's process and its children (the workers, with WORKERS > 1). */
function serverProcesses(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === pid) children.push(Number(entry));
    } catch {
      // Exited while we looked.
    }
  }
  return [pid, ...children.sort((a, b) => a - b)];
}

/** Socket inodes of established TCP connections whose local end is `port`. */
function establishedOn(port: number): Set<string> {
  const inodes = new Set<string>();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      const local = fields[1];
      // "01": ESTABLISHED (include/net/tcp_states.h); field 9 is the socket's inode.
      if (!local || fields[3] !== '01') continue;
      if (Number.parseInt(local.slice(local.lastIndexOf(':') + 1), 16) === port) inodes.add(fields[9]!);
    }
  }
  return inodes;
}

/**
 * How the server's connections spread over its processes: the cluster's primary accepts each
 * connection and hands it to a worker, which then holds its file descriptor.
 */
function connectionsPerProcess(pids: readonly number[], port: number): ProcessConnections[] {
  const inodes = establishedOn(port);
  return pids.map((pid) => {
    let connections = 0;
    try {
      for (const fd of readdirSync(`/proc/${pid}/fd`)) {
        try {
          const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
          if (match && inodes.has(match[1]!)) connections += 1;
        } catch {
          // Closed while we looked.
        }
      }
    } catch {
      // The process exited.
    }
    return { pid, connections };
  });
}

// ---- a run ----

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function joinCommand(label: string, seconds: number, joins: JoinTarget) {
  return {
    cmd: 'join' as const,
    label,
    seconds,
    concurrency: JOIN_CONCURRENCY,
    joins,
    graceMs: DELIVERY_GRACE_MS,
  };
}

async function measureWorkers(
  workers: number,
  settings: WorkersSettings,
  databaseUrl: string,
  seed: Seed,
  progress: (m: string) => void,
): Promise<Omit<WorkersRun, 'rowCheck'>> {
  const label = `workers ×${workers}`;
  const loadAverage = os.loadavg()[0] ?? 0;
  const { server, stop, startupSeconds } = await startServer(
    label,
    { DATABASE_URL: databaseUrl, WORKERS: String(workers) },
    progress,
  );
  try {
    const port = Number(new URL(server.baseUrl).port);
    // Each worker reports ready on its own; the primary's health answer means one listens.
    await sleep(1_000);
    const pids = serverProcesses(server.pid);
    // With workers, the primary serves nothing: only they hold connections.
    const serving = workers > 1 ? pids.slice(1) : [server.pid];
    if (serving.length !== workers)
      throw new Error(`${label}: expected ${workers} serving processes, found ${serving.join(', ')}`);
    const generator: LoadGenerator = await startLoadGenerator();
    try {
      progress(`${label}: opening ${BOARD_SUBSCRIBERS} board sockets on ${seed.board.id}`);
      const open = await generator.run<OpenResult>(
        {
          cmd: 'open',
          servers: [server.baseUrl],
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
      const connectionsAfterOpen = connectionsPerProcess(serving, port);
      const tokens = seed.customers.map((customer) => customer.token);
      const runId = randomBytes(4).toString('hex');
      const target = (phase: string, firstPhoneNumber: number): JoinTarget => ({
        companyId: seed.board.id,
        serviceType: SERVICE,
        tokens,
        firstPhoneNumber,
        runId: `${runId}-${phase}`,
      });
      progress(`${label}: warm-up, ${settings.warmupSeconds} s of joins`);
      // Phone numbers of their own in each phase (+1 415 200 0000 on, then +1 415 500 0000 on).
      const warmup = await generator.run<DeliveryResult>(
        joinCommand('warm-up', settings.warmupSeconds, target('warm-up', 4_152_000_000)),
        (settings.warmupSeconds + 60) * 1000,
      );
      progress(`${label}: ${JOIN_CONCURRENCY} joiners for ${settings.seconds} s`);
      const joins = await measureCpu(
        pids.map((pid) => ({ pid })),
        generator,
        () =>
          generator.run<DeliveryResult>(
            joinCommand('joins', settings.seconds, target('joins', 4_155_000_000)),
            (settings.seconds + 60) * 1000,
          ),
      );
      const connectionsAtEnd = connectionsPerProcess(serving, port);
      await generator.run({ cmd: 'close' }, 60_000);
      return {
        workers,
        loadAverage,
        startupSeconds,
        open,
        connectionsAfterOpen,
        connectionsAtEnd,
        warmup,
        joins,
        serverPids: pids,
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

async function onFreshDatabase(
  workers: number,
  settings: WorkersSettings,
  adminUrl: string,
  progress: (m: string) => void,
): Promise<WorkersRun> {
  const database = await createBenchDatabase(adminUrl);
  const drop = onCleanup(`database ${database.name}`, () => database.drop());
  try {
    const seed = buildSeed(0, 0, 0, { service: SERVICE, customers: JOINERS });
    progress(`workers ×${workers}: migrating and seeding database ${database.name}`);
    await writeSeed({ databaseUrl: database.url }, seed);
    const run = await measureWorkers(workers, settings, database.url, seed, progress);
    const [row] = await database.query<{ rows: number }>(
      `select count(*)::int as rows from wait_entries where company_id = '${seed.board.id}'`,
    );
    const answered = (result: DeliveryResult) =>
      Object.entries(result.requests.statusCodes).reduce(
        (sum, [status, count]) => sum + (status.startsWith('2') ? count : 0),
        0,
      );
    return {
      ...run,
      rowCheck: { rows: row?.rows ?? 0, joinsAnswered: answered(run.warmup) + answered(run.joins.result) },
    };
  } finally {
    await drop();
  }
}

export async function benchWorkers(options: {
  settings: WorkersSettings;
  postgresAdminUrl: string;
  postgresReachable: boolean;
  progress: (message: string) => void;
}): Promise<WorkersReport> {
  const { settings, progress } = options;
  const runs: WorkersRun[] = [];
  if (options.postgresReachable) {
    for (const workers of WORKER_COUNTS)
      runs.push(await onFreshDatabase(workers, settings, options.postgresAdminUrl, progress));
  }
  return {
    lines: formatReport(settings, runs, !options.postgresReachable),
    problems: findProblems(runs),
    data: {
      settings: {
        ...settings,
        boardSubscribers: BOARD_SUBSCRIBERS,
        joinConcurrency: JOIN_CONCURRENCY,
        joiners: JOINERS,
        deliveryGraceMs: DELIVERY_GRACE_MS,
      },
      runs,
      skipped: !options.postgresReachable,
    },
  };
}

// ---- report ----

const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
const pct = (value: number) => `${value.toFixed(0)} %`;
const spread = (counts: readonly ProcessConnections[]) =>
  counts.map((process) => String(process.connections)).join(' + ');

function cpuLine(run: WorkersRun, cpu: CpuShare): string {
  const servers = cpu.servers
    .map((share, index) => {
      const role = run.workers > 1 ? (index === 0 ? 'primary ' : 'worker ') : '';
      return `${role}${pct(share)}`;
    })
    .join(', ');
  // What the machine spent besides the server and the load generator: PostgreSQL, the kernel's
  // side of loopback TCP that no process is billed for, and whatever else runs on the machine.
  const elsewhere =
    (cpu.machine / 100) * os.cpus().length * 100 -
    cpu.servers.reduce((sum, share) => sum + share, 0) -
    cpu.loadGenerator;
  return (
    `CPU (% of one core): server ${servers}; load generator ${pct(cpu.loadGenerator)}; ` +
    `everything else ${pct(Math.max(0, elsewhere))} (machine ${pct(cpu.machine)} of ${os.cpus().length} cores)`
  );
}

function formatReport(settings: WorkersSettings, runs: readonly WorkersRun[], skipped: boolean): string[] {
  const lines = [
    `Workers on PostgreSQL (issue 25 item 5): one business's board with ${BOARD_SUBSCRIBERS} staff sockets; ` +
      `customers join its line, ${JOIN_CONCURRENCY} joins in flight (closed loop), ${settings.seconds} s after ` +
      `${settings.warmupSeconds} s of warm-up; WORKERS=1, then WORKERS=2 on one port, each on a fresh database`,
    `  this machine has ${os.cpus().length} cores, shared by the server processes, PostgreSQL and the load generator`,
    '  (one process holding every socket and sending every join): two workers get no core of their own, so',
    '  the ratios below say what a second process buys here, not on a machine with a core per worker. No target.',
    '  board latency = arrival on a socket − sending of the join that caused it; every join owes one per socket.',
    `  ${'workers'.padEnd(9)}${'joins/s'.padStart(9)}${'join p50'.padStart(10)}${'join p99'.padStart(10)}` +
      `${'events'.padStart(10)}${'lost'.padStart(7)}${'board p50'.padStart(11)}${'board p99'.padStart(11)}` +
      `${'board max'.padStart(11)}${'errors'.padStart(8)}`,
  ];
  for (const run of runs) {
    const r = run.joins.result;
    lines.push(
      `  ${`×${run.workers}`.padEnd(9)}${r.requests.okPerSecond.toFixed(0).padStart(9)}` +
        `${ms(r.requests.http.p50Ms).padStart(10)}${ms(r.requests.http.p99Ms).padStart(10)}` +
        `${String(r.delivered).padStart(10)}${String(r.lost).padStart(7)}${ms(r.latency.p50Ms).padStart(11)}` +
        `${ms(r.latency.p99Ms).padStart(11)}${ms(r.latency.maxMs).padStart(11)}` +
        `${String(r.requests.non2xx + r.requests.errors).padStart(8)}`,
      `  ${''.padEnd(9)}${r.requests.joins} joins in ${r.seconds.toFixed(1)} s; ${cpuLine(run, run.joins.cpu)}; ` +
        `load generator loop delay p99 ${ms(r.loopDelayP99Ms)}`,
      `  ${''.padEnd(9)}${run.open.opened} sockets open in ${run.open.seconds.toFixed(1)} s; connections per ` +
        `serving process: ${spread(run.connectionsAfterOpen)} after opening, ${spread(run.connectionsAtEnd)} ` +
        `with the joins' (pids ${run.connectionsAtEnd.map((p) => p.pid).join(', ')}); ` +
        `server ready in ${run.startupSeconds.toFixed(1)} s, load average ${run.loadAverage.toFixed(1)} at start`,
    );
    for (const line of run.serverWarnings.first) lines.push(`  ×${run.workers} server said: ${line}`);
  }
  const [one, two] = [runs.find((run) => run.workers === 1), runs.find((run) => run.workers === 2)];
  if (one && two) {
    const ratio = (value: (run: WorkersRun) => number) => {
      const base = value(one);
      return base > 0 ? `${(value(two) / base).toFixed(2)}×` : 'n/a';
    };
    lines.push(
      `  ×2 processes / ×1: joins/s ${ratio((run) => run.joins.result.requests.okPerSecond)}, ` +
        `join p99 ${ratio((run) => run.joins.result.requests.http.p99Ms)}, ` +
        `board p99 ${ratio((run) => run.joins.result.latency.p99Ms)}, ` +
        `events delivered/s ${ratio((run) => run.joins.result.delivered / run.joins.result.seconds)}`,
    );
  }
  if (skipped) lines.push('  PostgreSQL not reachable, skipped (WORKERS needs PostgreSQL)');
  return lines;
}

/** Anything that makes the figures untrustworthy: the bench then exits non-zero. */
function findProblems(runs: readonly WorkersRun[]): string[] {
  const problems: string[] = [];
  for (const run of runs) {
    const name = `workers ×${run.workers}`;
    if (run.open.failed > 0)
      problems.push(`${name}: ${run.open.failed} sockets did not open (${run.open.firstErrors.join('; ')})`);
    for (const result of [run.warmup, run.joins.result]) {
      const { non2xx, errors, statusCodes } = result.requests;
      if (non2xx + errors > 0)
        problems.push(
          `${name} ${result.label}: ${non2xx} non-2xx answers and ${errors} without answer ${JSON.stringify(statusCodes)}`,
        );
      if (result.lost > 0)
        problems.push(`${name} ${result.label}: ${result.lost} of ${result.expected} board events lost`);
      if (result.silentSubscribers > 0)
        problems.push(`${name} ${result.label}: ${result.silentSubscribers} board sockets heard of no join`);
      if (result.duplicated > 0 || result.seq.gaps > 0 || result.seq.repeats > 0)
        problems.push(
          `${name} ${result.label}: ${result.duplicated} duplicated events, seq gaps ${result.seq.gaps}, repeats ${result.seq.repeats}`,
        );
      if (result.unexpected > 0)
        problems.push(`${name} ${result.label}: ${result.unexpected} unexpected events`);
      if (result.socketsClosedByServer > 0 || result.seq.resets > 0 || result.seq.errors > 0)
        problems.push(
          `${name} ${result.label}: ${result.socketsClosedByServer} sockets closed by the server, ` +
            `${result.seq.resets} resets, ${result.seq.errors} error messages`,
        );
      if (result.expected === 0) problems.push(`${name} ${result.label}: no join answered, nothing measured`);
    }
    // Joins still in flight when a phase stops are awaited, so every 2xx is counted: rows match exactly.
    if (run.rowCheck.rows !== run.rowCheck.joinsAnswered)
      problems.push(
        `${name}: ${run.rowCheck.joinsAnswered} joins answered 2xx but ${run.rowCheck.rows} wait_entries rows`,
      );
  }
  return problems;
}
