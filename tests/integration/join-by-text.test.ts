/**
 * Join by text (issue 24, docs/text-messages.md): a phone texts the business, picks a service by
 * its number, gives a name and is on the line, under the web join's rules; STATUS and LEAVE
 * answer about its place. Over HTTP, with both drivers: the console's "text as the customer"
 * (outbox, each business its own number) and signed Twilio webhooks (one shared number).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_FRONT_DESK } from '../../src/server/seed/demo.ts';
import { createRecordingSmsSender } from '../../src/server/sms/sms-sender.ts';
import { twilioSignature } from '../../src/server/sms/twilio.ts';
import { instantAt } from '../../src/shared/local-time.ts';
import type { IntakeSettingsRequest } from '../../src/shared/staff-schemas.ts';
import { getCustomerThread, joinAsNewCustomer } from '../support/customer.ts';
import { buildJoinRequest, idempotencyKey } from '../support/factories.ts';
import { createBusiness, type StaffSession, signInStaff } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { databaseKinds } from '../support/test-database.ts';
import { TWILIO_TEST, textFromPhone, twilioTestEnv } from '../support/twilio.ts';

let phoneCounter = 0;
/** A number of its own for each test: texts, limits and conversations never leak between tests. */
const freshPhone = () => `+1312555${String(3000 + ++phoneCounter)}`;

const ZONE = 'America/Chicago'; // the demo business's (seed/demo.ts)
const at = (date: string, time: string) => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return instantAt(date, h * 60 + m, ZONE);
};
const FRIDAY_10_AM = at('2026-11-27', '10:00');
const WEEKDAYS_9_TO_5: IntakeSettingsRequest = {
  openingHours: {
    weekly: [[], ...Array(5).fill([{ opens: '09:00', closes: '17:00' }]), []],
    specialDays: [],
    lastCallMinutes: 30,
  },
  maxWaiting: null,
  maxWaitMinutes: null,
};
const ALWAYS_OPEN: IntakeSettingsRequest = { openingHours: null, maxWaiting: null, maxWaitMinutes: null };

const MENU =
  "Bella Demo Salon: which service? Reply with a number: 1 Women's Haircut/Style, 2 Men's Haircut/Style, 3 Facials, 4 Massage, 5 Mani/Pedi, 6 Waxing. Reply STOP to opt out.";

/** What the business texted this phone (answers and the join's text), oldest first. */
async function textsTo(t: TestApp, phone: string) {
  const { rows } = await t.database.db.query<{
    companyId: string | null;
    kind: string;
    status: string;
    body: string;
    lastError: string | null;
  }>(
    `select company_id as "companyId", kind, status, body, last_error as "lastError" from sms_messages
      where phone_number = $1 and direction = 'outbound' order by created_at, id`,
    [phone],
  );
  return rows;
}
const bodiesTo = async (t: TestApp, phone: string) => (await textsTo(t, phone)).map((text) => text.body);

async function entriesOf(t: TestApp, phone: string) {
  const { rows } = await t.database.db.query<{
    companyId: string;
    name: string;
    serviceType: string;
    status: string;
    origin: string;
  }>(
    `select company_id as "companyId", name, service_type as "serviceType", status, origin from wait_entries
      where phone_number = $1 order by date`,
    [phone],
  );
  return rows;
}

