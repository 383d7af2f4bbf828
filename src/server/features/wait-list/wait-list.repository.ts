import { FEEDBACK_LINK_DAYS } from '../../../shared/feedback-schemas.ts';
import type { JoinAnswer } from '../../../shared/join-fields.ts';
import type { Language } from '../../../shared/languages.ts';
import { paths } from '../../../shared/paths.ts';
import type { Regular } from '../../../shared/regular-schemas.ts';
import type { NearTurnChoice, WaitStatus } from '../../../shared/schemas.ts';
import type { BoardEntry } from '../../../shared/staff-schemas.ts';
import type { Queryable } from '../../db/database.ts';
import { appendEventsSql } from '../../realtime/event-log.ts';
import {
  type RegularColumns,
  regularColumnsSql,
  regularJoinsSql,
  toRegular,
} from '../regulars/regulars.repository.ts';
import { mayTextSql } from '../sms/sms.repository.ts';

export interface NewWaitEntry {
  id: string;
  companyId: string;
  customerId: string;
  idempotencyKey: string;
  serviceType: string;
  name: string;
  /** Null for a desk walk-in without a phone (migrations/0012). */
  phoneNumber: string | null;
  allowSms: boolean;
  fcmToken: string | null;
  chatThreadKey: string;
  /** Who put the visit in the line (migrations/0018): the customer, the desk, or a service request. */
  origin: VisitOrigin;
  /**
   * Its place in line when earlier than the moment it is written: an appointment that arrives
   * late keeps its booked time (docs/appointments.md). Absent: now.
   */
  placedAt?: string | null;
  /** Answers to the business's own questions (migrations/0033); absent or null: none asked. */
  joinAnswers?: JoinAnswer[] | null;
  /**
   * How many join together (docs/party-size.md): the statement writes one entry per person after
   * this one, the lead. Absent or 1: a party of one, written as before.
   */
  partySize?: number;
  /** The language its texts are in (migrations/0041); absent: the business's. */
  language?: Language | null;
}

/** Who put the visit in the line (migrations/0018, 0025). */
export type VisitOrigin = 'walk_in' | 'desk' | 'request' | 'appointment';

export interface WaitEntryRow {
  waitId: string;
  companyId: string;
  companyName: string;
  customerId: string;
  serviceType: string;
  name: string;
  phoneNumber: string | null;
  allowSms: boolean;
  date: Date;
  status: WaitStatus;
  providerId: string | null;
  providerName: string | null;
  providerStation: string | null;
  chatThreadKey: string;
  /** The join's text went out, or is on its way (not refused by a limit, not failed). */
  textSent: boolean;
  /** How many joined together on this entry (migrations/0034): 1 for a party of one. */
  partySize: number;
  /**
   * Who answers the chat: the staff member who took it over, else the assigned provider's own
   * account; null when the front desk answers (docs/people.md).
   */
  chatHolderId: string | null;
  chatHolderName: string | null;
  /** The provider the holder's account speaks for, when it is a provider's. */
  chatHolderProviderId: string | null;
  /** A service request's answer (migrations/0013); null for a walk-in. */
  requestStatus: RequestStatus | null;
  requestDeadline: Date | null;
  /** The first estimate its customer was shown (migrations/0015), null until they are. */
  firstEstimateMinutes: number | null;
  /** "I need more time" (migrations/0026): when asked, and until when the place is held. */
  moreTimeAskedAt: Date | null;
  backBy: Date | null;
  /** "I'm here". */
  arrivedAt: Date | null;
  /** "Text me when I'm N away" (migrations/0027): the customer's choice, else the business's. */
  nearTurn: NearTurnChoice | null;
  nearTurnDefault: NearTurnChoice;
  nearTurnToldAt: Date | null;
  /** The "near" text went out, or is on its way. */
  nearTurnTexted: boolean;
}

/**
 * The conversation's holder as `holder` (id, name, provider_id) for the visit `w`: whoever took the
 * conversation over, else the provider's own (first) account. Two lookups by key, not one OR that
 * reads every business's staff (migrations/0045).
 */
const CHAT_HOLDER_SQL = `left join lateral (
             select u.id, u.name, case when u.role = 'provider' then u.provider_id end as provider_id
               from staff_users u
              where u.id = w.chat_answerer_id
             union all
             (select u.id, u.name, u.provider_id
                from staff_users u
               where w.chat_answerer_id is null and u.company_id = w.company_id
                 and u.provider_id = w.provider_id and u.role = 'provider'
               order by u.created_at limit 1)
           ) holder on true`;

/** A visit as its chat needs it (chat/chat.service.ts); a WaitEntryRow is one too. */
export type ConversationRow = Pick<
  WaitEntryRow,
  | 'waitId'
  | 'companyId'
  | 'companyName'
  | 'customerId'
  | 'name'
  | 'phoneNumber'
  | 'providerId'
  | 'providerName'
  | 'chatThreadKey'
  | 'chatHolderId'
  | 'chatHolderName'
  | 'chatHolderProviderId'
>;

/** The visit a conversation was opened from, and the one it is about (findConversation). */
export interface FoundConversation extends ConversationRow {
  openedCompanyId: string;
  openedCustomerId: string;
}

export type RequestStatus = 'pending' | 'accepted' | 'declined' | 'expired';

/** An entry of the line as the wait estimate reads it (schedule/line-plan.service.ts), in line order. */
export interface LineForPlanRow {
  id: string;
  status: 'waiting' | 'called' | 'in_service';
  service: string;
  providerId: string | null;
  since: Date | null;
  /** When it began to count in the line: its join, an appointment's arrival, a request's acceptance. */
  inLineAt: Date;
  /** Where it stands: its join or booked time, or when its held time ran out (LINE_AT_SQL). */
  lineAt: Date;
  origin: VisitOrigin;
  /** A request its provider accepted: it stands at its request's time. */
  requested: boolean;
  providerName: string | null;
}

/** A row that carries an entry as the board lists it, built by `boardEntryJsonSql`. */
interface BoardRow {
  entry: BoardEntry;
}

/** A join to write: the entry, and what to tell the board and text the customer when it is new. */
export interface NewJoin {
  entry: NewWaitEntry;
  publish: {
    boardTopic: string;
    textId: string;
    /** The text to queue; the business's own join wording replaces it when `kind` is 'join'. */
    text: string;
    kind: 'join' | 'service_request';
    /** A service request goes to a named provider (the add-client page). */
    providerId?: string | null;
  };
}

