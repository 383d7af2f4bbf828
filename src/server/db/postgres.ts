import pg from 'pg';
import type { Database, Queryable, QueryOptions } from './database.ts';

// Keep timestamps and bigints as the server sends them; repositories convert where needed.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export interface PostgresOptions {
  max?: number;
  /** Tests give each run its own schema so they never see each other's rows. */
  schema?: string;
}

export async function openPostgres(
  connectionString: string,
  options: PostgresOptions = {},
): Promise<Database> {
  const poolSettings = {
    connectionString,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    // A stuck query must not hold a request forever (STYLE: timeouts everywhere).
    statement_timeout: 10_000,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  };
  const pool = new pg.Pool({
    ...poolSettings,
    // Requests, the event sequencer, the text worker and LISTEN share it; PostgreSQL's default
    // max_connections (100) leaves room for several processes at this size.
    max: options.max ?? 20,
  });
  // An idle client that loses its connection emits here; without a listener the process would crash.
  pool.on('error', () => {});
  /**
   * A few connections whose statements all run on their generic plan (QueryOptions.genericPlan):
   * set once per connection, where setting it around each call cost two more round trips. Opened
   * at the first such statement.
   */
  let genericPlans: pg.Pool | undefined;
  const genericPlanPool = () => {
    if (!genericPlans) {
      genericPlans = new pg.Pool({
        ...poolSettings,
        // The join's group commit keeps at most 4 statements in flight (wait-list.service.ts).
        max: 4,
        options: [poolSettings.options, '-c plan_cache_mode=force_generic_plan'].filter(Boolean).join(' '),
      });
      genericPlans.on('error', () => {});
    }
    return genericPlans;
  };
  // Fail at start, with the server's own message, rather than on the first request.
  await pool.query('select 1');

  const query: Queryable['query'] = async (sql, params, queryOptions) => {
    const result = await (queryOptions?.genericPlan ? genericPlanPool() : pool).query({
      text: sql,
      values: params as unknown[] | undefined,
      name: queryOptions?.name,
    });
    return { rows: result.rows };
  };

  return {
    kind: 'postgres',
    query,
    async transaction(work) {
      const client = await pool.connect();
      // The pool listens for errors on idle clients only: a connection that drops while this
      // transaction waits between statements emits 'error' here, and unheard it would crash the
      // process. The next statement fails with it anyway.
      let lost: Error | undefined;
      const onError = (error: Error) => {
        lost = error;
      };
      client.on('error', onError);
      let broken = false;
      try {
        await client.query('begin');
        const tx: Queryable = {
          query: (sql, params, queryOptions) => runOnClient(client, sql, params, queryOptions),
        };
        const result = await work(tx);
        // A failed COMMIT on a lost connection leaves the outcome unknown: the caller retries
        // with the same idempotency key (connection-errors.ts).
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => {
          // Still inside the transaction, or gone: either way not fit for the next caller.
          broken = true;
        });
        throw error;
      } finally {
        client.removeListener('error', onError);
        client.release(broken || lost ? (lost ?? true) : undefined);
      }
    },
    async exec(sql) {
      await pool.query(sql);
    },
    listen: (channel, onPayload, onResync, onLost) =>
      listenWithReconnect(connectionString, options, channel, onPayload, onResync, onLost),
    load: () => ({
      kind: 'postgres',
      connections: pool.totalCount + (genericPlans?.totalCount ?? 0),
      idleConnections: pool.idleCount + (genericPlans?.idleCount ?? 0),
      waitingQueries: pool.waitingCount + (genericPlans?.waitingCount ?? 0),
    }),
    async close() {
      await Promise.all([pool.end(), genericPlans?.end()]);
    },
  };
}

/**
 * One statement of a transaction. A generic-plan call (QueryOptions.genericPlan) sets
 * plan_cache_mode around it; when the statement fails the reset is skipped, and the
 * transaction's rollback undoes the SET.
 */
async function runOnClient<Row>(
  client: pg.PoolClient,
  sql: string,
  params: readonly unknown[] | undefined,
  queryOptions: QueryOptions | undefined,
): Promise<{ rows: Row[] }> {
  const statement = { text: sql, values: params as unknown[] | undefined, name: queryOptions?.name };
  if (!queryOptions?.genericPlan) return { rows: (await client.query(statement)).rows as Row[] };
  await client.query('set plan_cache_mode = force_generic_plan');
  const { rows } = await client.query(statement);
  await client.query('reset plan_cache_mode');
  return { rows: rows as Row[] };
}

/**
 * LISTEN needs one connection held for good, outside the pool. If it drops, reconnect with
 * back-off and tell the caller to resync, since notifications sent meanwhile are gone.
 */
async function listenWithReconnect(
  connectionString: string,
  options: PostgresOptions,
  channel: string,
  onPayload: (payload: string) => void,
  onResync: (() => void) | undefined,
  onLost: (() => void) | undefined,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let attempt = 0;

  const scheduleReconnect = () => {
    if (stopped) return;
    const delay = Math.min(100 * 2 ** attempt, 5_000);
    attempt += 1;
    setTimeout(() => {
      connect().then(() => onResync?.(), scheduleReconnect);
    }, delay).unref();
  };

  const connect = async (): Promise<void> => {
    const next = new pg.Client({
      connectionString,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    // An error is followed by 'end', which reconnects.
    next.on('error', () => {});
    try {
      await next.connect();
      await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    next.on('end', () => {
      client = null;
      if (!stopped) onLost?.();
      scheduleReconnect();
    });
    attempt = 0;
    client = next;
    // Stopped while this reconnect was under way: nobody else would end it.
    if (stopped) await next.end().catch(() => {});
  };

  await connect();
  return async () => {
    stopped = true;
    await client?.end().catch(() => {});
  };
}
