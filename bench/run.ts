/**
 * `npm run bench`: bundle sizes per customer route; joins per second over HTTP beside the same
 * database's raw single-row insert rate, on embedded PGlite and (when it answers) PostgreSQL; and
 * realtime delivery over WebSockets (bench/realtime.ts). BENCH_ONLY=bundle,joins,realtime picks
 * parts (default those three); `soak`, `pages` (Lighthouse on the customer pages beside a floor
 * page, and `npm start`'s time to ready: bench/pages.ts), `estimate` (the wait estimate against
 * a simulated salon week: bench/estimate.ts) and `workers` (one board's joins on WORKERS=1 against
 * WORKERS=2: bench/workers.ts) run only when named. Exits 0 when it
 * measured everything, whether or not the targets pass;
 * non-zero when the bench itself broke, including any non-2xx answer or dropped request under load.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BundleReport, formatBundleReport, formatTarget, measureBundleSizes } from './bundle-size.ts';
import { cleanUpAll, onCleanup } from './cleanup.ts';
import { benchEstimate } from './estimate.ts';
import { type BenchRequest, combineLoads, type LoadResult, runLoad } from './http-load.ts';
import { benchMemory } from './memory.ts';
import { benchPages, type PagesReport } from './pages.ts';
import { createBenchDatabase, isPostgresReachable } from './postgres-database.ts';
import { benchRealtime, REALTIME_RUNS, type RealtimeReport, type RealtimeRun } from './realtime.ts';
import { type ServerProcess, spawnServer } from './server-process.ts';
import { benchSoak } from './soak.ts';
import { benchWorkers } from './workers.ts';

const CONNECTIONS = 50;
const CUSTOMERS = 200;
/**
 * The town the joins go to (issue 25 item 4): this many salons with lines of 5 to 50, and one
 * (`bench-long`) whose line starts at LONG_LINE; one join in LONG_LINE_SHARE goes to it.
 */
const BUSINESSES = 500;
const LONG_LINE = 1_000;
const LONG_LINE_SHARE = 20;
const LONG_LINE_ID = 'bench-long';
const shortLineId = (n: number) => `bench-${String((n % BUSINESSES) + 1).padStart(4, '0')}`;
/** A number of its own for each join: one number joins a business at most a few times an hour. */
const joinBody = (n: number) =>
  JSON.stringify({
    serviceType: 'Facials',
    name: 'Bench Walker',
    phoneNumber: `+1415${2_000_000 + (n % 7_000_000)}`,
  });
const RAW_BODY = JSON.stringify({ note: 'bench raw insert' });
const TARGET_RATIO_PERCENT = 60;
const TARGET_JOIN_P99_MS = 100;
/** A join to the long line costs at most this many times one to a short line (one connection, p50). */
const TARGET_LONG_TO_SHORT = 1.2;
/** The raw inserts and the joins are measured in this many turns each (rawAndJoinsInTurns). */
const SLICES = 4;
/** The pause after each turn, for the work it leaves behind (events, texts) to end. */
const SETTLE_MS = 500;
/** Seconds of each one-connection probe; short and long alternate twice. */
const PROBE_SECONDS = 3;
const RESULTS_FILE = fileURLToPath(new URL('./results/latest.json', import.meta.url));

const PARTS = ['bundle', 'joins', 'realtime', 'soak', 'pages', 'estimate', 'memory', 'workers'] as const;
type Part = (typeof PARTS)[number];
/**
 * The soak, the pages and the memory starts take minutes: only when named (BENCH_ONLY=soak, pages,
 * memory: bench/memory.ts); so does
 * the wait estimate's simulated week (BENCH_ONLY=estimate, bench/estimate.ts), which needs no build,
 * and the workers' comparison (BENCH_ONLY=workers, bench/workers.ts).
 */
const DEFAULT_PARTS: readonly Part[] = ['bundle', 'joins', 'realtime'];

