import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_FRONT_DESK, DEMO_OWNER, DEMO_PROVIDER } from '../../src/server/seed/demo.ts';
import { createRecordingSmsSender } from '../../src/server/sms/sms-sender.ts';
import { instantAt } from '../../src/shared/local-time.ts';
import { apiErrorSchema, walkInLandingSchema } from '../../src/shared/schemas.ts';
import { boardIntakeSchema, type IntakeSettingsRequest } from '../../src/shared/staff-schemas.ts';
import { getWaitEntry, joinAsNewCustomer } from '../support/customer.ts';
import { buildJoinRequest, idempotencyKey } from '../support/factories.ts';
import { createBusiness, listProviders, type StaffSession, signInStaff } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { databaseKinds } from '../support/test-database.ts';

/** The demo business's zone (seed/demo.ts). */
const ZONE = 'America/Chicago';
const at = (date: string, time: string) => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return instantAt(date, h * 60 + m, ZONE);
};
const MONDAY_TO_FRIDAY_9_TO_5: IntakeSettingsRequest = {
  openingHours: {
    weekly: [[], ...Array(5).fill([{ opens: '09:00', closes: '17:00' }]), []],
    specialDays: [],
    lastCallMinutes: 30,
  },
  maxWaiting: null,
  maxWaitMinutes: null,
};

