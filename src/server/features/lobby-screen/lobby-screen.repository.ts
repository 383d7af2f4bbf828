import type { ScreenNameStyle } from '../../../shared/lobby-screen.ts';
import { ACCESS_CHANGED_EVENT } from '../../../shared/realtime.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { appendEventsSql } from '../../realtime/event-log.ts';
import { IN_LINE_SQL, LINE_AT_SQL } from '../wait-list/wait-list.repository.ts';

export interface ScreenCompany {
  companyId: string;
  companyName: string;
  timeZone: string;
  screenKey: string | null;
  nameStyle: ScreenNameStyle;
}

/** One row of the screen as read: the whole name, which the service turns into a display name. */
export interface ScreenLineRow {
  name: string;
  status: 'waiting' | 'called' | 'in_service';
  providerName: string | null;
}

/** How many waiting customers the screen lists: a TV has room for so many rows. */
export const SCREEN_NEXT_LIMIT = 8;
/**
 * How many under "Now serving" (what fits a TV's column, lobby-screen.css): the called first, as
 * they are the ones who must come up, then the latest started.
 */
export const SCREEN_SERVING_LIMIT = 5;

/** A screen row as JSON, in a fixed order of keys (json_agg keeps the subquery's order only with `order by`). */
const ROW_JSON = `json_build_object('name', s.name, 'status', s.status, 'providerName', s.provider_name)`;

export function createLobbyScreenRepository(db: Database) {
  return {
    async findCompany(companyId: string, tx: Queryable = db): Promise<ScreenCompany | null> {
      const { rows } = await tx.query<ScreenCompany>(
        `select id as "companyId", name as "companyName", time_zone as "timeZone",
                screen_key as "screenKey", screen_name_style as "nameStyle"
           from companies where id = $1`,
        [companyId],
      );
      return rows[0] ?? null;
    },

    /** Gives the business a screen key if it has none yet; answers the one it has. */
    async ensureKey(companyId: string, newKey: string): Promise<string | null> {
      const { rows } = await db.query<{ key: string }>(
        `with made as (
           update companies set screen_key = $2 where id = $1 and screen_key is null returning screen_key
         )
         select coalesce((select screen_key from made), (select screen_key from companies where id = $1)) as key`,
        [companyId, newKey],
      );
      return rows[0]?.key ?? null;
    },

    /**
     * Replaces the key and, in the same statement, writes `access.changed` on the business's line
     * topic (decisions/0012): every process then asks each screen socket following it whether its
     * key is still the business's, and an old screen's subscription ends at once.
     */
    async replaceKeyAndPublish(companyId: string, newKey: string, lineTopic: string): Promise<boolean> {
      const { rows } = await db.query<{ id: string }>(
        `with changed as (
           update companies set screen_key = $2 where id = $1 returning id
         ), published as (
           ${appendEventsSql(`select $3::text, '${ACCESS_CHANGED_EVENT}', '{}'::jsonb from changed`)}
         )
         select id from changed`,
        [companyId, newKey, lineTopic],
      );
      return rows.length > 0;
    },

    async setNameStyle(companyId: string, nameStyle: ScreenNameStyle): Promise<void> {
      await db.query('update companies set screen_name_style = $2 where id = $1', [companyId, nameStyle]);
    },

    /**
     * The business's line as the screen shows it: the called (first called first), then the in service
     * (latest started first), then the waiting in line order at `now` (LINE_AT_SQL, docs/more-time.md), and how many wait.
     * Only the columns the screen needs: the phone number is never read here.
     */
    async listLine(
      companyId: string,
      now: Date,
    ): Promise<{ serving: ScreenLineRow[]; next: ScreenLineRow[]; waitingCount: number }> {
      const { rows } = await db.query<{
        serving: ScreenLineRow[] | null;
        next: ScreenLineRow[] | null;
        waitingCount: number;
      }>(
        `select
           (select json_agg(${ROW_JSON} order by s.position) from (
              select w.name, w.status, p.name as provider_name,
                     row_number() over (order by w.status = 'in_service',
                                              case when w.status = 'called' then w.called_at end,
                                              w.started_at desc nulls last, w.id) as position
                from wait_entries w left join providers p on p.id = w.provider_id
               where w.company_id = $1 and w.status in ('called', 'in_service')
               order by position limit ${SCREEN_SERVING_LIMIT}) s) as serving,
           (select json_agg(${ROW_JSON} order by s.position) from (
              select w.name, w.status, p.name as provider_name,
                     row_number() over (order by ${LINE_AT_SQL('w', '$2::timestamptz')}, w.id) as position
                from wait_entries w left join providers p on p.id = w.provider_id
               where w.company_id = $1 and w.status = 'waiting' and ${IN_LINE_SQL('w')}
               order by position limit ${SCREEN_NEXT_LIMIT}) s) as next,
           (select count(*)::int from wait_entries w
             where w.company_id = $1 and w.status = 'waiting' and ${IN_LINE_SQL('w')}) as "waitingCount"`,
        [companyId, now],
      );
      const row = rows[0];
      return { serving: row?.serving ?? [], next: row?.next ?? [], waitingCount: row?.waitingCount ?? 0 };
    },
  };
}

export type LobbyScreenRepository = ReturnType<typeof createLobbyScreenRepository>;
