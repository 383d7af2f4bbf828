import { createECDH, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createNearTurnRepository } from '../../src/server/features/near-turn/near-turn.repository.ts';
import { createNearTurnService } from '../../src/server/features/near-turn/near-turn.service.ts';
import type { PushMessage, PushSender } from '../../src/server/push/push-sender.ts';
import { DEMO_FRONT_DESK } from '../../src/server/seed/demo.ts';
import { LANGUAGES } from '../../src/shared/languages.ts';
import { type NearTurnChoice, waitEntryResponseSchema } from '../../src/shared/schemas.ts';
import { businessSettingsSchema } from '../../src/shared/staff-schemas.ts';
import { expectApiError } from '../support/api-error.ts';
import { getWaitEntry, type JoinedCustomer, joinAsNewCustomer } from '../support/customer.ts';
import {
  createBusiness,
  type StaffSession,
  signInStaff,
  staffAction,
  type TestBusiness,
} from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { databaseKinds } from '../support/test-database.ts';

/** A wording the statement takes: the same words for every language (sms-texts.ts wordingByLanguage). */
const inEveryLanguage = (text: string) =>
  JSON.stringify(Object.fromEntries(LANGUAGES.map((language) => [language, text])));

const MINUTE = 60_000;
/** The check follows the line's events; the "about 15 minutes" sweep runs every 5 seconds. */
const SWEEP = { timeout: 30_000, interval: 100 };
/** Bella's default words for "when 2 ahead" (the near-turn text the first tests expect). */
const TWO_AHEAD_TEXT = "Bella Demo Salon: you're almost up, 2 ahead of you. Please head back now.";

let phoneCounter = 0;
const freshPhone = () => `+1646555${String(5000 + ++phoneCounter)}`;

