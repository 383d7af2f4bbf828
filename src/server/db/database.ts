/**
 * The one database handle the app uses, whether the rows live in embedded PGlite or in a
 * PostgreSQL server. Both speak the same SQL; repositories only see `Queryable`.
 */
export interface QueryOptions {
  /**
   * Hot statements (the join, the event sequencer) are named so PostgreSQL plans them once per
   * connection instead of on every call. PGlite ignores it.
   */
  name?: string;
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
