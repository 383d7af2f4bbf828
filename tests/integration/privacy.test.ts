import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatRepository } from '../../src/server/features/chat/chat.repository.ts';
import { createPrivacyRepository } from '../../src/server/features/privacy/privacy.repository.ts';
import { createPrivacyService } from '../../src/server/features/privacy/privacy.service.ts';
import { createSmsRepository } from '../../src/server/features/sms/sms.repository.ts';
import { createSmsWorker } from '../../src/server/features/sms/sms-worker.ts';
import { boardEntryJsonSql } from '../../src/server/features/wait-list/wait-list.repository.ts';
import { DEMO_FRONT_DESK, DEMO_PROVIDER, seedDemoCompany } from '../../src/server/seed/demo.ts';
import { createRecordingSmsSender, SmsSendError } from '../../src/server/sms/sms-sender.ts';
import { topics } from '../../src/shared/realtime.ts';
import { eraseResponseSchema } from '../../src/shared/schemas.ts';
import { businessSettingsSchema, customerLookupResponseSchema } from '../../src/shared/staff-schemas.ts';
import { expectApiError } from '../support/api-error.ts';
import {
  buildSendMessage,
  getWaitEntry,
  type JoinedCustomer,
  joinAsNewCustomer,
  sendMessage,
} from '../support/customer.ts';
import { RealtimeTestClient, realtimeUrl } from '../support/realtime-client.ts';
import {
  createBusiness,
  listProviders,
  type StaffSession,
  signInStaff,
  type TestBusiness,
} from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { databaseKinds, openTestDatabase } from '../support/test-database.ts';

let phoneCounter = 0;
/** A number no other test in this file uses: look-ups and erases go by number. */
function freshPhone(): string {
  phoneCounter += 1;
  return `+1415555${String(100 + phoneCounter).padStart(4, '0')}`;
}