describe.each(databaseKinds)('join by text, each business its own number (outbox), on %s', (kind) => {
  let t: TestApp;
  let now = FRIDAY_10_AM;
  let owner: StaffSession;
  let desk: StaffSession;
  let ownerB: StaffSession;

  beforeAll(async () => {
    t = await createTestApp(kind, { clock: () => now });
    owner = await signInStaff(t.app);
    desk = await signInStaff(t.app, DEMO_FRONT_DESK);
    const other = await createBusiness(t.database.db, { companyId: 'other', name: 'Other Salon' });
    ownerB = await signInStaff(t.app, other.owner);
  });
  afterAll(async () => t?.close());
  beforeEach(async () => {
    now = FRIDAY_10_AM;
    await saveIntake(ALWAYS_OPEN);
    await t.app.inject({ method: 'DELETE', url: '/api/v1/staff/pause', headers: desk.headers });
    await t.database.db.query(
      `update wait_entries set status = 'done' where status in ('waiting', 'called')`,
    );
  });

  const saveIntake = (settings: IntakeSettingsRequest) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/v1/staff/settings/intake',
      headers: owner.headers,
      payload: settings,
    });
  /** The console's "text as the customer": a text from `phone` to the business's own number. */
  const text = async (phone: string, body: string, session = owner) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/sms/reply',
      headers: session.headers,
      payload: { phoneNumber: phone, body },
    });
    expect(response.statusCode).toBe(201);
    return (response.json() as { outcome: string }).outcome;
  };
  /** The web join's refusal, to compare the texts' words with. */
  const webRefusal = async () => {
    const { authorization } = await t.signIn();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/companies/demo/wait-list',
      headers: { authorization, 'idempotency-key': idempotencyKey() },
      payload: buildJoinRequest({ phoneNumber: freshPhone() }),
    });
    expect(response.statusCode).toBe(409);
    return (response.json() as { error: { message: string } }).error.message;
  };

  it('a new number texts anything, picks a service by its number, gives a name and is on the board with the join text', async () => {
    const phone = freshPhone();
    expect(await text(phone, 'Hi, can I get in today?')).toBe('conversation');
    expect(await bodiesTo(t, phone)).toEqual([MENU]);

    // Not a number on the menu: asked again, nothing chosen.
    expect(await text(phone, 'the haircut please')).toBe('conversation');
    expect(await text(phone, '9')).toBe('conversation');
    expect(await text(phone, '3')).toBe('conversation');
    // Too long a name for the web join: asked again, in the join's own words.
    expect(await text(phone, 'x'.repeat(61))).toBe('conversation');
    expect(await text(phone, '  Tia Reyes ')).toBe('conversation');

    const notANumber =
      "Bella Demo Salon: please reply with a number from 1 to 6: 1 Women's Haircut/Style, 2 Men's Haircut/Style, 3 Facials, 4 Massage, 5 Mani/Pedi, 6 Waxing.";
    expect(await textsTo(t, phone)).toMatchObject([
      { kind: 'conversation', status: 'sent', companyId: 'demo', body: MENU },
      { kind: 'conversation', body: notANumber },
      { kind: 'conversation', body: notANumber },
      { kind: 'conversation', body: 'Bella Demo Salon: Facials. What is your name?' },
      {
        kind: 'conversation',
        body: 'Bella Demo Salon: Name must be at most 60 characters. Please reply with your name.',
      },
      {
        kind: 'join',
        status: 'sent',
        body: "Bella Demo Salon: you're on the wait list for Facials. Reply to this text to message us. Reply STOP to opt out.",
      },
    ]);
    expect(await entriesOf(t, phone)).toEqual([
      { companyId: 'demo', name: 'Tia Reyes', serviceType: 'Facials', status: 'waiting', origin: 'walk_in' },
    ]);
    // The customer's texts are kept too, with the business.
    const { rows: inbound } = await t.database.db.query<{ companyId: string }>(
      `select company_id as "companyId" from sms_messages where phone_number = $1 and direction = 'inbound'`,
      [phone],
    );
    expect(inbound.map((row) => row.companyId)).toEqual(Array(6).fill('demo'));
    const board = (await t.app.inject({ url: '/api/v1/staff/board', headers: desk.headers })).json() as {
      entries: { name: string; serviceType: string; status: string }[];
    };
    expect(board.entries).toContainEqual(
      expect.objectContaining({ name: 'Tia Reyes', serviceType: 'Facials', status: 'waiting' }),
    );
    // The conversation is over: the next text is a chat message to the business.
    expect(await text(phone, 'Running 5 minutes late')).toBe('chat');
    expect(await conversationsOf(phone)).toBe(0);
  });

  const conversationsOf = async (phone: string) =>
    (await t.database.db.query('select 1 from sms_conversations where phone_number = $1', [phone])).rows
      .length;

  it('STATUS answers the place and the estimate; LEAVE leaves the line and says so', async () => {
    const phone = freshPhone();
    await joinAsNewCustomer(t, { phoneNumber: '+13125550999' });
    await text(phone, 'JOIN');
    await text(phone, '4');
    await text(phone, 'Bo');
    expect(await text(phone, 'status')).toBe('conversation');
    expect((await bodiesTo(t, phone)).at(-1)).toMatch(
      /^Bella Demo Salon: you're number 2 in line\. (About \d+(–\d+)? min wait|Any minute now)\. Reply LEAVE to leave the list\.$/,
    );
    expect(await text(phone, 'Leave.')).toBe('conversation');
    expect((await bodiesTo(t, phone)).at(-1)).toBe(
      'Bella Demo Salon: you left the wait list. Reply JOIN to join again.',
    );
    expect((await entriesOf(t, phone)).map((entry) => entry.status)).toEqual(['cancelled']);
    // Asked again, off the line: nothing to leave.
    await text(phone, 'LEAVE');
    await text(phone, 'STATUS');
    expect((await bodiesTo(t, phone)).slice(-2)).toEqual([
      "Bella Demo Salon: you're not on the wait list. Reply JOIN to join it.",
      "Bella Demo Salon: you're not on the wait list. Reply JOIN to join it.",
    ]);
  });

  it('UNIRSE starts a conversation in Spanish: its answers, the join text, the visit and STATUS / LEAVE speak it', async () => {
    const phone = freshPhone();
    expect(await text(phone, 'Unirse')).toBe('conversation');
    expect(await text(phone, 'tres')).toBe('conversation');
    expect(await text(phone, '3')).toBe('conversation');
    expect(await text(phone, 'x'.repeat(61))).toBe('conversation');
    expect(await text(phone, 'Ana Ruiz')).toBe('conversation');
    const services =
      "1 Women's Haircut/Style, 2 Men's Haircut/Style, 3 Facials, 4 Massage, 5 Mani/Pedi, 6 Waxing";
    expect(await textsTo(t, phone)).toMatchObject([
      {
        kind: 'conversation',
        body: `Bella Demo Salon: ¿qué servicio quieres? Responde con su cifra: ${services}. Responde PARAR para darte de baja.`,
      },
      {
        kind: 'conversation',
        body: `Bella Demo Salon: por favor, responde con una cifra del 1 al 6: ${services}.`,
      },
      { kind: 'conversation', body: 'Bella Demo Salon: Facials. ¿Tu nombre, por favor?' },
      {
        kind: 'conversation',
        body: 'Bella Demo Salon: El nombre puede tener hasta 60 caracteres. Responde con tu nombre, por favor.',
      },
      {
        kind: 'join',
        body: 'Bella Demo Salon: te anotamos en la lista para Facials. Responde para escribirnos. Responde PARAR para darte de baja.',
      },
    ]);
    // The visit keeps the language: the business's later texts (a call) speak it.
    const { rows } = await t.database.db.query<{ language: string }>(
      'select language from wait_entries where phone_number = $1',
      [phone],
    );
    expect(rows).toEqual([{ language: 'es' }]);
    // STATUS in English still answers in the visit's language; SALIR leaves.
    await text(phone, 'STATUS');
    expect((await bodiesTo(t, phone)).at(-1)).toMatch(
      /^Bella Demo Salon: (tu turno es el siguiente|tienes el lugar \d+ en la fila)(\. [^.]+)?\. Responde SALIR para dejar la lista\.$/,
    );
    await text(phone, 'salir.');
    expect((await bodiesTo(t, phone)).at(-1)).toBe(
      'Bella Demo Salon: saliste de la lista de espera. Responde UNIRSE para anotarte de nuevo.',
    );
    expect((await entriesOf(t, phone)).map((entry) => entry.status)).toEqual(['cancelled']);
  });

  it("speaks the business's language to a first text that is no language's keyword, and refuses in the keyword's", async () => {
    const business = await createBusiness(t.database.db, { name: 'Salón Uno', services: ['Corte'] });
    // Before anything reads the business (the company cache).
    await t.database.db.query(`update companies set language = 'es' where id = $1`, [business.companyId]);
    const theirOwner = await signInStaff(t.app, business.owner);
    const phone = freshPhone();
    expect(await text(phone, 'Hola, ¿hay lugar hoy?', theirOwner)).toBe('conversation');
    await text(phone, '1', theirOwner);
    expect(await bodiesTo(t, phone)).toEqual([
      'Salón Uno: ¿qué servicio quieres? Responde con su cifra: 1 Corte. Responde PARAR para darte de baja.',
      'Salón Uno: Corte. ¿Tu nombre, por favor?',
    ]);

    // A Chinese keyword at the demo business, while it is paused: the refusal in Chinese.
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/staff/pause',
      headers: desk.headers,
      payload: { message: 'Back soon', resumeInMinutes: 30 },
    });
    const chinese = freshPhone();
    await text(chinese, '排队');
    expect(await bodiesTo(t, chinese)).toEqual([
      'Bella Demo Salon: 等候名单已暂停 · Back soon · 今天10:30恢复',
    ]);
    expect(await conversationsOf(chinese)).toBe(0);
  });

  it('a phone already in line is told so instead of joining twice', async () => {
    const phone = freshPhone();
    await joinAsNewCustomer(t, { phoneNumber: phone });
    expect(await text(phone, 'JOIN')).toBe('conversation');
    expect((await bodiesTo(t, phone)).at(-1)).toBe(
      "Bella Demo Salon: you're already on the wait list. Reply STATUS for your place or LEAVE to leave it.",
    );
    expect(await conversationsOf(phone)).toBe(0);

    // Joined on the web while texting: the last step says the same, and writes no second entry.
    const other = freshPhone();
    await text(other, 'JOIN');
    await text(other, '1');
    await joinAsNewCustomer(t, { phoneNumber: other });
    await text(other, 'Ana');
    expect((await bodiesTo(t, other)).at(-1)).toBe(
      "Bella Demo Salon: you're already on the wait list. Reply STATUS for your place or LEAVE to leave it.",
    );
    expect(await entriesOf(t, other)).toHaveLength(1);
  });

  it('refuses while closed, paused or full with the words of the web join, and starts nothing', async () => {
    await saveIntake(WEEKDAYS_9_TO_5);
    now = at('2026-11-28', '10:00'); // Saturday
    const closed = freshPhone();
    await text(closed, 'JOIN');
    const closedWords = await webRefusal();
    expect(closedWords).toBe('Closed now · Opens Monday 9:00 AM');
    expect(await bodiesTo(t, closed)).toEqual([`Bella Demo Salon: ${closedWords}`]);

    now = FRIDAY_10_AM;
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/staff/pause',
      headers: desk.headers,
      payload: { message: 'Back from a short break', resumeInMinutes: 30 },
    });
    const paused = freshPhone();
    await text(paused, 'JOIN');
    expect(await bodiesTo(t, paused)).toEqual([`Bella Demo Salon: ${await webRefusal()}`]);
    await t.app.inject({ method: 'DELETE', url: '/api/v1/staff/pause', headers: desk.headers });

    await saveIntake({ ...ALWAYS_OPEN, maxWaiting: 1 });
    await joinAsNewCustomer(t);
    const full = freshPhone();
    await text(full, 'JOIN');
    expect(await bodiesTo(t, full)).toEqual([
      'Bella Demo Salon: The wait list is full right now · Please check again soon.',
    ]);
    expect(`Bella Demo Salon: ${await webRefusal()}`).toBe((await bodiesTo(t, full))[0]);
    for (const phone of [closed, paused, full]) {
      expect(await entriesOf(t, phone)).toEqual([]);
      expect(await conversationsOf(phone)).toBe(0);
    }
  });

  it('the join itself is refused when the business stopped taking walk-ins during the conversation', async () => {
    const phone = freshPhone();
    await text(phone, 'JOIN');
    await text(phone, '2');
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/staff/pause',
      headers: desk.headers,
      payload: { message: 'Back soon', resumeInMinutes: 30 },
    });
    await text(phone, 'Cy');
    expect((await bodiesTo(t, phone)).at(-1)).toBe(`Bella Demo Salon: ${await webRefusal()}`);
    expect(await entriesOf(t, phone)).toEqual([]);
  });

  it('a conversation left half-way expires and does not catch later texts', async () => {
    const phone = freshPhone();
    const earlier = await joinAsNewCustomer(t, { phoneNumber: phone, name: 'Di' });
    await text(phone, 'LEAVE');
    await text(phone, 'JOIN');
    expect((await bodiesTo(t, phone)).at(-1)).toBe(MENU);
    now += 31 * 60_000;
    // Half an hour on, "2" is a message to the business, not a choice.
    expect(await text(phone, '2')).toBe('chat');
    expect((await getCustomerThread(t.app, earlier)).messages.map((message) => message.message)).toEqual([
      '2',
    ]);
    expect((await bodiesTo(t, phone)).at(-1)).toBe(MENU);
    // JOIN starts afresh in its place.
    await text(phone, 'JOIN');
    await text(phone, '2');
    expect((await bodiesTo(t, phone)).at(-1)).toBe(
      "Bella Demo Salon: Men's Haircut/Style. What is your name?",
    );
    expect(await conversationsOf(phone)).toBe(1);
  });

  it("the owner's erase of a number ends its conversation with the business", async () => {
    const phone = freshPhone();
    await text(phone, 'JOIN');
    await text(phone, '1');
    const erased = await t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/customers/erase',
      headers: owner.headers,
      payload: { phoneNumber: phone },
    });
    expect(erased.statusCode).toBe(200);
    expect(await conversationsOf(phone)).toBe(0);
  });

  it('holds a number flooding JOIN at the per-number limit, as blocked texts', async () => {
    const phone = freshPhone();
    for (let i = 0; i < 14; i += 1) expect(await text(phone, 'JOIN')).toBe('conversation');
    const texts = await textsTo(t, phone);
    expect(texts).toHaveLength(14);
    expect(texts.filter((row) => row.status === 'sent')).toHaveLength(10);
    expect(texts.slice(10)).toEqual(
      Array(4).fill(
        expect.objectContaining({
          status: 'blocked',
          lastError: 'Not sent: this number already got 10 answers to its texts in 10 minutes.',
        }),
      ),
    );
  });

  it("another business's number joins that business only", async () => {
    const phone = freshPhone();
    expect(await text(phone, 'JOIN demo', ownerB)).toBe('conversation');
    expect(await textsTo(t, phone)).toMatchObject([
      {
        companyId: 'other',
        body: "This is Other Salon's number. Reply JOIN to join Other Salon's wait list; another business has a number of its own.",
      },
    ]);
    expect(await conversationsOf(phone)).toBe(0);
    // Its own menu, and the join lands on its list.
    await text(phone, 'JOIN', ownerB);
    await text(phone, '1', ownerB);
    await text(phone, 'Ed', ownerB);
    expect(await entriesOf(t, phone)).toMatchObject([{ companyId: 'other', serviceType: 'Facials' }]);
    // Demo's console, as the same phone, starts its own conversation with demo's menu.
    await text(phone, '1');
    expect((await textsTo(t, phone)).at(-1)).toMatchObject({ companyId: 'demo', body: MENU });
  });

  it('STOP keeps working: confirmed, ends the conversation, and no answer goes out until START', async () => {
    const phone = freshPhone();
    await text(phone, 'JOIN');
    await text(phone, '1');
    expect(await text(phone, 'STOP')).toBe('stop');
    expect(await conversationsOf(phone)).toBe(0);
    expect(await text(phone, 'JOIN')).toBe('ignored');
    expect((await textsTo(t, phone)).map((row) => row.kind)).toEqual([
      'conversation',
      'conversation',
      'stop',
    ]);
    expect(await text(phone, 'START')).toBe('start');
    expect(await text(phone, 'JOIN')).toBe('conversation');
    expect((await bodiesTo(t, phone)).at(-1)).toBe(MENU);
  });
});

