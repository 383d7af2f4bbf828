/**
 * `BENCH_ONLY=soak npm run bench`: a minute of steady traffic on each database, to see what a
 * long day does that a 10-second run hides. 200 joins per second over HTTP while 2,000 sockets stay
 * open (a board per business and its waiting customers' chats) and staff send chat messages. It
 * reports the joins' p99, the event delivery p99, and the server's RSS growth from after a warm-up
 * to the end (each reading after a full garbage collection). Targets: no error and no non-2xx,
 * no lost event, RSS growth under 10 %.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { onCleanup } from './cleanup.ts';
import { type LoadResult, runLoad } from './http-load.ts';
import { createBenchDatabase } from './postgres-database.ts';
import {
  chatTargets,
  collectedMemory,
  fanOutSockets,
  startLoadGenerator,
  startServer,
  withServerOutput,
} from './realtime.ts';
import type { DeliveryResult, OpenResult } from './realtime-clients.ts';
import { buildSeed, type Seed, writeSeed } from './realtime-seed.ts';

const BUSINESSES = 200;
const CUSTOMERS_PER_BUSINESS = 9;
const JOINS_PER_SECOND = 200;
const CHATS_PER_SECOND = 50;
const JOIN_CONNECTIONS = 20;
const JOIN_CUSTOMERS = 200;
const WARMUP_SECONDS = 10;
const TARGET_RSS_GROWTH_PERCENT = 10;

interface SoakResult {
  database: 'pglite' | 'postgres';
  loadAverage: number;
  seconds: number;
  open: OpenResult;
  joins: LoadResult;
  delivery: DeliveryResult;
  rss: { afterWarmUpBytes: number; atEndBytes: number; growthPercent: number };
  serverWarnings: { count: number; first: string[] };
}

interface Target {
  name: string;
  pass: boolean;
  detail: string;
}

async function signInCustomers(baseUrl: string, count: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const response = await fetch(`${baseUrl}/api/v1/customers/anonymous`, { method: 'POST' });
    const body = (await response.json()) as { token?: string };
    if (!body.token) throw new Error(`customer sign-in answered ${response.status}`);
    tokens.push(body.token);
  }
  return tokens;
}

/** Joins of the demo business, each with its own key and a number of its own (no per-number limit applies). */
function joinRequests(tokens: readonly string[], prefix: string) {
  let sent = 0;
  return () => {
    sent += 1;
    return {
      path: '/api/v1/companies/demo/wait-list',
      headers: {
        authorization: `Bearer ${tokens[sent % tokens.length]}`,
        'idempotency-key': `soak-${prefix}-${sent}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        serviceType: 'Facials',
        name: 'Soak Walker',
        phoneNumber: `+1212${String(2_000_000 + sent).padStart(7, '0')}`,
      }),
    };
  };
}

async function soakOne(
  database: SoakResult['database'],
  env: Record<string, string>,
  seed: Seed,
  seconds: number,
  progress: (m: string) => void,
): Promise<SoakResult> {
  const loadAverage = os.loadavg()[0] ?? 0;
  const { server, stop } = await startServer(
    `soak ${database}`,
    {
      ...env,
      SEED_DEMO: 'always',
      RATE_LIMIT_JOINS_PER_MINUTE: '10000000',
      RATE_LIMIT_JOINS_PER_IP_PER_HOUR: '10000000',
      RATE_LIMIT_SIGN_INS_PER_MINUTE: '10000000',
    },
    progress,
  );
  try {
    const generator = await startLoadGenerator();
    try {
      const servers = [server.baseUrl];
      progress(`soak ${database}: opening ${BUSINESSES * (1 + CUSTOMERS_PER_BUSINESS)} sockets`);
      const open = await generator.run<OpenResult>(
        { cmd: 'open', servers, sockets: fanOutSockets(seed, () => 0), concurrency: 100, timeoutMs: 30_000 },
        300_000,
      );
      const tokens = await signInCustomers(server.baseUrl, JOIN_CUSTOMERS);
      const chats = chatTargets(seed.businesses, () => 0);
      const phase = (label: string, length: number, prefix: string) =>
        Promise.all([
          runLoad({
            label,
            url: server.baseUrl,
            seconds: length,
            connections: JOIN_CONNECTIONS,
            ratePerSecond: JOINS_PER_SECOND,
            nextRequest: joinRequests(tokens, prefix),
          }),
          generator.run<DeliveryResult>(
            {
              cmd: 'send',
              label,
              seconds: length,
              chatsPerSecond: CHATS_PER_SECOND,
              callsPerSecond: 0,
              chats,
              calls: [],
            },
            (length + 60) * 1000,
          ),
        ]);
      progress(`soak ${database}: warm-up, ${WARMUP_SECONDS} s of the same traffic`);
      await phase('soak warm-up', WARMUP_SECONDS, `${database}-w`);
      const afterWarmUp = await collectedMemory(server.baseUrl);
      progress(
        `soak ${database}: ${seconds} s of ${JOINS_PER_SECOND} joins/s + ${CHATS_PER_SECOND} chats/s to ${open.opened} sockets`,
      );
      const [joins, delivery] = await phase('soak', seconds, `${database}-s`);
      const atEnd = await collectedMemory(server.baseUrl);
      await generator.run({ cmd: 'close' }, 60_000);
      return {
        database,
        loadAverage,
        seconds,
        open,
        joins,
        delivery,
        rss: {
          afterWarmUpBytes: afterWarmUp.rss,
          atEndBytes: atEnd.rss,
          growthPercent: ((atEnd.rss - afterWarmUp.rss) / afterWarmUp.rss) * 100,
        },
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

export async function benchSoak(options: {
  seconds: number;
  postgresAdminUrl: string;
  postgresReachable: boolean;
  progress: (message: string) => void;
}) {
  const { seconds, progress } = options;
  const results: SoakResult[] = [];
  const newSeed = () => buildSeed(BUSINESSES, CUSTOMERS_PER_BUSINESS, 0);

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'checkn-bench-soak-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  const release = onCleanup(`temp folder ${dataDir}`, async () => removeDir(), removeDir);
  try {
    const seed = newSeed();
    progress(`soak pglite: migrating and seeding ${dataDir}`);
    await writeSeed({ dataDir }, seed);
    results.push(await soakOne('pglite', { DATA_DIR: dataDir }, seed, seconds, progress));
  } finally {
    await release();
  }
  if (options.postgresReachable) {
    const database = await createBenchDatabase(options.postgresAdminUrl);
    const drop = onCleanup(`database ${database.name}`, () => database.drop());
    try {
      const seed = newSeed();
      progress(`soak postgres: migrating and seeding database ${database.name}`);
      await writeSeed({ databaseUrl: database.url }, seed);
      results.push(await soakOne('postgres', { DATABASE_URL: database.url }, seed, seconds, progress));
    } finally {
      await drop();
    }
  }
  return {
    lines: formatSoak(results),
    targets: results.flatMap(soakTargets),
    problems: soakProblems(results),
    data: results,
  };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;

function formatSoak(results: readonly SoakResult[]): string[] {
  const lines = [
    `Soak (${JOINS_PER_SECOND} joins/s over ${JOIN_CONNECTIONS} connections + ${CHATS_PER_SECOND} chats/s to ` +
      `${BUSINESSES * (1 + CUSTOMERS_PER_BUSINESS)} open sockets, after ${WARMUP_SECONDS} s warm-up)`,
    `  ${'database'.padEnd(10)}${'seconds'.padStart(8)}${'joins/s'.padStart(9)}${'join p50'.padStart(10)}${'join p99'.padStart(10)}` +
      `${'errors'.padStart(8)}${'deliv p50'.padStart(11)}${'deliv p99'.padStart(11)}${'lost'.padStart(6)}${'RSS'.padStart(16)}${'growth'.padStart(9)}`,
  ];
  for (const r of results) {
    const errors = r.joins.errors + r.joins.non2xx + r.delivery.requests.errors + r.delivery.requests.non2xx;
    lines.push(
      `  ${r.database.padEnd(10)}${String(r.seconds).padStart(8)}${r.joins.requestsPerSecond.toFixed(0).padStart(9)}` +
        `${ms(r.joins.p50Ms).padStart(10)}${ms(r.joins.p99Ms).padStart(10)}${String(errors).padStart(8)}` +
        `${ms(r.delivery.latency.p50Ms).padStart(11)}${ms(r.delivery.latency.p99Ms).padStart(11)}${String(r.delivery.lost).padStart(6)}` +
        `${`${mb(r.rss.afterWarmUpBytes)}→${mb(r.rss.atEndBytes)}`.padStart(16)}${`${r.rss.growthPercent.toFixed(1)} %`.padStart(9)}`,
    );
  }
  return lines;
}

function soakTargets(r: SoakResult): Target[] {
  const errors = r.joins.errors + r.joins.non2xx + r.delivery.requests.errors + r.delivery.requests.non2xx;
  return [
    {
      name: `soak ${r.database}: 0 errors`,
      pass: errors === 0 && r.delivery.lost === 0,
      detail: `${errors} errors, ${r.delivery.lost} events lost`,
    },
    {
      name: `soak ${r.database}: RSS growth < ${TARGET_RSS_GROWTH_PERCENT} % after warm-up`,
      pass: r.rss.growthPercent < TARGET_RSS_GROWTH_PERCENT,
      detail: `${r.rss.growthPercent.toFixed(1)} %`,
    },
  ];
}

function soakProblems(results: readonly SoakResult[]): string[] {
  return results.flatMap((r) =>
    r.open.failed > 0
      ? [`soak ${r.database}: ${r.open.failed} sockets did not open: ${r.open.firstErrors.join('; ')}`]
      : [],
  );
}
