import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topics } from '../../src/shared/realtime.ts';
import { chatMessageSchema } from '../../src/shared/schemas.ts';
import { boardEntrySchema } from '../../src/shared/staff-schemas.ts';
import { buildSendMessage, joinAsNewCustomer, sendMessage } from '../support/customer.ts';
import { RealtimeTestClient, realtimeUrl } from '../support/realtime-client.ts';
import { buildSecondApp, type SecondApp } from '../support/second-app.ts';
import { type StaffSession, sessionEndsHandled, signInStaff, staffAction } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { databaseKinds } from '../support/test-database.ts';

// With PostgreSQL, A and B have separate pools and LISTEN connections, as two server processes
// would; on PGlite they share the one handle a process may hold, and still go through the hub.
describe.each(databaseKinds)('two app instances on one %s database', (kind) => {
  let a: TestApp;
  let b: SecondApp;
  let owner: StaffSession;
  let urlA: string;
  let urlB: string;
  const sockets: RealtimeTestClient[] = [];

  beforeAll(async () => {
    a = await createTestApp(kind);
    b = await buildSecondApp(a);
    owner = await signInStaff(a.app);
    urlA = await realtimeUrl(a.app);
    urlB = await realtimeUrl(b.app);
  });
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await b?.close();
    await a?.close();
  });

  it('really are two servers on two ports, sharing sessions and rows', async () => {
    expect(urlA).not.toBe(urlB);
    expect(b.db.kind).toBe(kind);
    if (kind === 'postgres') expect(b.db).not.toBe(a.database.db);
    const me = await b.app.inject({ url: '/api/v1/staff/me', headers: { cookie: owner.cookie } });
    expect(me.statusCode).toBe(200);
  });

  it('delivers to a customer on B a chat message sent through A, and the reverse', async () => {
    const customer = await joinAsNewCustomer(a);
    const topic = topics.chat(customer.chatThreadKey);
    const onB = await RealtimeTestClient.connectCustomer(urlB, customer.token);
    const onA = await RealtimeTestClient.connectCustomer(urlA, customer.token);
    sockets.push(onB, onA);
    expect(await onB.subscribe(topic, null)).toMatchObject({ type: 'subscribed', seq: 0 });
    expect(await onA.subscribe(topic, null)).toMatchObject({ type: 'subscribed', seq: 0 });

    const viaA = await sendMessage(
      a.app,
      owner.headers,
      buildSendMessage(customer, { message: 'sent on A' }),
    );
    expect(viaA.statusCode).toBe(201);
    const viaB = await sendMessage(
      b.app,
      { authorization: customer.authorization },
      buildSendMessage(customer, { message: 'sent on B' }),
    );
    expect(viaB.statusCode).toBe(201);

    for (const socket of [onA, onB]) {
      const events = await socket.waitForEvents(topic, 2);
      expect(events.map((e) => e.seq)).toEqual([1, 2]);
      expect(events.map((e) => chatMessageSchema.parse(e.data).message)).toEqual(['sent on A', 'sent on B']);
      expect(chatMessageSchema.parse(events[0]!.data).id).toBe(viaA.json().id);
    }
  });

  it('shows a staff board socket on B a call made on A', async () => {
    const board = await RealtimeTestClient.connect(urlB, { cookie: owner.cookie });
    sockets.push(board);
    expect(board.principal).toBe('staff');
    const start = await board.subscribe(topics.board('demo'), null);
    expect(start).toMatchObject({ type: 'subscribed' });
    const after = (start as { seq: number }).seq;

    const customer = await joinAsNewCustomer(a, { name: 'Cross Process' });
    const call = await staffAction(a.app, owner, customer.waitId, 'call');
    expect(call.statusCode).toBe(200);

    const events = await board.waitForEvents(topics.board('demo'), 2);
    expect(events.map((e) => e.seq)).toEqual([after + 1, after + 2]);
    expect(events.map((e) => boardEntrySchema.parse(e.data))).toMatchObject([
      { waitId: customer.waitId, name: 'Cross Process', status: 'waiting' },
      { waitId: customer.waitId, status: 'called' },
    ]);
  });

  it('closes on B the sockets of a session signed out on A, and B refuses its cookie at once', async () => {
    const board = topics.board('demo');
    const session = await signInStaff(a.app);
    const me = () => b.app.inject({ url: '/api/v1/staff/me', headers: { cookie: session.cookie } });
    expect((await me()).statusCode).toBe(200);
    const onB = await RealtimeTestClient.connect(urlB, { cookie: session.cookie });
    const witness = await RealtimeTestClient.connect(urlB, { cookie: owner.cookie });
    sockets.push(onB, witness);
    for (const socket of [onB, witness])
      expect(await socket.subscribe(board, null)).toMatchObject({ type: 'subscribed' });

    const signOut = await a.app.inject({
      method: 'POST',
      url: '/api/v1/staff/sign-out',
      headers: session.headers,
    });
    expect(signOut.statusCode).toBe(204);
    expect((await me()).statusCode).toBe(401);

    // Once B has had the announcement, a join reaches the witness on B, never the signed-out socket.
    await sessionEndsHandled(a.app, a.database.db, urlB);
    const customer = await joinAsNewCustomer(a, { name: 'After Sign Out' });
    const showsEntry = (socket: RealtimeTestClient) =>
      socket.events(board).some((event) => JSON.stringify(event.data).includes(customer.waitId));
    await witness.waitFor(() => showsEntry(witness), 'the join on the witness');
    expect(showsEntry(onB)).toBe(false);
    await onB.closed;
    expect(onB.closeCode).toBe(4401);
  });

  it('replays on B what was published on A while the socket was away', async () => {
    const customer = await joinAsNewCustomer(a);
    const topic = topics.chat(customer.chatThreadKey);
    // A socket on A sees the three numbered before B asks for them.
    const onA = await RealtimeTestClient.connectCustomer(urlA, customer.token);
    sockets.push(onA);
    expect(await onA.subscribe(topic, null)).toMatchObject({ type: 'subscribed' });
    for (const message of ['one', 'two', 'three']) {
      const response = await sendMessage(a.app, owner.headers, buildSendMessage(customer, { message }));
      expect(response.statusCode).toBe(201);
    }
    await onA.waitForEvents(topic, 3);
    const onB = await RealtimeTestClient.connectCustomer(urlB, customer.token);
    sockets.push(onB);
    expect(await onB.subscribe(topic, 1)).toMatchObject({ type: 'subscribed', seq: 1 });
    const events = await onB.waitForEvents(topic, 2);
    expect(events.map((e) => [e.seq, chatMessageSchema.parse(e.data).message])).toEqual([
      [2, 'two'],
      [3, 'three'],
    ]);
  });
});
