import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmsRepository } from '../../src/server/features/sms/sms.repository.ts';
import { createRecordingSmsSender, SmsSendError } from '../../src/server/sms/sms-sender.ts';
import { createTwilioSmsSender, twilioSignature } from '../../src/server/sms/twilio.ts';
import { buildSendMessage, getCustomerThread, joinAsNewCustomer, sendMessage } from '../support/customer.ts';
import { type StaffSession, signInStaff, staffAction } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { databaseKinds } from '../support/test-database.ts';
import { TWILIO_TEST, twilioTestEnv } from '../support/twilio.ts';

let phoneCounter = 0;
/** A phone number of its own for each test, so opt-outs never leak between tests. */
function freshPhone(): string {
  phoneCounter += 1;
  return `+1415555${String(1000 + phoneCounter).slice(-4)}`;
}

describe.each(databaseKinds)('text messages on %s', (kind) => {
  let t: TestApp;
  let staff: StaffSession;
  const sender = createRecordingSmsSender();

  beforeAll(async () => {
    t = await createTestApp(kind, { smsSender: sender, env: { RATE_LIMIT_MESSAGES_PER_MINUTE: '1000' } });
    staff = await signInStaff(t.app);
  });
  afterAll(async () => t?.close());

  const textsTo = async (phone: string) =>
    (
      await t.database.db.query<{
        kind: string;
        status: string;
        body: string;
        direction: string;
        last_error: string | null;
      }>(
        'select kind, status, body, direction, last_error from sms_messages where phone_number = $1 order by created_at, kind',
        [phone],
      )
    ).rows;
  const sentTo = (phone: string) => sender.sent.filter((text) => text.to === phone).map((text) => text.body);
  const reply = (phoneNumber: string, body: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/sms/reply',
      headers: staff.headers,
      payload: { phoneNumber, body },
    });

  it('texts the customer on join, once, naming the business and the service', async () => {
    const phone = freshPhone();
    await joinAsNewCustomer(t, { phoneNumber: phone, serviceType: 'Massage' });
    await expect
      .poll(() => sentTo(phone))
      .toEqual([
        "Bella Demo Salon: you're on the wait list for Massage. Reply to this text to message us. Reply STOP to opt out.",
      ]);
    expect(await textsTo(phone)).toMatchObject([{ kind: 'join', status: 'sent', direction: 'outbound' }]);
  });

  it('never texts when allowSms is false', async () => {
    const phone = freshPhone();
    await joinAsNewCustomer(t, { phoneNumber: phone, allowSms: false });
    const customer = await joinAsNewCustomer(t, { phoneNumber: freshPhone() });
    await expect.poll(async () => (await textsTo(phone)).length + sentTo(phone).length).toBe(0);
    expect(customer).toBeTruthy();
  });

  it('texts when staff call the customer and when staff write in the chat, not when the customer writes', async () => {
    const phone = freshPhone();
    const customer = await joinAsNewCustomer(t, { phoneNumber: phone, name: 'Dee' });
    await staffAction(t.app, staff, customer.waitId, 'call');
    const send = (headers: Record<string, string>, message: string) =>
      sendMessage(t.app, headers, buildSendMessage(customer, { message }));
    expect((await send(staff.headers, 'Your chair is ready')).statusCode).toBe(201);
    expect((await send({ authorization: customer.authorization }, 'On my way')).statusCode).toBe(201);
    await expect.poll(() => sentTo(phone).length).toBe(3);
    // Texts queued moments apart may go out in any order.
    expect(sentTo(phone).sort()).toEqual([
      'Bella Demo Salon: Your chair is ready',
      "Bella Demo Salon: it's your turn, Dee! Please come to the front desk.",
      "Bella Demo Salon: you're on the wait list for Facials. Reply to this text to message us. Reply STOP to opt out.",
    ]);
  });

  /**
   * Two walk-ins nothing may be texted to: one joined without texts; the other's number replied
   * STOP and joined again another day with texts allowed on the form (the STOP still holds).
   */
  async function customersNotToText() {
    const noTexts = freshPhone();
    const quiet = await joinAsNewCustomer(t, { phoneNumber: noTexts, allowSms: false });
    const optedOut = freshPhone();
    await joinAsNewCustomer(t, { phoneNumber: optedOut });
    expect((await reply(optedOut, 'STOP')).json()).toEqual({ outcome: 'stop' });
    const stopped = await joinAsNewCustomer(t, { phoneNumber: optedOut, allowSms: true });
    return { quiet, noTexts, stopped, optedOut };
  }

  it('stores and delivers a staff message but texts nobody who opted out or did not allow texts', async () => {
    const { quiet, noTexts, stopped, optedOut } = await customersNotToText();
    for (const customer of [stopped, quiet]) {
      const sent = await sendMessage(
        t.app,
        staff.headers,
        buildSendMessage(customer, { message: 'Running ten minutes late' }),
      );
      expect(sent.statusCode).toBe(201);
      const thread = await getCustomerThread(t.app, customer);
      expect(thread.messages.map((m) => m.message)).toEqual(['Running ten minutes late']);
    }
    // To the first only the join text and the STOP confirmation; nothing at all to the second.
    const outbound = (await textsTo(optedOut)).filter((text) => text.direction === 'outbound');
    expect(outbound.map((text) => text.kind).sort()).toEqual(['join', 'stop']);
    expect(await textsTo(noTexts)).toEqual([]);
  });

  it('calls without a text when the entry did not allow texts or its number opted out', async () => {
    const { quiet, noTexts, stopped, optedOut } = await customersNotToText();
    for (const customer of [quiet, stopped]) {
      const call = await staffAction(t.app, staff, customer.waitId, 'call');
      expect(call.json()).toMatchObject({ status: 'called' });
    }
    const called = async (phone: string) => (await textsTo(phone)).filter((text) => text.kind === 'called');
    expect(await called(noTexts)).toEqual([]);
    expect(await called(optedOut)).toEqual([]);
  });

  it('turns a reply into a chat message in the customer’s thread', async () => {
    const phone = freshPhone();
    const customer = await joinAsNewCustomer(t, { phoneNumber: phone, name: 'Eve' });
    const response = await reply(phone, 'Running 10 min late');
    expect(response.json()).toEqual({ outcome: 'chat' });
    const thread = (
      await t.app.inject({ url: `/api/v1/staff/chat/${customer.waitId}`, headers: staff.headers })
    ).json();
    expect(thread.messages).toMatchObject([
      { message: 'Running 10 min late', sender: 'customer', userName: 'Eve' },
    ]);
    expect(await textsTo(phone)).toContainEqual(
      expect.objectContaining({ direction: 'inbound', status: 'received' }),
    );
  });

  it('a reply goes to the visit whose text the phone got, not to a later stranger who typed the same number', async () => {
    const phone = freshPhone();
    const owner = await joinAsNewCustomer(t, { phoneNumber: phone, name: 'Real Owner' });
    await expect.poll(() => sentTo(phone)).toHaveLength(1);
    // Someone else joins with that number and no texts: the phone never hears of their visit.
    const stranger = await joinAsNewCustomer(t, { phoneNumber: phone, name: 'Stranger', allowSms: false });
    expect((await reply(phone, 'Running 10 min late')).json()).toEqual({ outcome: 'chat' });
    const threadOf = async (waitId: string) =>
      (await t.app.inject({ url: `/api/v1/staff/chat/${waitId}`, headers: staff.headers })).json().messages;
    expect(await threadOf(owner.waitId)).toMatchObject([
      { message: 'Running 10 min late', sender: 'customer' },
    ]);
    expect(await threadOf(stranger.waitId)).toEqual([]);
  });

  it('STOP opts out and is confirmed once; nothing more is texted until START; HELP names the business', async () => {
    const phone = freshPhone();
    const customer = await joinAsNewCustomer(t, { phoneNumber: phone });
    await expect.poll(() => sentTo(phone).length).toBe(1);

    expect((await reply(phone, 'stop')).json()).toEqual({ outcome: 'stop' });
    expect((await reply(phone, 'STOP')).json()).toEqual({ outcome: 'stop' });
    await expect.poll(() => sentTo(phone).length).toBe(2);
    expect(sentTo(phone)[1]).toMatch(/no more texts/);

    await staffAction(t.app, staff, customer.waitId, 'call');
    await joinAsNewCustomer(t, { phoneNumber: phone });
    expect((await reply(phone, 'HELP')).json()).toEqual({ outcome: 'help' });
    await expect.poll(() => sentTo(phone).length).toBe(3);
    expect(sentTo(phone)[2]).toBe(
      'Bella Demo Salon wait list. Reply to this text to message the front desk. Reply STOP to opt out.',
    );

    expect((await reply(phone, 'Start')).json()).toEqual({ outcome: 'start' });
    await expect.poll(() => sentTo(phone).length).toBe(4);
    expect(sentTo(phone)[3]).toBe('Bella Demo Salon: texts are back on. Reply STOP to opt out.');
  });

  it('START lifts a STOP without turning on texts for an entry that joined without them', async () => {
    const phone = freshPhone();
    const texting = await joinAsNewCustomer(t, { phoneNumber: phone });
    const silent = await joinAsNewCustomer(t, { phoneNumber: phone, allowSms: false });
    await expect.poll(() => sentTo(phone).length).toBe(1);

    expect((await reply(phone, 'STOP')).json()).toEqual({ outcome: 'stop' });
    expect((await reply(phone, 'START')).json()).toEqual({ outcome: 'start' });
    await expect.poll(() => sentTo(phone).length).toBe(3);

    await staffAction(t.app, staff, silent.waitId, 'call');
    await staffAction(t.app, staff, texting.waitId, 'call');
    await expect.poll(() => sentTo(phone).length).toBe(4);
    expect(sentTo(phone)[3]).toMatch(/your turn/i);
    const { rows } = await t.database.db.query<{ wait_id: string }>(
      "select wait_id from sms_messages where phone_number = $1 and kind = 'called'",
      [phone],
    );
    expect(rows).toEqual([{ wait_id: texting.waitId }]);
  });

  it('never answers a keyword from a number the business never texted', async () => {
    // A new number may text the business (to join by text), but HELP starts nothing.
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/sms/reply',
      headers: staff.headers,
      payload: { phoneNumber: '+12125550000', body: 'HELP' },
    });
    expect(response.json()).toEqual({ outcome: 'ignored' });
    expect(await textsTo('+12125550000')).toMatchObject([{ direction: 'inbound' }]);
    expect(sentTo('+12125550000')).toEqual([]);
  });

  it('retries a text on a retryable failure, and fails it with the reason otherwise', async () => {
    const phone = freshPhone();
    sender.failNextTo(phone, new SmsSendError('Twilio answered 503', true));
    await joinAsNewCustomer(t, { phoneNumber: phone });
    await expect.poll(async () => (await textsTo(phone))[0]?.last_error).toBe('Twilio answered 503');
    const { rows } = await t.database.db.query<{ status: string; attempts: number }>(
      "select status, attempts from sms_messages where phone_number = $1 and kind = 'join'",
      [phone],
    );
    expect(rows[0]).toEqual({ status: 'queued', attempts: 1 });

    const other = freshPhone();
    sender.failNextTo(other, new SmsSendError('Twilio answered 400 (21211): invalid To', false));
    await joinAsNewCustomer(t, { phoneNumber: other });
    await expect.poll(async () => (await textsTo(other))[0]?.status).toBe('failed');
    expect((await textsTo(other))[0]?.last_error).toBe('Twilio answered 400 (21211): invalid To');
    expect(sentTo(other)).toEqual([]);
  });

  it('never resends a text interrupted mid-send (at most once, even across a crash)', async () => {
    const phone = freshPhone();
    sender.failNextTo(phone, new SmsSendError('Twilio answered 503', true));
    await joinAsNewCustomer(t, { phoneNumber: phone });
    await expect.poll(async () => (await textsTo(phone))[0]?.last_error).toBe('Twilio answered 503');
    // As if a process had claimed it and died before recording the outcome, long ago.
    await t.database.db.query(
      "update sms_messages set status = 'sending', updated_at = now() - interval '1 hour' where phone_number = $1",
      [phone],
    );
    const recovered = await createSmsRepository(t.database.db).recoverInterrupted(120);
    expect(recovered).toBeGreaterThanOrEqual(1);
    const rows = (await textsTo(phone)).filter((text) => text.status === 'failed');
    expect(rows[0]?.last_error).toMatch(/not retried so the customer never gets it twice/);
    // The worker's next passes leave it alone.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(rows).toHaveLength(1);
    expect(sentTo(phone)).toEqual([]);
  });

  it('lists the business’s texts for the console, newest first, and only its own', async () => {
    const response = await t.app.inject({ url: '/api/v1/staff/sms', headers: staff.headers });
    expect(response.statusCode).toBe(200);
    const { driver, messages } = response.json();
    expect(driver).toBe('fake');
    const times = messages.map((m: { createdAt: string }) => Date.parse(m.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(messages.length).toBeGreaterThan(5);
  });
});