/** Issue 24 item 1: "Text me when I'm N away" (docs/near-turn.md). */
describe.each(databaseKinds)('near turn, on %s', (kind) => {
  let t: TestApp;
  // The businesses' clock: the estimate's "now". Near the real time, since services are dated by
  // the database's clock.
  let now = Date.now();
  let owner: StaffSession;
  let desk: StaffSession;
  let other: TestBusiness;
  /** What the Web Push driver was asked to deliver. */
  const pushed: { endpoint: string; message: PushMessage }[] = [];
  const pushSender: PushSender = {
    async send(subscription, message) {
      pushed.push({ endpoint: subscription.endpoint, message });
      return 'sent';
    },
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { clock: () => now, pushSender });
    owner = await signInStaff(t.app);
    desk = await signInStaff(t.app, DEMO_FRONT_DESK);
    other = await createBusiness(t.database.db, { name: 'Other Salon', services: ['Facials'] });
  });
  afterAll(async () => t?.close());
  beforeEach(async () => {
    now = Date.now();
    // Each test starts with an empty line and the business's default of "when 2 ahead".
    await t.database.db.query(`update wait_entries set status = 'done' where status = 'waiting'`);
    await t.database.db.query(`update companies set near_turn_default = 'ahead_2'`);
  });

  const db = () => t.database.db;
  const join = (
    name: string,
    overrides: { allowSms?: boolean; phoneNumber?: string } = {},
    companyId = 'demo',
  ) =>
    joinAsNewCustomer(
      t,
      { name, serviceType: 'Facials', phoneNumber: freshPhone(), ...overrides },
      companyId,
    );
  const choose = (customer: JoinedCustomer, choice: unknown, authorization = customer.authorization) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v1/companies/${customer.companyId}/wait-list/${customer.waitId}/near-turn`,
      headers: { authorization },
      payload: { choice },
    });
  const chosen = async (customer: JoinedCustomer, choice: NearTurnChoice) => {
    const response = await choose(customer, choice);
    expect(response.statusCode, response.body).toBe(200);
    return waitEntryResponseSchema.parse(response.json());
  };
  const view = (customer: JoinedCustomer) =>
    getWaitEntry(t.app, customer.authorization, customer.waitId, customer.companyId);
  const nearTexts = async (customer: JoinedCustomer) =>
    (
      await db().query<{ body: string; status: string; event_key: string; last_error: string | null }>(
        `select body, status, event_key, last_error from sms_messages
          where wait_id = $1 and kind = 'near_turn' order by created_at`,
        [customer.waitId],
      )
    ).rows;
  /** Waits for the customer's one "near" text, and checks it went out saying `body`. */
  const expectOneNearText = async (customer: JoinedCustomer, body: string) => {
    await expect.poll(async () => (await nearTexts(customer)).length, SWEEP).toBe(1);
    expect(await nearTexts(customer)).toEqual([
      { body, status: 'sent', event_key: `near:${customer.waitId}`, last_error: null },
    ]);
  };
  const act = async (customer: JoinedCustomer, action: string) => {
    const response = await staffAction(t.app, desk, customer.waitId, action);
    expect(response.statusCode, response.body).toBe(200);
  };
  /** Everyone in the demo line but these hears nothing (keeps each test about its customers). */
  const quiet = async (...customers: JoinedCustomer[]) => {
    for (const customer of customers) await chosen(customer, 'off');
  };

  it("saves the customer's choice on their own entry only, and refuses one it does not know", async () => {
    const [ana, ben] = [await join('Ana'), await join('Ben')];
    await quiet(ana);
    expect((await view(ben)).nearTurn).toEqual({
      choice: 'ahead_2',
      chosen: false,
      toldAt: null,
      texted: false,
    });

    // One ahead: "when I'm next" is not met yet.
    expect((await chosen(ben, 'next')).nearTurn).toMatchObject({
      choice: 'next',
      chosen: true,
      toldAt: null,
    });
    expect((await view(ben)).nearTurn).toMatchObject({ choice: 'next', chosen: true, toldAt: null });

    const bad = expectApiError(await choose(ben, 'ahead_4'), 400, 'VALIDATION_FAILED');
    expect(bad.message).toBe('Choose when we should text you');
    expectApiError(await choose(ben, undefined), 400, 'VALIDATION_FAILED');
    // Someone else's entry, and this entry named under another business: as a missing one, unchanged.
    expectApiError(await choose(ben, 'ahead_3', ana.authorization), 404, 'WAIT_ENTRY_NOT_FOUND');
    expectApiError(
      await choose({ ...ben, companyId: other.companyId }, 'ahead_5'),
      404,
      'WAIT_ENTRY_NOT_FOUND',
    );
    expect((await view(ben)).nearTurn.choice).toBe('next');
  });

  it('texts once when the line moves them to N ahead, and the choice is final after it', async () => {
    const [ana, ben, cy, dee] = [await join('Ana'), await join('Ben'), await join('Cy'), await join('Dee')];
    await quiet(ana, ben, cy);
    await chosen(dee, 'ahead_2');
    // Three ahead: not yet.
    expect((await view(dee)).nearTurn.toldAt).toBeNull();
    expect(await nearTexts(dee)).toEqual([]);

    await act(ana, 'call');
    await expectOneNearText(dee, TWO_AHEAD_TEXT);
    const told = (await view(dee)).nearTurn;
    expect(told).toMatchObject({ choice: 'ahead_2', texted: true });
    expect(told.toldAt).not.toBeNull();
    expectApiError(await choose(dee, 'next'), 409, 'NEAR_TURN_ALREADY_TOLD');

    // The line moves again: Eve (behind Dee) hears, Dee does not hear twice.
    const eve = await join('Eve');
    await chosen(eve, 'ahead_2');
    await act(ana, 'done');
    await act(ben, 'start');
    await expect.poll(async () => (await nearTexts(eve)).length, SWEEP).toBe(1);
    expect(await nearTexts(dee)).toHaveLength(1);
    expect((await view(dee)).nearTurn.toldAt).toBe(told.toldAt);
  });

  it('texts "N ahead" when the line has no estimate (nobody on the floor: no minutes to say)', async () => {
    // Every provider off: the plan has positions but no minutes. PostgreSQL's replace() with a
    // NULL replacement makes the whole body NULL, which failed every check of this line.
    await db().query(`update providers set floor_state = 'off' where company_id = 'demo'`);
    try {
      const [ana, ben, cy, dee] = [await join('Ana'), await join('Ben'), await join('Cy'), await join('Dee')];
      await quiet(ana, ben, cy);
      await chosen(dee, 'ahead_2');
      await act(ana, 'call');
      await expectOneNearText(dee, TWO_AHEAD_TEXT);
      // Through the repository too: a candidate without minutes gets the "ahead" words, not NULL.
      const eve = await join('Eve');
      const told = await createNearTurnRepository(db(), 'sent').tellThoseReached(
        'demo',
        [{ waitId: eve.waitId, ahead: 3, minutesToSay: null, met: ['ahead_2', 'ahead_3'] }],
        {
          next: inEveryLanguage('next'),
          ahead: inEveryLanguage('{business}: {ahead} ahead'),
          minutes: inEveryLanguage('{business}: {minutes} min'),
        },
        'wait:',
      );
      expect(told.map((one) => one.body)).toEqual(['Bella Demo Salon: 3 ahead']);
    } finally {
      await db().query(`update providers set floor_state = 'on_floor' where company_id = 'demo'`);
    }
  });

  it('sends no "near" text to an entry called before its choice was met (the call tells them)', async () => {
    const [ana, ben, cy, dee] = [await join('Ana'), await join('Ben'), await join('Cy'), await join('Dee')];
    await quiet(ana, ben, cy);
    await chosen(dee, 'next');
    const eve = await join('Eve');
    await chosen(eve, 'ahead_3');
    // Dee is called out of turn: Eve now has three ahead and hears; Dee, called, does not.
    await act(dee, 'call');
    await expect.poll(async () => (await nearTexts(eve)).length, SWEEP).toBe(1);
    expect(await nearTexts(dee)).toEqual([]);
    expect((await view(dee)).nearTurn.toldAt).toBeNull();
    expectApiError(await choose(dee, 'ahead_5'), 409, 'NO_LONGER_WAITING');
  });

  it('a check that read the line before a call, or a request not in line yet, tells nobody', async () => {
    const [ana, ben] = [await join('Ana'), await join('Ben')];
    await act(ana, 'call');
    await db().query("update wait_entries set request_status = 'pending' where id = $1", [ben.waitId]);
    // As a plan made before the call would have them: both next, every choice met.
    const told = await createNearTurnRepository(db()).tellThoseReached(
      'demo',
      [ana, ben].map((customer) => ({
        waitId: customer.waitId,
        ahead: 0,
        minutesToSay: 5,
        met: ['next', 'ahead_2', 'ahead_3', 'ahead_5', 'minutes_15'] as const,
      })),
      { next: inEveryLanguage('next'), ahead: inEveryLanguage('ahead'), minutes: inEveryLanguage('minutes') },
      'wait:',
    );
    expect(told).toEqual([]);
    expect([...(await nearTexts(ana)), ...(await nearTexts(ben))]).toEqual([]);
  });

  it('a check that runs late tells those in line at the move, not someone who joined after it', async () => {
    // The relay keeps a change's own time on its events: Ana's call is numbered with the call's time.
    const [ana, ben] = [await join('Ana'), await join('Ben')];
    await quiet(ana);
    await act(ana, 'call');
    const calledAt = async () =>
      (
        await db().query<{ moved: Date; changed: Date }>(
          `select e.created_at as moved, w.updated_at as changed
             from realtime_events e join wait_entries w on w.id = (e.data->>'waitId')::uuid
            where e.topic = 'board:demo' and e.data->>'waitId' = $1 and e.data->>'status' = 'called'`,
          [ana.waitId],
        )
      ).rows;
    await expect.poll(async () => (await calledAt()).length, SWEEP).toBe(1);
    const [call] = await calledAt();
    expect(call!.moved.getTime()).toBe(call!.changed.getTime());
    await expectOneNearText(
      ben,
      "Bella Demo Salon: you're next! Please head back now so you don't miss your turn.",
    );

    // A move of the line (written here, with the database's time) between Cy's join and Dee's.
    const cy = await join('Cy');
    const seq = 1_000_000_000 + phoneCounter;
    await db().query(
      `insert into realtime_events (topic, seq, type, data) values ('board:demo', $1, 'entry.upserted', '{}')`,
      [seq],
    );
    const dee = await join('Dee');
    // Its check runs only now, as a busy relay or a slow process would: both stand within
    // "2 ahead" in the plan it reads, but Dee joined after the move and hears at the next one.
    const nearTurn = createNearTurnService({
      nearTurn: createNearTurnRepository(db(), 'sent'),
      linePlan: {
        nearTheFront: async () => [
          { waitId: cy.waitId, ahead: 1, minutes: null },
          { waitId: dee.waitId, ahead: 2, minutes: null },
        ],
      },
      waitList: { findById: async () => null },
      entries: { getOwnWaitEntry: async () => expect.fail('not asked') },
      eventLog: { flushSoon: () => {} },
      sms: { kick: () => {} },
      push: { notify: () => {} },
      logger: t.app.log,
      settleMs: 0,
    });
    nearTurn.lineEvents([{ topic: 'board:demo', seq, type: 'entry.upserted', data: { status: 'called' } }]);
    await nearTurn.stop();
    await expectOneNearText(cy, "Bella Demo Salon: you're almost up, 1 ahead of you. Please head back now.");
    expect(await nearTexts(dee)).toEqual([]);
    expect((await view(dee)).nearTurn.toldAt).toBeNull();
  });

  it('tells but does not text an entry without texts, or a number that opted out', async () => {
    const quietOne = await join('Ana', { allowSms: false });
    const optedOutPhone = freshPhone();
    await db().query("insert into sms_opt_outs (phone_number, company_id) values ($1, 'demo')", [
      optedOutPhone,
    ]);
    const optedOut = await join('Ben', { phoneNumber: optedOutPhone });
    // Each choice is met when it is made (next; one ahead of two), so each is told at once.
    expect((await chosen(quietOne, 'next')).nearTurn).toMatchObject({
      texted: false,
      toldAt: expect.any(String),
    });
    expect((await chosen(optedOut, 'ahead_2')).nearTurn).toMatchObject({
      texted: false,
      toldAt: expect.any(String),
    });
    expect(await nearTexts(quietOne)).toEqual([]);
    expect(await nearTexts(optedOut)).toEqual([]);
  });

  it("applies the business's default (the owner's, in Settings) to customers who did not choose", async () => {
    const settings = businessSettingsSchema.parse(
      (await t.app.inject({ url: '/api/v1/staff/settings', headers: owner.headers })).json(),
    );
    expect(settings.nearTurnDefault).toBe('ahead_2');
    const company = {
      name: settings.name,
      street: settings.street,
      city: settings.city,
      state: settings.state,
      zip: settings.zip,
    };
    const put = (session: StaffSession, payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v1/staff/settings/company',
        headers: session.headers,
        payload,
      });
    expectApiError(await put(owner, { ...company, nearTurnDefault: 'soon' }), 400, 'VALIDATION_FAILED');
    expectApiError(await put(desk, { ...company, nearTurnDefault: 'next' }), 403, 'ROLE_NOT_ALLOWED');
    const saved = await put(owner, { ...company, nearTurnDefault: 'next' });
    expect(businessSettingsSchema.parse(saved.json()).nearTurnDefault).toBe('next');

    const [ana, ben, cy] = [await join('Ana'), await join('Ben'), await join('Cy')];
    await quiet(ana);
    expect((await view(ben)).nearTurn).toMatchObject({ choice: 'next', chosen: false });
    await act(ana, 'call');
    await expect.poll(async () => (await nearTexts(ben)).length, SWEEP).toBe(1);
    expect((await nearTexts(ben))[0]!.body).toBe(
      "Bella Demo Salon: you're next! Please head back now so you don't miss your turn.",
    );
    // Cy, one ahead, is not next: the default of "next" is not met.
    expect(await nearTexts(cy)).toEqual([]);
  });

  it('"about 15 minutes" is met as time passes, with nobody moving the line', async () => {
    const business = await createBusiness(t.database.db, { services: ['Facials'] });
    const ana = await join('Ana', {}, business.companyId);
    const ben = await join('Ben', {}, business.companyId);
    const owner2 = await signInStaff(t.app, business.owner);
    const start = await staffAction(t.app, owner2, ana.waitId, 'start');
    expect(start.statusCode, start.body).toBe(200);
    // Ben is next, but Ana's facial (one provider) has about 30 minutes to go.
    const waiting = await chosen(ben, 'minutes_15');
    expect(waiting.estimatedWaitMinutes).toBeGreaterThan(15);
    expect(waiting.nearTurn.toldAt).toBeNull();

    now += 25 * MINUTE;
    await expect.poll(async () => (await nearTexts(ben)).length, SWEEP).toBe(1);
    expect((await nearTexts(ben))[0]!.body).toMatch(
      new RegExp(`^${business.name}: your turn is about (5|10|15) min away\\. Please head back now\\.$`),
    );
  });

  it('is bound by the texting limits like every other text (kept as blocked, the page says no text came)', async () => {
    const [ana, ben] = [await join('Ana'), await join('Ben')];
    await quiet(ana);
    // The business's day's budget is spent.
    await db().query(
      `insert into sms_daily_counts (company_id, day, texts)
       select c.id, (now() at time zone c.time_zone)::date, 0 from companies c where c.id = 'demo'
       on conflict do nothing`,
    );
    const { rows } = await db().query<{ limit: number }>(
      'select texts_per_business_per_day as "limit" from texting_limits',
    );
    await db().query('update texting_limits set texts_per_business_per_day = 0');
    try {
      const entry = await chosen(ben, 'ahead_2');
      expect(entry.nearTurn).toMatchObject({ texted: false, toldAt: expect.any(String) });
      expect(await nearTexts(ben)).toEqual([
        expect.objectContaining({
          status: 'blocked',
          last_error: "Not sent: the business's limit of 0 texts a day was reached.",
        }),
      ]);
    } finally {
      await db().query('update texting_limits set texts_per_business_per_day = $1', [rows[0]!.limit]);
    }
  });

  it('also notifies the phone by Web Push when the customer turned it on', async () => {
    const [ana, ben] = [await join('Ana'), await join('Ben')];
    await quiet(ana);
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const endpoint = `https://push.checkn.invalid/${ben.waitId}`;
    const subscribed = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/companies/demo/push-subscription',
      headers: { authorization: ben.authorization },
      payload: {
        endpoint,
        keys: {
          p256dh: ecdh.getPublicKey().toString('base64url'),
          auth: randomBytes(16).toString('base64url'),
        },
      },
    });
    expect(subscribed.statusCode, subscribed.body).toBeLessThan(300);
    await chosen(ben, 'ahead_2');
    await expect
      .poll(() => pushed.filter((one) => one.endpoint === endpoint), SWEEP)
      .toEqual([
        {
          endpoint,
          message: {
            title: 'Bella Demo Salon',
            body: "You're almost up, 1 ahead of you. Please head back now.",
            url: `/demo/checked-in?waitId=${ben.waitId}`,
            tag: `wait-${ben.waitId}`,
          },
        },
      ]);
  });
});
