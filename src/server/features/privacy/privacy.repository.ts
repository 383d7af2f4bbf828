import { topics } from '../../../shared/realtime.ts';
import type { WaitStatus } from '../../../shared/schemas.ts';
import type { CustomerVisit } from '../../../shared/staff-schemas.ts';
import type { Queryable } from '../../db/database.ts';
import { appendEventsSql } from '../../realtime/event-log.ts';
import { appointmentJsonSql } from '../appointments/appointments.repository.ts';
import { boardEntryJsonSql } from '../wait-list/wait-list.repository.ts';

/** The visits an erase acts on, and what else of theirs it reaches (their chat threads, numbers, devices). */
export interface ErasableVisits {
  waitIds: string[];
  threadKeys: string[];
  phoneNumbers: string[];
  customerIds: string[];
}

/** Rows each retention statement handles at most: PGlite blocks the event loop while one runs. */
export const RETENTION_BATCH = 500;

/** Texts are kept by a business's own days; one of no business (an unknown number's STOP) by these. */
const UNOWNED_TEXT_RETENTION_DAYS = 90;

/**
 * How long an erased text keeps its number: past the per-number window of migrations/0006 (and at
 * least an hour), so erasing cannot reset the limits that protect a stranger's phone.
 */
const ERASED_TEXT_KEPT = `make_interval(mins => greatest(60, (select texts_per_number_window_minutes from texting_limits)))`;

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * Where the realtime log keeps copies of visits and messages: not numbered yet, and numbered
 * (event-log.ts moves those over, name and all). Every erase scrubs both, in this order and in
 * statements of their own: the first waits for a sequencer moving the same rows, and the second's
 * snapshot then sees what it moved.
 */
const REALTIME_COPY_TABLES = ['realtime_pending', 'realtime_events'] as const;

/** What a visit's copy keeps of its customer: no name, number or answers to the business's questions. */
const BLANKED_VISIT_JSON = `jsonb_build_object('name', '', 'phoneNumber', null, 'joinAnswers', null)`;
const BLANKED_NAME_JSON = `jsonb_build_object('name', '', 'phoneNumber', null)`;

/**
 * The realtime log's copies on `topic` whose `key` (a field of the event's data) is one of `ids`
 * lose their name and number, in both of its tables.
 */
async function blankRealtimeCopies(
  tx: Queryable,
  topic: string,
  match: { key: 'waitId' | 'id'; type?: string },
  ids: string[],
): Promise<void> {
  for (const table of REALTIME_COPY_TABLES) {
    await tx.query(
      `update ${table} set data = data || ${match.key === 'waitId' ? BLANKED_VISIT_JSON : BLANKED_NAME_JSON}
        where topic = $1 and data->>'${match.key}' = any($2::text[]) and data->>'name' <> ''
          and ($3::text is null or type = $3)`,
      [topic, ids, match.type ?? null],
    );
  }
}

/** A row older than its business's days, by its `dated` column (`t`, joined to its company `c`). */
const PAST_RETENTION = (dated: string) => `t.${dated} < now() - make_interval(days => c.retention_days)`;
const WITH_COMPANY = 'join companies c on c.id = t.company_id';

/**
 * Deletes one batch of `table`'s rows matching `where` (on `t`), oldest by `dated` first, and
 * returns how many. Rows another process is deleting are skipped, not waited for (skip locked):
 * several servers sweep at once. $1 is the batch size; `parameters` follow it.
 */
async function deleteOldestBatch(
  tx: Queryable,
  batch: { table: string; key: string; dated: string; join: string; where: string },
  limit: number,
  parameters: unknown[] = [],
): Promise<number> {
  const { table, key, dated, join, where } = batch;
  const { rows } = await tx.query(
    `delete from ${table} where ${key} = any (array(
       select t.${key} from ${table} t ${join}
        where ${where}
        order by t.${dated} limit $1
          for update of t skip locked))
     returning ${key}`,
    [limit, ...parameters],
  );
  return rows.length;
}

