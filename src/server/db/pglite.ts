import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import v8 from 'node:v8';
import { Worker } from 'node:worker_threads';
import type { Database, Queryable, QueryOptions } from './database.ts';
import { DEFAULT_SHARED_BUFFERS } from './pglite-memory.ts';
import {
  holdsDatabase,
  pgliteTemplatePath,
  readPgliteTemplate,
  writeTemplateInto,
} from './pglite-template.ts';
import {
  deserializeError,
  type FromPgliteWorker,
  type OpenPglite,
  type PgliteWorkerData,
  type ToPgliteWorker,
} from './pglite-worker-protocol.ts';

export interface PgliteOptions {
  /** PostgreSQL's shared_buffers (config PGLITE_SHARED_BUFFERS); pglite-memory.ts says why it is small. */
  sharedBuffers?: string;
  /** Tests lower it to see statements closed and prepared again (pglite-statements.ts). */
  maxPreparedStatements?: number;
  /** How often the thread looks for tables to vacuum or analyze; tests shorten it. */
  maintainEveryMs?: number;
  /**
   * The folder is opened only once this resolves (open-database.ts passes the lock being taken):
   * the thread starts meanwhile. A rejection ends the thread and is what openPglite rejects with.
   */
  openWhen?: Promise<unknown>;
  /** Called when the thread has been told to open the folder: the main thread is free until ready. */
  onOpening?: () => void;
  /**
   * Called once if the database thread dies while open (a WASM abort, out of memory): every later
   * statement fails. The server exits on it (main.ts) so its supervisor starts a fresh one.
   */
  onThreadFailure?: (error: Error) => void;
}

/**
 * Autovacuum looks every minute and takes every table due. This thread takes one table a pass
 * (pglite-worker.ts), so it looks more often: in the bench's first minute, at 10 s, the tables the
 * joins write waited 30 s for their turn. A pass that finds nothing due is one read of the
 * statistics views.
 */
export const MAINTAIN_EVERY_MS = 2_000;
const YOUNG_GENERATION_MB = 6;

/** What tests and the bench reach behind an embedded database's interface. */
const internals = new WeakMap<Database, { thread: Worker; collectGarbage(): Promise<void> }>();
/** The thread behind an embedded database: tests end it to see how a failure is handled. */
export const databaseThread = (db: Database): Worker | undefined => internals.get(db)?.thread;

/**
 * A full garbage collection in an embedded database's thread (nothing for PostgreSQL), when the
 * process runs with --expose-gc. The bench's memory readings collect every thread: the rows of the
 * last statements otherwise sit in the thread's heap until its next collection, and made the
 * reading of memory per open socket swing between 10 and 18 KB from run to run.
 */
export async function collectDatabaseThreadGarbage(db: Database): Promise<void> {
  await internals.get(db)?.collectGarbage();
}

/** A message to the thread before it gets its id: each kind of message keeps its own fields. */
type Operation = ToPgliteWorker extends infer Message
  ? Message extends { id: number }
    ? Omit<Message, 'id'>
    : never
  : never;

/**
 * PGlite's WASM modules, compiled once per process and handed to each database thread: compiling
 * them again in every new thread made opening a database take 4–5 s instead of 2.6 s. Its file
 * system bundle (pglite.data, 6 MB) is read for each opening and handed over, not kept here: the
 * main thread held it for good (6 MB of a 200 MB idle, docs/memory.md).
 */
let compiled: Promise<Omit<OpenPglite, 'op' | 'dataTemplate' | 'fsBundle'>> | undefined;
function compiledModules() {
  compiled ??= (async () => {
    // WASM code from Liftoff, V8's baseline compiler, only: TurboFan, which recompiles hot
    // functions, kept about 50 MB of its compile memory for good (restart idle 287 → 237 MB) and
    // its compiles took CPU from the requests on a small server. Joins were no slower without it
    // (npm run bench, same hour: 444 against 386 joins/s). docs/memory.md. A V8 flag is for the
    // whole process: PGlite is its only large WASM module.
    v8.setFlagsFromString('--liftoff-only');
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const [pgliteWasmModule, initdbWasmModule] = await Promise.all([
      readFile(path.join(dist, 'pglite.wasm')).then((bytes) => WebAssembly.compile(bytes)),
      readFile(path.join(dist, 'initdb.wasm')).then((bytes) => WebAssembly.compile(bytes)),
    ]);
    return { pgliteWasmModule, initdbWasmModule };
  })();
  return compiled;
}

