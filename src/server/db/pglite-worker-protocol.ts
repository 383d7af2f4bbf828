/** Messages between the server's main thread and the thread that runs PGlite (pglite-worker.ts). */

export interface PgliteWorkerData {
  dataDir: string | undefined;
  maxPreparedStatements: number | undefined;
  /** PostgreSQL's shared_buffers, such as "32MB" (pglite-memory.ts). */
  sharedBuffers: string;
  /** How often the thread looks for tables to vacuum or analyze (PGlite has no autovacuum). */
  maintainEveryMs: number;
}

/**
 * The thread's first message: open the folder now. The thread starts (a V8 isolate, PGlite's
 * modules) while the main thread locks the folder and compiles the WASM, and waits for this.
 */
export interface OpenPglite {
  op: 'open';
  /** Compiled once by the main thread (pglite.ts); a thread compiling its own took 2 s more. */
  pgliteWasmModule: WebAssembly.Module;
  initdbWasmModule: WebAssembly.Module;
  fsBundle: Uint8Array;
  /** An in-memory database's files, made ahead of time (pglite-template.ts); null: initdb or the folder. */
  dataTemplate: Uint8Array | null;
}

/**
 * `tx` names the transaction a message belongs to, 0 for none. The worker runs the messages of the
 * open transaction and parks every other until it ends, so the main thread can send statements
 * without waiting for each other's answers, as long as a transaction is never interleaved.
 */
export type ToPgliteWorker = { id: number; tx: number } & (
  | { op: 'run'; sql: string; params: readonly unknown[] | undefined; genericPlan?: boolean }
  | { op: 'begin' | 'commit' | 'rollback' }
  | { op: 'exec'; sql: string }
  | { op: 'listen'; channel: string }
  | { op: 'unlisten'; channel: string }
  | { op: 'close' }
  /** Vacuum and analyze the tables that need it, as autovacuum would (the thread sends it itself). */
  | { op: 'maintain' }
  /** A full collection of the thread's heap, when the process runs with --expose-gc (bench). */
  | { op: 'collect-garbage' }
);

/** What a database error carries across the thread boundary (an Error's own fields do not). */
export interface SerializedDatabaseError {
  message: string;
  code?: string;
  detail?: string;
  hint?: string;
  constraint?: string;
  table?: string;
  column?: string;
  severity?: string;
}

export type FromPgliteWorker =
  | { op: 'ready' }
  | { op: 'failed-to-start'; error: SerializedDatabaseError }
  | { op: 'result'; id: number; rows: Record<string, unknown>[] }
  | { op: 'error'; id: number; error: SerializedDatabaseError }
  | { op: 'notification'; channel: string; payload: string }
  | { op: 'maintenance-failed'; error: SerializedDatabaseError };

const ERROR_FIELDS = ['code', 'detail', 'hint', 'constraint', 'table', 'column', 'severity'] as const;

export function serializeError(error: unknown): SerializedDatabaseError {
  const source = error as Record<string, unknown>;
  const serialized: SerializedDatabaseError = {
    message: error instanceof Error ? error.message : String(error),
  };
  for (const field of ERROR_FIELDS)
    if (typeof source?.[field] === 'string') serialized[field] = source[field];
  return serialized;
}

/** An Error with the database's fields (code, constraint, …) as PGlite would have thrown it. */
export function deserializeError(serialized: SerializedDatabaseError): Error {
  const { message, ...fields } = serialized;
  return Object.assign(new Error(message), fields);
}