describe.each(databaseKinds)('when the business takes walk-ins, on %s', (kind) => {
  let t: TestApp;
  let now = at('2026-11-27', '10:00'); // a Friday
  let owner: StaffSession;
  let desk: StaffSession;
  let provider: StaffSession;
  const sender = createRecordingSmsSender();

  beforeAll(async () => {
    t = await createTestApp(kind, { smsSender: sender, clock: () => now });
    owner = await signInStaff(t.app, DEMO_OWNER);
    desk = await signInStaff(t.app, DEMO_FRONT_DESK);
    provider = await signInStaff(t.app, DEMO_PROVIDER);
  });
  afterAll(async () => t?.close());
  beforeEach(async () => {
    now = at('2026-11-27', '10:00');
    await saveIntake(MONDAY_TO_FRIDAY_9_TO_5);
    await t.app.inject({ method: 'DELETE', url: '/api/v1/staff/pause', headers: desk.headers });
    await t.database.db.query(
      `update wait_entries set status = 'done' where company_id = 'demo' and status = 'waiting'`,
    );
  });

  const saveIntake = async (settings: IntakeSettingsRequest, session = owner) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/v1/staff/settings/intake',
      headers: session.headers,
      payload: settings,
    });
  const landing = async () =>
    walkInLandingSchema.parse((await t.app.inject({ url: '/api/v1/companies/demo/walk-in' })).json());
  const join = async (key = idempotencyKey(), authorization?: string) => {
    const customer = authorization ?? (await t.signIn()).authorization;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/companies/demo/wait-list',
      headers: { authorization: customer, 'idempotency-key': key },
      payload: buildJoinRequest({ name: 'Hours Tester', phoneNumber: '+14155550150' }),
    });
    return { response, authorization: customer };
  };
  const countEntries = async () =>
    Number(
      (
        await t.database.db.query<{ n: number }>(
          `select count(*)::int as n from wait_entries where company_id = 'demo'`,
        )
      ).rows[0]!.n,
    );
  const textsCountedToday = async () =>
    Number(
      (
        await t.database.db.query<{ n: number }>(
          `select coalesce(sum(texts), 0)::int as n from sms_daily_counts where company_id = 'demo'`,
        )
      ).rows[0]!.n,
    );
  // The board's bar, as every role (a provider too) reads it.
  const boardIntake = async () =>
    boardIntakeSchema.parse(
      (await t.app.inject({ url: '/api/v1/staff/intake', headers: provider.headers })).json(),
    );

  it('is open around the clock until the owner sets hours, and the board says so', async () => {
    expect(
      (await saveIntake({ openingHours: null, maxWaiting: null, maxWaitMinutes: null })).statusCode,
    ).toBe(200);
    now = at('2026-11-29', '03:00'); // a Sunday, 3 a.m.
    expect((await landing()).walkInsStopped).toBeNull();
    expect((await join()).response.statusCode).toBe(201);
    expect(await boardIntake()).toEqual({
      walkInsStopped: null,
      pause: null,
      hoursSet: false,
      runningBehindMinutes: 0,
    });
  });

  it('refuses a join outside the hours with the reason and the next opening, storing nothing', async () => {
    now = at('2026-11-28', '10:00'); // Saturday
    expect((await landing()).walkInsStopped).toEqual({
      reason: 'closed',
      title: 'Closed now',
      details: ['Opens Monday 9:00 AM'],
    });
    const before = await countEntries();
    // The texts written (the sender may still be sending an earlier test's, so not its count).
    const textRows = async () =>
      (await t.database.db.query(`select id from sms_messages where company_id = 'demo' order by id`)).rows;
    const textsBefore = await textRows();
    const { response } = await join();
    expect(response.statusCode).toBe(409);
    expect(apiErrorSchema.parse(response.json()).error).toMatchObject({
      code: 'WALK_INS_CLOSED',
      message: 'Closed now · Opens Monday 9:00 AM',
    });
    expect(await countEntries()).toBe(before);
    expect(await textRows()).toEqual(textsBefore);
  });

  it("says why in the reader's language: the landing, a provider's link and the refusal", async () => {
    now = at('2026-11-28', '10:00'); // Saturday
    const spanish = { 'accept-language': 'es-MX,es;q=0.9' };
    const landingResponse = await t.app.inject({ url: '/api/v1/companies/demo/walk-in', headers: spanish });
    expect(walkInLandingSchema.parse(landingResponse.json()).walkInsStopped).toEqual({
      reason: 'closed',
      title: 'Cerrado en este momento',
      details: ['Abre el lunes a las 9:00 a.m.'],
    });
    // A cache keeps one answer per language.
    expect(landingResponse.headers.vary).toMatch(/accept-language/i);
    const [maria] = await listProviders(t.database.db, 'demo');
    const link = await t.app.inject({
      url: `/api/v1/companies/demo/providers/${maria!.id}`,
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(link.json().walkInsStopped).toMatchObject({
      title: '现在不营业',
      details: ['星期一9:00开始营业'],
    });
    const { authorization } = await t.signIn();
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/companies/demo/wait-list',
      headers: { authorization, 'idempotency-key': idempotencyKey(), ...spanish },
      payload: buildJoinRequest({ name: 'Hours Tester', phoneNumber: '+14155550150' }),
    });
    expect(apiErrorSchema.parse(refused.json()).error).toMatchObject({
      code: 'WALK_INS_CLOSED',
      message: 'Cerrado en este momento · Abre el lunes a las 9:00 a.m.',
    });
    // English, as before, for an English reader and for one whose language is none of CheckN's.
    for (const language of ['en-US', 'fr']) {
      const english = await t.app.inject({
        url: '/api/v1/companies/demo/walk-in',
        headers: { 'accept-language': language },
      });
      expect(english.json().walkInsStopped.title).toBe('Closed now');
    }
  });

  it("says it on the board's bar in the console's language of the reader", async () => {
    now = at('2026-11-28', '10:00'); // Saturday
    const barIn = async (language: string) => {
      const response = await t.app.inject({
        url: '/api/v1/staff/intake',
        headers: { ...provider.headers, 'accept-language': language },
      });
      expect(response.headers.vary).toMatch(/accept-language/i);
      return boardIntakeSchema.parse(response.json()).walkInsStopped;
    };
    expect(await barIn('es-MX,es;q=0.9')).toEqual({
      reason: 'closed',
      title: 'Cerrado en este momento',
      details: ['Abre el lunes a las 9:00 a.m.'],
    });
    // The console speaks English to a Vietnamese reader, its bar too.
    expect((await barIn('vi'))?.title).toBe('Closed now');
    expect((await barIn('en-US'))?.title).toBe('Closed now');
    // Pausing and resuming answer with the bar, in the same words.
    now = at('2026-11-27', '10:00'); // Friday, open
    const paused = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/staff/pause',
      headers: { ...desk.headers, 'accept-language': 'es' },
      payload: {},
    });
    expect(boardIntakeSchema.parse(paused.json()).walkInsStopped).toMatchObject({
      reason: 'paused',
      title: 'La lista de espera está en pausa',
    });
    const behind = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/staff/running-behind',
      headers: { ...desk.headers, 'accept-language': 'es' },
      payload: { minutes: 0, textWaiting: false },
    });
    expect(behind.json().walkInsStopped.title).toBe('La lista de espera está en pausa');
    const resumed = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/staff/pause',
      headers: { ...desk.headers, 'accept-language': 'es' },
    });
    expect(boardIntakeSchema.parse(resumed.json()).walkInsStopped).toBeNull();
  });

  it("says it in the business's language to a reader who asks for none of CheckN's", async () => {
    const business = await createBusiness(t.database.db);
    // Before anything reads the business (the company cache).
    await t.database.db.query(`update companies set language = 'vi', time_zone = $2 where id = $1`, [
      business.companyId,
      ZONE,
    ]);
    await saveIntake(MONDAY_TO_FRIDAY_9_TO_5, await signInStaff(t.app, business.owner));
    now = at('2026-11-28', '10:00'); // Saturday
    const landingIn = async (headers: Record<string, string>) =>
      walkInLandingSchema.parse(
        (await t.app.inject({ url: `/api/v1/companies/${business.companyId}/walk-in`, headers })).json(),
      ).walkInsStopped;
    expect(await landingIn({})).toEqual({
      reason: 'closed',
      title: 'Hiện đang đóng cửa',
      details: ['Mở cửa lúc 9:00 Thứ Hai'],
    });
    expect((await landingIn({ 'accept-language': 'fr' }))?.title).toBe('Hiện đang đóng cửa');
    expect((await landingIn({ 'accept-language': 'en' }))?.title).toBe('Closed now');
  });

  it('refuses a service request to a named provider too, but the desk still adds a walk-in', async () => {
    now = at('2026-11-27', '18:00');
    const [maria] = await listProviders(t.database.db, 'demo');
    const { authorization } = await t.signIn();
    const request = await t.app.inject({
      method: 'POST',
      url: '/api/v1/functions/addClient',
      headers: { authorization, 'idempotency-key': idempotencyKey() },
      payload: {
        spId: maria!.id,
        spName: maria!.name,
        spSpeciality: '',
        companyId: 'demo',
        clientName: 'Late Request',
        clientPhoneNumber: '+14155550151',
      },
    });
    expect(request.statusCode).toBe(409);
    expect(request.json().error).toMatchObject({
      code: 'WALK_INS_CLOSED',
      message: 'Closed now · Opens Monday 9:00 AM',
    });
    const desks = await t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/walk-ins',
      headers: desk.headers,
      payload: { name: 'After Hours Guest', serviceType: 'Facials' },
    });
    expect(desks.statusCode).toBe(201);
  });

  it('stops walk-ins at the last call before closing, and says so', async () => {
    now = at('2026-11-27', '16:31');
    expect((await landing()).walkInsStopped).toEqual({
      reason: 'last_call',
      title: 'No more walk-ins today',
      details: ['Opens Monday 9:00 AM'],
    });
    expect((await join()).response.json().error.code).toBe('WALK_INS_CLOSED');
    now = at('2026-11-27', '16:29');
    expect((await join()).response.statusCode).toBe(201);
  });

  it('pauses and resumes from the board; those already waiting stay; a lost answer is still answered', async () => {
    const waiting = await joinAsNewCustomer(t);
    // A join whose answer was lost: its retry comes after the pause.
    const key = idempotencyKey();
    const first = await join(key);
    expect(first.response.statusCode).toBe(201);

    const paused = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/staff/pause',
      headers: desk.headers,
      payload: { message: 'Back from a short break', resumeInMinutes: 30 },
    });
    expect(paused.statusCode).toBe(200);
    expect(paused.json()).toMatchObject({
      walkInsStopped: {
        reason: 'paused',
        title: 'The wait list is paused',
        details: ['Back from a short break', 'Back at 10:30 AM'],
      },
      pause: { message: 'Back from a short break' },
    });
    expect((await landing()).walkInsStopped?.reason).toBe('paused');
    const refused = await join();
    expect(refused.response.json().error).toMatchObject({
      code: 'WALK_INS_PAUSED',
      message: 'The wait list is paused · Back from a short break · Back at 10:30 AM',
    });
    const retried = await join(key, first.authorization);
    expect(retried.response.statusCode).toBe(200);
    expect(retried.response.json().waitId).toBe(first.response.json().waitId);
    expect((await getWaitEntry(t.app, waiting.authorization, waiting.waitId)).status).toBe('waiting');
    // Every open board hears of it.
    const { rows } = await t.database.db.query(
      `select 1 from realtime_events where topic = 'board:demo' and type = 'intake.changed'
        union all select 1 from realtime_pending where topic = 'board:demo' and type = 'intake.changed'`,
    );
    expect(rows.length).toBeGreaterThan(0);

    // Resumes by itself at the time given.
    now = at('2026-11-27', '10:30');
    expect((await landing()).walkInsStopped).toBeNull();
    // Or when the staff resume it.
    await t.app.inject({ method: 'PUT', url: '/api/v1/staff/pause', headers: owner.headers, payload: {} });
    expect((await boardIntake()).walkInsStopped).toMatchObject({
      reason: 'paused',
      details: ['Please check again soon.'],
    });
    const resumed = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/staff/pause',
      headers: desk.headers,
    });
    expect(resumed.json()).toMatchObject({ walkInsStopped: null, pause: null, hoursSet: true });
    expect((await join()).response.statusCode).toBe(201);
  });

  it('lets only the owner and the front desk pause, and only the owner set hours', async () => {
    const byProvider = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/staff/pause',
      headers: provider.headers,
      payload: {},
    });
    expect(byProvider.json().error.code).toBe('ROLE_NOT_ALLOWED');
    expect((await saveIntake(MONDAY_TO_FRIDAY_9_TO_5, desk)).json().error.code).toBe('ROLE_NOT_ALLOWED');
    expect((await landing()).walkInsStopped).toBeNull();
  });

  it('is full at the owner’s cap of people waiting', async () => {
    await saveIntake({ ...MONDAY_TO_FRIDAY_9_TO_5, maxWaiting: 2 });
    await joinAsNewCustomer(t);
    await joinAsNewCustomer(t);
    expect((await landing()).walkInsStopped).toEqual({
      reason: 'full',
      title: 'The wait list is full right now',
      details: ['Please check again soon.'],
    });
    expect((await join()).response.json().error.code).toBe('WAIT_LIST_FULL');
  });

  it('shifts every estimate when running behind, says so, and texts everyone waiting once, in the budget', async () => {
    await saveIntake({ openingHours: null, maxWaiting: null, maxWaitMinutes: null });
    const first = await joinAsNewCustomer(t, { phoneNumber: '+14155550161' });
    const second = await joinAsNewCustomer(t, { phoneNumber: '+14155550162' });
    const before = await getWaitEntry(t.app, second.authorization, second.waitId);
    const budgetBefore = await textsCountedToday();
    const setBehind = (payload: object, session = desk) =>
      t.app.inject({ method: 'PUT', url: '/api/v1/staff/running-behind', headers: session.headers, payload });

    const set = await setBehind({ minutes: 15, textWaiting: true });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ runningBehindMinutes: 15, texted: 2 });
    const after = await getWaitEntry(t.app, second.authorization, second.waitId);
    expect(after.runningBehindMinutes).toBe(15);
    expect(after.estimatedWaitMinutes).toBe((before.estimatedWaitMinutes ?? 0) + 15);
    const { rows } = await t.database.db.query<{ body: string; phone: string }>(
      `select body, phone_number as phone from sms_messages where kind = 'running_behind' and wait_id = any($1::uuid[])
        order by phone_number`,
      [[first.waitId, second.waitId]],
    );
    expect(rows).toEqual([
      {
        phone: '+14155550161',
        body: "Bella Demo Salon: we're running about 15 minutes behind. You keep your place in line. Thank you for your patience!",
      },
      { phone: '+14155550162', body: expect.stringContaining('15 minutes behind') },
    ]);
    expect(await textsCountedToday()).toBe(budgetBefore + 2);
    // The same setting sent again (a double tap) texts nobody twice.
    expect((await setBehind({ minutes: 15, textWaiting: true })).json().texted).toBe(0);
    // Without the text, and back on time.
    now += 60_000;
    expect((await setBehind({ minutes: 20 })).json()).toMatchObject({ runningBehindMinutes: 20, texted: 0 });
    expect((await setBehind({ minutes: 0, textWaiting: true })).json()).toMatchObject({
      runningBehindMinutes: 0,
      texted: 0,
    });
    expect((await getWaitEntry(t.app, second.authorization, second.waitId)).estimatedWaitMinutes).toBe(
      before.estimatedWaitMinutes,
    );
    expect((await setBehind({ minutes: 15 }, provider)).json().error.code).toBe('ROLE_NOT_ALLOWED');
    expect((await setBehind({ minutes: 241 })).statusCode).toBe(400);
  });

  it('refuses hours that cannot be: overlapping ranges, a bad time, not seven days', async () => {
    const overlapping = await saveIntake({
      ...MONDAY_TO_FRIDAY_9_TO_5,
      openingHours: {
        ...MONDAY_TO_FRIDAY_9_TO_5.openingHours!,
        weekly: [
          [],
          [
            { opens: '09:00', closes: '14:00' },
            { opens: '13:00', closes: '18:00' },
          ],
          [],
          [],
          [],
          [],
          [],
        ],
      },
    });
    expect(overlapping.statusCode).toBe(400);
    expect(overlapping.json().error.message).toBe('Ranges must be in order and must not overlap');
    const badTime = await saveIntake({
      ...MONDAY_TO_FRIDAY_9_TO_5,
      openingHours: {
        ...MONDAY_TO_FRIDAY_9_TO_5.openingHours!,
        weekly: [[{ opens: '9am', closes: '17:00' }], [], [], [], [], [], []],
      },
    });
    expect(badTime.statusCode).toBe(400);
    const sixDays = await saveIntake({
      ...MONDAY_TO_FRIDAY_9_TO_5,
      openingHours: { ...MONDAY_TO_FRIDAY_9_TO_5.openingHours!, weekly: [[], [], [], [], [], []] },
    });
    expect(sixDays.statusCode).toBe(400);
  });

  it('refuses a range that opens when it closes, a date twice, caps past their limits, and a long pause message, storing none', async () => {
    const hoursBefore = (
      await t.database.db.query(`select opening_hours, max_waiting from companies where id = 'demo'`)
    ).rows[0];
    const refusals: [IntakeSettingsRequest, string][] = [
      [
        {
          ...MONDAY_TO_FRIDAY_9_TO_5,
          openingHours: {
            ...MONDAY_TO_FRIDAY_9_TO_5.openingHours!,
            weekly: [[{ opens: '09:00', closes: '09:00' }], [], [], [], [], [], []],
          },
        },
        'Closing must differ from opening',
      ],
      [
        {
          ...MONDAY_TO_FRIDAY_9_TO_5,
          openingHours: {
            ...MONDAY_TO_FRIDAY_9_TO_5.openingHours!,
            specialDays: [
              { date: '2026-12-24', ranges: [] },
              { date: '2026-12-24', ranges: [{ opens: '09:00', closes: '12:00' }] },
            ],
          },
        },
        'Each date once',
      ],
      [{ ...MONDAY_TO_FRIDAY_9_TO_5, maxWaiting: 1001 }, 'At most 1,000 people'],
      [{ ...MONDAY_TO_FRIDAY_9_TO_5, maxWaiting: 0 }, 'At least 1 person'],
    ];
    for (const [settings, message] of refusals) {
      const response = await saveIntake(settings);
      expect(response.statusCode).toBe(400);
      expect(apiErrorSchema.parse(response.json()).error.message).toBe(message);
    }
    expect(
      (await t.database.db.query(`select opening_hours, max_waiting from companies where id = 'demo'`))
        .rows[0],
    ).toEqual(hoursBefore);

    const longPause = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/staff/pause',
      headers: desk.headers,
      payload: { message: 'x'.repeat(201) },
    });
    expect(longPause.statusCode).toBe(400);
    expect(apiErrorSchema.parse(longPause.json()).error.message).toBe(
      'The message can be at most 200 characters',
    );
    expect((await landing()).walkInsStopped).toBeNull();
  });
});