const settings = {
  parts: readChoices<Part>('BENCH_ONLY', PARTS, DEFAULT_PARTS),
  soakSeconds: readSeconds('BENCH_SOAK_SECONDS', 60),
  seconds: readSeconds('BENCH_SECONDS', 10),
  warmupSeconds: readSeconds('BENCH_WARMUP_SECONDS', 2),
  realtimeFanOutSeconds: readSeconds('BENCH_REALTIME_SECONDS', 20),
  realtimeRuns: readChoices<RealtimeRun>('BENCH_REALTIME_RUNS', REALTIME_RUNS),
  connections: CONNECTIONS,
  customers: CUSTOMERS,
  postgresAdminUrl: process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
};

interface DatabaseResult {
  database: 'pglite' | 'postgres';
  startupSeconds: number;
  warmup: { raw: LoadResult; join: LoadResult };
  raw: LoadResult;
  join: LoadResult;
  joinToRawPercent: number;
  /** The people waiting in the town's lines before the load (seedTown). */
  seededEntries: number;
  /** One connection's join p50 to a short line and to the long one (issue 25 item 4). */
  lineLength: { shortP50Ms: number; longP50Ms: number; probes: LoadResult[] };
  serverWarnings: { count: number; first: string[] };
  /** PostgreSQL only: wait_entries rows after the run, against the joins answered with 2xx. */
  rowCheck?: { rows: number; joinsAnswered: number };
}

interface Target {
  name: string;
  pass: boolean;
  detail: string;
}

// ---- the run ----

/** A comma-separated choice from `allowed` in the variable `name`; all of them when unset. */
function readChoices<T extends string>(name: string, allowed: readonly T[], fallback = allowed): T[] {
  const raw = process.env[name]?.trim();
  if (!raw) return [...fallback];
  const chosen = raw.split(',').map((choice) => choice.trim());
  for (const choice of chosen) {
    if (!(allowed as readonly string[]).includes(choice))
      throw new Error(`${name}: "${choice}" is not one of ${allowed.join(', ')}`);
  }
  return allowed.filter((choice) => chosen.includes(choice));
}

function readSeconds(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 120)
    throw new Error(`${name} must be a whole number from 1 to 120`);
  return value;
}

function progress(message: string): void {
  console.error(`  … ${message}`);
}

