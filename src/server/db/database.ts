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
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onResync?: () => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
