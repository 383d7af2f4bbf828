/**
 * What a client can make the install text (issue 11, finding 2), at the default limits: 3 texts a
 * join can cause per number per 10 minutes, 5 joins per phone per business per hour, a daily text
 * budget per business; and only numbers the North American plan could assign.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecordingSmsSender } from '../../src/server/sms/sms-sender.ts';
import { getWaitEntry, joinAsNewCustomer } from '../support/customer.ts';
import { buildJoinRequest, idempotencyKey } from '../support/factories.ts';
import { createBusiness, type StaffSession, signInStaff, staffAction } from '../support/staff.ts';
import { createTestApp, DEFAULT_TEXTING_LIMITS, type TestApp } from '../support/test-app.ts';
import { databaseKinds } from '../support/test-database.ts';

let phoneCounter = 0;
const freshPhone = () => `+1646555${String(3000 + ++phoneCounter)}`;

describe.each(databaseKinds)('limits on texts and joins on %s', (kind) => {
  let t: TestApp;
  let owner: StaffSession;
  // The Twilio driver's stand-in: what it is asked to send is what would be paid for.
  const sender = createRecordingSmsSender();

  beforeAll(async () => {
    t = await createTestApp(kind, { smsSender: sender, env: DEFAULT_TEXTING_LIMITS });
    owner = await signInStaff(t.app);
    await createBusiness(t.database.db, { companyId: 'other', name: 'Other Salon' });
  });
  afterAll(async () => t?.close());

  const join = async (phoneNumber: string, companyId = 'demo') => {
    const { authorization } = await t.signIn();
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/companies/${companyId}/wait-list`,
      headers: { authorization, 'idempotency-key': idempotencyKey() },
      payload: buildJoinRequest({ phoneNumber }),
    });
  };
  const rowsFor = async (phone: string) =>
    (
      await t.database.db.query<{ company_id: string; status: string; last_error: string | null }>(
        `select company_id, status, last_error from sms_messages
          where phone_number = $1 and direction = 'outbound' order by created_at, id`,
        [phone],
      )
    ).rows;
  const entriesFor = async (phone: string) =>
    (await t.database.db.query('select 1 from wait_entries where phone_number = $1', [phone])).rows.length;

  it('250 joins of one number at once, each by its own identity: 5 joins, 3 texts, a clear answer to the rest', async () => {
    const phone = freshPhone();
    const answers = await Promise.all(Array.from({ length: 250 }, () => join(phone)));
    const created = answers.filter((answer) => answer.statusCode === 201);
    const refused = answers.filter((answer) => answer.statusCode === 429);
    expect(created).toHaveLength(5);
    expect(refused).toHaveLength(245);
    expect(refused[0]!.json()).toEqual({
      error: {
        code: 'PHONE_JOIN_LIMITED',
        field: 'phoneNumber',
        message:
          'This phone number has joined this wait list too many times in the last hour. Please ask at the front desk.',
      },
    });
    expect(await entriesFor(phone)).toBe(5);
    const texts = await rowsFor(phone);
    expect(texts.filter((row) => row.status !== 'blocked')).toHaveLength(3);
    expect(texts.filter((row) => row.status === 'blocked')).toHaveLength(2);
    await expect.poll(() => sender.sent.filter((text) => text.to === phone).length).toBe(3);
  });

  it('a service request past the joins-per-phone limit names its own phone field', async () => {
    const phone = freshPhone();
    const { rows } = await t.database.db.query<{ id: string; name: string }>(
      "select id, name from providers where company_id = 'demo' order by position limit 1",
    );
    const provider = rows[0]!;
    const request = async () => {
      const { authorization } = await t.signIn();
      return t.app.inject({
        method: 'POST',
        url: '/api/v1/functions/addClient',
        headers: { authorization, 'idempotency-key': idempotencyKey() },
        payload: {
          spId: provider.id,
          spName: provider.name,
          spSpeciality: 'Color',
          companyId: 'demo',
          clientName: 'Ana Ruiz',
          clientPhoneNumber: phone.slice(2),
        },
      });
    };
    for (let i = 0; i < 5; i++) expect((await request()).statusCode).toBe(201);
    const refused = await request();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({ code: 'PHONE_JOIN_LIMITED', field: 'clientPhoneNumber' });
  });

  it('a fourth text a join would cause to one number in 10 minutes is not sent, and says why, across businesses', async () => {
    const phone = freshPhone();
    const customer = await joinAsNewCustomer(t, { phoneNumber: phone });
    for (let i = 0; i < 2; i++) expect((await join(phone, 'demo')).statusCode).toBe(201);
    const fourth = await join(phone, 'other');
    expect(fourth.statusCode).toBe(201);
    // The customer is on the list, and told that no text came.
    expect(fourth.json()).toMatchObject({ textSent: false });
    const rows = await rowsFor(phone);
    expect(rows).toHaveLength(4);
    expect(rows[3]).toEqual({
      company_id: 'other',
      status: 'blocked',
      last_error: 'Not sent: this number already got 3 texts from a join in 10 minutes.',
    });
    await expect.poll(() => sender.sent.filter((text) => text.to === phone).length).toBe(3);
    // The staff's call still goes out: the limit is on what anyone can cause.
    expect((await staffAction(t.app, owner, customer.waitId, 'call')).statusCode).toBe(200);
    expect((await rowsFor(phone))[4]).toMatchObject({ company_id: 'demo', last_error: null });
    expect((await rowsFor(phone))[4]!.status).not.toBe('blocked');
  });

  it('the page of a join whose text was held says so', async () => {
    const phone = freshPhone();
    for (let i = 0; i < 3; i++) await join(phone, 'other');
    const customer = await joinAsNewCustomer(t, { phoneNumber: phone });
    expect((await getWaitEntry(t.app, customer.authorization, customer.waitId)).textSent).toBe(false);
    const texted = await joinAsNewCustomer(t, { phoneNumber: freshPhone() });
    expect((await getWaitEntry(t.app, texted.authorization, texted.waitId)).textSent).toBe(true);
  });

  it.each([
    ['(000) 000-0000', '+10000000000'],
    ['(555) 555-5555', '+15555555555'],
    ['(212) 055-1234', '+12120551234'],
  ])('refuses %s, which no one can be texted at, and writes nothing', async (_shown, phone) => {
    const answer = await join(phone);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        field: 'phoneNumber',
        message: 'That is not a valid US phone number. Please check it.',
      },
    });
    expect(await entriesFor(phone)).toBe(0);
    expect(await rowsFor(phone)).toEqual([]);
  });

  it("refuses such a number in the reader's language", async () => {
    const { authorization } = await t.signIn();
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/v1/companies/demo/wait-list',
      headers: { authorization, 'idempotency-key': idempotencyKey(), 'accept-language': 'vi' },
      payload: buildJoinRequest({ phoneNumber: '+15555555555' }),
    });
    expect(answer.json().error).toEqual({
      code: 'VALIDATION_FAILED',
      field: 'phoneNumber',
      message: 'Số điện thoại Mỹ này không hợp lệ. Quý khách vui lòng kiểm tra lại.',
    });
  });
});

describe.each(databaseKinds)("a business's daily text budget on %s", (kind) => {
  let t: TestApp;
  let owner: StaffSession;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      env: { ...DEFAULT_TEXTING_LIMITS, TEXT_LIMIT_PER_BUSINESS_PER_DAY: '2' },
    });
    owner = await signInStaff(t.app);
    // The budget is counted text by text below: no "your turn is near" text (docs/near-turn.md,
    // whose own test counts it in this budget) written a moment after the call.
    await t.database.db.query(`update companies set near_turn_default = 'off'`);
  });
  afterAll(async () => t?.close());

  it('stops texting past the budget, keeps the walk-ins, and shows the reason in the console', async () => {
    const first = await joinAsNewCustomer(t, { phoneNumber: freshPhone() });
    await joinAsNewCustomer(t, { phoneNumber: freshPhone() });
    const third = await joinAsNewCustomer(t, { phoneNumber: freshPhone() });
    expect((await staffAction(t.app, owner, first.waitId, 'call')).statusCode).toBe(200);
    expect((await getWaitEntry(t.app, third.authorization, third.waitId)).textSent).toBe(false);
    const list = (await t.app.inject({ url: '/api/v1/staff/sms', headers: owner.headers })).json<{
      messages: { kind: string; status: string; lastError: string | null }[];
    }>().messages;
    expect(list.filter((text) => text.status === 'sent')).toHaveLength(2);
    expect(list.filter((text) => text.status === 'blocked')).toEqual([
      expect.objectContaining({
        kind: 'called',
        lastError: "Not sent: the business's limit of 2 texts a day was reached.",
      }),
      expect.objectContaining({
        kind: 'join',
        lastError: "Not sent: the business's limit of 2 texts a day was reached.",
      }),
    ]);
  });
});