describe.each(databaseKinds)('join by text on the Twilio number every business shares, on %s', (kind) => {
  let t: TestApp;
  const sender = createRecordingSmsSender();

  beforeAll(async () => {
    t = await createTestApp(kind, { smsSender: sender, env: twilioTestEnv });
    await createBusiness(t.database.db, {
      companyId: 'other',
      name: 'Other Salon',
      services: ['Nails', 'Brows'],
    });
  });
  afterAll(async () => t?.close());

  const text = async (phone: string, body: string) => {
    const response = await textFromPhone(t.app, phone, body);
    expect(response.statusCode).toBe(200);
  };
  const sentTo = (phone: string) => sender.sent.filter((sent) => sent.to === phone).map((sent) => sent.body);

  it('JOIN and the code, a number, a name: on the line, every answer sent through Twilio', async () => {
    const phone = freshPhone();
    await text(phone, 'join Other');
    await text(phone, '2');
    await text(phone, 'Flo');
    expect(await entriesOf(t, phone)).toMatchObject([
      { companyId: 'other', name: 'Flo', serviceType: 'Brows' },
    ]);
    const expected = [
      'Other Salon: which service? Reply with a number: 1 Nails, 2 Brows. Reply STOP to opt out.',
      'Other Salon: Brows. What is your name?',
      "Other Salon: you're on the wait list for Brows. Reply to this text to message us. Reply STOP to opt out.",
    ];
    expect(await bodiesTo(t, phone)).toEqual(expected);
    await expect.poll(() => sentTo(phone)).toEqual(expected);
  });

  it('a bare JOIN goes to the business whose text reached the phone last, else asks for the code', async () => {
    const phone = freshPhone();
    await text(phone, 'JOIN');
    expect(await textsTo(t, phone)).toMatchObject([
      {
        companyId: null,
        body: "To join a wait list, reply JOIN and the code from the business's poster or link.",
      },
    ]);
    await text(phone, 'JOIN nowhere');
    expect((await bodiesTo(t, phone)).at(-1)).toBe(
      `We could not find a business with the code "nowhere". Reply JOIN and the code from the business's poster or link.`,
    );
    const visit = await joinAsNewCustomer(t, { phoneNumber: phone, serviceType: 'Nails' }, 'other');
    const left = await t.app.inject({
      method: 'POST',
      url: `/api/v1/companies/other/wait-list/${visit.waitId}/leave`,
      headers: { authorization: visit.authorization },
    });
    expect(left.statusCode).toBe(200);
    await text(phone, 'JOIN');
    expect((await textsTo(t, phone)).at(-1)).toMatchObject({
      companyId: 'other',
      body: 'Other Salon: which service? Reply with a number: 1 Nails, 2 Brows. Reply STOP to opt out.',
    });
  });

  it('STATUS and LEAVE answer about the business the phone texts with', async () => {
    const phone = freshPhone();
    await text(phone, 'JOIN demo');
    await text(phone, '6');
    await text(phone, 'Gus');
    await text(phone, 'STATUS');
    expect((await bodiesTo(t, phone)).at(-1)).toMatch(/^Bella Demo Salon: you're (next|number \d+) in line/);
    await text(phone, 'LEAVE');
    expect((await bodiesTo(t, phone)).at(-1)).toBe(
      'Bella Demo Salon: you left the wait list. Reply JOIN to join again.',
    );
    expect((await entriesOf(t, phone)).map((entry) => entry.status)).toEqual(['cancelled']);
  });

  it('a phone that said STOP to the shared number gets no conversation', async () => {
    const phone = freshPhone();
    await text(phone, 'STOP');
    await text(phone, 'JOIN demo');
    expect(await textsTo(t, phone)).toEqual([]);
    expect(
      (await t.database.db.query('select 1 from sms_conversations where phone_number = $1', [phone])).rows,
    ).toHaveLength(0);
  });

  it('handles a text Twilio sends twice once', async () => {
    const phone = freshPhone();
    const params = {
      From: phone,
      To: TWILIO_TEST.from,
      Body: 'JOIN demo',
      MessageSid: `SMtwice${phoneCounter}`,
    };
    const post = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/sms/twilio',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': twilioSignature(
            TWILIO_TEST.token,
            `${TWILIO_TEST.publicUrl}/api/sms/twilio`,
            params,
          ),
        },
        payload: new URLSearchParams(params).toString(),
      });
    expect((await post()).statusCode).toBe(200);
    expect((await post()).statusCode).toBe(200);
    expect((await textsTo(t, phone)).map((row) => row.kind)).toEqual(['conversation']);
  });

  it('refuses an unsigned text', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sms/twilio',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        From: freshPhone(),
        Body: 'JOIN demo',
        MessageSid: 'SMforged',
      }).toString(),
    });
    expect(response.statusCode).toBe(403);
  });
});