describe.each(databaseKinds)('Twilio webhooks on %s', (kind) => {
  let t: TestApp;
  const { publicUrl, token } = TWILIO_TEST;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      smsSender: createRecordingSmsSender(),
      env: twilioTestEnv,
    });
  });
  afterAll(async () => t?.close());

  const post = (path: string, params: Record<string, string>, signature?: string) =>
    t.app.inject({
      method: 'POST',
      url: path,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(signature ? { 'x-twilio-signature': signature } : {}),
      },
      payload: new URLSearchParams(params).toString(),
    });

  it('refuses unsigned and forged texts with 403 and changes nothing', async () => {
    const phone = '+14155559001';
    const customer = await joinAsNewCustomer(t, { phoneNumber: phone });
    const params = { From: phone, Body: 'STOP', MessageSid: 'SM_forged' };
    expect((await post('/api/sms/twilio', params)).statusCode).toBe(403);
    expect(
      (
        await post(
          '/api/sms/twilio',
          params,
          twilioSignature('wrong-token', `${publicUrl}/api/sms/twilio`, params),
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await post(
          '/api/sms/twilio',
          params,
          twilioSignature(token, 'https://other.example/api/sms/twilio', params),
        )
      ).statusCode,
    ).toBe(403);
    const { rows } = await t.database.db.query('select 1 from sms_opt_outs where phone_number = $1', [phone]);
    expect(rows).toHaveLength(0);
    const inbound = await t.database.db.query("select 1 from sms_messages where direction = 'inbound'");
    expect(inbound.rows).toHaveLength(0);
    expect(customer.waitId).toBeTruthy();
  });

  it('accepts a signed text once, even when Twilio sends it twice', async () => {
    const phone = '+14155559002';
    const customer = await joinAsNewCustomer(t, { phoneNumber: phone });
    const params = { From: phone, To: '+15005550006', Body: 'Can I bring my kid?', MessageSid: 'SM_real_1' };
    const signature = twilioSignature(token, `${publicUrl}/api/sms/twilio`, params);
    const first = await post('/api/sms/twilio', params, signature);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/xml/);
    expect((await post('/api/sms/twilio', params, signature)).statusCode).toBe(200);
    const { rows } = await t.database.db.query<{ message: string }>(
      'select message from chat_messages where wait_id = $1',
      [customer.waitId],
    );
    expect(rows).toEqual([{ message: 'Can I bring my kid?' }]);
  });

  it('answers 400 to a signed webhook with a field given twice, and records nothing', async () => {
    const phone = '+14155559004';
    await joinAsNewCustomer(t, { phoneNumber: phone });
    const cases = [
      {
        path: '/api/sms/twilio',
        payload: `From=${encodeURIComponent(phone)}&Body=STOP&Body=hi&MessageSid=SM_twice`,
      },
      { path: '/api/sms/twilio/status', payload: 'MessageSid=SM_a&MessageSid=SM_b&MessageStatus=delivered' },
    ];
    for (const { path, payload } of cases) {
      // Signed over the fields as the server reads them (a repeated one as its values joined by
      // commas), so the repeated field is the only thing wrong with the request.
      const params = Object.fromEntries(
        [...new Set(new URLSearchParams(payload).keys())].map((key) => [
          key,
          new URLSearchParams(payload).getAll(key).join(','),
        ]),
      );
      const response = await t.app.inject({
        method: 'POST',
        url: path,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': twilioSignature(token, `${publicUrl}${path}`, params),
        },
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('BAD_REQUEST');
    }
    const inbound = await t.database.db.query(
      'select 1 from sms_messages where phone_number = $1 and direction = $2',
      [phone, 'inbound'],
    );
    expect(inbound.rows).toHaveLength(0);
    const optOut = await t.database.db.query('select 1 from sms_opt_outs where phone_number = $1', [phone]);
    expect(optOut.rows).toHaveLength(0);
  });

  it('keeps the delivery status Twilio reports', async () => {
    const phone = '+14155559003';
    await joinAsNewCustomer(t, { phoneNumber: phone });
    await expect
      .poll(
        async () =>
          (
            await t.database.db.query(
              "select 1 from sms_messages where phone_number = $1 and status = 'sent'",
              [phone],
            )
          ).rows.length,
      )
      .toBe(1);
    const { rows } = await t.database.db.query<{ provider_message_id: string }>(
      'select provider_message_id from sms_messages where phone_number = $1',
      [phone],
    );
    const params = { MessageSid: rows[0]!.provider_message_id, MessageStatus: 'delivered' };
    const forged = await post('/api/sms/twilio/status', params);
    expect(forged.statusCode).toBe(403);
    const signed = await post(
      '/api/sms/twilio/status',
      params,
      twilioSignature(token, `${publicUrl}/api/sms/twilio/status`, params),
    );
    expect(signed.statusCode).toBe(204);
    const after = await t.database.db.query<{ status: string }>(
      'select status from sms_messages where phone_number = $1',
      [phone],
    );
    expect(after.rows[0]!.status).toBe('delivered');
  });
});

