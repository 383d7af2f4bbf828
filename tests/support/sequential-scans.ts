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
  const { result, seqScans } = await countSequentialScansOf(db, [table], work);
  return { result, seqScans: seqScans[table]! };
}

/** The same for several tables at once: `seqScans` by table name. */
export async function countSequentialScansOf<T>(
  db: Database,
  tables: readonly string[],
  work: (tx: Queryable) => Promise<T>,
): Promise<{ result: T; seqScans: Record<string, number> }> {
  const seqScansSql = `select t.name, coalesce(sum(s.seq_scan), 0)::int as "seqScans"
                         from unnest($1::text[]) as t (name)
                         left join pg_stat_xact_user_tables s on s.relname = t.name
                        group by t.name`;
  const read = async (tx: Queryable) => {
    const { rows } = await tx.query<{ name: string; seqScans: number }>(seqScansSql, [tables]);
    return new Map(rows.map((row) => [row.name, row.seqScans]));
  };
  return db.transaction(async (tx) => {
    const before = await read(tx);
    const result = await work(tx);
    const after = await read(tx);
    const seqScans = Object.fromEntries(
      tables.map((table) => [table, after.get(table)! - before.get(table)!]),
    );
    return { result, seqScans };
  });
}
