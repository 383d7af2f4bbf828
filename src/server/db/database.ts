/**
 * The one database handle the app uses, whether the rows live in embedded PGlite or in a
 * PostgreSQL server. Both speak the same SQL; repositories only see `Queryable`.
 */
export interface QueryOptions {
  /**
   * Hot statements (the join, the event sequencer) are named so PostgreSQL plans them once per
   * connection instead of on every call. PGlite ignores it (it prepares every statement).
   */
  name?: string;
  /**
   * Run this prepared statement on its generic plan (`plan_cache_mode = force_generic_plan` for
   * this one call). Why: PostgreSQL plans a prepared statement for its parameters' values five
   * times, then keeps the generic plan only if it looks no costlier; for the join, whose rows
   * arrive as arrays (`unnest`), the generic plan's estimate (a thousand rows) never does, so the
   * whole statement was planned again on every call: 80 % of its database time
   * (docs/benchmarks.md, "The join's plan"). Only for statements whose best plan does not depend
   * on the values.
   */
  genericPlan?: boolean;
}

export interface Queryable {
  query<Row = Record<string, unknown>>(
    sql: string,
    params?: readonly unknown[],
    options?: QueryOptions,
  ): Promise<{ rows: Row[] }>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `work` in one transaction; it commits when `work` resolves and rolls back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs several statements in one round trip (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * Calls `onPayload` for each NOTIFY on `channel`, from any process using this database.
   * `onResync` runs after a lost listening connection is back: notifications may have been missed.
   * `onLost` runs when the listening connection drops, before it is tried again (readiness).
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onResync?: () => void,
    onLost?: () => void,
  ): Promise<() => Promise<void>>;
  /** How busy the connection is now, read when metrics are scraped (docs/operations.md). */
  load?(): DatabaseLoad;
  close(): Promise<void>;
}

/**
 * PostgreSQL: the pool's connections and the queries waiting for one. PGlite: the statements sent
 * to its thread and not yet answered (its one connection takes them in turn).
 */
export type DatabaseLoad =
  | { kind: 'postgres'; connections: number; idleConnections: number; waitingQueries: number }
  | { kind: 'pglite'; queuedStatements: number };