describe('Twilio sender against a local stand-in of the Messages API', () => {
  let server: ReturnType<typeof createServer>;
  let base = '';
  const received: { path: string; authorization: string | undefined; form: Record<string, string> }[] = [];
  let failures = 0;

  beforeAll(async () => {
    server = createServer((request: IncomingMessage, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += String(chunk);
      });
      request.on('end', () => {
        received.push({
          path: request.url ?? '',
          authorization: request.headers.authorization,
          form: Object.fromEntries(new URLSearchParams(body)),
        });
        if (request.headers.authorization !== `Basic ${Buffer.from('AC1:tok').toString('base64')}`) {
          response
            .writeHead(401, { 'content-type': 'application/json' })
            .end('{"code":20003,"message":"Authenticate"}');
          return;
        }
        if (failures > 0) {
          failures -= 1;
          response.writeHead(500, { 'content-type': 'application/json' }).end('{"message":"oops"}');
          return;
        }
        response.writeHead(201, { 'content-type': 'application/json' }).end(`{"sid":"SM${received.length}"}`);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const settings = () => ({
    accountSid: 'AC1',
    authToken: 'tok',
    from: undefined,
    messagingServiceSid: 'MG1',
    apiBase: base,
    statusCallbackUrl: 'https://salon.example/api/sms/twilio/status',
  });

  it('sends with basic auth, the messaging service and the status callback', async () => {
    await expect(
      createTwilioSmsSender(settings()).send({ to: '+14155550123', body: 'Hello' }),
    ).resolves.toEqual({
      providerMessageId: expect.stringMatching(/^SM\d+$/),
    });
    const last = received.at(-1)!;
    expect(last.path).toBe('/2010-04-01/Accounts/AC1/Messages.json');
    expect(last.form).toEqual({
      To: '+14155550123',
      Body: 'Hello',
      MessagingServiceSid: 'MG1',
      StatusCallback: 'https://salon.example/api/sms/twilio/status',
    });
  });

  it('reports a 5xx as retryable and bad credentials as final', async () => {
    failures = 1;
    await expect(
      createTwilioSmsSender(settings()).send({ to: '+14155550123', body: 'x' }),
    ).rejects.toMatchObject({ retryable: true });
    await expect(
      createTwilioSmsSender({ ...settings(), authToken: 'wrong' }).send({ to: '+14155550123', body: 'x' }),
    ).rejects.toMatchObject({ retryable: false, message: expect.stringContaining('20003') });
  });
});

describe.each(databaseKinds)('the outbox driver on %s', (kind) => {
  let t: TestApp;
  let staff: StaffSession;

  beforeAll(async () => {
    // No smsSender: the app picks the driver from config, and the default is the outbox.
    t = await createTestApp(kind);
    staff = await signInStaff(t.app);
  });
  afterAll(async () => t?.close());

  const textsTo = async (phone: string) =>
    (
      await t.database.db.query<{ kind: string; status: string; attempts: number }>(
        'select kind, status, attempts from sms_messages where phone_number = $1 order by created_at, kind',
        [phone],
      )
    ).rows;

  it('writes a text as sent with the change that causes it, with no send attempt to wait for', async () => {
    const phone = freshPhone();
    const customer = await joinAsNewCustomer(t, { phoneNumber: phone });
    // Read at once, no polling: the row was committed as sent with the join.
    expect(await textsTo(phone)).toEqual([{ kind: 'join', status: 'sent', attempts: 0 }]);

    expect((await staffAction(t.app, staff, customer.waitId, 'call')).statusCode).toBe(200);
    expect(await textsTo(phone)).toEqual([
      { kind: 'join', status: 'sent', attempts: 0 },
      { kind: 'called', status: 'sent', attempts: 0 },
    ]);
    const listed = await t.app.inject({ method: 'GET', url: '/api/v1/staff/sms', headers: staff.headers });
    expect(listed.json()).toMatchObject({ driver: 'outbox' });
  });

  it('still writes nothing to a number that replied STOP, and confirms the STOP as sent', async () => {
    const phone = freshPhone();
    await joinAsNewCustomer(t, { phoneNumber: phone });
    const stop = await t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/sms/reply',
      headers: staff.headers,
      payload: { phoneNumber: phone, body: 'STOP' },
    });
    expect(stop.statusCode).toBe(201);
    await joinAsNewCustomer(t, { phoneNumber: phone });
    const outbound = (await textsTo(phone)).filter((text) => text.kind !== 'inbound');
    expect(outbound).toEqual([
      { kind: 'join', status: 'sent', attempts: 0 },
      { kind: 'stop', status: 'sent', attempts: 0 },
    ]);
  });
});
