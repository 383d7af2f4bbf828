import type { NearTurnChoice } from '../../../shared/schemas.ts';
import type { Queryable } from '../../db/database.ts';
import { appendEventsSql } from '../../realtime/event-log.ts';
import { mayTextSql } from '../sms/sms.repository.ts';

/** A waiting customer near the front, and the choices their standing meets (near-turn-rule.ts). */
export interface NearTurnCandidate {
  waitId: string;
  ahead: number;
  /** The minutes the text would name ("about 15 min away"); null without an estimate. */
  minutesToSay: number | null;
  met: readonly NearTurnChoice[];
}

/** A customer just told their turn is near. */
export interface NearTurnTold {
  waitId: string;
  customerId: string;
  companyId: string;
  companyName: string;
  body: string;
  /** The text's status; null when none was written (texts off, opted out, no phone). */
  textStatus: 'queued' | 'sent' | 'blocked' | null;
}

/** The board event that moved a line up: its topic and number in the event log. */
export interface LineMove {
  topic: string;
  seq: number;
}

export function createNearTurnRepository(
  db: Queryable,
  /** What a new text is written as (sms/sms-sender.ts newTextStatus). */
  newTextStatus: 'queued' | 'sent' = 'queued',
) {
  return {
    /**
     * The customer's choice on their own entry, while it waits and before they were told. False
     * when nothing matched (not theirs, not waiting, already told).
     */
    async chooseForOwnEntry(change: {
      waitId: string;
      companyId: string;
      customerId: string;
      choice: NearTurnChoice;
    }): Promise<boolean> {
      const { rows } = await db.query(
        `update wait_entries set near_turn = $4, updated_at = now()
          where id = $1 and company_id = $2 and customer_id = $3 and status = 'waiting'
            and near_turn_told_at is null
         returning id`,
        [change.waitId, change.companyId, change.customerId, change.choice],
      );
      return rows.length > 0;
    },

    /**
     * Tells each candidate whose choice (theirs, else the business's default) their standing meets,
     * once per visit: marks the entry told, publishes it on the entry's page, and queues the text
     * (keyed `near:{waitId}`, bound by the limits trigger of migrations/0006, never to a number that
     * opted out or an entry without texts). One statement; the update re-reads each row it changes,
     * so an entry called, or told by another process, meanwhile is skipped: no "near" text then.
     * The words say where they stand: "about N min" to whoever chose minutes (with an estimate),
     * else "next" or "N ahead". $6–$8 are those wordings, each in every language as JSON (sms-texts.ts
     * wordingByLanguage), of which the customer's is sent. With `lineMove`, the
     * board event that moved the line up, only entries already in line at that change are told: a
     * check that runs late (the relay numbers events after commit) must not tell someone who joined
     * after the move, already near; they hear at the next move (docs/near-turn.md).
     */
    async tellThoseReached(
      companyId: string,
      candidates: readonly NearTurnCandidate[],
      wording: { next: string; ahead: string; minutes: string },
      waitTopicPrefix: string,
      lineMove?: LineMove,
    ): Promise<NearTurnTold[]> {
      if (candidates.length === 0) return [];
      const { rows } = await db.query<NearTurnTold>(
        `with reached as (
           select * from unnest($2::uuid[], $3::int[], $4::int[], $5::text[]) as f(id, ahead, minutes, met)
         ), told as (
           update wait_entries w set near_turn_told_at = now(), updated_at = now()
             from reached f, companies c
            where w.id = f.id and w.company_id = $1 and c.id = w.company_id
              and w.status = 'waiting' and (w.request_status is null or w.request_status = 'accepted')
              and w.near_turn_told_at is null
              -- A party is told once, at its lead (docs/party-size.md): the others share its phone.
              and (w.party_position is null or w.party_position = 1)
              and coalesce(w.near_turn, c.near_turn_default) = any (string_to_array(f.met, ','))
              -- In line at the move: an event keeps its change's time (realtime/event-log.ts).
              and ($11::text is null or coalesce(w.in_line_at, w.date) <= coalesce(
                    (select e.created_at from realtime_events e where e.topic = $11 and e.seq = $12), now()))
           returning w.id, w.company_id, w.customer_id, w.phone_number, w.allow_sms, c.name as company_name,
                     replace(replace(replace(
                       case when coalesce(w.near_turn, c.near_turn_default) = 'minutes_15' and f.minutes is not null
                              then $8::jsonb
                            when f.ahead = 0 then $6::jsonb
                            else $7::jsonb end ->> coalesce(w.language, c.language),
                       '{business}', c.name), '{ahead}', coalesce(f.ahead::text, '')), '{minutes}', coalesce(f.minutes::text, '')) as body
         ), published as (
           ${appendEventsSql(`select $9 || id, 'entry.near_turn', '{}'::jsonb from told`)}
         ), texted as (
           insert into sms_messages (id, company_id, wait_id, direction, kind, event_key, phone_number, body, status)
           select gen_random_uuid(), t.company_id, t.id, 'outbound', 'near_turn', 'near:' || t.id, t.phone_number,
                  t.body, $10::text
             from told t
            where t.phone_number is not null and ${mayTextSql('t.allow_sms', 't.phone_number', 't.company_id')}
            -- The texts' locks in the order every statement takes them (see the join's).
            order by t.company_id, t.phone_number
           on conflict (event_key) do nothing
           returning wait_id, status
         )
         select t.id as "waitId", t.customer_id as "customerId", t.company_id as "companyId",
                t.company_name as "companyName", t.body, x.status as "textStatus"
           from told t left join texted x on x.wait_id = t.id`,
        [
          companyId,
          candidates.map((candidate) => candidate.waitId),
          candidates.map((candidate) => candidate.ahead),
          candidates.map((candidate) => candidate.minutesToSay),
          candidates.map((candidate) => candidate.met.join(',')),
          wording.next,
          wording.ahead,
          wording.minutes,
          waitTopicPrefix,
          newTextStatus,
          lineMove?.topic ?? null,
          lineMove?.seq ?? null,
        ],
      );
      return rows;
    },

    /**
     * Businesses with someone waiting to hear "about 15 minutes" before their turn, by their own
     * choice or the business's default: the time-based sweep plans their lines (time passes with
     * nobody moving the line).
     */
    async companiesWaitingForMinutes(): Promise<string[]> {
      const { rows } = await db.query<{ companyId: string }>(
        `select distinct company_id as "companyId" from wait_entries
          where near_turn = 'minutes_15' and near_turn_told_at is null and status = 'waiting'
         union
         select c.id from companies c
          where c.near_turn_default = 'minutes_15'
            and exists (select 1 from wait_entries w
                         where w.company_id = c.id and w.status = 'waiting' and w.near_turn is null
                           and w.near_turn_told_at is null)`,
        [],
        { name: 'near-turn-minutes-companies' },
      );
      return rows.map((row) => row.companyId);
    },
  };
}

export type NearTurnRepository = ReturnType<typeof createNearTurnRepository>;