/** PGlite's file system bundle, for one opening (moved to the thread, not copied). */
async function readFsBundle(): Promise<Uint8Array> {
  const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  const bytes = await readFile(path.join(dist, 'pglite.data'));
  // Its own memory, so that moving it to the thread cannot take anything else along.
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
    ? new Uint8Array(bytes.buffer, 0, bytes.byteLength)
    : new Uint8Array(bytes);
}

/**
 * A module beside this one to run as a thread's or a process's entry: its `.ts` source when this
 * module runs from the TypeScript sources (tests, `npm run admin`, which then need tsx), else the
 * built `.js`.
 */
export function siblingEntry(name: string): { entry: URL; fromSources: boolean } {
  const fromSources = import.meta.url.endsWith('.ts');
  return { entry: new URL(`./${name}.${fromSources ? 'ts' : 'js'}`, import.meta.url), fromSources };
}

/**
 * Starts pglite-worker in a thread. From the TypeScript sources (tests, `npm run admin`), the
 * thread registers tsx itself: Node 20 does not pass `--import tsx` on to a worker's entry.
 */
function startWorker(workerData: PgliteWorkerData): Worker {
  const { entry, fromSources } = siblingEntry('pglite-worker');
  // The thread's garbage is messages and rows that die at once: a small young generation is
  // enough. V8's default let it grow by tens of MB under load (npm run bench, PGlite: 17.7 →
  // 14.3 KB of RSS per open socket, and no slower).
  const resourceLimits = { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB };
  if (!fromSources) return new Worker(entry, { workerData, resourceLimits });
  return new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); })`,
    { eval: true, workerData, resourceLimits },
  );
}

/**
 * Embedded PostgreSQL (WASM), run in its own thread (pglite-worker.ts) so that statements never
 * hold up the event loop the requests and sockets share. `dataDir` undefined keeps everything in
 * memory (tests). PGlite has no lock of its own: the caller must hold the data-dir lock (see
 * data-dir-lock.ts) before opening a folder.
 */
export async function openPglite(
  dataDir: string | undefined,
  options: PgliteOptions = {},
): Promise<Database> {
  // The thread starts (an isolate, PGlite's modules) while the WASM compiles and the caller locks
  // the folder; it opens the folder when it gets the compiled modules.
  const worker = startWorker({
    dataDir,
    maxPreparedStatements: options.maxPreparedStatements,
    sharedBuffers: options.sharedBuffers ?? DEFAULT_SHARED_BUFFERS,
    maintainEveryMs: options.maintainEveryMs ?? MAINTAIN_EVERY_MS,
  });
  const waiting = new Map<
    number,
    { resolve(rows: Record<string, unknown>[]): void; reject(error: Error): void }
  >();
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let nextId = 1;
  let stopped: Error | null = null;
  /** Between a successful start and `close()`: a thread that ends then has failed. */
  let opened = false;

  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (message: FromPgliteWorker) => {
      switch (message.op) {
        case 'ready':
          resolve();
          return;
        case 'failed-to-start':
          reject(deserializeError(message.error));
          return;
        case 'result':
        case 'error': {
          const call = waiting.get(message.id);
          waiting.delete(message.id);
          if (message.op === 'result') call?.resolve(message.rows);
          else call?.reject(deserializeError(message.error));
          return;
        }
        case 'maintenance-failed':
          process.emitWarning(`PGlite vacuum or analyze failed: ${message.error.message}`);
          return;
        case 'notification':
          for (const listener of listeners.get(message.channel) ?? []) listener(message.payload);
          return;
      }
    });
    const stop = (error: Error) => {
      if (!stopped) {
        stopped = error;
        if (opened) options.onThreadFailure?.(error);
      }
      reject(error);
      for (const call of waiting.values()) call.reject(error);
      waiting.clear();
    };
    worker.on('error', (error) =>
      stop(new Error(`The database thread failed: ${error.message}`, { cause: error })),
    );
    worker.on('exit', (code) => stop(new Error(`The database thread stopped (exit code ${code}).`)));
  });
  // Awaited once the thread is told to open; a thread that fails before then must not make it an
  // unhandled rejection.
  ready.catch(() => {});
  try {
    const [modules, fsBundle] = await Promise.all([compiledModules(), readFsBundle(), options.openWhen]);
    // After the lock (openWhen): only then does the folder's content say whether it is new. A new
    // folder gets the template's files here; an in-memory database loads the tarball itself.
    let dataTemplate: Uint8Array | null = null;
    if (dataDir === undefined) dataTemplate = await readPgliteTemplate();
    else if (!holdsDatabase(dataDir)) {
      const templateFile = await pgliteTemplatePath();
      if (templateFile) await writeTemplateInto(dataDir, templateFile);
    }
    worker.postMessage({ op: 'open', ...modules, fsBundle, dataTemplate } satisfies OpenPglite, [
      fsBundle.buffer as ArrayBuffer,
    ]);
    options.onOpening?.();
    await ready;
    opened = true;
  } catch (error) {
    await worker.terminate();
    throw error;
  }

  function call(operation: Operation): Promise<Record<string, unknown>[]> {
    if (stopped) return Promise.reject(stopped);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      worker.postMessage({ ...operation, id } as ToPgliteWorker);
    });
  }

  let lastTransaction = 0;
  const run = async <Row>(
    sql: string,
    params: readonly unknown[] | undefined,
    tx: number,
    options: QueryOptions | undefined,
  ) => ({
    rows: (await call({ op: 'run', sql, params, tx, genericPlan: options?.genericPlan })) as Row[],
  });

  // No lock here: the worker keeps each transaction whole (pglite-worker.ts), so statements from
  // other requests go out at once and wait there, not for this thread's next turn.
  const database: Database = {
    kind: 'pglite',
    query: (sql, params, options) => run(sql, params, 0, options),
    async transaction(work) {
      lastTransaction += 1;
      const tx = lastTransaction;
      await call({ op: 'begin', tx });
      try {
        const result = await work({
          query: (sql, params, options) => run(sql, params, tx, options),
        } satisfies Queryable);
        await call({ op: 'commit', tx });
        return result;
      } catch (error) {
        await call({ op: 'rollback', tx }).catch(() => {});
        throw error;
      }
    },
    async exec(sql) {
      await call({ op: 'exec', sql, tx: 0 });
    },
    async listen(channel, onPayload) {
      // One PGlite instance per process: its notifications never get lost in transit.
      let channelListeners = listeners.get(channel);
      if (!channelListeners) {
        channelListeners = new Set();
        listeners.set(channel, channelListeners);
        try {
          await call({ op: 'listen', channel, tx: 0 });
        } catch (error) {
          // Not listening after all: the next listen() must ask again.
          listeners.delete(channel);
          throw error;
        }
      }
      channelListeners.add(onPayload);
      return async () => {
        channelListeners.delete(onPayload);
        if (channelListeners.size > 0 || listeners.get(channel) !== channelListeners) return;
        listeners.delete(channel);
        await call({ op: 'unlisten', channel, tx: 0 });
      };
    },
    load: () => ({ kind: 'pglite', queuedStatements: waiting.size }),
    async close() {
      opened = false;
      await call({ op: 'close', tx: 0 });
      stopped = new Error('The database is closed.');
      await worker.terminate();
    },
  };
  internals.set(database, {
    thread: worker,
    async collectGarbage() {
      await call({ op: 'collect-garbage', tx: 0 });
    },
  });
  return database;
}