export type JoinOutcome =
  | {
      waitId: string;
      /** False when the customer had already joined with this idempotency key. */
      created: boolean;
      /** A text waits for the worker. */
      textQueued: boolean;
      /** Whether the join's text went out (not blocked by a limit, allowed); null for a repeat. */
      textSent: boolean | null;
    }
  /** This phone number joined this business too often in the last hour (migrations/0006). */
  | { refused: 'phone-join-limit' };

/**
 * The join statement's parameters, one array per column ($1 … $17, then $19 … $21 below), in this
 * order; $18 is the text's status.
 */
const JOIN_COLUMNS: ((join: NewJoin) => unknown)[] = [
  (join) => join.entry.id,
  (join) => join.entry.companyId,
  (join) => join.entry.customerId,
  (join) => join.entry.idempotencyKey,
  (join) => join.entry.serviceType,
  (join) => join.entry.name,
  (join) => join.entry.phoneNumber,
  (join) => join.entry.allowSms,
  (join) => join.entry.fcmToken,
  (join) => join.entry.chatThreadKey,
  (join) => join.publish.providerId ?? null,
  (join) => join.publish.boardTopic,
  (join) => join.publish.textId,
  (join) => join.publish.text,
  (join) => join.publish.kind,
  (join) => join.entry.origin,
  (join) => join.entry.placedAt ?? null,
];

/** $19: the answers to the business's questions, as JSON text (an array of jsonb is not a parameter both drivers pass alike). */
const joinAnswersText = (join: NewJoin) =>
  join.entry.joinAnswers ? JSON.stringify(join.entry.joinAnswers) : null;

/** $21: the language of its texts, null for the business's (migrations/0041). */
const languageOf = (join: NewJoin) => join.entry.language ?? null;

/** $20: the party's size, null for a party of one (docs/party-size.md). */
const partySizeOf = (join: NewJoin) =>
  join.entry.partySize !== undefined && join.entry.partySize > 1 ? join.entry.partySize : null;

/** Entry `w`'s party as the board reads it (shared/party-size.ts partySchema): null for a party of one. */
const partyJsonSql = (w: string) =>
  `case when ${w}.party_id is null then null else jsonb_build_object(
     'id', ${w}.party_id, 'position', ${w}.party_position, 'size', ${w}.party_size) end`;

/** How long a visit's rating link opens (docs/feedback.md). */
const FEEDBACK_LINK_VALID = `make_interval(days => ${FEEDBACK_LINK_DAYS})`;

/** A timestamp as JSON has it (Date.toISOString: UTC, milliseconds, "Z"). */
const isoSql = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The board entry of wait entry `w` (with its provider `p`) as the JSON of a BoardEntry: the
 * statement that changes an entry writes its events itself, with no round trip to build them.
 * Every statement that publishes an entry builds it here (privacy.repository.ts too).
 */
export const boardEntryJsonSql = (w: string, p: string) => `jsonb_build_object(
  'waitId', ${w}.id, 'customerId', ${w}.customer_id, 'name', ${w}.name, 'phoneNumber', ${w}.phone_number,
  'serviceType', ${w}.service_type, 'status', ${w}.status, 'date', ${isoSql(`${w}.date`)},
  'calledAt', ${isoSql(`${w}.called_at`)}, 'startedAt', ${isoSql(`${w}.started_at`)},
  'finishedAt', ${isoSql(`${w}.finished_at`)}, 'providerId', ${w}.provider_id, 'providerName', ${p}.name,
  'chatThreadKey', ${w}.chat_thread_key, 'unread', ${w}.chat_unread, 'requestStatus', ${w}.request_status,
  'requestDeadline', ${isoSql(`${w}.request_deadline`)}, 'backBy', ${isoSql(`${w}.back_by`)},
  'arrivedAt', ${isoSql(`${w}.arrived_at`)}, 'movedBackAt', ${isoSql(`${w}.moved_back_at`)},
  'joinAnswers', ${w}.join_answers, 'party', ${partyJsonSql(w)}, 'language', ${w}.language)`;

/**
 * One statement that changes a wait entry and tells about it (the board's "entry.upserted" and the
 * entry's own "entry.status", numbered after commit: realtime/event-log.ts), returning the entry as
 * the board lists it. Parameters: $1 wait id, $2 company id, $3 board topic, $4 wait topic, then
 * the change's own from $5 (a null wait topic: a change the customer's page does not show, such as
 * the staff's unread count). A change that matches no row (another business's entry, a status it
 * cannot leave) writes nothing and returns no row. With `calledText`, it also queues the "it's
 * your turn" text (once per call, and not to a number that opted out or an entry without texts) in
 * the business's own wording (for a customer of the business's language) or the default of the
 * customer's language from $8 (a JSON object by language), filled as the join's text is: $7 its
 * id, $9 its status. With `feedbackText` (a Done), when the business asks for feedback, it keeps the visit's
 * rating link and queues its text, under the same rules, once per visit (docs/feedback.md): $7 the
 * text's id, $8 the token's hash, $9 the wording by language (JSON), $10 the link, $11 the text's status.
 */