describe.each(databaseKinds)('privacy and retention, on %s', (kind) => {
  let t: TestApp;
  let owner: StaffSession;
  let other: TestBusiness;
  let otherOwner: StaffSession;
  const noFlush = { flushSoon: () => {} };

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await signInStaff(t.app);
    other = await createBusiness(t.database.db);
    otherOwner = await signInStaff(t.app, other.owner);
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.database.db;

  async function entry(waitId: string) {
    const { rows } = await db().query<{
      name: string;
      phone_number: string | null;
      status: string;
      service_type: string;
      provider_id: string | null;
      date: Date;
      allow_sms: boolean;
      anonymised_at: Date | null;
    }>(
      `select name, phone_number, status, service_type, provider_id, date, allow_sms, anonymised_at
         from wait_entries where id = $1`,
      [waitId],
    );
    return rows[0]!;
  }

  async function count(sql: string, parameters: unknown[]): Promise<number> {
    const { rows } = await db().query<{ n: number }>(`select count(*)::int as n from (${sql}) x`, parameters);
    return rows[0]!.n;
  }

  const chatCount = (customer: JoinedCustomer) =>
    count('select 1 from chat_messages where thread_key = $1', [customer.chatThreadKey]);
  const textCount = (waitId: string) => count('select 1 from sms_messages where wait_id = $1', [waitId]);
  const pushCount = (customer: Pick<JoinedCustomer, 'customerId' | 'companyId'>) =>
    count('select 1 from push_subscriptions where customer_id = $1 and company_id = $2', [
      customer.customerId,
      customer.companyId,
    ]);

  /** The customer's browser gives the business a push subscription, as the checked-in page does. */
  async function subscribePush(customer: Pick<JoinedCustomer, 'authorization' | 'companyId' | 'waitId'>) {
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/companies/${customer.companyId}/push-subscription`,
      headers: { authorization: customer.authorization },
      payload: {
        endpoint: `https://push.checkn.invalid/${customer.waitId}`,
        keys: { p256dh: 'BPublicKeyOfTheBrowser', auth: 'AuthSecret' },
      },
    });
    expect(response.statusCode).toBe(204);
  }

  /** Moves a visit and everything of it `days` into the past. */
  async function age(customer: JoinedCustomer, days: number) {
    const interval = `${days} days`;
    await db().query('update wait_entries set date = date - $2::interval where id = $1', [
      customer.waitId,
      interval,
    ]);
    await db().query('update chat_messages set created_at = created_at - $2::interval where wait_id = $1', [
      customer.waitId,
      interval,
    ]);
    await db().query('update sms_messages set created_at = created_at - $2::interval where wait_id = $1', [
      customer.waitId,
      interval,
    ]);
    await db().query(
      'update push_subscriptions set date = date - $3::interval where customer_id = $1 and company_id = $2',
      [customer.customerId, customer.companyId, interval],
    );
  }

  async function joinAndChat(companyId = 'demo', phoneNumber = freshPhone()) {
    const customer = await joinAsNewCustomer(t, { phoneNumber, serviceType: 'Facials' }, companyId);
    const sent = await sendMessage(
      t.app,
      { authorization: customer.authorization },
      buildSendMessage(customer),
    );
    expect(sent.statusCode).toBe(201);
    return { ...customer, phoneNumber };
  }

  /**
   * A text for the visit that the worker has not sent yet (a call's, say): its next attempt is an
   * hour away, so the server's text worker (it looks every second) leaves it queued whatever the
   * machine's speed.
   */
  async function queueText(customer: JoinedCustomer & { phoneNumber: string }) {
    await db().query(
      `insert into sms_messages (id, company_id, wait_id, direction, kind, phone_number, body, status, next_attempt_at)
       values ($1, $2, $3, 'outbound', 'called', $4, 'Your turn', 'queued', now() + interval '1 hour')`,
      [randomUUID(), customer.companyId, customer.waitId, customer.phoneNumber],
    );
  }

  function forgetMe(customer: { authorization: string }, companyId = 'demo') {
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/companies/${companyId}/forget-me`,
      headers: { authorization: customer.authorization },
    });
  }

  function ownerCall(session: StaffSession, action: 'look-up' | 'export' | 'erase', phoneNumber: string) {
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/staff/customers/${action}`,
      headers: session.headers,
      payload: { phoneNumber },
    });
  }

  describe('the retention pass', () => {
    it("erases names, numbers, chat and texts of visits older than their business's days, and nothing newer or elsewhere", async () => {
      await db().query("update companies set retention_days = 30 where id = 'demo'");
      const old = await joinAndChat();
      const recent = await joinAndChat();
      const elsewhere = await joinAndChat(other.companyId);
      await age(old, 31);
      await age(recent, 29);
      await age(elsewhere, 31); // the other business keeps 90 days
      const before = await entry(old.waitId);
      expect(await textCount(old.waitId)).toBeGreaterThan(0);

      const passed = await createPrivacyService({ db: db(), eventLog: noFlush }).runRetention();
      expect(passed.visits).toBeGreaterThanOrEqual(1);

      const erased = await entry(old.waitId);
      expect(erased).toMatchObject({ name: '', phone_number: null, allow_sms: false });
      expect(erased.anonymised_at).not.toBeNull();
      // What Insights count stays.
      expect(erased).toMatchObject({
        status: before.status,
        service_type: before.service_type,
        provider_id: before.provider_id,
        date: before.date,
      });
      expect(await chatCount(old)).toBe(0);
      expect(await textCount(old.waitId)).toBe(0);

      for (const kept of [recent, elsewhere]) {
        expect(await entry(kept.waitId)).toMatchObject({ name: kept.name, phone_number: kept.phoneNumber });
        expect(await chatCount(kept)).toBe(1);
        expect(await textCount(kept.waitId)).toBeGreaterThan(0);
      }
    });

    it("erases a visit's chat and texts with it, however recent: a conversation that went on after the visit", async () => {
      await db().query("update companies set retention_days = 30 where id = 'demo'");
      const customer = await joinAndChat();
      await queueText(customer);
      // Only the visit is old: its chat and texts are from today.
      await db().query("update wait_entries set date = date - interval '31 days' where id = $1", [
        customer.waitId,
      ]);

      await createPrivacyService({ db: db(), eventLog: noFlush }).runRetention();

      expect(await entry(customer.waitId)).toMatchObject({ name: '', phone_number: null });
      // The customer's own messages carry their name (user_name), the texts their number.
      expect(await count('select 1 from chat_messages where wait_id = $1', [customer.waitId])).toBe(0);
      expect(
        await count('select 1 from sms_messages where wait_id = $1 and erased_at is null', [customer.waitId]),
      ).toBe(0);
      expect(
        await count("select 1 from sms_messages where wait_id = $1 and body <> ''", [customer.waitId]),
      ).toBe(0);
    });

    it("leaves no copy of the visit's name in the realtime log, however recent the copy", async () => {
      await db().query("update companies set retention_days = 30 where id = 'demo'");
      const customer = await joinAndChat();
      await db().query("update wait_entries set date = date - interval '31 days' where id = $1", [
        customer.waitId,
      ]);
      const copiesOfName = () =>
        count(
          `select 1 from (select data from realtime_events union all select data from realtime_pending) e
            where e.data->>'name' = $1 or e.data->>'userName' = $1`,
          [customer.name],
        );
      await expect.poll(copiesOfName).toBeGreaterThan(0);

      await createPrivacyService({ db: db(), eventLog: noFlush }).runRetention();
      expect(await copiesOfName()).toBe(0);
    });

    it('erases the copies not numbered yet too (the realtime log takes them over afterwards)', async () => {
      await db().query("update companies set retention_days = 30 where id = 'demo'");
      const customer = await joinAndChat();
      await age(customer, 31);
      // In one transaction: no process numbers (moves) the waiting copy before the pass looks.
      const left = await db().transaction(async (tx) => {
        // The board's own event of the visit, as a staff action writes it.
        await tx.query(
          `insert into realtime_pending (topic, type, data)
           select $1, 'entry.upserted', ${boardEntryJsonSql('w', 'p')}
             from wait_entries w left join providers p on p.id = w.provider_id where w.id = $2`,
          [topics.board('demo'), customer.waitId],
        );
        await createPrivacyRepository(db()).anonymiseExpiredVisits(100, tx);
        const { rows } = await tx.query<{ copies: number }>(
          `select count(*)::int as copies from realtime_pending where data->>'name' = $1`,
          [customer.name],
        );
        return rows[0]?.copies;
      });
      expect(left).toBe(0);
    });

    it("deletes the push subscriptions of visits older than their business's days, and keeps newer ones", async () => {
      await db().query("update companies set retention_days = 30 where id = 'demo'");
      const old = await joinAndChat();
      const recent = await joinAndChat();
      const elsewhere = await joinAndChat(other.companyId);
      for (const customer of [old, recent, elsewhere]) await subscribePush(customer);
      await age(old, 31);
      await age(recent, 29);
      await age(elsewhere, 31); // the other business keeps 90 days

      const passed = await createPrivacyService({ db: db(), eventLog: noFlush }).runRetention();
      expect(passed.pushSubscriptions).toBeGreaterThanOrEqual(1);

      expect(await pushCount(old)).toBe(0);
      expect(await pushCount(recent)).toBe(1);
      expect(await pushCount(elsewhere)).toBe(1);
    });

    it('is harmless run twice, or by two processes at once: each visit is erased once', async () => {
      await db().query("update companies set retention_days = 30 where id = 'demo'");
      const olds = [await joinAndChat(), await joinAndChat(), await joinAndChat()];
      for (const old of olds) await age(old, 40);
      const first = createPrivacyService({ db: db(), eventLog: noFlush });
      const second = createPrivacyService({ db: db(), eventLog: noFlush });
      const [a, b] = await Promise.all([first.runRetention(), second.runRetention()]);
      expect(a.visits + b.visits).toBe(olds.length);
      const stamps = await Promise.all(olds.map(async (old) => (await entry(old.waitId)).anonymised_at));
      expect(stamps.every((stamp) => stamp !== null)).toBe(true);

      const again = await first.runRetention();
      expect(again).toEqual({
        visits: 0,
        chatMessages: 0,
        textMessages: 0,
        pushSubscriptions: 0,
        appointments: 0,
        webhookDeliveries: 0,
        customerNotes: 0,
      });
      expect(await Promise.all(olds.map(async (old) => (await entry(old.waitId)).anonymised_at))).toEqual(
        stamps,
      );
    });
  });

  describe('Forget me', () => {
    it('takes the caller off the line live, erases their name, number and chat, and cancels texts not yet sent', async () => {
      const customer = await joinAndChat();
      await queueText(customer);
      const socket = await RealtimeTestClient.connect(await realtimeUrl(t.app), { cookie: owner.cookie });
      try {
        expect(await socket.subscribe(topics.board('demo'), null)).toMatchObject({ type: 'subscribed' });
        const response = await forgetMe(customer);
        expect(response.statusCode).toBe(200);
        expect(eraseResponseSchema.parse(response.json())).toEqual({ erased: 1 });

        const event = await socket.waitFor(
          (m) => m.type === 'event' && (m.data as { waitId?: string }).waitId === customer.waitId,
          'the board hears the entry left',
        );
        expect(event).toMatchObject({
          event: 'entry.upserted',
          data: { status: 'cancelled', name: '', phoneNumber: null },
        });
      } finally {
        await socket.close();
      }
      expect(await entry(customer.waitId)).toMatchObject({
        status: 'cancelled',
        name: '',
        phone_number: null,
      });
      expect(await chatCount(customer)).toBe(0);
      expect(
        await count("select 1 from sms_messages where wait_id = $1 and status = 'queued'", [customer.waitId]),
      ).toBe(0);
      expect(
        await count("select 1 from sms_messages where wait_id = $1 and body <> ''", [customer.waitId]),
      ).toBe(0);
      // Their page shows the visit left, without their name.
      expect(await getWaitEntry(t.app, customer.authorization, customer.waitId)).toMatchObject({
        status: 'cancelled',
        name: '',
      });
      // The realtime log keeps no copy of the name for clients that reconnect.
      expect(
        await count(
          `select 1 from (select data from realtime_events where topic = $1
                          union all select data from realtime_pending where topic = $1) e
            where e.data->>'waitId' = $2 and e.data->>'name' <> ''`,
          [topics.board('demo'), customer.waitId],
        ),
      ).toBe(0);
    });

    it("leaves no trace of them in the console's texts, and staff can no longer write to them", async () => {
      const customer = await joinAndChat();
      const listedNumbers = async () =>
        (
          (await t.app.inject({ url: '/api/v1/staff/sms', headers: owner.headers })).json() as {
            messages: { phoneNumber: string }[];
          }
        ).messages.map((text) => text.phoneNumber);
      expect(await listedNumbers()).toContain(customer.phoneNumber);
      expect((await forgetMe(customer)).statusCode).toBe(200);
      // The erased texts' rows stay a while for the per-number limits, out of the staff's sight.
      expect(await count('select 1 from sms_messages where wait_id = $1', [customer.waitId])).toBeGreaterThan(
        0,
      );
      expect(await listedNumbers()).not.toContain(customer.phoneNumber);

      const staffWrites = await sendMessage(t.app, owner.headers, buildSendMessage(customer));
      expectApiError(staffWrites, 409, 'CHAT_ERASED');
      expect(await chatCount(customer)).toBe(0);
      expect(
        await count("select 1 from sms_messages where wait_id = $1 and body <> ''", [customer.waitId]),
      ).toBe(0);
    });

    it("touches only the caller's own visits at that business", async () => {
      const me = await joinAndChat();
      const mySecondVisit = await joinAsNewCustomer(t, { phoneNumber: me.phoneNumber }, 'demo');
      const someoneElse = await joinAndChat();
      const sameNumberOtherPhone = await joinAndChat('demo', me.phoneNumber);
      // The same device at another business.
      const elsewhere = await t.app.inject({
        method: 'POST',
        url: `/api/v1/companies/${other.companyId}/wait-list`,
        headers: { authorization: me.authorization, 'idempotency-key': randomUUID() },
        payload: { serviceType: 'Facials', name: 'Me Elsewhere', phoneNumber: me.phoneNumber },
      });
      expect(elsewhere.statusCode).toBe(201);
      const elsewhereId = elsewhere.json().waitId as string;
      const meElsewhere = { ...me, companyId: other.companyId, waitId: elsewhereId };
      for (const customer of [me, someoneElse, meElsewhere]) await subscribePush(customer);
      // Texts of another visit with my number: anyone can type a number, so mine reach no further.
      await queueText(sameNumberOtherPhone);
      const theirTexts = "select 1 from sms_messages where wait_id = $1 and body <> ''";
      const theirTextsBefore = await count(theirTexts, [sameNumberOtherPhone.waitId]);

      expect((await forgetMe(someoneElse)).json()).toEqual({ erased: 1 });
      expect(await pushCount(someoneElse)).toBe(0);
      expect(await entry(me.waitId)).toMatchObject({ name: me.name, phone_number: me.phoneNumber });
      expect(await chatCount(me)).toBe(1);
      expect(await pushCount(me)).toBe(1);

      expect((await forgetMe(me)).json()).toEqual({ erased: 1 });
      expect(await entry(me.waitId)).toMatchObject({ name: '' });
      // Their device hears no more from this business, but still from the other one.
      expect(await pushCount(me)).toBe(0);
      expect(await pushCount(meElsewhere)).toBe(1);
      // Another visit of theirs (another device's token) and the other business keep theirs.
      expect(await entry(mySecondVisit.waitId)).toMatchObject({ name: mySecondVisit.name });
      expect(await entry(sameNumberOtherPhone.waitId)).toMatchObject({ name: sameNumberOtherPhone.name });
      expect(await chatCount(sameNumberOtherPhone)).toBe(1);
      expect(await count(theirTexts, [sameNumberOtherPhone.waitId])).toBe(theirTextsBefore);
      expect(
        await count("select 1 from sms_messages where wait_id = $1 and status = 'queued'", [
          sameNumberOtherPhone.waitId,
        ]),
      ).toBe(1);
      expect(await entry(elsewhereId)).toMatchObject({ name: 'Me Elsewhere' });

      // Without a customer token nothing is erased.
      expectApiError(await forgetMe({ authorization: 'Bearer nope' }), 401, 'UNAUTHENTICATED');
    });

    it('stops a text that was being sent when they tapped it: a failed send is not tried again', async () => {
      const customer = await joinAndChat();
      // The worker has claimed a text (committed as 'sending') and is waiting for Twilio.
      const id = randomUUID();
      await db().query(
        `insert into sms_messages (id, company_id, wait_id, direction, kind, phone_number, body, status, attempts)
         values ($1, $2, $3, 'outbound', 'called', $4, 'Your turn', 'sending', 1)`,
        [id, customer.companyId, customer.waitId, customer.phoneNumber],
      );
      expect((await forgetMe(customer)).statusCode).toBe(200);
      // Twilio answers 503: the worker records a retry (sms-worker.ts).
      await createSmsRepository(db()).markRetry(id, 'Twilio answered 503', 5);
      const { rows } = await db().query<{ status: string; body: string }>(
        'select status, body from sms_messages where id = $1',
        [id],
      );
      expect(rows[0]).toMatchObject({ status: 'failed', body: '' });
    });

    it("keeps an erased text's number only while it counts towards the texting limits, then the pass deletes it", async () => {
      const customer = await joinAndChat();
      expect((await forgetMe(customer)).statusCode).toBe(200);
      const erasedTexts =
        "select 1 from sms_messages where wait_id = $1 and body = '' and erased_at is not null";
      expect(await count(erasedTexts, [customer.waitId])).toBeGreaterThan(0);
      const privacy = createPrivacyService({ db: db(), eventLog: noFlush });
      await privacy.runRetention();
      expect(await count(erasedTexts, [customer.waitId])).toBeGreaterThan(0);
      await db().query(
        "update sms_messages set created_at = created_at - interval '61 minutes' where wait_id = $1",
        [customer.waitId],
      );
      await privacy.runRetention();
      expect(await textCount(customer.waitId)).toBe(0);
    });

    it('reaches their device when their visits were already anonymised', async () => {
      await db().query("update companies set retention_days = 30 where id = 'demo'");
      const customer = await joinAndChat();
      await age(customer, 31);
      await createPrivacyService({ db: db(), eventLog: noFlush }).runRetention();
      // Their page subscribes again (any customer with a visit at the business may).
      await subscribePush(customer);
      expect(await pushCount(customer)).toBe(1);

      expect((await forgetMe(customer)).json()).toEqual({ erased: 0 });
      expect(await pushCount(customer)).toBe(0);
    });

    it('keeps no message written as they tapped it: a staff message whose check ran before the erase', async () => {
      const customer = await joinAndChat();
      /** What sendMessage writes for a staff message, the entry read (not erased) just before. */
      const staffMessage = () =>
        createChatRepository(db()).insertMessageAndPublish(
          {
            id: randomUUID(),
            threadKey: customer.chatThreadKey,
            companyId: customer.companyId,
            waitId: customer.waitId,
            userId: randomUUID(),
            userName: 'Sam Rivera',
            sender: 'staff',
            message: 'Still coming?',
          },
          {
            topic: topics.chat(customer.chatThreadKey),
            text: { id: randomUUID(), phoneNumber: customer.phoneNumber, body: 'Bella: Still coming?' },
          },
        );
      const textsToThem = () =>
        count("select 1 from sms_messages where phone_number = $1 and body <> ''", [customer.phoneNumber]);

      if (kind === 'postgres') {
        // The erase holds the visit; the message, its check passed, arrives meanwhile.
        let release = () => {};
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        let locked = () => {};
        const isLocked = new Promise<void>((resolve) => {
          locked = resolve;
        });
        const privacy = createPrivacyRepository(db());
        const erasing = db().transaction(async (tx) => {
          const visits = await privacy.lockVisits(
            customer.companyId,
            { customerId: customer.customerId },
            tx,
          );
          await privacy.anonymiseAndPublish(
            customer.companyId,
            visits.waitIds,
            { boardTopic: topics.board('demo'), waitTopicPrefix: topics.wait(''), leaveFrom: ['waiting'] },
            tx,
          );
          await privacy.deleteChats(customer.companyId, visits, tx);
          await privacy.eraseTexts(customer.companyId, { ...visits, phoneNumbers: [] }, tx);
          locked();
          await held;
        });
        await isLocked;
        const writing = staffMessage();
        // The message waits for the erase's lock (it does today through its foreign key).
        await expect
          .poll(() =>
            count(
              "select 1 from pg_stat_activity where wait_event_type = 'Lock' and query like '%chat_messages%'",
              [],
            ),
          )
          .toBe(1);
        release();
        await erasing;
        expect(await writing).toBeNull();
      } else {
        expect((await forgetMe(customer)).statusCode).toBe(200);
        expect(await staffMessage()).toBeNull();
      }
      expect(await chatCount(customer)).toBe(0);
      expect(await textsToThem()).toBe(0);
    });

    it('keeps a number that sent STOP opted out: a new visit is not texted', async () => {
      const customer = await joinAndChat();
      await db().query("insert into sms_opt_outs (phone_number, company_id) values ($1, 'demo')", [
        customer.phoneNumber,
      ]);
      expect((await forgetMe(customer)).statusCode).toBe(200);
      expect(
        await count("select 1 from sms_opt_outs where phone_number = $1 and company_id = 'demo'", [
          customer.phoneNumber,
        ]),
      ).toBe(1);
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/v1/companies/demo/wait-list',
        headers: { authorization: customer.authorization, 'idempotency-key': randomUUID() },
        payload: { serviceType: 'Facials', name: 'Back Again', phoneNumber: customer.phoneNumber },
      });
      expect(again.statusCode).toBe(201);
      expect(again.json()).toMatchObject({ textSent: false });
    });
  });

  describe("the owner's Customers tools", () => {
    it('finds a number typed any way at their own business, lists its visits and exports them', async () => {
      const customer = await joinAndChat();
      const digits = customer.phoneNumber.slice(2);
      const typed = `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
      const found = customerLookupResponseSchema.parse((await ownerCall(owner, 'look-up', typed)).json());
      expect(found).toMatchObject({ phoneNumber: customer.phoneNumber, optedOut: false });
      expect(found.visits).toEqual([
        expect.objectContaining({ waitId: customer.waitId, name: customer.name, serviceType: 'Facials' }),
      ]);

      const exported = await ownerCall(owner, 'export', customer.phoneNumber);
      expect(exported.statusCode).toBe(200);
      expect(exported.headers['content-disposition']).toContain('attachment');
      const data = exported.json();
      expect(data.visits).toEqual([
        expect.objectContaining({ waitId: customer.waitId, name: customer.name }),
      ]);
      expect(data.chatMessages).toEqual([expect.objectContaining({ message: 'Hello', sender: 'customer' })]);
      expect(data.textMessages.length).toBeGreaterThan(0);

      expectApiError(await ownerCall(owner, 'look-up', '555-01'), 400, 'VALIDATION_FAILED');
    });

    it('exports the devices the erase would stop notifying, and the request of a visit', async () => {
      const customer = await joinAndChat();
      await subscribePush(customer);
      const data = (await ownerCall(owner, 'export', customer.phoneNumber)).json();
      expect(data.pushSubscriptions).toEqual([{ subscribedAt: expect.any(String) }]);
      expect(data.visits[0]).toHaveProperty('requestDeadline');
    });

    it('takes a US number typed any way, and refuses one with more digits rather than act on a shorter one', async () => {
      const customer = await joinAndChat();
      const digits = customer.phoneNumber.slice(2);
      for (const typed of [
        `+1 ${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`,
        `1-${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`,
        `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6)}`,
        ` ${digits} `,
      ]) {
        const found = customerLookupResponseSchema.parse((await ownerCall(owner, 'look-up', typed)).json());
        expect(found.visits.map((visit) => visit.waitId)).toEqual([customer.waitId]);
      }
      // A digit too many, or another country's number, starts with this customer's 10 digits: each
      // is someone else, and an erase must not reach this customer.
      for (const typed of [`+1 ${digits}9`, `${digits}9`, `+44 ${digits}`, `+1 1 ${digits}`]) {
        for (const action of ['look-up', 'export', 'erase'] as const)
          expectApiError(await ownerCall(owner, action, typed), 400, 'VALIDATION_FAILED');
      }
      expect(await entry(customer.waitId)).toMatchObject({ name: customer.name });
    });

    it('exports the appointments booked with the number too', async () => {
      const customer = await joinAndChat();
      const [provider] = await listProviders(db(), 'demo');
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      const booked = await t.app.inject({
        method: 'POST',
        url: '/api/v1/staff/appointments',
        headers: owner.headers,
        payload: {
          name: customer.name,
          phoneNumber: customer.phoneNumber,
          serviceType: 'Facials',
          providerId: provider!.id,
          date: tomorrow,
          time: '10:00',
        },
      });
      expect(booked.statusCode, booked.body).toBe(201);
      const exported = (await ownerCall(owner, 'export', customer.phoneNumber)).json();
      expect(exported.appointments).toEqual([
        expect.objectContaining({ name: customer.name, phoneNumber: customer.phoneNumber, status: 'booked' }),
      ]);
      expect((await ownerCall(otherOwner, 'export', customer.phoneNumber)).json().appointments).toEqual([]);
      // The erase empties and cancels it (appointments.md).
      await ownerCall(owner, 'erase', customer.phoneNumber);
      expect((await ownerCall(owner, 'export', customer.phoneNumber)).json().appointments).toEqual([]);
    });

    it("finds, exports and erases nothing of another business's customers", async () => {
      const customer = await joinAndChat();
      const lookUp = customerLookupResponseSchema.parse(
        (await ownerCall(otherOwner, 'look-up', customer.phoneNumber)).json(),
      );
      expect(lookUp.visits).toEqual([]);
      const exported = (await ownerCall(otherOwner, 'export', customer.phoneNumber)).json();
      expect(exported.visits).toEqual([]);
      expect(exported.chatMessages).toEqual([]);
      expect(exported.textMessages).toEqual([]);
      expect((await ownerCall(otherOwner, 'erase', customer.phoneNumber)).json()).toEqual({ erased: 0 });
      expect(await entry(customer.waitId)).toMatchObject({ name: customer.name });
      expect(await chatCount(customer)).toBe(1);
    });

    it('erases every visit of the number at their business, as Forget me does', async () => {
      const first = await joinAndChat();
      const second = await joinAndChat('demo', first.phoneNumber);
      await queueText(second);
      const erased = await ownerCall(owner, 'erase', first.phoneNumber);
      expect(erased.json()).toEqual({ erased: 2 });
      for (const visit of [first, second]) {
        expect(await entry(visit.waitId)).toMatchObject({
          name: '',
          phone_number: null,
          status: 'cancelled',
        });
        expect(await chatCount(visit)).toBe(0);
      }
      expect(
        await count("select 1 from sms_messages where wait_id = $1 and status = 'queued'", [second.waitId]),
      ).toBe(0);
      expect(
        customerLookupResponseSchema.parse((await ownerCall(owner, 'look-up', first.phoneNumber)).json())
          .visits,
      ).toEqual([]);
    });

    it('erases what the export shows of a number whose visits were already anonymised', async () => {
      await db().query("update companies set retention_days = 30 where id = 'demo'");
      const customer = await joinAndChat();
      // The customer texts HELP: the answer is the business's text to the number, of no visit.
      const help = await t.app.inject({
        method: 'POST',
        url: '/api/v1/staff/sms/reply',
        headers: owner.headers,
        payload: { phoneNumber: customer.phoneNumber, body: 'HELP' },
      });
      expect(help.statusCode).toBe(201);
      await age(customer, 31);
      await createPrivacyService({ db: db(), eventLog: noFlush }).runRetention();
      const exportedTexts = async () =>
        (await ownerCall(owner, 'export', customer.phoneNumber)).json().textMessages as unknown[];
      expect(await exportedTexts()).not.toEqual([]);

      expect((await ownerCall(owner, 'erase', customer.phoneNumber)).statusCode).toBe(200);
      expect(await exportedTexts()).toEqual([]);
      expect(
        await count("select 1 from sms_messages where phone_number = $1 and body <> ''", [
          customer.phoneNumber,
        ]),
      ).toBe(0);
    });

    it('refuses the front desk and providers', async () => {
      const customer = await joinAndChat();
      for (const credentials of [DEMO_FRONT_DESK, DEMO_PROVIDER]) {
        const session = await signInStaff(t.app, credentials);
        for (const action of ['look-up', 'export', 'erase'] as const)
          expectApiError(await ownerCall(session, action, customer.phoneNumber), 403, 'ROLE_NOT_ALLOWED');
      }
      expect(await entry(customer.waitId)).toMatchObject({ name: customer.name });
    });
  });

  describe('the retention setting', () => {
    const address = {
      name: 'Demo Salon',
      street: '1 Main St',
      city: 'Springfield',
      state: 'IL',
      zip: '62701',
    };
    const put = (body: object) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v1/staff/settings/company',
        headers: otherOwner.headers,
        payload: body,
      });

    it('defaults to 90 days, saves whole days from 1 to 3650 and refuses the rest in words', async () => {
      const settings = () =>
        t.app.inject({ url: '/api/v1/staff/settings', headers: otherOwner.headers }).then((r) => r.json());
      expect(businessSettingsSchema.parse(await settings()).retentionDays).toBe(90);
      for (const [days, message] of [
        [0, 'At least 1 day'],
        [3651, 'At most 3650 days (10 years)'],
        [1.5, 'Enter whole days'],
        ['30', 'Enter the days as a number'],
      ] as const) {
        const refused = await put({ ...address, retentionDays: days });
        expect(expectApiError(refused, 400, 'VALIDATION_FAILED')).toMatchObject({
          field: 'retentionDays',
          message,
        });
      }
      expect((await put({ ...address, retentionDays: 30 })).json()).toMatchObject({ retentionDays: 30 });
      // Left out, it stays.
      expect((await put(address)).json()).toMatchObject({ retentionDays: 30 });
      await expect(
        db().query('update companies set retention_days = 0 where id = $1', [other.companyId]),
      ).rejects.toThrow();
    });
  });
});

describe.each(databaseKinds)('the server log, on %s', (kind) => {
  it("keeps no customer's number from a text that failed: Twilio's reason names it", async () => {
    const database = await openTestDatabase(kind);
    try {
      await seedDemoCompany(database.db);
      const phoneNumber = '+14155550199';
      await database.db.query(
        `insert into sms_messages (id, company_id, direction, kind, phone_number, body, status)
         values ($1, 'demo', 'outbound', 'called', $2, 'Your turn', 'queued')`,
        [randomUUID(), phoneNumber],
      );
      const sender = createRecordingSmsSender();
      sender.failNextTo(
        phoneNumber,
        new SmsSendError(
          `Twilio answered 400 (21211): The 'To' number ${phoneNumber} is not a valid phone number.`,
          false,
        ),
      );
      const lines: string[] = [];
      const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
      const worker = createSmsWorker({ sms: createSmsRepository(database.db), sender, logger });
      await worker.drain();
      await worker.stop();

      expect(lines.join('')).toContain('text message failed');
      expect(lines.join('')).toContain('21211');
      expect(lines.join('')).not.toContain(phoneNumber.slice(2));
    } finally {
      await database.close();
    }
  });
});
