/**
 * The one database handle the app uses, whether the rows live in embedded PGlite or in a
 * PostgreSQL server. Both speak the same SQL; repositories only see `Queryable`.
 */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<{ rows: Row[] }>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `work` in one transaction; it commits when `work` resolves and rolls back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs several statements in one round trip (migrations). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}
