import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FRONT_DESK, DEMO_PROVIDER } from '../../src/server/seed/demo.ts';
import { topics } from '../../src/shared/realtime.ts';
import { chatThreadSchema } from '../../src/shared/schemas.ts';
import { type BoardEntry, boardResponseSchema } from '../../src/shared/staff-schemas.ts';
import { expectApiError } from '../support/api-error.ts';
import {
  buildSendMessage,
  getCustomerThread,
  type JoinedCustomer,
  joinAsNewCustomer,
  sendMessage,
} from '../support/customer.ts';
import { buildJoinRequest, idempotencyKey } from '../support/factories.ts';
import { RealtimeTestClient, realtimeUrl } from '../support/realtime-client.ts';
import {
  addTeamMember,
  assignProvider,
  listProviders,
  type StaffSession,
  signInStaff,
} from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { databaseKinds } from '../support/test-database.ts';

describe.each(databaseKinds)('who answers a chat, and what is unread, on %s', (kind) => {
  let t: TestApp;
  let owner: StaffSession;
  let desk: StaffSession;
  let maria: StaffSession;
  let mariaProviderId: string;
  let url: string;
  const sockets: RealtimeTestClient[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await signInStaff(t.app);
    desk = await signInStaff(t.app, DEMO_FRONT_DESK);
    maria = await signInStaff(t.app, DEMO_PROVIDER);
    mariaProviderId = (await listProviders(t.database.db, 'demo')).find((p) => p.name === 'Maria Lopez')!.id;
    url = await realtimeUrl(t.app);
  });
  afterAll(async () => {
    await Promise.all(sockets.map((socket) => socket.close()));
    await t?.close();
  });

  const says = (session: StaffSession, customer: JoinedCustomer, message: string, asBusiness?: boolean) =>
    sendMessage(
      t.app,
      session.headers,
      buildSendMessage(customer, { message, ...(asBusiness === undefined ? {} : { asBusiness }) }),
    );

  async function storedAuthors(customer: JoinedCustomer) {
    const { rows } = await t.database.db.query<{ user_name: string; user_id: string }>(
      "select user_name, user_id from chat_messages where thread_key = $1 and sender = 'staff' order by created_at",
      [customer.chatThreadKey],
    );
    return rows;
  }

  const boardEntry = async (session: StaffSession, waitId: string) =>
    boardResponseSchema
      .parse((await t.app.inject({ url: '/api/v1/staff/board', headers: session.headers })).json())
      .entries.find((entry) => entry.waitId === waitId)!;

  it('signs each staff message with its author, or with the business when the owner posts as it', async () => {
    const customer = await joinAsNewCustomer(t);
    expect((await says(owner, customer, 'From the owner')).json()).toMatchObject({ userName: 'Demo Owner' });
    expect((await says(desk, customer, 'From the desk')).json()).toMatchObject({ userName: 'Sam Rivera' });
    expect((await says(owner, customer, 'From the salon', true)).json()).toMatchObject({
      userName: 'Bella Demo Salon',
      userId: owner.me.id,
    });
    expectApiError(await says(desk, customer, 'Not allowed', true), 403, 'ROLE_NOT_ALLOWED');

    // The customer sees each author; the database keeps who really wrote it.
    const thread = await getCustomerThread(t.app, customer);
    expect(thread.messages.map((message) => [message.userName, message.message])).toEqual([
      ['Demo Owner', 'From the owner'],
      ['Sam Rivera', 'From the desk'],
      ['Bella Demo Salon', 'From the salon'],
    ]);
    expect(await storedAuthors(customer)).toEqual([
      { user_name: 'Demo Owner', user_id: owner.me.id },
      { user_name: 'Sam Rivera', user_id: desk.me.id },
      { user_name: 'Bella Demo Salon', user_id: owner.me.id },
    ]);
  });

  it("makes an assigned customer the provider's conversation, until the desk takes it over, live for the customer", async () => {
    const customer = await joinAsNewCustomer(t);
    expect((await assignProvider(t.app, owner, customer.waitId, mariaProviderId)).statusCode).toBe(200);
    const customerSocket = await RealtimeTestClient.connectCustomer(url, customer.token);
    sockets.push(customerSocket);
    const chatTopic = topics.chat(customer.chatThreadKey);
    await customerSocket.subscribe(chatTopic, null);

    let thread = await getCustomerThread(t.app, customer);
    expect(thread).toMatchObject({
      providerName: 'Maria Lopez',
      answeredBy: { id: maria.me.id, name: 'Maria Lopez' },
    });
    const refused = expectApiError(await says(desk, customer, 'Desk here'), 409, 'CHAT_ANSWERED_BY_OTHER');
    expect(refused.message).toBe('Maria Lopez answers this conversation. Take it over to write.');
    expect((await says(maria, customer, 'Maria here')).json()).toMatchObject({ userName: 'Maria Lopez' });

    const takeOver = await t.app.inject({
      method: 'POST',
      url: `/api/v1/staff/chat/${customer.waitId}/take-over`,
      headers: desk.headers,
    });
    expect(takeOver.statusCode).toBe(200);
    expect(chatThreadSchema.parse(takeOver.json()).answeredBy).toEqual({
      id: desk.me.id,
      name: 'Sam Rivera',
      providerId: null,
    });
    const announced = await customerSocket.waitFor(
      (message) => message.type === 'event' && message.event === 'thread.answerer',
      'the new answerer',
    );
    expect(announced).toMatchObject({ data: { providerName: 'Sam Rivera' } });
    thread = await getCustomerThread(t.app, customer);
    expect(thread.providerName).toBe('Sam Rivera');

    expectApiError(await says(maria, customer, 'Still me?'), 409, 'CHAT_ANSWERED_BY_OTHER');
    expect((await says(desk, customer, 'Desk here')).statusCode).toBe(201);
    expect((await storedAuthors(customer)).map((row) => row.user_name)).toEqual([
      'Maria Lopez',
      'Sam Rivera',
    ]);
  });

  it('lets every account of the answering provider write (a phone and a tablet), and tells each it answers', async () => {
    const tablet = await addTeamMember(t.app, owner, { role: 'provider', providerId: mariaProviderId });
    const customer = await joinAsNewCustomer(t);
    expect((await assignProvider(t.app, owner, customer.waitId, mariaProviderId)).statusCode).toBe(200);

    // The customer sees one name: the provider's first account's.
    const answeredBy = { id: maria.me.id, name: 'Maria Lopez', providerId: mariaProviderId };
    for (const session of [maria, tablet, desk]) {
      const read = await t.app.inject({
        url: `/api/v1/staff/chat/${customer.waitId}`,
        headers: session.headers,
      });
      expect(chatThreadSchema.parse(read.json()).answeredBy).toEqual(answeredBy);
    }
    expect((await says(tablet, customer, 'From the tablet')).json()).toMatchObject({
      userName: tablet.me.name,
    });
    expect((await says(maria, customer, 'From the phone')).statusCode).toBe(201);
    expectApiError(await says(desk, customer, 'Desk here'), 409, 'CHAT_ANSWERED_BY_OTHER');

    // Taken over by one of them, it is still the provider's: the other writes too.
    const takeOver = await t.app.inject({
      method: 'POST',
      url: `/api/v1/staff/chat/${customer.waitId}/take-over`,
      headers: tablet.headers,
    });
    expect(chatThreadSchema.parse(takeOver.json()).answeredBy).toEqual({
      id: tablet.me.id,
      name: tablet.me.name,
      providerId: mariaProviderId,
    });
    expect((await says(maria, customer, 'Phone again')).statusCode).toBe(201);
    expect((await storedAuthors(customer)).map((row) => row.user_id)).toEqual([
      tablet.me.id,
      maria.me.id,
      maria.me.id,
    ]);
  });

  it('takes over the thread from an earlier visit: the answer names the new answerer and the latest visit', async () => {
    const customer = await joinAsNewCustomer(t, { name: 'Returning Rita' });
    // One thread per customer and business: it follows their newest visit (migration 0019).
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/v1/companies/${customer.companyId}/wait-list`,
      headers: { authorization: customer.authorization, 'idempotency-key': idempotencyKey() },
      payload: buildJoinRequest({ name: customer.name }),
    });
    expect(again.statusCode, again.body).toBe(201);
    const latestWaitId = (again.json() as { waitId: string }).waitId;

    const takeOver = await t.app.inject({
      method: 'POST',
      url: `/api/v1/staff/chat/${customer.waitId}/take-over`,
      headers: desk.headers,
    });
    expect(takeOver.statusCode, takeOver.body).toBe(200);
    expect(chatThreadSchema.parse(takeOver.json())).toMatchObject({
      waitId: latestWaitId,
      answeredBy: { id: desk.me.id, name: desk.me.name, providerId: null },
    });
    // The customer's page hears the same answerer.
    const answerers = async () => {
      const { rows } = await t.database.db.query<{ data: { answeredBy: unknown } }>(
        `select data from realtime_events where topic = $1 and type = 'thread.answerer' order by seq`,
        [topics.chat(customer.chatThreadKey)],
      );
      return rows.map((row) => row.data.answeredBy);
    };
    await expect.poll(answerers).toEqual([{ id: desk.me.id, name: desk.me.name, providerId: null }]);
  });

  it("counts a customer's messages as unread on the board, live, until a staff member opens the chat", async () => {
    const customer = await joinAsNewCustomer(t);
    const board = await RealtimeTestClient.connect(url, { cookie: desk.cookie });
    const page = await RealtimeTestClient.connectCustomer(url, customer.token);
    sockets.push(board, page);
    await board.subscribe(topics.board('demo'), null);
    await page.subscribe(topics.wait(customer.waitId), null);

    for (const message of ['Hello?', 'Are you there?'])
      expect(
        (
          await sendMessage(
            t.app,
            { authorization: customer.authorization },
            buildSendMessage(customer, { message }),
          )
        ).statusCode,
      ).toBe(201);
    const unreadSeen = async (count: number) => {
      await expect
        .poll(
          () =>
            board
              .events(topics.board('demo'))
              .map((event) => event.data as BoardEntry)
              .filter((entry) => entry.waitId === customer.waitId)
              .at(-1)?.unread,
        )
        .toBe(count);
    };
    await unreadSeen(2);
    expect((await boardEntry(owner, customer.waitId)).unread).toBe(2);

    const read = await t.app.inject({
      method: 'POST',
      url: `/api/v1/staff/chat/${customer.waitId}/read`,
      headers: owner.headers,
    });
    expect(read.statusCode).toBe(204);
    await unreadSeen(0);
    expect((await boardEntry(desk, customer.waitId)).unread).toBe(0);
    // A reply by text counts too (a phone-in can only text).
    const replied = await t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/sms/reply',
      headers: owner.headers,
      payload: { phoneNumber: '+14155550123', body: 'Texting from my phone' },
    });
    expect(replied.json()).toEqual({ outcome: 'chat' });
    expect((await boardEntry(desk, customer.waitId)).unread).toBe(1);
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/staff/chat/${customer.waitId}/read`,
      headers: desk.headers,
    });
    // Staff messages are not unread, and the customer's page heard nothing of the counting.
    await says(owner, customer, 'Yes!');
    expect((await boardEntry(desk, customer.waitId)).unread).toBe(0);
    await page.roundTrip();
    expect(page.events(topics.wait(customer.waitId))).toEqual([]);
  });
});
