/**
 * `BENCH_ONLY=memory` (issue 25 item 3): what the server holds, read from the kernel
 * (/proc/<pid>/status: VmHWM, the peak resident set, and VmRSS) for a first start on an empty
 * embedded folder, a restart on that folder, and a start on PostgreSQL beside them. "Idle" is read
 * after IDLE_SECONDS with nobody connected. Linux only (the machines and CI are).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { DEFAULT_SHARED_BUFFERS } from '../src/server/db/pglite-memory.ts';
import { onCleanup } from './cleanup.ts';
import { BUSY_YEAR_VISITS, seedBusyYear, timeYearOfInsights } from './insights-year.ts';
import { spawnServer } from './server-process.ts';

const IDLE_SECONDS = 15;
const INSIGHTS_ROUNDS = 7;
export const TARGET_FIRST_START_PEAK_MB = 400;
export const TARGET_IDLE_MB = 200;

export interface MemoryRun {
  label: string;
  database: 'pglite' | 'postgres';
  readySeconds: number;
  peakMb: number;
  idleMb: number;
}

/** VmHWM and VmRSS of a process, in MB. */
function residentMb(pid: number): { peakMb: number; rssMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { peakMb: kb('VmHWM') / 1024, rssMb: kb('VmRSS') / 1024 };
}

/** Starts the server with `env`, waits until it answers, lets it idle, reads its memory, stops it. */
export async function measureServerMemory(
  label: string,
  database: MemoryRun['database'],
  env: Record<string, string>,
): Promise<MemoryRun> {
  const started = Date.now();
  const server = await spawnServer(env);
  const stop = onCleanup(`${label} server (pid ${server.pid})`, () => server.stop(), server.killNow);
  const withChildren = sampleWithChildren(server.pid);
  try {
    await server.ready();
    const readySeconds = (Date.now() - started) / 1000;
    withChildren.stop();
    await sleep(IDLE_SECONDS * 1000);
    const { peakMb, rssMb } = residentMb(server.pid);
    return { label, database, readySeconds, peakMb: Math.max(peakMb, withChildren.peakMb()), idleMb: rssMb };
  } finally {
    withChildren.stop();
    await stop();
  }
}

/**
 * The machine's share of a start that runs part of its work in a child process (a first start's
 * migrations, open-database.ts): every 50 ms, the server's RSS plus each child's peak so far
 * (VmHWM), an upper bound of what both held at once.
 */
function sampleWithChildren(pid: number): { peakMb(): number; stop(): void } {
  let peak = 0;
  const sample = () => {
    try {
      const children = readdirSync('/proc')
        .filter((entry) => /^\d+$/.test(entry))
        .filter((entry) => {
          try {
            return readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ')[1] === String(pid);
          } catch {
            return false;
          }
        });
      if (children.length === 0) return;
      let total = residentMb(pid).rssMb;
      for (const child of children) {
        try {
          // A child that has exited but is not yet reaped (a zombie) has no VmHWM line: NaN.
          const childPeak = residentMb(Number(child)).peakMb;
          if (Number.isFinite(childPeak)) total += childPeak;
        } catch {
          // Exited meanwhile.
        }
      }
      peak = Math.max(peak, total);
    } catch {
      // The server itself exited: ready() reports it.
    }
  };
  const timer = setInterval(sample, 50);
  return {
    peakMb: () => peak,
    stop: () => clearInterval(timer),
  };
}

export function formatMemoryRuns(runs: readonly MemoryRun[]): string[] {
  return [
    `Server memory (RSS from /proc; idle = ${IDLE_SECONDS} s after ready, nobody connected)`,
    `  ${'run'.padEnd(34)}${'ready'.padStart(9)}${'peak'.padStart(10)}${'idle'.padStart(10)}`,
    ...runs.map(
      (run) =>
        `  ${run.label.padEnd(34)}${`${run.readySeconds.toFixed(1)} s`.padStart(9)}` +
        `${`${run.peakMb.toFixed(0)} MB`.padStart(10)}${`${run.idleMb.toFixed(0)} MB`.padStart(10)}`,
    ),
  ];
}

interface Target {
  name: string;
  pass: boolean;
  detail: string;
}