async function createCustomers(baseUrl: string, count: number): Promise<string[]> {
  const tokens: string[] = [];
  const signInOne = async () => {
    const response = await fetch(`${baseUrl}/api/v1/customers/anonymous`, {
      method: 'POST',
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await response.json()) as { token?: string };
    if (response.status !== 201 || !body.token) {
      throw new Error(
        `POST /api/v1/customers/anonymous answered ${response.status}: ${JSON.stringify(body)}`,
      );
    }
    tokens.push(body.token);
  };
  for (let created = 0; created < count; created += 10) {
    await Promise.all(Array.from({ length: Math.min(10, count - created) }, signInOne));
  }
  return tokens;
}

/**
 * Joins spread over the town: round-robin over the short lines, and every LONG_LINE_SHARE-th to
 * the long one; `only` sends them all to one kind (the probes).
 */
function joinRequests(tokens: readonly string[], runId: string, only?: 'short' | 'long'): () => BenchRequest {
  let sent = 0;
  return () => {
    const long = only === 'long' || (only === undefined && sent % LONG_LINE_SHARE === 0);
    const companyId = long ? LONG_LINE_ID : shortLineId(sent);
    const token = tokens[sent % tokens.length]!;
    const idempotencyKey = `bench-${runId}-${sent}`;
    const body = joinBody(sent);
    sent += 1;
    return {
      path: `/api/v1/companies/${companyId}/wait-list`,
      headers: {
        authorization: `Bearer ${token}`,
        'idempotency-key': idempotencyKey,
        'content-type': 'application/json',
      },
      body,
    };
  };
}

function rawInsertRequests(): () => BenchRequest {
  return () => ({
    path: '/api/bench/raw-insert',
    headers: { 'content-type': 'application/json' },
    body: RAW_BODY,
  });
}

/** The salons and their lines (bench.routes.ts), before anyone is measured. */
async function seedTown(baseUrl: string): Promise<{ businesses: number; entries: number }> {
  const response = await fetch(`${baseUrl}/api/bench/seed-lines`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ businesses: BUSINESSES, longLine: LONG_LINE }),
    signal: AbortSignal.timeout(120_000),
  });
  if (response.status !== 200)
    throw new Error(`POST /api/bench/seed-lines answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as { businesses: number; entries: number };
}

/** One request of each kind before the load, so a broken setup fails with the server's own words. */
async function checkOneOfEach(baseUrl: string, join: () => BenchRequest): Promise<void> {
  for (const [request, expected] of [
    [join(), 201],
    [rawInsertRequests()(), 200],
  ] as const) {
    const response = await fetch(`${baseUrl}${request.path}`, {
      method: 'POST',
      headers: request.headers,
      body: request.body,
      signal: AbortSignal.timeout(10_000),
    });
    if (response.status !== expected) {
      throw new Error(
        `POST ${request.path} answered ${response.status} (expected ${expected}): ${await response.text()}`,
      );
    }
  }
}

/**
 * The raw inserts and the joins, measured in turns (raw, join, join, raw, …: each kind as often
 * early as late) and told as one run each. Measured one after the other, 10 s each, the ratio
 * moved with the shared machine's speed: the same code read 57 % and 94 % in two runs, the raw
 * inserts alone 2,087 and 1,231 req/s. A pause after each turn lets the work a turn leaves (its
 * events, texts) end before the next is timed.
 */
async function rawAndJoinsInTurns(
  load: (
    label: string,
    seconds: number,
    nextRequest: () => BenchRequest,
    latencySink?: number[],
  ) => Promise<LoadResult>,
  join: () => BenchRequest,
): Promise<{ raw: LoadResult; join: LoadResult }> {
  const raws: LoadResult[] = [];
  const joins: LoadResult[] = [];
  const rawLatencies: number[] = [];
  const joinLatencies: number[] = [];
  const raw = rawInsertRequests();
  const seconds = settings.seconds / SLICES;
  for (let slice = 0; slice < SLICES; slice += 1) {
    const rawFirst = slice % 2 === 0;
    for (const kind of rawFirst ? (['raw', 'join'] as const) : (['join', 'raw'] as const)) {
      if (kind === 'raw') raws.push(await load('raw insert', seconds, raw, rawLatencies));
      else joins.push(await load('join', seconds, join, joinLatencies));
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    }
  }
  return {
    raw: combineLoads('raw insert', raws, rawLatencies),
    join: combineLoads('join', joins, joinLatencies),
  };
}

async function measure(database: DatabaseResult['database'], server: ServerProcess, startupSeconds: number) {
  progress(
    `${database}: ready after ${startupSeconds.toFixed(1)} s; signing in ${CUSTOMERS} anonymous customers`,
  );
  const tokens = await createCustomers(server.baseUrl, CUSTOMERS);
  const town = await seedTown(server.baseUrl);
  progress(`${database}: ${town.businesses} businesses, ${town.entries} people waiting`);
  const runId = randomBytes(4).toString('hex');
  const join = joinRequests(tokens, runId);
  await checkOneOfEach(server.baseUrl, join);
  const load = (label: string, seconds: number, nextRequest: () => BenchRequest, latencySink?: number[]) =>
    runLoad({ label, url: server.baseUrl, seconds, connections: CONNECTIONS, nextRequest, latencySink });

  progress(
    `${database}: warm-up, ${settings.warmupSeconds} s of raw inserts then ${settings.warmupSeconds} s of joins`,
  );
  const warmup = {
    raw: await load('raw insert (warm-up)', settings.warmupSeconds, rawInsertRequests()),
    join: await load('join (warm-up)', settings.warmupSeconds, join),
  };
  progress(
    `${database}: measuring ${settings.seconds} s of raw inserts and ${settings.seconds} s of joins, in turns of ` +
      `${(settings.seconds / SLICES).toFixed(1)} s`,
  );
  const { raw, join: joinResult } = await rawAndJoinsInTurns(load, join);
  progress(`${database}: one connection, ${PROBE_SECONDS} s each: short line, long line, twice`);
  const probes: { short: LoadResult[]; long: LoadResult[] } = { short: [], long: [] };
  for (let round = 0; round < 2; round += 1) {
    for (const kind of ['short', 'long'] as const) {
      const probe = joinRequests(tokens, `${runId}-${kind}-${round}`, kind);
      probes[kind].push(
        await runLoad({
          label: `join ${kind}`,
          url: server.baseUrl,
          seconds: PROBE_SECONDS,
          connections: 1,
          nextRequest: probe,
        }),
      );
    }
  }
  const meanP50 = (loads: LoadResult[]) => loads.reduce((sum, load) => sum + load.p50Ms, 0) / loads.length;
  return {
    database,
    startupSeconds,
    warmup,
    raw,
    join: joinResult,
    joinToRawPercent:
      raw.requestsPerSecond > 0 ? (joinResult.requestsPerSecond / raw.requestsPerSecond) * 100 : 0,
    seededEntries: town.entries,
    lineLength: {
      shortP50Ms: meanP50(probes.short),
      longP50Ms: meanP50(probes.long),
      probes: [...probes.short, ...probes.long],
    },
    serverWarnings: server.warnings(),
  } satisfies DatabaseResult;
}

async function startAndWait(database: string, env: Record<string, string>) {
  const started = Date.now();
  progress(`${database}: starting node dist/server/main.js`);
  const server = await spawnServer(env);
  const stop = onCleanup(`${database} server (pid ${server.pid})`, () => server.stop(), server.killNow);
  await server.ready();
  return { server, stop, startupSeconds: (Date.now() - started) / 1000 };
}

async function benchPglite(): Promise<DatabaseResult> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'checkn-bench-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  const release = onCleanup(`temp folder ${dataDir}`, async () => removeDir(), removeDir);
  try {
    const { server, stop, startupSeconds } = await startAndWait('pglite', {
      DATA_DIR: dataDir,
      SEED_DEMO: 'auto',
    });
    try {
      return await measure('pglite', server, startupSeconds);
    } finally {
      await stop();
    }
  } finally {
    await release();
  }
}

async function benchPostgres(): Promise<DatabaseResult> {
  const database = await createBenchDatabase(settings.postgresAdminUrl);
  progress(`postgres: created database ${database.name}`);
  const drop = onCleanup(`database ${database.name}`, () => database.drop());
  try {
    const { server, stop, startupSeconds } = await startAndWait('postgres', {
      DATABASE_URL: database.url,
      SEED_DEMO: 'always',
    });
    let result: DatabaseResult;
    try {
      result = await measure('postgres', server, startupSeconds);
    } finally {
      await stop();
    }
    const [row] = await database.query<{ rows: number }>('select count(*)::int as rows from wait_entries');
    // The one join checkOneOfEach sent, and the town's seeded lines.
    const answered = [result.warmup.join, result.join, ...result.lineLength.probes].reduce(
      (sum, load) => sum + (load.statusCodes['201'] ?? 0),
      1 + result.seededEntries,
    );
    return { ...result, rowCheck: { rows: row?.rows ?? 0, joinsAnswered: answered } };
  } finally {
    await drop();
  }
}

// ---- report ----

const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;

function formatLoadLine(database: string, load: LoadResult): string {
  return (
    `  ${database.padEnd(10)}${load.label.padEnd(12)}${`${load.requestsPerSecond.toFixed(0)} req/s`.padStart(12)}` +
    `${ms(load.p50Ms).padStart(10)}${ms(load.p99Ms).padStart(10)}${ms(load.maxMs).padStart(10)}` +
    `${String(load.requests).padStart(10)}${String(load.non2xx).padStart(9)}${String(load.errors).padStart(8)}`
  );
}

function formatDatabases(results: readonly DatabaseResult[]): string[] {
  const lines = [
    `Joins vs raw inserts over HTTP (${CONNECTIONS} connections, ${settings.seconds} s each in ${SLICES} turns after ` +
      `${settings.warmupSeconds} s warm-up, ${CUSTOMERS} customers round-robin, over ${BUSINESSES} salons ` +
      `with lines of 5–50 and one of ${LONG_LINE}+ taking 1 join in ${LONG_LINE_SHARE})`,
    `  ${'database'.padEnd(10)}${'test'.padEnd(12)}${'throughput'.padStart(12)}${'p50'.padStart(10)}` +
      `${'p99'.padStart(10)}${'max'.padStart(10)}${'requests'.padStart(10)}${'non-2xx'.padStart(9)}${'errors'.padStart(8)}`,
  ];
  for (const result of results) {
    lines.push(formatLoadLine(result.database, result.raw), formatLoadLine(result.database, result.join));
    lines.push(
      `  ${result.database.padEnd(10)}${'joins/raw'.padEnd(12)}${`${result.joinToRawPercent.toFixed(1)} %`.padStart(12)}` +
        `    (server ready in ${result.startupSeconds.toFixed(1)} s; logged ${result.serverWarnings.count} warn+ lines)`,
    );
    lines.push(
      `  ${result.database.padEnd(10)}${'long/short'.padEnd(12)}${`${(result.lineLength.longP50Ms / result.lineLength.shortP50Ms).toFixed(2)}×`.padStart(12)}` +
        `    (one connection, p50: long line ${ms(result.lineLength.longP50Ms)}, short lines ${ms(result.lineLength.shortP50Ms)})`,
    );
    if (result.rowCheck) {
      lines.push(
        `  ${result.database.padEnd(10)}${'rows'.padEnd(12)}${String(result.rowCheck.rows).padStart(12)}` +
          `    wait_entries after the run (joins answered 201: ${result.rowCheck.joinsAnswered})`,
      );
    }
  }
  return lines;
}

function databaseTargets(result: DatabaseResult): Target[] {
  return [
    {
      name: `${result.database}: joins/raw >= ${TARGET_RATIO_PERCENT} %`,
      pass: result.joinToRawPercent >= TARGET_RATIO_PERCENT,
      detail: `${result.joinToRawPercent.toFixed(1)} % (${result.join.requestsPerSecond.toFixed(0)} / ${result.raw.requestsPerSecond.toFixed(0)} req/s)`,
    },
    {
      name: `${result.database}: join p99 <= ${TARGET_JOIN_P99_MS} ms`,
      pass: result.join.p99Ms <= TARGET_JOIN_P99_MS,
      detail: ms(result.join.p99Ms),
    },
    {
      name: `${result.database}: long-line join <= ${TARGET_LONG_TO_SHORT}× a short-line join`,
      pass: result.lineLength.longP50Ms <= TARGET_LONG_TO_SHORT * result.lineLength.shortP50Ms,
      detail: `${(result.lineLength.longP50Ms / result.lineLength.shortP50Ms).toFixed(2)}× (${ms(result.lineLength.longP50Ms)} / ${ms(result.lineLength.shortP50Ms)})`,
    },
  ];
}

/** Anything that makes the figures untrustworthy: the bench then exits non-zero. */
function findProblems(results: readonly DatabaseResult[]): string[] {
  const problems: string[] = [];
  for (const result of results) {
    for (const load of [
      result.warmup.raw,
      result.warmup.join,
      result.raw,
      result.join,
      ...result.lineLength.probes,
    ]) {
      if (load.non2xx > 0) {
        problems.push(
          `${result.database} ${load.label}: ${load.non2xx} non-2xx answers ${JSON.stringify(load.statusCodes)}`,
        );
      }
      if (load.errors > 0) {
        problems.push(
          `${result.database} ${load.label}: ${load.errors} requests without answer (${load.timeouts} timeouts)`,
        );
      }
    }
    // Requests still in flight when a run stops may land without being counted, never the reverse.
    if (result.rowCheck && result.rowCheck.rows < result.rowCheck.joinsAnswered) {
      problems.push(
        `${result.database}: ${result.rowCheck.joinsAnswered} joins answered 201 but only ${result.rowCheck.rows} wait_entries rows`,
      );
    }
  }
  return problems;
}

function writeResults(data: object): void {
  mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  writeFileSync(RESULTS_FILE, `${JSON.stringify(data, null, 2)}\n`);
}

async function main(): Promise<number> {
  const startedAt = new Date();
  const { parts } = settings;
  // Never more than this, whatever the server does: a hung bench is a broken bench.
  const watchdogSeconds =
    (parts.includes('joins')
      ? 2 * (2 * settings.warmupSeconds + 2 * settings.seconds + 4 * PROBE_SECONDS + 180)
      : 0) +
    (parts.includes('realtime') ? 3 * settings.realtimeFanOutSeconds + 480 : 0) +
    (parts.includes('soak') ? 2 * (settings.soakSeconds + 300) : 0) +
    (parts.includes('pages') ? 900 : 0) +
    (parts.includes('estimate') ? 300 : 0) +
    (parts.includes('memory') ? 420 : 0) +
    (parts.includes('workers') ? 2 * (settings.warmupSeconds + settings.seconds + 240) : 0) +
    60;
  setTimeout(() => {
    console.error(`BENCH BROKE: still running after ${watchdogSeconds} s; stopping.`);
    void cleanUpAll().finally(() => process.exit(1));
  }, watchdogSeconds * 1000).unref();

  const loadBefore = os.loadavg()[0] ?? 0;
  console.log(
    `CheckN bench (${parts.join(', ')}): ${os.cpus().length} cores, Node ${process.version}, ` +
      `BENCH_SECONDS=${settings.seconds}, warm-up ${settings.warmupSeconds} s, ` +
      `BENCH_REALTIME_SECONDS=${settings.realtimeFanOutSeconds}, load average ${loadBefore.toFixed(2)} at start`,
  );
  if (loadBefore > os.cpus().length / 2) {
    console.log('  (the machine is already busy: the HTTP and realtime figures below will read low)');
  }
  console.log('');
  const bundle: BundleReport | null = parts.includes('bundle') ? measureBundleSizes() : null;
  if (bundle) console.log(`${formatBundleReport(bundle).join('\n')}\n`);

  const postgresReachable = await isPostgresReachable(settings.postgresAdminUrl);
  const results: DatabaseResult[] = [];
  const skipped: string[] = [];
  if (parts.includes('joins')) {
    results.push(await benchPglite());
    if (postgresReachable) results.push(await benchPostgres());
    else skipped.push('postgres');
  }
  const loadAfter = os.loadavg()[0] ?? 0;
  if (parts.includes('joins')) {
    console.log(formatDatabases(results).join('\n'));
    if (skipped.includes('postgres')) console.log('  PostgreSQL not reachable, skipped');
    for (const result of results) {
      for (const line of result.serverWarnings.first)
        console.log(`  ${result.database} server said: ${line}`);
    }
    console.log('');
  }

  let realtime: RealtimeReport | null = null;
  if (parts.includes('realtime')) {
    realtime = await benchRealtime({
      settings: { fanOutSeconds: settings.realtimeFanOutSeconds, runs: settings.realtimeRuns },
      postgresAdminUrl: settings.postgresAdminUrl,
      postgresReachable,
      progress,
    });
    console.log(realtime.lines.join('\n'));
  }
  let soak: Awaited<ReturnType<typeof benchSoak>> | null = null;
  if (parts.includes('soak')) {
    soak = await benchSoak({
      seconds: settings.soakSeconds,
      postgresAdminUrl: settings.postgresAdminUrl,
      postgresReachable,
      progress,
    });
    console.log(soak.lines.join('\n'));
  }
  let pages: PagesReport | null = null;
  if (parts.includes('pages')) {
    pages = await benchPages({ progress });
    console.log(pages.lines.join('\n'));
  }
  let estimate: Awaited<ReturnType<typeof benchEstimate>> | null = null;
  if (parts.includes('estimate')) {
    estimate = await benchEstimate({ progress });
    console.log(estimate.lines.join('\n'));
  }
  let memory: Awaited<ReturnType<typeof benchMemory>> | null = null;
  if (parts.includes('memory')) {
    memory = await benchMemory({
      postgresReachable,
      createPostgres: () => createBenchDatabase(settings.postgresAdminUrl),
      progress,
    });
    console.log(memory.lines.join('\n'));
  }
  let workers: Awaited<ReturnType<typeof benchWorkers>> | null = null;
  if (parts.includes('workers')) {
    workers = await benchWorkers({
      settings: { seconds: settings.seconds, warmupSeconds: settings.warmupSeconds },
      postgresAdminUrl: settings.postgresAdminUrl,
      postgresReachable,
      progress,
    });
    console.log(workers.lines.join('\n'));
  }
  const loadAtEnd = os.loadavg()[0] ?? 0;

  const targets: Target[] = [
    ...(bundle?.targets ?? []),
    ...results.flatMap(databaseTargets),
    ...(realtime?.targets ?? []),
    ...(soak?.targets ?? []),
    ...(pages?.targets ?? []),
    ...(estimate?.targets ?? []),
    ...(memory?.targets ?? []),
  ];
  console.log(`\nTargets\n${targets.map(formatTarget).join('\n')}`);
  const passed = targets.filter((target) => target.pass).length;
  console.log(`  ${passed} of ${targets.length} targets pass`);

  const problems = [
    ...findProblems(results),
    ...(realtime?.problems ?? []),
    ...(soak?.problems ?? []),
    ...(workers?.problems ?? []),
  ];
  if (problems.length > 0) {
    console.log('\n!!! BENCH PROBLEMS: these figures are not trustworthy !!!');
    for (const problem of problems) console.log(`!!! ${problem}`);
  }

  writeResults({
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    machine: {
      cores: os.cpus().length,
      node: process.version,
      platform: `${os.platform()} ${os.arch()}`,
      loadAverage1m: { atStart: loadBefore, afterHttp: loadAfter, atEnd: loadAtEnd },
    },
    settings: { ...settings, postgresAdminUrl: undefined },
    ...(bundle ? { bundle } : {}),
    ...(parts.includes('joins') ? { databases: results, skipped } : {}),
    ...(realtime ? { realtime: realtime.data } : {}),
    ...(soak ? { soak: soak.data } : {}),
    ...(pages ? { pages: pages.data } : {}),
    ...(estimate ? { estimate: estimate.data } : {}),
    ...(memory ? { memory: memory.data } : {}),
    ...(workers ? { workers: workers.data } : {}),
    targets,
    problems,
  });
  console.log(`\nResults written to ${path.relative(process.cwd(), RESULTS_FILE)}`);
  return problems.length > 0 ? 1 : 0;
}

main()
  .catch((error: unknown) => {
    console.error('BENCH BROKE:', error);
    return 1;
  })
  .then(async (code) => {
    await cleanUpAll();
    process.exit(code);
  });
