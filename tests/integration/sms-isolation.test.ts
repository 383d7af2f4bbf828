/**
 * Texts between businesses (issue 11, finding 1): one business's console can reach only its own
 * customers' texts, chat and opt-outs, whatever phone number it types; on the one Twilio number all
 * businesses share, a STOP follows the carrier's rule and stops that number for all of them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecordingSmsSender } from '../../src/server/sms/sms-sender.ts';
import { getCustomerThread, getWaitEntry, joinAsNewCustomer } from '../support/customer.ts';
import {
  createBusiness,
  type StaffSession,
  signInStaff,
  staffAction,
  type TestBusiness,
} from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { databaseKinds } from '../support/test-database.ts';
import { textFromPhone, twilioTestEnv } from '../support/twilio.ts';

let phoneCounter = 0;
const freshPhone = () => `+1212555${String(2000 + ++phoneCounter)}`;

async function textsTo(t: TestApp, phone: string, companyId: string) {
  const { rows } = await t.database.db.query<{
    kind: string;
    status: string;
    direction: string;
    body: string;
  }>(
    `select kind, status, direction, body from sms_messages
      where phone_number = $1 and company_id = $2 and direction = 'outbound'
      order by created_at, id`,
    [phone, companyId],
  );
  return rows;
}

describe.each(databaseKinds)('texts stay within their business (outbox) on %s', (kind) => {
  let t: TestApp;
  let ownerA: StaffSession;
  let other: TestBusiness;
  let ownerB: StaffSession;

  beforeAll(async () => {
    t = await createTestApp(kind);
    ownerA = await signInStaff(t.app);
    other = await createBusiness(t.database.db, { companyId: 'other', name: 'Other Salon' });
    ownerB = await signInStaff(t.app, other.owner);
  });
  afterAll(async () => t?.close());

  const replyAs = (owner: StaffSession, phoneNumber: string, body: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/sms/reply',
      headers: owner.headers,
      payload: { phoneNumber, body },
    });
  const consoleTexts = async (owner: StaffSession) =>
    (await t.app.inject({ url: '/api/v1/staff/sms', headers: owner.headers })).json<{
      messages: { phoneNumber: string; body: string; direction: string }[];
    }>().messages;

  it("another business that joins its own list with A's customer's number cannot write in A's chat or stop A's texts", async () => {
    const phone = freshPhone();
    const customerOfA = await joinAsNewCustomer(t, { phoneNumber: phone, name: 'Ana' }, 'demo');
    // B's owner puts the same number on B's list, then removes the entry.
    const planted = await joinAsNewCustomer(t, { phoneNumber: phone }, 'other');
    expect((await staffAction(t.app, ownerB, planted.waitId, 'remove')).statusCode).toBe(200);

    expect((await replyAs(ownerB, phone, 'Forged from B')).json()).toEqual({ outcome: 'chat' });
    expect((await replyAs(ownerB, phone, 'STOP')).json()).toEqual({ outcome: 'stop' });

    // Nothing reached A: its customer's chat, its texts, its console.
    const threadOfA = await getCustomerThread(t.app, customerOfA);
    expect(threadOfA.messages.map((message) => message.message)).not.toContain('Forged from B');
    expect((await consoleTexts(ownerA)).map((text) => text.body)).not.toContain('Forged from B');
    // B's own thread has it.
    const threadOfB = await getCustomerThread(t.app, planted);
    expect(threadOfB.messages.map((message) => message.message)).toContain('Forged from B');

    // A still texts its customer: the call goes out.
    expect((await staffAction(t.app, ownerA, customerOfA.waitId, 'call')).statusCode).toBe(200);
    expect(await textsTo(t, phone, 'demo')).toMatchObject([
      { kind: 'join', status: 'sent' },
      { kind: 'called', status: 'sent' },
    ]);
    expect((await getWaitEntry(t.app, customerOfA.authorization, customerOfA.waitId)).allowSms).toBe(true);

    // B honours the STOP it was given: its next join of that number texts nothing.
    const again = await joinAsNewCustomer(t, { phoneNumber: phone }, 'other');
    expect((await getWaitEntry(t.app, again.authorization, again.waitId, 'other')).textSent).toBe(false);
    expect((await textsTo(t, phone, 'other')).filter((text) => text.kind === 'join')).toHaveLength(1);
  });

  it('a START from another business does not lift a STOP given to this one', async () => {
    const phone = freshPhone();
    await joinAsNewCustomer(t, { phoneNumber: phone }, 'demo');
    await joinAsNewCustomer(t, { phoneNumber: phone }, 'other');
    expect((await replyAs(ownerA, phone, 'STOP')).json()).toEqual({ outcome: 'stop' });
    expect((await replyAs(ownerB, phone, 'START')).json()).toEqual({ outcome: 'start' });
    const next = await joinAsNewCustomer(t, { phoneNumber: phone }, 'demo');
    expect((await getWaitEntry(t.app, next.authorization, next.waitId)).textSent).toBe(false);
  });

  it('answers as a customer only for numbers this business texted, or new to its list', async () => {
    const phone = freshPhone();
    // On B's list without texts: B's console cannot write as them.
    await joinAsNewCustomer(t, { phoneNumber: phone, allowSms: false }, 'other');
    expect((await replyAs(ownerB, phone, 'STOP')).statusCode).toBe(403);
    // A's customer is new to B: texting B's number as them reaches B alone, and stops nothing of A's.
    const ofA = freshPhone();
    await joinAsNewCustomer(t, { phoneNumber: ofA }, 'demo');
    expect((await replyAs(ownerB, ofA, 'STOP')).json()).toEqual({ outcome: 'ignored' });
    const { rows } = await t.database.db.query('select 1 from sms_opt_outs where phone_number = any ($1)', [
      [phone, ofA],
    ]);
    expect(rows).toHaveLength(0);
  });
});

describe.each(databaseKinds)('the Twilio number every business shares on %s', (kind) => {
  let t: TestApp;
  let ownerA: StaffSession;
  const sender = createRecordingSmsSender();

  beforeAll(async () => {
    t = await createTestApp(kind, {
      smsSender: sender,
      env: twilioTestEnv,
    });
    ownerA = await signInStaff(t.app);
    await createBusiness(t.database.db, { companyId: 'other', name: 'Other Salon' });
  });
  afterAll(async () => t?.close());

  const textFrom = (phone: string, body: string) => textFromPhone(t.app, phone, body);

  it('a reply goes to the business whose text reached the number last', async () => {
    const phone = freshPhone();
    const atA = await joinAsNewCustomer(t, { phoneNumber: phone }, 'demo');
    const atB = await joinAsNewCustomer(t, { phoneNumber: phone }, 'other');
    expect((await textFrom(phone, 'Which salon is this?')).statusCode).toBe(200);
    expect((await getCustomerThread(t.app, atB)).messages.map((m) => m.message)).toEqual([
      'Which salon is this?',
    ]);
    expect((await getCustomerThread(t.app, atA)).messages).toEqual([]);
  });

  it('STOP to the shared number stops every business texting from it, as the carrier does', async () => {
    const phone = freshPhone();
    const atA = await joinAsNewCustomer(t, { phoneNumber: phone }, 'demo');
    await joinAsNewCustomer(t, { phoneNumber: phone }, 'other');
    expect((await textFrom(phone, 'STOP')).statusCode).toBe(200);
    expect((await staffAction(t.app, ownerA, atA.waitId, 'call')).statusCode).toBe(200);
    // A's call texts nothing; the STOP was answered once, by the business that texted last.
    expect((await textsTo(t, phone, 'demo')).map((text) => text.kind)).toEqual(['join']);
    expect((await textsTo(t, phone, 'other')).map((text) => text.kind)).toEqual(['join', 'stop']);
    const next = await joinAsNewCustomer(t, { phoneNumber: phone }, 'other');
    expect((await getWaitEntry(t.app, next.authorization, next.waitId, 'other')).textSent).toBe(false);
  });
});
