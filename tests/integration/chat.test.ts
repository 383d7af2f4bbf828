import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topics } from '../../src/shared/realtime.ts';
import {
  apiErrorSchema,
  type ChatMessage,
  chatMessageSchema,
  chatThreadSchema,
} from '../../src/shared/schemas.ts';
import {
  buildSendMessage,
  getCustomerThread,
  type JoinedCustomer,
  joinAsNewCustomer,
  sendMessage,
} from '../support/customer.ts';
import { assignProvider, listProviders, type StaffSession, signInStaff } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { databaseKinds } from '../support/test-database.ts';

describe.each(databaseKinds)('chat on %s', (kind) => {
  let t: TestApp;
  let owner: StaffSession;

  beforeAll(async () => {
    // Tests here send more messages a minute than a person would.
    t = await createTestApp(kind, { env: { RATE_LIMIT_MESSAGES_PER_MINUTE: '1000' } });
    owner = await signInStaff(t.app);
  });
  afterAll(async () => t?.close());

  async function customerSays(customer: JoinedCustomer, message: string) {
    return sendMessage(
      t.app,
      { authorization: customer.authorization },
      buildSendMessage(customer, { message }),
    );
  }

  async function staffSays(customer: JoinedCustomer, message: string, session = owner) {
    return sendMessage(t.app, session.headers, buildSendMessage(customer, { message }));
  }

  async function staffThread(waitId: string) {
    const response = await t.app.inject({
      url: `/api/v1/staff/chat/${waitId}`,
      headers: { cookie: owner.cookie },
    });
    expect(response.statusCode).toBe(200);
    return chatThreadSchema.parse(response.json());
  }

  async function storedMessages(threadKey: string) {
    const { rows } = await t.database.db.query<{ message: string; user_id: string; sender: string }>(
      'select message, user_id, sender from chat_messages where thread_key = $1 order by created_at, id',
      [threadKey],
    );
    return rows;
  }

  it('numbers the events of a message by the time its sender hears back, on the embedded database', async () => {
    const customer = await joinAsNewCustomer(t, { name: 'Numbered Nell' });
    const chatTopic = topics.chat(customer.chatThreadKey);
    /** The thread's messages as numbered events, and whether any of its events wait to be numbered. */
    const numbered = async () => {
      const { rows } = await t.database.db.query<{ message: string; pending: boolean }>(
        `select e.data->>'message' as message,
                exists (select 1 from realtime_pending p where p.topic = $1) as pending
           from realtime_events e where e.topic = $1 and e.type = 'message.created' order by e.seq`,
        [chatTopic],
      );
      return { messages: rows.map((row) => row.message), pending: rows.some((row) => row.pending) };
    };
    /** The board's unread count for this visit, as its latest numbered event says. */
    const boardUnread = async () => {
      const { rows } = await t.database.db.query<{ unread: number }>(
        `select (data->>'unread')::int as unread from realtime_events
          where topic = $1 and type = 'entry.upserted' and data->>'waitId' = $2 order by seq desc limit 1`,
        [topics.board(customer.companyId), customer.waitId],
      );
      return rows[0]?.unread;
    };

    expect((await staffSays(customer, 'Your chair is ready.')).statusCode).toBe(201);
    const afterStaff = await numbered();
    expect((await customerSays(customer, 'On my way')).statusCode).toBe(201);
    const afterCustomer = await numbered();
    const unreadAfterCustomer = await boardUnread();
    if (kind === 'pglite') {
      // Numbered before the answer (the pass runs right behind the message): none left for later.
      expect(afterStaff).toEqual({ messages: ['Your chair is ready.'], pending: false });
      expect(afterCustomer).toEqual({ messages: ['Your chair is ready.', 'On my way'], pending: false });
      expect(unreadAfterCustomer).toBe(1);
    } else {
      // PostgreSQL numbers them once the message has committed, on another connection maybe.
      await expect
        .poll(numbered)
        .toEqual({ messages: ['Your chair is ready.', 'On my way'], pending: false });
      await expect.poll(boardUnread).toBe(1);
    }
  });

  it('lets a customer and staff exchange messages, both seeing the same thread', async () => {
    const customer = await joinAsNewCustomer(t, { name: 'Chatty Cathy' });
    const fromCustomer = await customerSays(customer, 'Is there parking?');
    expect(fromCustomer.statusCode).toBe(201);
    const customerMessage = chatMessageSchema.parse(fromCustomer.json());
    expect(customerMessage).toMatchObject({
      userId: customer.customerId,
      userName: 'Chatty Cathy',
      name: 'Chatty Cathy',
      message: 'Is there parking?',
      sender: 'customer',
    });

    const fromStaff = await staffSays(customer, 'Yes, behind the building.');
    expect(fromStaff.statusCode).toBe(201);
    const staffMessage = chatMessageSchema.parse(fromStaff.json());
    expect(staffMessage).toMatchObject({
      userId: owner.me.id,
      userName: 'Demo Owner',
      message: 'Yes, behind the building.',
      sender: 'staff',
    });

    const asCustomer = chatThreadSchema.parse(await getCustomerThread(t.app, customer));
    expect(asCustomer).toMatchObject({
      waitId: customer.waitId,
      companyId: 'demo',
      threadKey: customer.chatThreadKey,
      customerId: customer.customerId,
      customerName: 'Chatty Cathy',
      providerName: 'Bella Demo Salon',
    });
    expect(asCustomer.messages).toEqual([customerMessage, staffMessage]);
    expect(asCustomer.providerId).toBe(customer.chatThreadKey.slice(0, -customer.customerId.length - 1));
    const asStaff = await staffThread(customer.waitId);
    expect(asStaff.messages).toEqual([customerMessage, staffMessage]);
    // Subscribing after this seq misses nothing: it is never past the two messages' events.
    expect(asStaff.seq).toBeGreaterThanOrEqual(0);
    expect(asStaff.seq).toBeLessThanOrEqual(2);
  });

  it('returns the last 10 messages, oldest first, with createdAt in epoch seconds', async () => {
    const customer = await joinAsNewCustomer(t);
    const sent: ChatMessage[] = [];
    for (let n = 1; n <= 12; n += 1) {
      const response =
        n % 3 === 0
          ? await staffSays(customer, `message ${n}`)
          : await customerSays(customer, `message ${n}`);
      expect(response.statusCode).toBe(201);
      sent.push(chatMessageSchema.parse(response.json()));
    }
    const thread = chatThreadSchema.parse(await getCustomerThread(t.app, customer));
    expect(thread.messages.map((m) => m.message)).toEqual(
      Array.from({ length: 10 }, (_, i) => `message ${i + 3}`),
    );
    expect(thread.messages).toEqual(sent.slice(2));

    const { rows } = await t.database.db.query<{ id: string; epoch: number }>(
      'select id, extract(epoch from created_at)::float8 as epoch from chat_messages where thread_key = $1',
      [customer.chatThreadKey],
    );
    const epochById = new Map(rows.map((row) => [row.id, Number(row.epoch)]));
    for (const message of thread.messages) {
      expect(message.createdAt).toBeCloseTo(epochById.get(message.id)!, 3);
      // Seconds, not milliseconds: a 2020s date in ms would be above 1e12.
      expect(message.createdAt).toBeGreaterThan(1.5e9);
      expect(message.createdAt).toBeLessThan(1e11);
    }
    const times = thread.messages.map((m) => m.createdAt);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('stores and returns HTML verbatim, as text', async () => {
    const customer = await joinAsNewCustomer(t);
    const html = `<script>alert("hi")</script><img src=x onerror='x()'> & &amp; <b>bold</b>`;
    const response = await customerSays(customer, html);
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe(html);
    expect((await storedMessages(customer.chatThreadKey)).map((m) => m.message)).toEqual([html]);
    const thread = await getCustomerThread(t.app, customer);
    expect(thread.messages[0]!.message).toBe(html);
  });

  it('accepts 1000 characters and refuses 1001 with 400 naming message, storing nothing', async () => {
    const customer = await joinAsNewCustomer(t);
    const tooLong = await customerSays(customer, 'x'.repeat(1001));
    expect(tooLong.statusCode).toBe(400);
    const body = apiErrorSchema.parse(tooLong.json());
    expect(body.error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'message' });
    expect(await storedMessages(customer.chatThreadKey)).toEqual([]);

    const longest = await customerSays(customer, 'y'.repeat(1000));
    expect(longest.statusCode).toBe(201);
    expect((await storedMessages(customer.chatThreadKey)).map((m) => m.message.length)).toEqual([1000]);
  });

  it.each(['', '   ', '\n\t '])(
    'refuses the empty message %j with 400 and stores nothing',
    async (message) => {
      const customer = await joinAsNewCustomer(t);
      for (const headers of [{ authorization: customer.authorization }, owner.headers]) {
        const response = await sendMessage(t.app, headers, buildSendMessage(customer, { message }));
        expect(response.statusCode).toBe(400);
        expect(apiErrorSchema.parse(response.json()).error.field).toBe('message');
      }
      expect(await storedMessages(customer.chatThreadKey)).toEqual([]);
    },
  );

  it('refuses a message holding a NUL character with 400, not a 500', async () => {
    const customer = await joinAsNewCustomer(t);
    const response = await customerSays(customer, 'before\u0000after');
    expect(response.statusCode).toBe(400);
    expect(apiErrorSchema.parse(response.json()).error.field).toBe('message');
    expect(await storedMessages(customer.chatThreadKey)).toEqual([]);
  });

  it('answers 404 for a wrong chatNode, historyId or companyId, storing nothing', async () => {
    const customer = await joinAsNewCustomer(t);
    const other = await joinAsNewCustomer(t);
    const wrong = [
      { chatNode: `${customer.chatThreadKey}x` },
      { chatNode: other.chatThreadKey },
      { historyId: '00000000-0000-4000-8000-000000000000' },
      { companyId: 'nope' },
    ];
    for (const overrides of wrong) {
      for (const headers of [{ authorization: customer.authorization }, owner.headers]) {
        const response = await sendMessage(t.app, headers, buildSendMessage(customer, overrides));
        expect(response.statusCode, JSON.stringify(overrides)).toBe(404);
        expect(apiErrorSchema.parse(response.json()).error.code).toBe('CHAT_NOT_FOUND');
      }
    }
    expect(await storedMessages(customer.chatThreadKey)).toEqual([]);
    expect(await storedMessages(other.chatThreadKey)).toEqual([]);
  });

  it('needs a customer token or a staff session', async () => {
    const customer = await joinAsNewCustomer(t);
    const anonymous = await sendMessage(t.app, {}, buildSendMessage(customer));
    expect(anonymous.statusCode).toBe(401);
    const badToken = await sendMessage(t.app, { authorization: 'Bearer nope' }, buildSendMessage(customer));
    expect(badToken.statusCode).toBe(401);
    const read = await t.app.inject({ url: `/api/v1/companies/demo/chat/${customer.waitId}` });
    expect(read.statusCode).toBe(401);
    expect(await storedMessages(customer.chatThreadKey)).toEqual([]);
  });

  it("signs staff messages with their real author, whoever the customer's provider is", async () => {
    const customer = await joinAsNewCustomer(t);
    const before = await staffSays(customer, 'Welcome!');
    expect(before.json()).toMatchObject({ userName: 'Demo Owner', userId: owner.me.id, sender: 'staff' });

    // James Chen has no account of his own: the desk answers for him, under its own name.
    const james = (await listProviders(t.database.db, 'demo')).find((p) => p.name === 'James Chen')!;
    const assign = await assignProvider(t.app, owner, customer.waitId, james.id);
    expect(assign.statusCode).toBe(200);
    const after = await staffSays(customer, 'James will see you.');
    expect(after.json()).toMatchObject({ userName: 'Demo Owner', name: 'Demo Owner', userId: owner.me.id });

    const thread = await getCustomerThread(t.app, customer);
    expect(thread.providerName).toBe('James Chen');
    expect(thread.messages.map((m) => m.userName)).toEqual(['Demo Owner', 'Demo Owner']);
    const { rows } = await t.database.db.query<{ user_name: string }>(
      'select user_name from chat_messages where thread_key = $1 order by created_at',
      [customer.chatThreadKey],
    );
    expect(rows.map((r) => r.user_name)).toEqual(['Demo Owner', 'Demo Owner']);
  });
});