export function createPrivacyRepository(db: Queryable) {
  return {
    /**
     * The visits of one customer (`by.customerId`) or one phone number (`by.phoneNumber`) at one
     * business that still hold a name or number, locked until the erase commits: two erases of the
     * same visits run one after the other.
     */
    async lockVisits(
      companyId: string,
      by: { customerId: string } | { phoneNumber: string },
      tx: Queryable = db,
    ): Promise<ErasableVisits> {
      const column = 'customerId' in by ? 'customer_id' : 'phone_number';
      const value = 'customerId' in by ? by.customerId : by.phoneNumber;
      const { rows } = await tx.query<{
        id: string;
        chatThreadKey: string | null;
        phoneNumber: string | null;
        customerId: string;
      }>(
        `select id, chat_thread_key as "chatThreadKey", phone_number as "phoneNumber", customer_id as "customerId"
           from wait_entries
          where company_id = $1 and ${column} = $2 and anonymised_at is null
          order by id
          for update`,
        [companyId, value],
      );
      const distinct = (values: (string | null)[]) => [
        ...new Set(values.filter((v): v is string => v !== null)),
      ];
      return {
        waitIds: rows.map((row) => row.id),
        threadKeys: distinct(rows.map((row) => row.chatThreadKey)),
        phoneNumbers: distinct(rows.map((row) => row.phoneNumber)),
        customerIds: distinct(rows.map((row) => row.customerId)),
      };
    },

    /**
     * Erases the visits' names and numbers: each leaves the line (waiting or called becomes
     * cancelled, as "Leave" does), stays for Insights, and its change is published to the board
     * and to its own page. Returns how many visits it erased.
     */
    async anonymiseAndPublish(
      companyId: string,
      waitIds: string[],
      published: { boardTopic: string; waitTopicPrefix: string; leaveFrom: readonly WaitStatus[] },
      tx: Queryable = db,
    ): Promise<number> {
      const { rows } = await tx.query<{ erased: number }>(
        `with changed as (
           update wait_entries w
              set name = '', phone_number = null, fcm_token = null, allow_sms = false, chat_unread = 0,
                  join_answers = null, anonymised_at = now(),
                  status = case when w.status = any($5::text[]) then 'cancelled' else w.status end,
                  finished_at = case when w.status = any($5::text[]) then now() else w.finished_at end,
                  updated_at = case when w.status = any($5::text[]) then now() else w.updated_at end
            where w.company_id = $1 and w.id = any($2::uuid[]) and w.anonymised_at is null
           returning w.*
         ), entry as (
           select w.id, w.status, p.name as provider_name, ${boardEntryJsonSql('w', 'p')} as board_json
             from changed w left join providers p on p.id = w.provider_id
         ), published as (
           ${appendEventsSql(`select $3, 'entry.upserted', board_json from entry
           union all
           select $4 || id, 'entry.status', jsonb_build_object('status', status, 'providerName', provider_name)
             from entry`)}
         )
         select count(*)::int as erased from entry`,
        [companyId, waitIds, published.boardTopic, published.waitTopicPrefix, published.leaveFrom],
      );
      return rows[0]?.erased ?? 0;
    },

    /** The whole conversation of each thread (both sides), and any message of these visits. */
    async deleteChats(companyId: string, visits: ErasableVisits, tx: Queryable = db): Promise<void> {
      await tx.query(
        `delete from chat_messages
          where company_id = $1 and (wait_id = any($2::uuid[]) or thread_key = any($3::text[]))`,
        [companyId, visits.waitIds, visits.threadKeys],
      );
    },

    /**
     * The visits' texts, and the business's texts to and from their numbers: one not yet sent is
     * cancelled (deleted: the worker only sends queued rows); one older than the per-number window
     * is deleted; a newer one loses its body now and its row later (ERASED_TEXT_KEPT).
     */
    async eraseTexts(companyId: string, visits: ErasableVisits, tx: Queryable = db): Promise<void> {
      const theirs = `company_id = $1 and (wait_id = any($2::uuid[]) or phone_number = any($3::text[]))`;
      const parameters = [companyId, visits.waitIds, visits.phoneNumbers];
      await tx.query(
        `delete from sms_messages where ${theirs} and (status = 'queued' or created_at < now() - ${ERASED_TEXT_KEPT})`,
        parameters,
      );
      await tx.query(
        `update sms_messages set body = '', last_error = null, erased_at = now(), updated_at = now()
          where ${theirs} and erased_at is null`,
        parameters,
      );
      // A join by text in progress with the business (migrations/0028) holds the number too.
      await tx.query(
        'delete from sms_conversations where company_id = $1 and phone_number = any($2::text[])',
        [companyId, visits.phoneNumbers],
      );
    },

    /** The staff's notes on these numbers at this business (docs/regulars.md). */
    async deleteCustomerNotes(companyId: string, phoneNumbers: string[], tx: Queryable = db): Promise<void> {
      await tx.query('delete from customer_notes where company_id = $1 and phone_number = any($2::text[])', [
        companyId,
        phoneNumbers,
      ]);
    },

    /**
     * One batch of notes whose customer has no visit left with a number at the business: a note
     * lives as long as the visits it is about, so the retention pass that anonymises a number's
     * last visit takes its note on its next step. Returns how many.
     */
    async deleteCustomerNotesWithoutVisits(limit = RETENTION_BATCH, tx: Queryable = db): Promise<number> {
      const { rows } = await tx.query(
        `delete from customer_notes where (company_id, phone_number) in (
           select n.company_id, n.phone_number from customer_notes n
            where not exists (select 1 from wait_entries w
                               where w.company_id = n.company_id and w.phone_number = n.phone_number)
            limit $1
              for update of n skip locked)
         returning 1`,
        [limit],
      );
      return rows.length;
    },

    /**
     * The visits' feedback (docs/feedback.md): the comment goes and the rating link no longer opens.
     * The rating stays, like the visit's service and times, so Insights still count it.
     */
    async eraseFeedback(companyId: string, waitIds: string[], tx: Queryable = db): Promise<void> {
      await tx.query(
        `update visit_feedback set comment = null, erased_at = now()
          where company_id = $1 and wait_id = any($2::uuid[]) and erased_at is null`,
        [companyId, waitIds],
      );
    },

    /**
     * The webhook deliveries about these visits (docs/webhooks.md): their payloads name the
     * customer, so they are neither sent nor kept in the delivery log.
     */
    async deleteWebhookDeliveries(companyId: string, waitIds: string[], tx: Queryable = db): Promise<void> {
      await tx.query(
        `delete from webhook_deliveries
          where company_id = $1 and payload -> 'data' ->> 'waitId' = any($2::text[])`,
        [companyId, waitIds],
      );
    },

    /** No more notifications to these customers' devices from this business. */
    async deletePushSubscriptions(
      companyId: string,
      customerIds: string[],
      tx: Queryable = db,
    ): Promise<void> {
      await tx.query(
        'delete from push_subscriptions where company_id = $1 and customer_id = any($2::uuid[])',
        [companyId, customerIds],
      );
    },

    /**
     * The realtime log keeps a day of events for clients that reconnect (and some not yet numbered):
     * the board's copies of these visits lose their name and number, and the erased threads' events go.
     */
    async scrubRealtimeEvents(
      boardTopic: string,
      waitIds: string[],
      chatTopics: string[],
      tx: Queryable = db,
    ): Promise<void> {
      await blankRealtimeCopies(tx, boardTopic, { key: 'waitId' }, waitIds);
      for (const table of REALTIME_COPY_TABLES) {
        await tx.query(`delete from ${table} where topic = any($1::text[])`, [chatTopics]);
      }
    },

    /**
     * The owner's erase by number reaches the business's appointments booked with it too
     * (docs/appointments.md): each loses its name and number, one still booked is cancelled (the
     * lanes hear it), and the realtime log's copies lose them as well. Returns how many.
     */
    async eraseAppointmentsAndPublish(
      companyId: string,
      phoneNumber: string,
      boardTopic: string,
      tx: Queryable = db,
    ): Promise<number> {
      const { rows } = await tx.query<{ id: string }>(
        `with changed as (
           update appointments a
              set name = '', phone_number = null, updated_at = now(),
                  status = case when a.status = 'booked' then 'cancelled' else a.status end
            where a.company_id = $1 and a.phone_number = $2
           returning a.*
         ), published as (
           ${appendEventsSql(`select $3, 'appointment.upserted', ${appointmentJsonSql('a', 'p')}
             from changed a join providers p on p.id = a.provider_id`)}
         )
         select id from changed`,
        [companyId, phoneNumber, boardTopic],
      );
      const ids = rows.map((row) => row.id);
      await blankRealtimeCopies(tx, boardTopic, { key: 'id', type: 'appointment.upserted' }, ids);
      return ids.length;
    },

    /**
     * One batch of appointments whose time is older than their business's days: deleted, name,
     * number and all (the visit an arrival made is the record that stays, anonymised on its own).
     */
    /** The webhook delivery log keeps what the business keeps: its payloads name customers. */
    async deleteExpiredWebhookDeliveries(limit = RETENTION_BATCH, tx: Queryable = db): Promise<number> {
      return deleteOldestBatch(
        tx,
        {
          table: 'webhook_deliveries',
          key: 'id',
          dated: 'created_at',
          join: WITH_COMPANY,
          where: PAST_RETENTION('created_at'),
        },
        limit,
      );
    },

    async deleteExpiredAppointments(limit = RETENTION_BATCH, tx: Queryable = db): Promise<number> {
      return deleteOldestBatch(
        tx,
        {
          table: 'appointments',
          key: 'id',
          dated: 'starts_at',
          join: WITH_COMPANY,
          where: PAST_RETENTION('starts_at'),
        },
        limit,
      );
    },

    /** A number's visits at one business that still hold a name, newest first. */
    async listVisits(companyId: string, phoneNumber: string, tx: Queryable = db): Promise<CustomerVisit[]> {
      const { rows } = await tx.query<CustomerVisit & { date: Date }>(
        `select w.id as "waitId", w.date, w.name, w.service_type as "serviceType", w.status,
                p.name as "providerName"
           from wait_entries w left join providers p on p.id = w.provider_id
          where w.company_id = $1 and w.phone_number = $2 and w.anonymised_at is null
          order by w.date desc`,
        [companyId, phoneNumber],
      );
      return rows.map((row) => ({ ...row, date: iso(row.date) }));
    },

    /** Whether this number stopped this business's texts, or the shared sending number's. */
    async isOptedOut(companyId: string, phoneNumber: string, tx: Queryable = db): Promise<boolean> {
      const { rows } = await tx.query(
        `select 1 from sms_opt_outs
          where phone_number = $1 and (company_id is null or company_id = $2) limit 1`,
        [phoneNumber, companyId],
      );
      return rows.length > 0;
    },

    /** Everything the business holds about a number's visits, for the owner's export. */
    async exportData(companyId: string, phoneNumber: string, tx: Queryable = db) {
      const visits = await tx.query<
        { waitId: string; chatThreadKey: string | null; customerId: string } & Record<string, unknown>
      >(
        `select w.id as "waitId", w.date, w.name, w.phone_number as "phoneNumber", w.service_type as "serviceType",
                w.status, w.allow_sms as "allowSms", p.name as "providerName", w.called_at as "calledAt",
                w.started_at as "startedAt", w.finished_at as "finishedAt", w.request_status as "requestStatus",
                w.request_deadline as "requestDeadline", w.chat_thread_key as "chatThreadKey",
                w.customer_id as "customerId", w.join_answers as "joinAnswers"
           from wait_entries w left join providers p on p.id = w.provider_id
          where w.company_id = $1 and w.phone_number = $2 and w.anonymised_at is null
          order by w.date`,
        [companyId, phoneNumber],
      );
      const threadKeys = [
        ...new Set(visits.rows.map((row) => row.chatThreadKey).filter((key): key is string => key !== null)),
      ];
      const waitIds = visits.rows.map((row) => row.waitId);
      const chat = await tx.query(
        `select created_at as "createdAt", sender, user_name as "userName", message, wait_id as "waitId"
           from chat_messages
          where company_id = $1 and (wait_id = any($2::uuid[]) or thread_key = any($3::text[]))
          order by created_at, id`,
        [companyId, waitIds, threadKeys],
      );
      const texts = await tx.query(
        `select created_at as "createdAt", direction, kind, status, body, phone_number as "phoneNumber",
                wait_id as "waitId"
           from sms_messages
          where company_id = $1 and (wait_id = any($2::uuid[]) or phone_number = $3) and erased_at is null
          order by created_at, id`,
        [companyId, waitIds, phoneNumber],
      );
      // The devices the erase stops notifying (deletePushSubscriptions): when, not the address and
      // keys, which would let whoever holds the file send to the device.
      const devices = await tx.query(
        `select date as "subscribedAt" from push_subscriptions
          where company_id = $1 and customer_id = any($2::uuid[]) order by date`,
        [companyId, [...new Set(visits.rows.map((row) => row.customerId))]],
      );
      // Appointments booked on the board with this number (docs/appointments.md).
      const appointments = await tx.query(
        `select a.starts_at as "startsAt", a.name, a.phone_number as "phoneNumber", a.service_type as "serviceType",
                p.name as "providerName", a.status, a.created_at as "bookedAt", a.wait_id as "waitId"
           from appointments a left join providers p on p.id = a.provider_id
          where a.company_id = $1 and a.phone_number = $2
          order by a.starts_at`,
        [companyId, phoneNumber],
      );
      // The staff's note on the number (docs/regulars.md); its visit history is the visits above.
      const note = await tx.query(
        `select n.note, n.updated_at as "updatedAt", u.name as "updatedBy"
           from customer_notes n left join staff_users u on u.id = n.updated_by
          where n.company_id = $1 and n.phone_number = $2`,
        [companyId, phoneNumber],
      );
      // Their ratings after the visit, and what they wrote (docs/feedback.md).
      const feedback = await tx.query(
        `select wait_id as "waitId", rating, comment, rated_at as "ratedAt", created_at as "askedAt"
           from visit_feedback
          where company_id = $1 and wait_id = any($2::uuid[]) and erased_at is null
          order by created_at`,
        [companyId, waitIds],
      );
      return {
        visits: visits.rows.map(({ chatThreadKey: _thread, customerId: _customer, ...visit }) => visit),
        customerNote: note.rows[0] ?? null,
        feedback: feedback.rows,
        chatMessages: chat.rows,
        textMessages: texts.rows,
        pushSubscriptions: devices.rows,
        appointments: appointments.rows,
      };
    },

    /**
     * One batch of the retention job's visits: older than their business's days, not yet erased.
     * Their chat, texts and feedback comments go with them however recent (a conversation that went on after the
     * visit carries the name and the number too, numbered or not yet), the texts as eraseTexts erases them.
     * Concurrent processes skip each other's locked rows; a visit is erased once. The board is not
     * told: these are days old, long off it (it shows the last 12 hours). Returns how many.
     */
    async anonymiseExpiredVisits(limit = RETENTION_BATCH, tx: Queryable = db): Promise<number> {
      // The copies not numbered yet are scrubbed with the visits; the numbered ones in a second
      // statement, whose snapshot is taken after it: a copy the sequencer moved while the first
      // ran (it waited for the sequencer's locks) is then seen in realtime_events, and one it
      // moves later carries the scrubbed data. In one statement both tables were read in one
      // snapshot, and a copy moved meanwhile kept the name (PostgreSQL).
      const { rows } = await tx.query<{
        visits: string[];
        boardTopics: string[];
        chatTopics: string[];
        chatIds: string[];
      }>(
        `with due as (
           select w.id from wait_entries w join companies c on c.id = w.company_id
            where w.anonymised_at is null and w.date < now() - make_interval(days => c.retention_days)
            order by w.date limit $1
              for update of w skip locked
         ), changed as (
           update wait_entries w
              set name = '', phone_number = null, fcm_token = null, allow_sms = false, join_answers = null,
                  anonymised_at = now()
             from due where w.id = due.id
           returning w.id, w.company_id, w.chat_thread_key
         ), feedback_erased as (
           update visit_feedback set comment = null, erased_at = now()
            where wait_id in (select id from changed) and erased_at is null
         ), chats as (
           delete from chat_messages where wait_id in (select id from changed) returning id
         ), board_copies as (
           -- The realtime log's copies of the last day (a visit can change long after it began).
           update realtime_pending e set data = e.data || ${BLANKED_VISIT_JSON}
             from changed c
            where e.topic = $2 || c.company_id and e.data->>'waitId' = c.id::text and e.data->>'name' <> ''
         ), chat_copies as (
           delete from realtime_pending e using changed c
            where e.topic = $3 || c.chat_thread_key and e.data->>'id' in (select id::text from chats)
         ), texts_gone as (
           delete from sms_messages
            where wait_id in (select id from changed)
              and (status = 'queued' or created_at < now() - ${ERASED_TEXT_KEPT})
         ), texts_emptied as (
           update sms_messages set body = '', last_error = null, erased_at = now(), updated_at = now()
            where wait_id in (select id from changed) and erased_at is null
              and not (status = 'queued' or created_at < now() - ${ERASED_TEXT_KEPT})
         )
         select coalesce(array_agg(c.id::text), '{}') as visits,
                coalesce(array_agg($2 || c.company_id), '{}') as "boardTopics",
                coalesce(array_agg($3 || c.chat_thread_key), '{}') as "chatTopics",
                (select coalesce(array_agg(id::text), '{}') from chats) as "chatIds"
           from changed c`,
        [limit, topics.board(''), topics.chat('')],
      );
      const erased = rows[0] ?? { visits: [], boardTopics: [], chatTopics: [], chatIds: [] };
      if (erased.visits.length > 0) {
        await tx.query(
          `with board_copies as (
             update realtime_events e set data = e.data || ${BLANKED_VISIT_JSON}
               from unnest($1::text[], $2::text[]) as v(id, topic)
              where e.topic = v.topic and e.data->>'waitId' = v.id and e.data->>'name' <> ''
           )
           delete from realtime_events e
            where e.topic = any($3::text[]) and e.data->>'id' = any($4::text[])`,
          [erased.visits, erased.boardTopics, erased.chatTopics, erased.chatIds],
        );
      }
      return erased.visits.length;
    },

    /** One batch of chat messages older than their business's days. */
    async deleteExpiredChatMessages(limit = RETENTION_BATCH, tx: Queryable = db): Promise<number> {
      return deleteOldestBatch(
        tx,
        {
          table: 'chat_messages',
          key: 'id',
          dated: 'created_at',
          join: WITH_COMPANY,
          where: PAST_RETENTION('created_at'),
        },
        limit,
      );
    },

    /** One batch of texts older than their business's days. */
    async deleteExpiredTexts(limit = RETENTION_BATCH, tx: Queryable = db): Promise<number> {
      // A text whose business is gone is kept UNOWNED_TEXT_RETENTION_DAYS.
      return deleteOldestBatch(
        tx,
        {
          table: 'sms_messages',
          key: 'id',
          dated: 'created_at',
          join: `left ${WITH_COMPANY}`,
          where: 't.created_at < now() - make_interval(days => coalesce(c.retention_days, $2::int))',
        },
        limit,
        [UNOWNED_TEXT_RETENTION_DAYS],
      );
    },

    /** One batch of erased texts whose number no longer counts towards the limits (eraseTexts). */
    async deleteErasedTexts(limit = RETENTION_BATCH, tx: Queryable = db): Promise<number> {
      return deleteOldestBatch(
        tx,
        {
          table: 'sms_messages',
          key: 'id',
          dated: 'created_at',
          join: '',
          where: `t.erased_at is not null and t.created_at < now() - ${ERASED_TEXT_KEPT}`,
        },
        limit,
      );
    },

    /** One batch of push subscriptions older than their business's days (a visit's, long over). */
    async deleteExpiredPushSubscriptions(limit = RETENTION_BATCH, tx: Queryable = db): Promise<number> {
      return deleteOldestBatch(
        tx,
        {
          table: 'push_subscriptions',
          key: 'endpoint',
          dated: 'date',
          join: WITH_COMPANY,
          where: PAST_RETENTION('date'),
        },
        limit,
      );
    },
  };
}

export type PrivacyRepository = ReturnType<typeof createPrivacyRepository>;
