import type { Database, Queryable } from '../../src/server/db/database.ts';

/**
 * The sequential scans of `table` that `work` made, counted in one transaction: a plan test
 * counts them rather than timing the statement. The backend's counts not yet reported
 * (PostgreSQL reports at most once a second) include the transaction's earlier statements: the
 * difference is `work`'s.
 */
export async function countSequentialScans<T>(
  db: Database,
  table: string,
  work: (tx: Queryable) => Promise<T>,
): Promise<{ result: T; seqScans: number }> {
  const seqScansSql = `select coalesce(sum(seq_scan), 0)::int as "seqScans"
                         from pg_stat_xact_user_tables where relname = $1`;
  return db.transaction(async (tx) => {
    const before = await tx.query<{ seqScans: number }>(seqScansSql, [table]);
    const result = await work(tx);
    const after = await tx.query<{ seqScans: number }>(seqScansSql, [table]);
    return { result, seqScans: after.rows[0]!.seqScans - before.rows[0]!.seqScans };
  });
}