/** The three starts, one after another, and the targets on the embedded ones. */
export async function benchMemory(options: {
  postgresReachable: boolean;
  createPostgres: () => Promise<{ url: string; drop(): Promise<void> }>;
  progress: (message: string) => void;
}): Promise<{ lines: string[]; targets: Target[]; data: MemoryRun[] }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'checkn-bench-memory-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  const release = onCleanup(`temp folder ${dataDir}`, async () => removeDir(), removeDir);
  const runs: MemoryRun[] = [];
  const insightTimes: { sharedBuffers: string; insightsMs: number; csvMs: number }[] = [];
  try {
    const embedded = { DATA_DIR: dataDir, SEED_DEMO: 'auto' };
    options.progress('memory: first start on an empty embedded folder');
    runs.push(await measureServerMemory('pglite, first start (empty folder)', 'pglite', embedded));
    options.progress('memory: restart on the same folder');
    runs.push(await measureServerMemory('pglite, restart (existing data)', 'pglite', embedded));
    options.progress(`memory: a busy year (${BUSY_YEAR_VISITS} visits) of Insights, by buffer size`);
    await seedBusyYear(dataDir);
    // PostgreSQL's default against ours, twice each in turn: the machine's noise falls on both.
    for (const sharedBuffers of ['128MB', DEFAULT_SHARED_BUFFERS, '128MB', DEFAULT_SHARED_BUFFERS]) {
      const server = await spawnServer({ ...embedded, PGLITE_SHARED_BUFFERS: sharedBuffers });
      const stop = onCleanup(`insights server (pid ${server.pid})`, () => server.stop(), server.killNow);
      try {
        await server.ready();
        insightTimes.push({ sharedBuffers, ...(await timeYearOfInsights(server.baseUrl, INSIGHTS_ROUNDS)) });
      } finally {
        await stop();
      }
    }
  } finally {
    await release();
  }
  if (options.postgresReachable) {
    const database = await options.createPostgres();
    const drop = onCleanup('memory bench database', () => database.drop());
    try {
      options.progress('memory: start on PostgreSQL');
      runs.push(
        await measureServerMemory('postgres, first start', 'postgres', {
          DATABASE_URL: database.url,
          SEED_DEMO: 'always',
        }),
      );
    } finally {
      await drop();
    }
  }
  const [first, restart] = runs;
  const targets: Target[] =
    first && restart
      ? [
          {
            name: `pglite: first start peak <= ${TARGET_FIRST_START_PEAK_MB} MB`,
            pass: first.peakMb <= TARGET_FIRST_START_PEAK_MB,
            detail: `${first.peakMb.toFixed(0)} MB`,
          },
          {
            name: `pglite: idle <= ${TARGET_IDLE_MB} MB`,
            pass: Math.max(first.idleMb, restart.idleMb) <= TARGET_IDLE_MB,
            detail: `${first.idleMb.toFixed(0)} MB after a first start, ${restart.idleMb.toFixed(0)} MB after a restart`,
          },
        ]
      : [];
  const insightLines: string[] = [];
  if (insightTimes.length > 0) {
    const sum = (size: string, field: 'insightsMs' | 'csvMs') =>
      insightTimes
        .filter((time) => time.sharedBuffers === size)
        .reduce((total, time) => total + time[field], 0);
    const ratio = (field: 'insightsMs' | 'csvMs') => sum(DEFAULT_SHARED_BUFFERS, field) / sum('128MB', field);
    insightLines.push(
      `Insights of a busy year (${BUSY_YEAR_VISITS} visits; median of ${INSIGHTS_ROUNDS}, per server start)`,
      ...insightTimes.map(
        (time) =>
          `  shared_buffers ${time.sharedBuffers.padEnd(6)} year of Insights ${time.insightsMs.toFixed(0).padStart(5)} ms, ` +
          `year's CSV ${time.csvMs.toFixed(0).padStart(5)} ms`,
      ),
      '',
    );
    for (const field of ['insightsMs', 'csvMs'] as const)
      targets.push({
        name: `pglite: ${field === 'insightsMs' ? 'year of Insights' : "year's CSV"} with ${DEFAULT_SHARED_BUFFERS} <= 1.2× 128MB`,
        pass: ratio(field) <= 1.2,
        detail: `${ratio(field).toFixed(2)}×`,
      });
  }
  return { lines: [...formatMemoryRuns(runs), '', ...insightLines], targets, data: runs };
}
