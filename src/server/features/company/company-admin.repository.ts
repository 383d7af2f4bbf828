import { topics } from '../../../shared/realtime.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { SESSIONS_ENDED_CHANNEL } from '../staff/staff.repository.ts';

/**
 * What whoever runs a many-business install does to whole businesses (`npm run admin`,
 * docs/operations.md): list them, suspend and resume one, erase one. Not reachable over HTTP.
 */

export interface CompanyListRow {
  id: string;
  name: string;
  staffCount: number;
  /**
   * The newest of: a customer joining its line (wait_entries.date, read through the index on
   * (company_id, date)) and a staff sign-in whose session still stands (staff_sessions.created_at;
   * sessions last 7 days). Two index lookups per business, no table scan; null when neither.
   */
  lastActivityAt: Date | null;
  suspendedAt: Date | null;
}

/** Whether a suspend or resume changed anything: null for no such business. */
export type SuspensionChange = { changed: boolean; staffSessions: number } | null;

export interface ErasedCompany {
  /** Rows erased per table, the tables with none left out, by table name. */
  rows: { table: string; rows: number }[];
}

/** Every table with a company_id column in the app's schema: where a business keeps rows. */
export async function tablesWithCompanyId(tx: Queryable): Promise<string[]> {
  const { rows } = await tx.query<{ table: string }>(
    `select c.table_name as "table"
       from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = current_schema() and c.column_name = 'company_id' and t.table_type = 'BASE TABLE'
      order by c.table_name`,
  );
  return rows.map((row) => row.table);
}

const quoted = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

export function createCompanyAdminRepository(db: Database) {
  async function exists(companyId: string, tx: Queryable): Promise<boolean> {
    const { rows } = await tx.query('select 1 from companies where id = $1', [companyId]);
    return rows.length > 0;
  }

  return {
    async listCompanies(tx: Queryable = db): Promise<CompanyListRow[]> {
      const { rows } = await tx.query<CompanyListRow>(
        `select c.id, c.name, c.suspended_at as "suspendedAt",
                (select count(*)::int from staff_users u where u.company_id = c.id) as "staffCount",
                nullif(greatest(
                  coalesce((select max(w.date) from wait_entries w where w.company_id = c.id), '-infinity'),
                  coalesce((select max(s.created_at) from staff_sessions s
                             join staff_users u on u.id = s.staff_user_id where u.company_id = c.id), '-infinity')
                ), '-infinity') as "lastActivityAt"
           from companies c
          order by c.id`,
      );
      return rows;
    },

    /**
     * Suspends the business (idempotent: a suspended one keeps its first date). Its staff's
     * sessions are kept, refused while it is suspended (staff.repository.ts findSession), and
     * announced as ended on the channel every server process follows, which closes their realtime
     * sockets at once instead of at the next heartbeat (realtime.routes.ts).
     */
    async suspend(companyId: string): Promise<SuspensionChange> {
      return db.transaction(async (tx) => {
        const { rows } = await tx.query(
          'update companies set suspended_at = now() where id = $1 and suspended_at is null returning id',
          [companyId],
        );
        if (rows.length === 0 && !(await exists(companyId, tx))) return null;
        const { rows: sessions } = await tx.query<{ tokenHash: string }>(
          `select s.token_hash as "tokenHash", pg_notify($2, s.token_hash)
             from staff_sessions s join staff_users u on u.id = s.staff_user_id
            where u.company_id = $1`,
          [companyId, SESSIONS_ENDED_CHANNEL],
        );
        return { changed: rows.length > 0, staffSessions: sessions.length };
      });
    },

    /** Lifts a suspension (idempotent); the staff's sessions work again. */
    async resume(companyId: string, tx: Queryable = db): Promise<SuspensionChange> {
      const { rows } = await tx.query(
        'update companies set suspended_at = null where id = $1 and suspended_at is not null returning id',
        [companyId],
      );
      if (rows.length === 0 && !(await exists(companyId, tx))) return null;
      return { changed: rows.length > 0, staffSessions: 0 };
    },

    /**
     * Erases the business and every row of it, in one transaction; null when there is none.
     * Most tables follow companies by `on delete cascade`; counted first so the answer says what
     * went. Rows a cascade does not reach are deleted by name: each table with a company_id (one
     * added later without a cascading key too), the sessions, links and sign-in throttles of its
     * staff, and the realtime log of its topics (board, line, each visit and chat), which the
     * cascade's own triggers may write to, so it goes last.
     */
    async eraseCompany(companyId: string): Promise<ErasedCompany | null> {
      return db.transaction(async (tx) => {
        const { rows: found } = await tx.query('select id from companies where id = $1 for update', [
          companyId,
        ]);
        if (found.length === 0) return null;
        const counts = new Map<string, number>([['companies', 1]]);
        const count = async (table: string, sql: string) => {
          const { rows } = await tx.query<{ n: number }>(sql, [companyId]);
          counts.set(table, (counts.get(table) ?? 0) + (rows[0]?.n ?? 0));
        };

        const companyTables = await tablesWithCompanyId(tx);
        for (const table of companyTables)
          await count(table, `select count(*)::int as n from ${quoted(table)} where company_id = $1`);
        await count(
          'staff_sessions',
          `select count(*)::int as n from staff_sessions s join staff_users u on u.id = s.staff_user_id
            where u.company_id = $1`,
        );
        await count(
          'staff_links',
          `select count(*)::int as n from staff_links l join staff_users u on u.id = l.staff_user_id
            where u.company_id = $1`,
        );

        const { rows: topicRows } = await tx.query<{ topic: string }>(
          `select $2 || id::text as topic from wait_entries where company_id = $1
           union select $3 || chat_thread_key from wait_entries
            where company_id = $1 and chat_thread_key is not null`,
          [companyId, topics.wait(''), topics.chat('')],
        );
        const companyTopics = [
          topics.board(companyId),
          topics.line(companyId),
          ...topicRows.map((row) => row.topic),
        ];

        // Throttled sign-ins are kept by email: only emails no other business's account has.
        const { rows: attempts } = await tx.query<{ n: number }>(
          `with gone as (
             delete from staff_sign_in_attempts where email in (
               select email from staff_users where company_id = $1
               except select email from staff_users where company_id <> $1)
             returning 1)
           select count(*)::int as n from gone`,
          [companyId],
        );
        counts.set('staff_sign_in_attempts', attempts[0]?.n ?? 0);

        await tx.query('delete from companies where id = $1', [companyId]);
        for (const table of companyTables)
          await tx.query(`delete from ${quoted(table)} where company_id = $1`, [companyId]);

        for (const table of ['realtime_pending', 'realtime_events', 'realtime_topics']) {
          const { rows } = await tx.query<{ n: number }>(
            `with gone as (delete from ${table} where topic = any($1::text[]) returning 1)
             select count(*)::int as n from gone`,
            [companyTopics],
          );
          counts.set(table, rows[0]?.n ?? 0);
        }

        return {
          rows: [...counts]
            .filter(([, rows]) => rows > 0)
            .map(([table, rows]) => ({ table, rows }))
            .sort((a, b) => a.table.localeCompare(b.table)),
        };
      });
    },
  };
}

export type CompanyAdminRepository = ReturnType<typeof createCompanyAdminRepository>;