const updateAndPublishSql = (
  set: string,
  condition: string,
  text: 'calledText' | 'feedbackText' | null = null,
  wholeParty = false,
) => `
  with changed as (
    update wait_entries w set ${set}, updated_at = now()
     where ${wholeParty ? '(w.id = $1 or w.party_id = $1)' : 'w.id = $1'} and w.company_id = $2 ${condition}
    returning w.*
  ), entry as (
    select w.id as "waitId", w.status, p.name as "providerName", w.request_status as "requestStatus",
           ${boardEntryJsonSql('w', 'p')} as board_json
      from changed w left join providers p on p.id = w.provider_id
  ), published as (
    ${appendEventsSql(`select $3, 'entry.upserted', board_json from entry
    union all
    select $4, 'entry.status', jsonb_build_object('status', status, 'providerName', "providerName",
                                                  'requestStatus', "requestStatus") from entry
     -- The page is the lead's: its members' changes are on the board only.
     where $4::text is not null and "waitId" = $1`)}
  )${
    text === 'calledText'
      ? `, called_text as (
    insert into sms_messages (id, company_id, wait_id, direction, kind, event_key, phone_number, body, status)
    select $7, w.company_id, w.id, 'outbound', 'called', 'called:' || w.id || ':' || ${isoSql('w.called_at')},
           w.phone_number,
           -- The business's own wording in the customer's language, else that language's default.
           replace(replace(replace(coalesce(nullif(c.sms_texts -> coalesce(w.language, c.language) ->> 'called', ''),
                                            $8::jsonb ->> coalesce(w.language, c.language)), '{business}', c.name),
                   '{service}', w.service_type), '{name}', w.name),
           $9::text
      from changed w join companies c on c.id = w.company_id
     where ${mayTextSql('w.allow_sms', 'w.phone_number', 'w.company_id')}
    on conflict (event_key) do nothing
  )`
      : ''
  }${
    text === 'feedbackText'
      ? `, feedback_link as (
    insert into visit_feedback (wait_id, company_id, token_hash, expires_at)
    select w.id, w.company_id, $8::text, now() + ${FEEDBACK_LINK_VALID}
      from changed w join companies c on c.id = w.company_id
     -- An entry without a number never allows texts (a desk walk-in without one, an erased visit).
     where c.ask_feedback and ${mayTextSql('w.allow_sms', 'w.phone_number', 'w.company_id')}
    on conflict (wait_id) do nothing
    returning wait_id
  ), feedback_text as (
    insert into sms_messages (id, company_id, wait_id, direction, kind, event_key, phone_number, body, status)
    select $7, w.company_id, w.id, 'outbound', 'feedback', 'feedback:' || w.id, w.phone_number,
           replace(replace($9::jsonb ->> coalesce(w.language, c.language), '{business}', c.name), '{link}', $10::text),
           $11::text
      from feedback_link f join changed w on w.id = f.wait_id join companies c on c.id = w.company_id
    on conflict (event_key) do nothing
  )`
      : ''
  }
  select board_json as entry
    from entry${
      wholeParty
        ? `
   -- The entry asked for first (a party's lead), then its members.
   order by "waitId" = $1 desc`
        : ''
    }`;

/**
 * An entry in the general line: a walk-in, or a service request its provider accepted. A request
 * still waiting for its answer, declined or expired is not (until "next available"); the board's
 * twin of this rule is isOpenRequest (shared/wait-status.ts).
 */
export const IN_LINE_SQL = (w: string) => `(${w}.request_status is null or ${w}.request_status = 'accepted')`;

/**
 * A customer's change to their own entry (`set` where `condition`, both on `w`), published like
 * every change: $1–$5 are the entry, its business, its board and page topics and the customer;
 * `extra` follows as $6, $7. Null when nothing matched (not theirs, or not in that state).
 */
async function updateOwnEntryAndPublish(
  tx: Queryable,
  sql: { set: string; condition: string; wholeParty?: boolean },
  change: { waitId: string; companyId: string; customerId: string },
  published: { boardTopic: string; waitTopic: string },
  extra: unknown[] = [],
): Promise<BoardEntry | null> {
  const { rows } = await tx.query<BoardRow>(
    updateAndPublishSql(sql.set, `and w.customer_id = $5 ${sql.condition}`, null, sql.wholeParty),
    [change.waitId, change.companyId, published.boardTopic, published.waitTopic, change.customerId, ...extra],
  );
  return rows[0]?.entry ?? null;
}

/**
 * Where entry `w` stands in line at instant `now` (docs/more-time.md): from its arrival, or, once
 * its held time ran out before "I'm here" (which clears back_by), from the instant it ran out:
 * behind everyone who was in line then. Read from the timestamps, so every process and both
 * databases agree without a timer.
 */
export const LINE_AT_SQL = (w: string, now: string) =>
  `(case when ${w}.back_by <= ${now} then ${w}.back_by else ${w}.date end)`;

/** Stand-ins that encodeURIComponent leaves as they are; the wait id (a uuid) is filled first. */
const WAIT_ID_SLOT = 'WAIT_ID_SLOT';
const COMPANY_ID_SLOT = 'COMPANY_ID_SLOT';

/** The customer's page (shared/paths.ts), for SQL to fill in for each entry. */
const checkedInLinkPattern = (publicUrl: string) =>
  `${publicUrl}${paths.checkedIn.getHref(COMPANY_ID_SLOT, WAIT_ID_SLOT)}`;

/**
 * Ends open requests matching `condition` (on `w`) as `$1` ('declined' or 'expired'), publishes
 * each on the board and the customer's page, and texts the customer that the provider cannot take
 * them, with the link to join the next available (once per request: its event key). Parameters:
 * $1 the new status, $2 the text's wording ({business}, {provider}, {link}) in every language (JSON), $3 the link to the customer's
 * page with its slots to fill (checkedInLinkPattern), $4 the text's status, $5 the board topic prefix, $6 the wait topic prefix, then the condition's own.
 */
const endRequestsSql = (condition: string) => `
  with changed as (
    update wait_entries w set request_status = $1, updated_at = now()
     where w.request_status = 'pending' and w.status = 'waiting' and ${condition}
    returning w.*
  ), entry as (
    select w.*, p.name as provider_name, ${boardEntryJsonSql('w', 'p')} as board_json
      from changed w left join providers p on p.id = w.provider_id
  ), published as (
    ${appendEventsSql(`select $5 || company_id, 'entry.upserted', board_json from entry
    union all
    select $6 || id, 'entry.status', jsonb_build_object('status', status, 'providerName', provider_name,
                                                        'requestStatus', request_status) from entry`)}
  ), ended_text as (
    insert into sms_messages (id, company_id, wait_id, direction, kind, event_key, phone_number, body, status)
    select gen_random_uuid(), e.company_id, e.id, 'outbound', 'request_ended', 'request-ended:' || e.id, e.phone_number,
           replace(replace(replace($2::jsonb ->> coalesce(e.language, c.language), '{business}', c.name),
                           '{provider}', coalesce(e.provider_name, 'The provider')),
                   '{link}', replace(replace($3::text, '${WAIT_ID_SLOT}', e.id::text), '${COMPANY_ID_SLOT}', e.company_id)),
           $4::text
      from entry e join companies c on c.id = e.company_id
     where ${mayTextSql('e.allow_sms', 'e.phone_number', 'e.company_id')}
    on conflict (event_key) do nothing
  )
  select id as "waitId", customer_id as "customerId", company_id as "companyId" from entry`;

/** The entries the board lists (on `w`): every active one, and those finished in the last 12 hours. */
export const ON_BOARD_SQL = (w: string) =>
  `(${w}.status in ('waiting', 'called', 'in_service') or ${w}.updated_at > now() - interval '12 hours')`;

/** The timestamp column each status stamps when an entry enters it. */
const STATUS_TIMESTAMP: Partial<Record<WaitStatus, string>> = {
  called: 'called_at',
  in_service: 'started_at',
  done: 'finished_at',
  no_show: 'finished_at',
  cancelled: 'finished_at',
};

export function createWaitListRepository(
  db: Queryable,
  /** What the join's text is written as (sms/sms-sender.ts newTextStatus). */
  newTextStatus: 'queued' | 'sent' = 'queued',
) {
  return {
    /**
     * Joins, several in one statement (see db/group-commit.ts): inserts each entry unless its
     * customer already sent its idempotency key, and for each one it did insert, records the
     * board's "entry.upserted" event (see realtime/event-log.ts: numbered and delivered after
     * commit) and queues its text. Returns, in input order, the entry that stands for each join:
     * a retried join lands on the first one. Entries of one statement are dated one after the
     * other (clock_timestamp), so their order in line is the order they arrived in.
     */
    async insertManyOnceAndPublish(joins: readonly NewJoin[], tx: Queryable = db): Promise<JoinOutcome[]> {
      const columns = JOIN_COLUMNS.map((column) => joins.map((join) => column(join)));
      const { rows } = await tx.query<{
        waitId: string;
        customerId: string;
        idempotencyKey: string;
        textStatus: 'queued' | 'sent' | 'blocked' | null;
      }>(
        `with input as (
           select * from unnest($1::uuid[], $2::text[], $3::uuid[], $4::text[], $5::text[], $6::text[], $7::text[],
                                $8::boolean[], $9::text[], $10::text[], $11::uuid[], $12::text[], $13::uuid[], $14::text[], $15::text[], $16::text[],
                                $17::timestamptz[], $19::text[], $20::smallint[], $21::text[])
             as t(id, company_id, customer_id, idempotency_key, service_type, name, phone_number, allow_sms, fcm_token,
                  chat_thread_key, provider_id, board_topic, text_id, text, kind, origin, placed_at, join_answers,
                  party_size, language)
         ), inserted as (
           insert into wait_entries
             (id, company_id, customer_id, idempotency_key, service_type, name, phone_number, allow_sms, fcm_token,
              chat_thread_key, provider_id, assigned_at, date, request_status, request_deadline, origin, join_answers,
              party_id, party_position, party_size, language)
           -- A party (docs/party-size.md): one row per person, the lead (position 1, the join's own id,
           -- key and name) then the others, "Anna +1", "Anna +2", each keyed after the lead's key so a
           -- retried join makes none again. A party of one is one row, its party columns null.
           select case when m.position = 1 then id else gen_random_uuid() end, company_id, customer_id,
                  case when m.position = 1 then idempotency_key else idempotency_key || '#party-' || m.position end,
                  service_type,
                  case when m.position = 1 then name else name || ' +' || (m.position - 1) end,
                  phone_number, allow_sms, case when m.position = 1 then fcm_token end,
                  chat_thread_key, provider_id, case when provider_id is null then null else now() end,
                  -- least() skips a null: without a placed_at, the moment it is written. A party's
                  -- members a microsecond apart at least: PGlite's clock moves by milliseconds, and
                  -- they must stand in their order, behind their lead.
                  least(placed_at, clock_timestamp()) + (m.position - 1) * interval '1 microsecond',
                  -- A service request waits for its provider's answer, until the business's deadline.
                  case when kind = 'service_request' then 'pending' end,
                  case when kind = 'service_request' then now() + make_interval(
                    mins => (select c.request_reply_minutes from companies c where c.id = input.company_id)) end,
                  origin, case when m.position = 1 then join_answers::jsonb end,
                  case when party_size > 1 then id end, case when party_size > 1 then m.position end,
                  case when party_size > 1 then party_size end, language
             -- Rows in input order, each party's members right after their lead: dated one after
             -- the other, they stand together in line, and the lead is written before its members
             -- (limit_joins_per_phone, migrations/0034, lets a member in only behind its lead).
             from input cross join lateral generate_series(1, coalesce(party_size, 1)) as m(position)
           on conflict (customer_id, idempotency_key) do nothing
           returning id, company_id, customer_id, idempotency_key, name, phone_number, service_type, status, date,
                     called_at, started_at, finished_at, chat_thread_key, allow_sms, provider_id, chat_unread,
                     request_status, request_deadline, back_by, arrived_at, moved_back_at, join_answers,
                     party_id, party_position, party_size, language
         ), pending as (
           ${appendEventsSql(`select n.board_topic, 'entry.upserted', ${boardEntryJsonSql('i', 'p')}
             from inserted i join input n on n.id = coalesce(i.party_id, i.id)
             left join providers p on p.id = i.provider_id`)}
         ), join_text as (
           insert into sms_messages (id, company_id, wait_id, direction, kind, event_key, phone_number, body, status)
           select n.text_id, i.company_id, i.id, 'outbound', n.kind, n.kind || ':' || i.id, i.phone_number,
                  -- The business's own wording in the customer's language, else that language's
                  -- default, chosen by the service (docs/languages.md).
                  replace(replace(replace(coalesce(case when n.kind = 'join'
                                                        then nullif(c.sms_texts -> coalesce(n.language, c.language) ->> 'join', '') end,
                                                   n.text),
                          '{business}', c.name), '{service}', i.service_type), '{name}', i.name),
                  $18::text
             from inserted i join input n on n.id = i.id join companies c on c.id = i.company_id
            where ${mayTextSql('i.allow_sms', 'i.phone_number', 'i.company_id')}
            -- One order for the texts' locks (migrations/0006) in every statement: each text takes
            -- its number's lock, then its business's day counter row, held to commit. By business
            -- first, two statements joining at the same businesses take the counters in the same
            -- order; by number first, they took them crosswise and deadlocked (1 s each, then the
            -- batch was written again row by row).
            order by i.company_id, i.phone_number
           returning wait_id, status
         )
         -- The joins themselves: a party answers as its lead.
         select i.id as "waitId", i.customer_id as "customerId", i.idempotency_key as "idempotencyKey",
                t.status as "textStatus"
           from inserted i left join join_text t on t.wait_id = i.id
          where i.party_position is null or i.party_position = 1`,
        [
          ...columns,
          newTextStatus,
          joins.map(joinAnswersText),
          joins.map(partySizeOf),
          joins.map(languageOf),
        ],
        { name: 'join-wait-list', genericPlan: true },
      );
      const inserted = new Map(rows.map((row) => [`${row.customerId} ${row.idempotencyKey}`, row]));
      const missing = joins.filter(
        (join) => !inserted.has(`${join.entry.customerId} ${join.entry.idempotencyKey}`),
      );
      // Already joined with these keys; on PostgreSQL a concurrent twin may have committed after
      // the statement's snapshot was taken, so look again with a new statement. A join found in
      // neither was refused by the joins-per-phone limit (migrations/0006).
      const existing = new Map<string, string>();
      if (missing.length > 0) {
        const found = await tx.query<{ waitId: string; customerId: string; idempotencyKey: string }>(
          `select w.id as "waitId", w.customer_id as "customerId", w.idempotency_key as "idempotencyKey"
             from wait_entries w
             join unnest($1::uuid[], $2::text[]) as k(customer_id, idempotency_key)
               on w.customer_id = k.customer_id and w.idempotency_key = k.idempotency_key`,
          [missing.map((join) => join.entry.customerId), missing.map((join) => join.entry.idempotencyKey)],
        );
        for (const row of found.rows) existing.set(`${row.customerId} ${row.idempotencyKey}`, row.waitId);
      }
      const claimed = new Set<string>();
      return joins.map((join) => {
        const key = `${join.entry.customerId} ${join.entry.idempotencyKey}`;
        const row = inserted.get(key);
        // Two twins in one statement: the first inserted, the second lands on it.
        if (row && !claimed.has(key)) {
          claimed.add(key);
          return {
            waitId: row.waitId,
            created: true,
            textQueued: row.textStatus === 'queued',
            textSent: row.textStatus === 'queued' || row.textStatus === 'sent',
          };
        }
        const waitId = row?.waitId ?? existing.get(key);
        if (!waitId) return { refused: 'phone-join-limit' as const };
        return { waitId, created: false, textQueued: false, textSent: null };
      });
    },

    async findById(waitId: string, tx: Queryable = db): Promise<WaitEntryRow | null> {
      const { rows } = await tx.query<WaitEntryRow>(
        `select w.id as "waitId", w.company_id as "companyId", c.name as "companyName",
                w.customer_id as "customerId", w.service_type as "serviceType", w.name,
                w.phone_number as "phoneNumber", w.allow_sms as "allowSms", w.date, w.status,
                p.id as "providerId", p.name as "providerName", p.station as "providerStation",
                w.chat_thread_key as "chatThreadKey", holder.id as "chatHolderId", holder.name as "chatHolderName",
                holder.provider_id as "chatHolderProviderId",
                w.request_status as "requestStatus", w.request_deadline as "requestDeadline",
                w.estimated_wait_minutes as "firstEstimateMinutes",
                w.more_time_asked_at as "moreTimeAskedAt", w.back_by as "backBy", w.arrived_at as "arrivedAt",
                coalesce(w.party_size, 1)::int as "partySize",
                exists (select 1 from sms_messages m
                         where m.wait_id = w.id and m.kind in ('join', 'service_request')
                           and m.status not in ('blocked', 'failed', 'undelivered')) as "textSent",
                w.near_turn as "nearTurn", c.near_turn_default as "nearTurnDefault",
                w.near_turn_told_at as "nearTurnToldAt",
                w.near_turn_told_at is not null and exists (
                  select 1 from sms_messages m
                   where m.wait_id = w.id and m.kind = 'near_turn'
                     and m.status not in ('blocked', 'failed', 'undelivered')) as "nearTurnTexted"
           from wait_entries w
           join companies c on c.id = w.company_id
           left join providers p on p.id = w.provider_id
           ${CHAT_HOLDER_SQL}
          where w.id = $1`,
        [waitId],
      );
      return rows[0] ?? null;
    },

    /** Whether this customer already joined with this idempotency key (a retried join). */
    async hasJoinedWithKey(customerId: string, idempotencyKey: string, tx: Queryable = db): Promise<boolean> {
      const { rows } = await tx.query(
        'select 1 from wait_entries where customer_id = $1 and idempotency_key = $2',
        [customerId, idempotencyKey],
      );
      return rows.length > 0;
    },

    async customerHasEntryAt(customerId: string, companyId: string, tx: Queryable = db): Promise<boolean> {
      const { rows } = await tx.query(
        'select 1 from wait_entries where customer_id = $1 and company_id = $2 limit 1',
        [customerId, companyId],
      );
      return rows.length > 0;
    },

    /** Whose thread this is, and the provider of its latest visit (whose conversation it is). */
    async findThreadOwner(
      threadKey: string,
      tx: Queryable = db,
    ): Promise<{ waitId: string; companyId: string; customerId: string; providerId: string | null } | null> {
      const { rows } = await tx.query<{
        waitId: string;
        companyId: string;
        customerId: string;
        providerId: string | null;
      }>(
        `select id as "waitId", company_id as "companyId", customer_id as "customerId", provider_id as "providerId"
           from wait_entries where chat_thread_key = $1 order by date desc, id desc limit 1`,
        [threadKey],
      );
      return rows[0] ?? null;
    },

    /**
     * The conversation opened from visit `waitId`, in one read: that visit's business and customer
     * (whose the conversation is) and, when `latestOfThread`, its thread's latest visit (staff act
     * on that one: its provider answers now, whichever visit they opened it from), else the visit
     * itself. One statement where a staff message read two (findById, findThreadOwner), and
     * neither the texts nor the near-turn state a chat does not show (docs/benchmarks.md).
     */
    async findConversation(
      waitId: string,
      latestOfThread: boolean,
      tx: Queryable = db,
    ): Promise<FoundConversation | null> {
      const { rows } = await tx.query<FoundConversation>(
        `with opened as (
           select id, company_id, customer_id, chat_thread_key from wait_entries where id = $1
         )
         select o.company_id as "openedCompanyId", o.customer_id as "openedCustomerId",
                w.id as "waitId", w.company_id as "companyId", c.name as "companyName",
                w.customer_id as "customerId", w.name, w.phone_number as "phoneNumber",
                p.id as "providerId", p.name as "providerName", w.chat_thread_key as "chatThreadKey",
                holder.id as "chatHolderId", holder.name as "chatHolderName",
                holder.provider_id as "chatHolderProviderId"
           from opened o
           left join lateral (
             select l.id from wait_entries l
              where $2::boolean and l.chat_thread_key = o.chat_thread_key
              order by l.date desc, l.id desc limit 1
           ) latest on true
           join wait_entries w on w.id = coalesce(latest.id, o.id)
           join companies c on c.id = w.company_id
           left join providers p on p.id = w.provider_id
           ${CHAT_HOLDER_SQL}`,
        [waitId, latestOfThread],
        { name: 'find-conversation' },
      );
      return rows[0] ?? null;
    },

    /** The entry as the board lists it, when it belongs to `companyId`. */
    async findBoardEntry(waitId: string, companyId: string, tx: Queryable = db): Promise<BoardEntry | null> {
      const { rows } = await tx.query<BoardRow>(
        `select ${boardEntryJsonSql('w', 'p')} as entry
           from wait_entries w left join providers p on p.id = w.provider_id
          where w.id = $1 and w.company_id = $2`,
        [waitId, companyId],
      );
      return rows[0]?.entry ?? null;
    },

    /**
     * Today's board: every active entry, and finished ones from the last 12 hours, with each
     * row's customer as a regular (docs/regulars.md) read in the same statement, by the row's
     * waitId (rows without a number have none).
     */
    async listBoard(
      companyId: string,
      tx: Queryable = db,
    ): Promise<{ entries: BoardEntry[]; regulars: Record<string, Regular> }> {
      const { rows } = await tx.query<BoardRow & RegularColumns>(
        `select ${boardEntryJsonSql('w', 'p')} as entry, ${regularColumnsSql}
           from wait_entries w left join providers p on p.id = w.provider_id
           ${regularJoinsSql('w')}
          where w.company_id = $1 and ${ON_BOARD_SQL('w')}
          -- The board's own order (shared/wait-status.ts lineOrderKey): a lapsed hold once announced.
          -- A party moved back together shares one instant: its members stay in their own order.
          order by coalesce(w.moved_back_at, w.date), w.date`,
        [companyId],
      );
      const regulars: Record<string, Regular> = {};
      for (const row of rows) if (row.entry.phoneNumber !== null) regulars[row.entry.waitId] = toRegular(row);
      return { entries: rows.map((row) => row.entry), regulars };
    },

    /**
     * Moves an entry of `companyId` from one of the `from` statuses to `to`, stamping the time the
     * new status has a column for, and publishes the change (updateAndPublishSql). Null when no
     * entry of that business is in one of those statuses.
     */
    async changeStatusAndPublish(
      change: {
        waitId: string;
        companyId: string;
        from: readonly WaitStatus[];
        to: WaitStatus;
        /** A provider's own action: only on their customers or unassigned ones (made theirs). */
        byProvider?: string | undefined;
        /** The customer's own Leave: their party's members too (docs/party-size.md). */
        wholeParty?: boolean;
      },
      published: {
        boardTopic: string;
        waitTopic: string;
        /**
         * A call's text: its id, and the default wording in every language as JSON (sms-texts.ts
         * wordingByLanguage), used when the business has none of its own in the customer's.
         */
        calledText?: { id: string; wordingByLanguage: string };
        /**
         * A Done's rating link, kept and texted when the business asks for feedback: the text's id,
         * the hash of the link's token, the wording ({business}, {link}) in every language as JSON,
         * and the link.
         */
        feedbackText?: { id: string; tokenHash: string; wordingByLanguage: string; link: string };
      },
      tx: Queryable = db,
    ): Promise<BoardEntry | null> {
      const stamp = STATUS_TIMESTAMP[change.to];
      const { calledText, feedbackText } = published;
      const parameters: unknown[] = [
        change.waitId,
        change.companyId,
        published.boardTopic,
        published.waitTopic,
        change.from,
        change.to,
        ...(calledText ? [calledText.id, calledText.wordingByLanguage, newTextStatus] : []),
        ...(feedbackText
          ? [
              feedbackText.id,
              feedbackText.tokenHash,
              feedbackText.wordingByLanguage,
              feedbackText.link,
              newTextStatus,
            ]
          : []),
      ];
      let set = `status = $6${stamp ? `, ${stamp} = now()` : ''}`;
      let condition = 'and w.status = any($5::text[])';
      // A request waiting for its answer (or refused) is answered or removed, not called or started.
      if (change.to !== 'cancelled') condition += ` and ${IN_LINE_SQL('w')}`;
      if (change.byProvider) {
        // A provider acts on their own customers, and on unassigned ones, who become theirs.
        parameters.push(change.byProvider);
        const provider = `$${parameters.length}::uuid`;
        condition += ` and (w.provider_id = ${provider} or w.provider_id is null)`;
        set += `, provider_id = ${provider}, assigned_at = coalesce(w.assigned_at, now())`;
      }
      const { rows } = await tx.query<BoardRow>(
        updateAndPublishSql(
          set,
          condition,
          calledText ? 'calledText' : feedbackText ? 'feedbackText' : null,
          change.wholeParty,
        ),
        parameters,
      );
      // A party changes with its lead: members that changed without it (the lead is being served)
      // answer as nothing changed, and the caller's transaction undoes them.
      const entry = rows[0];
      if (!entry || (change.wholeParty && entry.entry.waitId !== change.waitId.toLowerCase())) return null;
      return entry.entry;
    },

    /** Assigns a provider (or none) to an entry of `companyId` and publishes it; null when there is no such entry. */
    async assignProviderAndPublish(
      change: {
        waitId: string;
        companyId: string;
        providerId: string | null;
        /** A provider's own assignment: only of their customers or unassigned ones. */
        byProvider?: string | undefined;
      },
      published: { boardTopic: string; waitTopic: string },
      tx: Queryable = db,
    ): Promise<BoardEntry | null> {
      // Only a visit still in line is assigned: a finished one keeps who served it, and taking it
      // would show its whole number to the provider who took it (issue 22).
      const inLine = "and w.status in ('waiting', 'called')";
      const { rows } = await tx.query<BoardRow>(
        updateAndPublishSql(
          'provider_id = $5, assigned_at = case when $5::uuid is null then null else now() end',
          change.byProvider ? `${inLine} and (w.provider_id = $6::uuid or w.provider_id is null)` : inLine,
        ),
        [
          change.waitId,
          change.companyId,
          published.boardTopic,
          published.waitTopic,
          change.providerId,
          ...(change.byProvider ? [change.byProvider] : []),
        ],
      );
      return rows[0]?.entry ?? null;
    },

    /**
     * A provider leaves: their waiting and called customers go to another provider (or to anyone,
     * with null), each change published as a provider assignment is. Returns how many moved.
     */
    async moveProviderCustomersAndPublish(
      change: { companyId: string; fromProviderId: string; toProviderId: string | null },
      published: { boardTopic: string; waitTopicPrefix: string },
      tx: Queryable = db,
    ): Promise<number> {
      const { rows } = await tx.query<{ moved: number }>(
        `with changed as (
           update wait_entries w
              set provider_id = $3, assigned_at = case when $3::uuid is null then null else now() end,
                  updated_at = now()
            where w.company_id = $1 and w.provider_id = $2 and w.status in ('waiting', 'called')
              and ${IN_LINE_SQL('w')}
           returning w.*
         ), entry as (
           select w.id, w.status, p.name as provider_name, ${boardEntryJsonSql('w', 'p')} as board_json
             from changed w left join providers p on p.id = w.provider_id
         ), published as (
           ${appendEventsSql(`select $4, 'entry.upserted', board_json from entry
           union all
           select $5 || id, 'entry.status', jsonb_build_object('status', status, 'providerName', provider_name)
             from entry`)}
         )
         select count(*)::int as moved from entry`,
        [
          change.companyId,
          change.fromProviderId,
          change.toProviderId,
          published.boardTopic,
          published.waitTopicPrefix,
        ],
      );
      return rows[0]?.moved ?? 0;
    },

    /** The provider (or the desk) accepts a pending request: the customer joins the line, theirs. */
    async acceptRequestAndPublish(
      change: { waitId: string; companyId: string; byProvider?: string | undefined },
      published: { boardTopic: string; waitTopic: string },
      tx: Queryable = db,
    ): Promise<BoardEntry | null> {
      const { rows } = await tx.query<BoardRow>(
        updateAndPublishSql(
          // It counts in the line from now, at its request's place (why-place-changed.ts).
          "request_status = 'accepted', in_line_at = now()",
          // The deadline is checked here, not left to the next expiry sweep (issue 22).
          `and w.request_status = 'pending' and w.request_deadline > now() and w.status = 'waiting'${change.byProvider ? ' and w.provider_id = $5::uuid' : ''}`,
        ),
        [
          change.waitId,
          change.companyId,
          published.boardTopic,
          published.waitTopic,
          ...(change.byProvider ? [change.byProvider] : []),
        ],
      );
      return rows[0]?.entry ?? null;
    },

    /**
     * Ends pending requests: one that staff decline (`waitId` of `companyId`, a provider only
     * theirs), or every one past its deadline (no `waitId`). See endRequestsSql.
     */
    async endRequestsAndPublish(
      end: {
        status: 'declined' | 'expired';
        /** The wording in every language, as JSON (sms-texts.ts wordingByLanguage). */
        text: string;
        publicUrl: string;
        boardTopicPrefix: string;
        waitTopicPrefix: string;
        one?: { waitId: string; companyId: string; byProvider?: string | undefined };
        /** Every open request to this provider (they leave the business). */
        ofProvider?: { companyId: string; providerId: string };
      },
      tx: Queryable = db,
    ): Promise<{ waitId: string; customerId: string; companyId: string }[]> {
      type Ended = { waitId: string; customerId: string; companyId: string };
      const base = [
        end.status,
        end.text,
        checkedInLinkPattern(end.publicUrl),
        newTextStatus,
        end.boardTopicPrefix,
        end.waitTopicPrefix,
      ];
      if (end.one) {
        const { one } = end;
        const byProvider = one.byProvider ? ' and w.provider_id = $9::uuid' : '';
        const parameters = [...base, one.waitId, one.companyId, ...(one.byProvider ? [one.byProvider] : [])];
        return (
          await tx.query<Ended>(
            // Past its deadline a request expires (the sweep's text), it is not declined.
            endRequestsSql(`w.id = $7 and w.company_id = $8 and w.request_deadline > now()${byProvider}`),
            parameters,
          )
        ).rows;
      }
      if (end.ofProvider) {
        const parameters = [...base, end.ofProvider.companyId, end.ofProvider.providerId];
        return (
          await tx.query<Ended>(endRequestsSql('w.company_id = $7 and w.provider_id = $8::uuid'), parameters)
        ).rows;
      }
      return (await tx.query<Ended>(endRequestsSql('w.request_deadline <= now()'), base)).rows;
    },

    /**
     * "Next available": a declined or expired request joins the general line, to anyone, with its
     * original arrival time. Null when the entry is not such a request of this customer.
     */
    async joinNextAvailableAndPublish(
      change: { waitId: string; companyId: string; customerId: string },
      published: { boardTopic: string; waitTopic: string },
      tx: Queryable = db,
    ): Promise<BoardEntry | null> {
      return updateOwnEntryAndPublish(
        tx,
        {
          set: 'request_status = null, request_deadline = null, provider_id = null, assigned_at = null, in_line_at = now()',
          condition: "and w.status = 'waiting' and w.request_status in ('declined', 'expired')",
        },
        change,
        published,
      );
    },

    /** A customer message the staff have not opened: counted on the entry, shown on the board. */
    async countUnreadAndPublish(
      change: { waitId: string; companyId: string },
      published: { boardTopic: string },
      tx: Queryable = db,
    ): Promise<BoardEntry | null> {
      const { rows } = await tx.query<BoardRow>(updateAndPublishSql('chat_unread = w.chat_unread + 1', ''), [
        change.waitId,
        change.companyId,
        published.boardTopic,
        null,
      ]);
      return rows[0]?.entry ?? null;
    },

    /** A staff member opened the chat: nothing unread; null when there was nothing to clear. */
    async markChatReadAndPublish(
      change: { waitId: string; companyId: string },
      published: { boardTopic: string },
      tx: Queryable = db,
    ): Promise<BoardEntry | null> {
      const { rows } = await tx.query<BoardRow>(
        updateAndPublishSql('chat_unread = 0', 'and w.chat_unread > 0'),
        [change.waitId, change.companyId, published.boardTopic, null],
      );
      return rows[0]?.entry ?? null;
    },

    /** This staff member answers the entry's chat from now on. False when no such entry at the business. */
    async takeOverChat(
      change: { waitId: string; companyId: string; staffUserId: string },
      tx: Queryable = db,
    ): Promise<boolean> {
      const { rows } = await tx.query(
        'update wait_entries set chat_answerer_id = $3, updated_at = now() where id = $1 and company_id = $2 returning id',
        [change.waitId, change.companyId, change.staffUserId],
      );
      return rows.length > 0;
    },

    /**
     * "I need more time" from the entry's customer (docs/more-time.md): holds their place until
     * `minutes` after they first asked, once per visit; asked again while it runs, the longer of the
     * two (so a retry changes nothing). Ends an "I'm here": they are away again. Null when nothing
     * changed: not theirs, not waiting, the hold already used, or already this long.
     */
    async askMoreTimeAndPublish(
      change: { waitId: string; companyId: string; customerId: string; minutes: number; at: Date },
      published: { boardTopic: string; waitTopic: string },
      tx: Queryable = db,
    ): Promise<BoardEntry | null> {
      const askedAt = 'coalesce(w.more_time_asked_at, $6::timestamptz)';
      return updateOwnEntryAndPublish(
        tx,
        {
          set: `more_time_asked_at = ${askedAt}, back_by = ${askedAt} + make_interval(mins => $7::int), arrived_at = null`,
          condition: `and w.status = 'waiting' and ${IN_LINE_SQL('w')}
           and (w.more_time_asked_at is null
                or (w.back_by > $6::timestamptz and w.back_by < w.more_time_asked_at + make_interval(mins => $7::int)))`,
          // The party's waiting members are held with it, so their places run out together.
          wholeParty: true,
        },
        change,
        published,
        [change.at, change.minutes],
      );
    },

    /**
     * "I'm here" from the entry's customer: in the lobby from `at`. In time, a held place is kept
     * (the hold ends); after it ran out, the entry stays where it moved. Null when nothing changed:
     * not theirs, not waiting, or already here.
     */
    async markArrivedAndPublish(
      change: { waitId: string; companyId: string; customerId: string; at: Date },
      published: { boardTopic: string; waitTopic: string },
      tx: Queryable = db,
    ): Promise<BoardEntry | null> {
      return updateOwnEntryAndPublish(
        tx,
        {
          set: 'arrived_at = $6::timestamptz, back_by = case when w.back_by > $6::timestamptz then null else w.back_by end',
          condition: "and w.status = 'waiting' and w.arrived_at is null",
          wholeParty: true,
        },
        change,
        published,
        [change.at],
      );
    },

    /**
     * Tells the board and each customer's page of every held place that ran out by `at` while the
     * customer was away (the line's order already follows from the timestamps: LINE_AT_SQL). Marks
     * each as told (moved_back_at), so every process may run it and each lapse is told once: a
     * concurrent sweep's update finds the row marked and skips it. Returns how many it told.
     */
    async announceLapsedHolds(
      at: Date,
      published: { boardTopicPrefix: string; waitTopicPrefix: string },
      tx: Queryable = db,
    ): Promise<number> {
      const { rows } = await tx.query<{ told: number }>(
        `with changed as (
           update wait_entries w set moved_back_at = w.back_by, updated_at = now()
            where w.back_by is not null and w.moved_back_at is null and w.status = 'waiting'
              and w.back_by <= $1::timestamptz
           returning w.*
         ), entry as (
           select w.id, w.company_id, w.status, p.name as provider_name, w.request_status,
                  ${boardEntryJsonSql('w', 'p')} as board_json
             from changed w left join providers p on p.id = w.provider_id
         ), published as (
           ${appendEventsSql(`select $2 || company_id, 'entry.upserted', board_json from entry
           union all
           select $3 || id, 'entry.status', jsonb_build_object('status', status, 'providerName', provider_name,
                                                               'requestStatus', request_status) from entry`)}
         )
         select count(*)::int as told from entry`,
        [at, published.boardTopicPrefix, published.waitTopicPrefix],
      );
      return rows[0]?.told ?? 0;
    },

    /**
     * The line as the wait estimate reads it (features/schedule): every entry in line, waiting in
     * order of arrival, and the called and in-service with their provider and since when.
     */
    async listLineForPlan(companyId: string, at: Date): Promise<LineForPlanRow[]> {
      const { rows } = await db.query<LineForPlanRow>(
        `select w.id, w.status, w.service_type as service, w.provider_id as "providerId",
                coalesce(w.started_at, w.called_at) as since,
                -- What the customers behind it are told when it came in ahead of them (why-place-changed.ts).
                coalesce(w.in_line_at, w.date) as "inLineAt",
                ${LINE_AT_SQL('w', '$2::timestamptz')} as "lineAt",
                w.origin, w.request_status = 'accepted' as "requested", p.name as "providerName"
           from wait_entries w left join providers p on p.id = w.provider_id
          where w.company_id = $1 and w.status in ('waiting', 'called', 'in_service') and ${IN_LINE_SQL('w')}
          -- A party moved back together shares its instant: its members stay in their order.
          order by ${LINE_AT_SQL('w', '$2::timestamptz')}, w.date, w.id`,
        [companyId, at],
        { name: 'line-for-plan' },
      );
      return rows;
    },

    /** Keeps the first estimate each customer was shown (Insights' accuracy): only where none is kept yet. */
    async recordJoinEstimates(estimates: readonly { waitId: string; minutes: number }[]): Promise<void> {
      if (estimates.length === 0) return;
      await db.query(
        `update wait_entries w set estimated_wait_minutes = e.minutes
           from unnest($1::uuid[], $2::int[]) as e(id, minutes)
          where w.id = e.id and w.estimated_wait_minutes is null`,
        [estimates.map((estimate) => estimate.waitId), estimates.map((estimate) => estimate.minutes)],
      );
    },

    /**
     * Sets "running N minutes behind" (0: on time), tells the boards (`intake.changed`) and, with
     * a wording, texts everyone waiting in line who takes texts, once per setting (its event key
     * holds the setting's time). One statement. Returns how many texts it queued.
     */
    async setRunningBehindAndPublish(change: {
      companyId: string;
      minutes: number;
      at: Date;
      boardTopic: string;
      /** The text's wording ({business}, {minutes}) in every language (JSON); null sends none. */
      text: string | null;
    }): Promise<number> {
      const { rows } = await db.query<{ texted: number }>(
        `with changed as (
           update companies set running_behind_minutes = $2,
                  running_behind_since = case when $2 > 0 then $3::timestamptz end
            where id = $1
           returning id, name, language
         ), published as (
           ${appendEventsSql(`select $4::text, 'intake.changed', '{}'::jsonb from changed`)}
         ), texts as (
           insert into sms_messages (id, company_id, wait_id, direction, kind, event_key, phone_number, body, status)
           select gen_random_uuid(), w.company_id, w.id, 'outbound', 'running_behind',
                  'running-behind:' || w.id || ':' || ${isoSql('$3::timestamptz')}, w.phone_number,
                  replace(replace($5::jsonb ->> coalesce(w.language, c.language), '{business}', c.name),
                          '{minutes}', $2::text), $6::text
             from wait_entries w join changed c on c.id = w.company_id
            where $5::jsonb is not null and $2 > 0 and w.status = 'waiting' and ${IN_LINE_SQL('w')}
              and w.phone_number is not null and ${mayTextSql('w.allow_sms', 'w.phone_number', 'w.company_id')}
            -- The texts' locks in the order every statement takes them (see the join's).
            order by w.company_id, w.phone_number
           on conflict (event_key) do nothing
           returning id
         )
         select (select count(*) from texts)::int as texted`,
        [change.companyId, change.minutes, change.at, change.boardTopic, change.text, newTextStatus],
      );
      return rows[0]?.texted ?? 0;
    },
  };
}

export type WaitListRepository = ReturnType<typeof createWaitListRepository>;
