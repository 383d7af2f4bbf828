/**
 * WORKERS > 1 (PostgreSQL only): the primary process serves nothing itself. It forks that many
 * workers running the entry point; each opens its own database pool and listens on the one port,
 * and Node's cluster module hands each new connection to one of them. Realtime events already
 * reach every process through PostgreSQL (realtime/hub.ts), so a socket may be on any worker.
 *
 * The primary keeps the count: a worker that dies unexpectedly is replaced after a back-off that
 * grows with the crashes of the last minute (a worker that cannot start must not spin the CPU).
 * SIGHUP replaces the workers one at a time (docs/operations.md); SIGTERM stops them all.
 * https://nodejs.org/docs/latest-v20.x/api/cluster.html
 */
import cluster, { type Worker } from 'node:cluster';
import type { BaseLogger } from 'pino';

/** Crashes within this window make the next restart wait longer. */
const CRASH_WINDOW_MS = 60_000;
const FIRST_RESTART_DELAY_MS = 500;
const MAX_RESTART_DELAY_MS = 30_000;
/** A worker gives itself 15 s to finish its requests (main.ts); past this it is killed. */
const STOP_DEADLINE_MS = 20_000;

export interface WorkerSupervisor {
  /** Resolves once the first workers all listen; rejects if one exits before it does. */
  started: Promise<void>;
  /** Replaces each worker in turn; a second call while one runs joins it. */
  rollingRestart(): Promise<void>;
  /** Stops every worker gracefully (SIGTERM) and starts no more. */
  stop(): Promise<void>;
}

export function superviseWorkers(options: {
  count: number;
  /** The entry point the workers run (main.ts, or main.js once built): never scripts/start.mjs, which would build. */
  exec: string;
  logger: BaseLogger;
}): WorkerSupervisor {
  const { count, logger } = options;
  cluster.setupPrimary({ exec: options.exec });
  /** The workers that count towards `count`: serving, or starting to. */
  const serving = new Set<Worker>();
  /** Asked to stop: their exit is expected and not replaced. */
  const retiring = new Set<Worker>();
  const recentCrashes: number[] = [];
  const restartTimers = new Set<NodeJS.Timeout>();
  let stopping = false;
  let rolling: Promise<void> | null = null;

  /** Forks a worker; the promise says whether it listened (false: it exited first). */
  function fork(): { worker: Worker; listening: Promise<boolean> } {
    const worker = cluster.fork();
    serving.add(worker);
    const listening = new Promise<boolean>((resolve) => {
      worker.once('listening', () => {
        // Logged here, not by the worker: this is the moment the primary acts on.
        logger.info({ worker: worker.process.pid }, 'worker listening');
        resolve(true);
      });
      worker.once('exit', () => resolve(false));
    });
    worker.on('exit', (code, signal) => replaceIfUnexpected(worker, code, signal));
    return { worker, listening };
  }

  function replaceIfUnexpected(worker: Worker, code: number | null, signal: string | null): void {
    serving.delete(worker);
    if (retiring.delete(worker) || stopping) return;
    // Only up to the count: a rolling restart's new worker that failed to start leaves the old
    // one serving, and that is still the count.
    if (serving.size + restartTimers.size >= count) {
      logger.error(
        { worker: worker.process.pid, code, signal },
        'a worker exited; not replaced: enough others are running or starting',
      );
      return;
    }
    const now = Date.now();
    recentCrashes.push(now);
    while (recentCrashes[0]! < now - CRASH_WINDOW_MS) recentCrashes.shift();
    const delay = Math.min(FIRST_RESTART_DELAY_MS * 2 ** (recentCrashes.length - 1), MAX_RESTART_DELAY_MS);
    logger.error(
      { worker: worker.process.pid, code, signal, restartInMs: delay },
      'a worker exited unexpectedly; starting another',
    );
    const timer = setTimeout(() => {
      restartTimers.delete(timer);
      if (!stopping) fork();
    }, delay);
    restartTimers.add(timer);
  }

  /**
   * SIGTERM runs the worker's own graceful shutdown (main.ts): it stops accepting (the primary
   * then hands new connections to the others), finishes its requests, closes its WebSockets
   * (their clients reconnect to another worker and resume from their last event) and its pool.
   * Not worker.kill() or disconnect(): a worker whose IPC channel closes exits at once.
   */
  async function stopWorker(worker: Worker): Promise<void> {
    serving.delete(worker);
    retiring.add(worker);
    if (worker.isDead()) {
      retiring.delete(worker);
      return;
    }
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.process.kill('SIGTERM');
    const deadline = setTimeout(() => {
      logger.error({ worker: worker.process.pid }, 'a worker did not stop in time; killing it');
      worker.process.kill('SIGKILL');
    }, STOP_DEADLINE_MS);
    await exited;
    clearTimeout(deadline);
  }

  /**
   * One at a time, and the new one first: fork it, wait until it listens, only then stop an old
   * one. There are never fewer than `count` workers accepting, so no connection is refused. If the
   * new one cannot start (a broken release, a pending migration), the restart stops there and the
   * old workers keep serving.
   */
  async function replaceEach(): Promise<void> {
    const old = [...serving];
    logger.info(
      { workers: old.map((w) => w.process.pid) },
      'rolling restart: replacing workers one at a time',
    );
    for (const worker of old) {
      if (stopping) return;
      if (worker.isDead()) continue;
      const fresh = fork();
      if (!(await fresh.listening)) {
        logger.error(
          'rolling restart stopped: the new worker exited before it listened; the others keep serving',
        );
        return;
      }
      await stopWorker(worker);
      logger.info(
        { stopped: worker.process.pid, started: fresh.worker.process.pid },
        'rolling restart: worker replaced',
      );
    }
    logger.info({ workers: [...serving].map((w) => w.process.pid) }, 'rolling restart done');
  }

  const first = Array.from({ length: count }, () => fork());
  const started = Promise.all(first.map((f) => f.listening)).then((listened) => {
    if (listened.includes(false)) throw new Error('a worker exited before it listened');
  });

  return {
    started,
    rollingRestart() {
      rolling ??= replaceEach().finally(() => {
        rolling = null;
      });
      return rolling;
    },
    async stop() {
      stopping = true;
      for (const timer of restartTimers) clearTimeout(timer);
      restartTimers.clear();
      await Promise.all([...serving, ...retiring].map(stopWorker));
    },
  };
}
