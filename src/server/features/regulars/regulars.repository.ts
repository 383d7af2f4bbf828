import { REGULAR_CHANGED_EVENT, type Regular } from '../../../shared/regular-schemas.ts';
import type { Queryable } from '../../db/database.ts';
import { appendEventsSql } from '../../realtime/event-log.ts';

/**
 * A customer is a phone number at one business (docs/regulars.md). Their history is the business's
 * finished visits with that number before this one, read with the visit the board lists: the
 * newest by arrival, and how many (the window count, taken before the limit), from one backward
 * scan of wait_entries_company_phone_date. An anonymised visit has no number, so it drops out of
 * the history with no step of its own; a visit of another business never matches.
 */
export const regularJoinsSql = (w: string) => `
  left join lateral (
    select h.service_type, hp.name as provider_name, h.finished_at, count(*) over () as visits
      from wait_entries h left join providers hp on hp.id = h.provider_id
     where ${w}.phone_number is not null and h.company_id = ${w}.company_id
       and h.phone_number = ${w}.phone_number and h.status = 'done' and h.date < ${w}.date
     order by h.date desc
     limit 1
  ) regular_last on true
  left join customer_notes regular_note
    on regular_note.company_id = ${w}.company_id and regular_note.phone_number = ${w}.phone_number
  left join staff_users regular_note_by on regular_note_by.id = regular_note.updated_by`;

/** The columns regularJoinsSql adds, read back by toRegular. */
export const regularColumnsSql = `regular_last.visits::int as "regularVisits",
  regular_last.service_type as "regularLastService", regular_last.provider_name as "regularLastProvider",
  regular_last.finished_at as "regularLastFinishedAt", regular_note.note as "regularNote",
  regular_note.updated_at as "regularNoteUpdatedAt", regular_note_by.name as "regularNoteBy"`;

export interface RegularColumns {
  regularVisits: number | null;
  regularLastService: string | null;
  regularLastProvider: string | null;
  regularLastFinishedAt: Date | string | null;
  regularNote: string | null;
  regularNoteUpdatedAt: Date | string | null;
  regularNoteBy: string | null;
}

/** The row's customer as the board shows them. */
export function toRegular(row: RegularColumns): Regular {
  const previous = row.regularVisits ?? 0;
  return {
    visitNumber: previous + 1,
    lastVisit:
      row.regularLastService !== null && row.regularLastFinishedAt !== null
        ? {
            serviceType: row.regularLastService,
            providerName: row.regularLastProvider,
            finishedAt: new Date(row.regularLastFinishedAt).toISOString(),
          }
        : null,
    note:
      row.regularNote !== null && row.regularNoteUpdatedAt !== null
        ? {
            text: row.regularNote,
            updatedAt: new Date(row.regularNoteUpdatedAt).toISOString(),
            updatedByName: row.regularNoteBy || null,
          }
        : null,
  };
}

export function createRegularsRepository(db: Queryable) {
  return {
    /** The customer of one visit of `companyId` (a board row that arrived live); null when not there. */
    async findRegular(
      waitId: string,
      companyId: string,
      tx: Queryable = db,
    ): Promise<{ regular: Regular | null; providerId: string | null } | null> {
      const { rows } = await tx.query<
        RegularColumns & { phoneNumber: string | null; providerId: string | null }
      >(
        `select w.phone_number as "phoneNumber", w.provider_id as "providerId", ${regularColumnsSql}
           from wait_entries w ${regularJoinsSql('w')}
          where w.id = $1 and w.company_id = $2`,
        [waitId, companyId],
      );
      const row = rows[0];
      if (!row) return null;
      return { regular: row.phoneNumber === null ? null : toRegular(row), providerId: row.providerId };
    },

    /**
     * Writes (or, empty, deletes) the note on the customer of visit `waitId` of `companyId`, and
     * tells the board which of its rows are theirs (no text in the event: the realtime log keeps
     * no note to erase). A provider (`byProvider`) writes only on their own customers and
     * unassigned ones. False when nothing was written: not there, not theirs, or no number.
     */
    async saveNoteAndPublish(
      change: {
        waitId: string;
        companyId: string;
        note: string;
        staffUserId: string;
        byProvider: string | null;
        /** The rows the board lists (wait-list.repository.ts ON_BOARD_SQL) on `b`. */
        onBoardSql: string;
      },
      boardTopic: string,
      tx: Queryable = db,
    ): Promise<boolean> {
      const { rows } = await tx.query<{ found: number }>(
        `with target as (
           select w.company_id, w.phone_number from wait_entries w
            where w.id = $1 and w.company_id = $2 and w.phone_number is not null
              and ($5::uuid is null or w.provider_id is null or w.provider_id = $5::uuid)
         ), saved as (
           insert into customer_notes (company_id, phone_number, note, updated_by, updated_at)
           select company_id, phone_number, $3::text, $4::uuid, now() from target where $3::text <> ''
           on conflict (company_id, phone_number) do update
             set note = excluded.note, updated_by = excluded.updated_by, updated_at = excluded.updated_at
           returning 1
         ), deleted as (
           delete from customer_notes n using target t
            where $3::text = '' and n.company_id = t.company_id and n.phone_number = t.phone_number
           returning 1
         ), published as (
           ${appendEventsSql(`select $6::text, '${REGULAR_CHANGED_EVENT}', jsonb_build_object('waitIds', jsonb_agg(b.id::text))
             from target t join wait_entries b on b.company_id = t.company_id and b.phone_number = t.phone_number
            where ${change.onBoardSql}
           having count(*) > 0`)}
         )
         select count(*)::int as found from target`,
        [change.waitId, change.companyId, change.note, change.staffUserId, change.byProvider, boardTopic],
      );
      return (rows[0]?.found ?? 0) > 0;
    },
  };
}

export type RegularsRepository = ReturnType<typeof createRegularsRepository>;
