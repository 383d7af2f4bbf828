/**
 * Whether an error means "the database cannot serve this right now" rather than "this statement
 * is wrong": the connection was refused, reset or terminated (a restart, a failover,
 * pg_terminate_backend), the pool found no connection in time, or the server rolled the
 * transaction back to break a deadlock (isTransientConflict). Such a request may well succeed
 * a moment later, so it answers 503 with Retry-After (http/error-handler.ts) instead of 500. A
 * write whose COMMIT was lost this way has an unknown outcome: the client retries it, and the
 * join's idempotency key lands the retry on the row if the first attempt did commit.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; depth += 1) {
    if (isConnectionFailure(cause)) return true;
    cause = cause.cause;
  }
  return false;
}

/**
 * The level a background job (a timer's pass, a fire-and-forget follow-up) logs its failure at.
 * An outage is expected and the next pass tries again: warn. Anything else is a bug, such as a
 * wrong statement: error, which fails the test that met it (tests/support/test-app.ts).
 */
export const backgroundFailureLevel = (error: unknown): 'warn' | 'error' =>
  isDatabaseUnavailable(error) ? 'warn' : 'error';

/** Socket-level failures of the TCP connection to the server (Node's errno codes). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);

/**
 * SQLSTATEs of a lost or refused connection (https://www.postgresql.org/docs/current/errcodes-appendix.html):
 * class 08 (connection exception), 57P01 admin_shutdown (pg_terminate_backend, a fast shutdown),
 * 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up, in recovery).
 */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03']);

/**
 * node-postgres reports a dropped connection and a pool that waited too long by message only;
 * these are its own fixed texts (pg/lib/client.js, pg-pool/index.js), not the server's.
 */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'timeout exceeded when trying to connect',
];

/**
 * 40P01 deadlock_detected, 40001 serialization_failure: the server undid the whole transaction and
 * the same work may well succeed at once (concurrent joins at several businesses lock their texts'
 * keys in the trigger of migrations/0006). Retried where the write is idempotent (the join).
 */
export function isTransientConflict(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '40P01' || code === '40001';
}

/** Runs an idempotent write again, up to `attempts` times in all, while the server undoes it as a conflict. */
export async function retryTransientConflicts<T>(write: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= attempts || !isTransientConflict(error)) throw error;
    }
  }
}

function isConnectionFailure(error: Error): boolean {
  if (isTransientConflict(error)) return true;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || SERVER_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  return DRIVER_MESSAGES.some((message) => error.message.startsWith(message));
}
