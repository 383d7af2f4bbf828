import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topics } from '../../src/shared/realtime.ts';
import { chatMessageSchema } from '../../src/shared/schemas.ts';
import { boardEntrySchema } from '../../src/shared/staff-schemas.ts';
import {
  buildSendMessage,
  getCustomerThread,
  type JoinedCustomer,
  joinAsNewCustomer,
  sendMessage,
} from '../support/customer.ts';
import { type EventMessage, RealtimeTestClient, realtimeUrl } from '../support/realtime-client.ts';
import {
  assignProvider,
  listProviders,
  type StaffSession,
  signInStaff,
  staffAction,
} from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { databaseKinds } from '../support/test-database.ts';

/** Seqs that follow `after` one by one, with no gap and no repeat. */
function expectContiguous(events: EventMessage[], after: number) {
  expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => after + i + 1));
}

describe.each(databaseKinds)('realtime channel on %s', (kind) => {
  let t: TestApp;
  let owner: StaffSession;
  let url: string;
  const sockets: RealtimeTestClient[] = [];

  beforeAll(async () => {
    // The burst below sends more messages a minute than a person would.
    t = await createTestApp(kind, { env: { RATE_LIMIT_MESSAGES_PER_MINUTE: '1000' } });
    owner = await signInStaff(t.app);
    url = await realtimeUrl(t.app);
  });
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await t?.close();
  });

  async function connectStaff() {
    const socket = await RealtimeTestClient.connect(url, { cookie: owner.cookie });
    sockets.push(socket);
    expect(socket.principal).toBe('staff');
    return socket;
  }

  async function connectCustomer(customer: JoinedCustomer) {
    const socket = await RealtimeTestClient.connectCustomer(url, customer.token);
    sockets.push(socket);
    return socket;
  }

  /** Staff writes `message` in the customer's thread; returns the stored message. */
  async function staffSays(customer: JoinedCustomer, message: string) {
    const response = await sendMessage(t.app, owner.headers, buildSendMessage(customer, { message }));
    expect(response.statusCode, response.body).toBe(201);
    return chatMessageSchema.parse(response.json());
  }

  async function subscribed(
    socket: RealtimeTestClient,
    topic: string,
    after: number | null,
  ): Promise<number> {
    const answer = await socket.subscribe(topic, after);
    expect(answer).toMatchObject({ type: 'subscribed', topic });
    return (answer as { seq: number }).seq;
  }

  it('sends a staff board socket entry.upserted for a join and a call, in seq order', async () => {
    const socket = await connectStaff();
    const topic = topics.board('demo');
    const start = await subscribed(socket, topic, null);
    const customer = await joinAsNewCustomer(t, { name: 'Live Join' });
    const call = await staffAction(t.app, owner, customer.waitId, 'call');
    expect(call.statusCode).toBe(200);

    const isMine = (e: EventMessage) => (e.data as { waitId?: string }).waitId === customer.waitId;
    await socket.waitFor(
      (m) => m.type === 'event' && isMine(m) && (m.data as { status?: string }).status === 'called',
      'the call on the board',
    );
    const events = socket.events(topic);
    expectContiguous(events, start);
    const mine = events.filter(isMine);
    expect(mine.map((e) => e.event)).toEqual(['entry.upserted', 'entry.upserted']);
    const [joined, called] = mine.map((e) => boardEntrySchema.parse(e.data));
    expect(joined).toMatchObject({ waitId: customer.waitId, name: 'Live Join', status: 'waiting' });
    expect(called).toMatchObject({ waitId: customer.waitId, status: 'called' });
    expect(called!.calledAt).not.toBeNull();
    // The event is written by the statement that made the call (JSON built in SQL): it must say
    // exactly what the call's answer says, timestamps included.
    expect(called).toEqual(boardEntrySchema.parse(call.json()));
    expect(mine[0]!.seq).toBeLessThan(mine[1]!.seq);
  });

  it('tells the board each step (call, start, done; remove) exactly as the answer says', async () => {
    const socket = await connectStaff();
    const topic = topics.board('demo');
    await subscribed(socket, topic, null);
    const served = await joinAsNewCustomer(t, { name: 'Served Live' });
    const removed = await joinAsNewCustomer(t, { name: 'Removed Live' });
    const steps = [
      [served, 'call', 'called'],
      [served, 'start', 'in_service'],
      [served, 'done', 'done'],
      [removed, 'remove', 'cancelled'],
    ] as const;
    for (const [customer, action, status] of steps) {
      const answer = await staffAction(t.app, owner, customer.waitId, action);
      expect(answer.statusCode).toBe(200);
      const message = await socket.waitFor(
        (m) =>
          m.type === 'event' &&
          (m.data as { waitId?: string }).waitId === customer.waitId &&
          (m.data as { status?: string }).status === status,
        `${action} on the board`,
      );
      expect(boardEntrySchema.parse((message as EventMessage).data)).toEqual(
        boardEntrySchema.parse(answer.json()),
      );
    }
  });

  it("tells the board and the customer's page who was assigned, as the answer says", async () => {
    const socket = await connectStaff();
    const customer = await joinAsNewCustomer(t, { name: 'Assigned Live' });
    const customerSocket = await connectCustomer(customer);
    await subscribed(customerSocket, topics.wait(customer.waitId), null);
    const start = await subscribed(socket, topics.board('demo'), null);
    const [provider] = await listProviders(t.database.db, 'demo');
    const assigned = await assignProvider(t.app, owner, customer.waitId, provider!.id);
    expect(assigned.statusCode).toBe(200);

    const [event] = await socket.waitForEvents(topics.board('demo'), 1);
    expect(event).toMatchObject({ seq: start + 1, event: 'entry.upserted' });
    expect(assigned.json()).toMatchObject({ providerId: provider!.id, providerName: provider!.name });
    expect(boardEntrySchema.parse(event!.data)).toEqual(boardEntrySchema.parse(assigned.json()));
    const [status] = await customerSocket.waitForEvents(topics.wait(customer.waitId), 1);
    expect(status).toMatchObject({
      event: 'entry.status',
      data: { status: 'waiting', providerName: provider!.name },
    });
  });

  it('lets staff subscribe after the board GET seq and miss no later join', async () => {
    const board = await t.app.inject({ url: '/api/v1/staff/board', headers: { cookie: owner.cookie } });
    const { seq } = board.json() as { seq: number };
    const customer = await joinAsNewCustomer(t, { name: 'After The Snapshot' });
    const socket = await connectStaff();
    expect(await subscribed(socket, topics.board('demo'), seq)).toBe(seq);
    await socket.waitFor(
      (m) => m.type === 'event' && (m.data as { waitId?: string }).waitId === customer.waitId,
      'the join made after the snapshot',
    );
    expectContiguous(socket.events(topics.board('demo')), seq);
  });

  it("sends a customer's socket its status and staff's chat messages live", async () => {
    const customer = await joinAsNewCustomer(t);
    const socket = await connectCustomer(customer);
    const thread = await getCustomerThread(t.app, customer);
    const chatStart = await subscribed(socket, topics.chat(customer.chatThreadKey), thread.seq);
    await subscribed(socket, topics.wait(customer.waitId), null);

    const sent = await staffSays(customer, 'We are ready for you');
    const [event] = await socket.waitForEvents(topics.chat(customer.chatThreadKey), 1);
    expect(event).toMatchObject({ seq: chatStart + 1, event: 'message.created' });
    expect(chatMessageSchema.parse(event!.data)).toEqual(sent);

    await staffAction(t.app, owner, customer.waitId, 'call');
    const [status] = await socket.waitForEvents(topics.wait(customer.waitId), 1);
    expect(status).toMatchObject({ event: 'entry.status', data: { status: 'called', providerName: null } });
  });

  it('resumes after a disconnect with exactly the missed events, then live ones', async () => {
    const customer = await joinAsNewCustomer(t);
    const topic = topics.chat(customer.chatThreadKey);
    const first = await connectCustomer(customer);
    const start = await subscribed(first, topic, null);
    const before = [await staffSays(customer, 'one'), await staffSays(customer, 'two')];
    const seen = await first.waitForEvents(topic, 2);
    expectContiguous(seen, start);
    const lastSeen = seen.at(-1)!.seq;
    await first.close();

    const missed = [];
    for (const text of ['three', 'four', 'five', 'six']) missed.push(await staffSays(customer, text));

    const second = await connectCustomer(customer);
    expect(await subscribed(second, topic, lastSeen)).toBe(lastSeen);
    const replayed = await second.waitForEvents(topic, 4);
    expect(replayed.map((e) => (e.data as { id: string }).id)).toEqual(missed.map((m) => m.id));

    const live = await staffSays(customer, 'seven');
    const all = await second.waitForEvents(topic, 5);
    expectContiguous(all, lastSeen);
    expect(all.map((e) => (e.data as { message: string }).message)).toEqual([
      'three',
      'four',
      'five',
      'six',
      'seven',
    ]);
    expect((all.at(-1)!.data as { id: string }).id).toBe(live.id);
    // Nothing the first socket already had came back.
    const ids = all.map((e) => (e.data as { id: string }).id);
    for (const message of before) expect(ids).not.toContain(message.id);
    await second.roundTrip();
    expect(second.events(topic)).toHaveLength(5);
  });

  it('answers a subscribe after a seq the topic never reached with reset', async () => {
    const customer = await joinAsNewCustomer(t);
    const topic = topics.chat(customer.chatThreadKey);
    const watcher = await connectCustomer(customer);
    await subscribed(watcher, topic, null);
    await staffSays(customer, 'only one');
    await watcher.waitForEvents(topic, 1);
    const socket = await connectCustomer(customer);
    socket.send({ type: 'subscribe', topic, after: 40 });
    const reset = await socket.waitFor((m) => m.type === 'reset' && m.topic === topic, 'reset');
    expect(reset).toEqual({ type: 'reset', topic, seq: 1 });
    expect(socket.events(topic)).toEqual([]);

    // After the reset it follows from the head.
    const next = await staffSays(customer, 'after reset');
    const [event] = await socket.waitForEvents(topic, 1);
    expect(event).toMatchObject({ seq: 2, data: { id: next.id } });
  });

  it('answers the resubscribe a reset asks for', async () => {
    const customer = await joinAsNewCustomer(t);
    const topic = topics.chat(customer.chatThreadKey);
    const watcher = await connectCustomer(customer);
    await subscribed(watcher, topic, null);
    await staffSays(customer, 'already there');
    await watcher.waitForEvents(topic, 1);
    const socket = await connectCustomer(customer);
    socket.send({ type: 'subscribe', topic, after: 99 });
    const reset = await socket.waitFor<{ type: 'reset'; topic: string; seq: number }>(
      (m) => m.type === 'reset' && m.topic === topic,
      'reset',
    );
    // "Reload the state, then resubscribe" (src/shared/realtime.ts): the reload says seq 1.
    const thread = await getCustomerThread(t.app, customer);
    expect(thread.seq).toBe(reset.seq);
    expect(await socket.subscribe(topic, thread.seq)).toMatchObject({
      type: 'subscribed',
      topic,
      seq: thread.seq,
    });
  });

  it('refuses a topic holding a NUL character as it refuses any unknown topic', async () => {
    const customer = await joinAsNewCustomer(t);
    const socket = await connectCustomer(customer);
    for (const topic of ['chat:\u0000', 'line:x\u0000']) {
      const from = socket.messages.length;
      socket.send({ type: 'subscribe', topic, after: null });
      const answer = await socket.waitFor((m) => m.type === 'error' || m.type === 'subscribed', topic, from);
      expect(answer, JSON.stringify(topic)).toMatchObject({ type: 'error', topic, code: 'FORBIDDEN' });
    }
    expect(socket.isOpen).toBe(true);
  });

  it('answers garbage with an error and keeps the socket open', async () => {
    const customer = await joinAsNewCustomer(t);
    const socket = await connectCustomer(customer);
    const garbage = [
      'not json',
      '{"type":"nope"}',
      '[]',
      'null',
      JSON.stringify({ type: 'subscribe', topic: topics.wait(customer.waitId) }),
      JSON.stringify({ type: 'subscribe', topic: topics.wait(customer.waitId), after: -1 }),
      JSON.stringify({ type: 'subscribe', topic: topics.wait(customer.waitId), after: 1.5 }),
    ];
    for (const text of garbage) {
      const from = socket.messages.length;
      socket.send(text);
      expect(await socket.waitFor((m) => m.type === 'error', `error for ${text}`, from), text).toMatchObject({
        type: 'error',
        code: 'BAD_MESSAGE',
      });
    }
    expect(socket.isOpen).toBe(true);
    await socket.roundTrip();
    // Still a customer, still able to follow its entry.
    expect(await socket.subscribe(topics.wait(customer.waitId), null)).toMatchObject({ type: 'subscribed' });
  });

  it('delivers 50 concurrent messages exactly once each, with contiguous seqs', async () => {
    const customer = await joinAsNewCustomer(t);
    const topic = topics.chat(customer.chatThreadKey);
    const customerSocket = await connectCustomer(customer);
    const staffSocket = await connectStaff();
    const start = await subscribed(customerSocket, topic, null);
    expect(await subscribed(staffSocket, topic, null)).toBe(start);

    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, n) =>
        sendMessage(t.app, owner.headers, buildSendMessage(customer, { message: `burst ${n}` })),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
    const sentIds = responses.map((r) => chatMessageSchema.parse(r.json()).id);

    // A last message marks the end: everything before it has been delivered by then.
    const marker = await staffSays(customer, 'marker');
    for (const socket of [customerSocket, staffSocket]) {
      const events = await socket.waitForEvents(topic, 51);
      expect(events).toHaveLength(51);
      expectContiguous(events, start);
      const ids = events.map((e) => (e.data as { id: string }).id);
      expect(new Set(ids).size).toBe(51);
      expect(ids.slice(0, 50).sort()).toEqual([...sentIds].sort());
      expect(ids[50]).toBe(marker.id);
    }
    // The log agrees: seq order is the stored order.
    const { rows } = await t.database.db.query<{ seq: number; id: string }>(
      "select seq::int as seq, data->>'id' as id from realtime_events where topic = $1 order by seq",
      [topic],
    );
    expect(rows.map((r) => r.id)).toEqual(
      customerSocket.events(topic).map((e) => (e.data as { id: string }).id),
    );
  });
});
