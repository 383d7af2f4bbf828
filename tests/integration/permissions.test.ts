import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffRepository } from '../../src/server/features/staff/staff.repository.ts';
import { createStaffService } from '../../src/server/features/staff/staff.service.ts';
import { topics } from '../../src/shared/realtime.ts';
import { apiErrorSchema } from '../../src/shared/schemas.ts';
import { boardResponseSchema } from '../../src/shared/staff-schemas.ts';
import {
  buildSendMessage,
  type JoinedCustomer,
  joinAsNewCustomer,
  sendMessage,
} from '../support/customer.ts';
import { countTopicEvents } from '../support/events.ts';
import { RealtimeTestClient, realtimeUrl } from '../support/realtime-client.ts';
import {
  assignProvider,
  createBusiness,
  type StaffSession,
  sessionEndsHandled,
  signInStaff,
  staffAction,
  type TestBusiness,
} from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { databaseKinds } from '../support/test-database.ts';

describe.each(databaseKinds)('who may see and change what, on %s', (kind) => {
  let t: TestApp;
  let demoOwner: StaffSession;
  let other: TestBusiness;
  let otherOwner: StaffSession;
  let url: string;
  const sockets: RealtimeTestClient[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind);
    demoOwner = await signInStaff(t.app);
    other = await createBusiness(t.database.db, { companyId: 'other', name: 'Other Salon' });
    otherOwner = await signInStaff(t.app, other.owner);
    url = await realtimeUrl(t.app);
  });
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await t?.close();
  });

  async function connect(options: { cookie?: string; origin?: string } = {}) {
    const socket = await RealtimeTestClient.connect(url, options);
    sockets.push(socket);
    return socket;
  }

  async function connectCustomer(customer: JoinedCustomer) {
    const socket = await RealtimeTestClient.connectCustomer(url, customer.token);
    sockets.push(socket);
    return socket;
  }

  async function entryRow(waitId: string) {
    const { rows } = await t.database.db.query(
      'select status, provider_id, called_at, started_at, finished_at, updated_at from wait_entries where id = $1',
      [waitId],
    );
    return rows[0];
  }

  async function messageCount(threadKey: string): Promise<number> {
    const { rows } = await t.database.db.query<{ n: number }>(
      'select count(*)::int as n from chat_messages where thread_key = $1',
      [threadKey],
    );
    return rows[0]!.n;
  }

  function expectCode(response: { statusCode: number; json(): unknown }, status: number, code: string) {
    expect(response.statusCode).toBe(status);
    expect(apiErrorSchema.parse(response.json()).error.code).toBe(code);
  }

  describe("another business's owner", () => {
    it("sees only their own board, never demo's entries", async () => {
      const demoCustomer = await joinAsNewCustomer(t);
      const otherCustomer = await joinAsNewCustomer(t, {}, 'other');
      const response = await t.app.inject({
        url: '/api/v1/staff/board',
        headers: { cookie: otherOwner.cookie },
      });
      expect(response.statusCode).toBe(200);
      const board = boardResponseSchema.parse(response.json());
      expect(board.companyId).toBe('other');
      expect(board.entries.map((e) => e.waitId)).toEqual([otherCustomer.waitId]);
      expect(JSON.stringify(board)).not.toContain(demoCustomer.waitId);
      expect(board.providers.map((p) => p.id)).toEqual(other.providers.map((p) => p.id));
    });

    it("finds demo's providers missing: their schedules and floor states are neither read nor changed", async () => {
      const [maria] = (await t.app.inject({ url: '/api/v1/staff/board', headers: demoOwner.headers })).json()
        .providers as { id: string }[];
      const stored = async () =>
        (
          await t.database.db.query(
            `select p.floor_state, (select count(*)::int from provider_shifts s where s.provider_id = p.id) as shifts
               from providers p where p.id = $1`,
            [maria!.id],
          )
        ).rows[0];
      const before = await stored();
      const eventsBefore = await countTopicEvents(t.database.db, topics.board('demo'));
      const schedules = await t.app.inject({
        url: '/api/v1/staff/settings/schedules',
        headers: otherOwner.headers,
      });
      expect(schedules.json().schedules.map((s: { providerId: string }) => s.providerId)).toEqual(
        other.providers.map((p) => p.id),
      );
      for (const providerId of [maria!.id, randomUUID()]) {
        const schedule = await t.app.inject({
          method: 'PUT',
          url: `/api/v1/staff/settings/providers/${providerId}/schedule`,
          headers: otherOwner.headers,
          payload: { shifts: [{ weekday: 1, startMinute: 600, endMinute: 660 }], daysOff: [], services: [] },
        });
        expect(apiErrorSchema.parse(schedule.json()).error.code).toBe('PROVIDER_NOT_FOUND');
        const floor = await t.app.inject({
          method: 'PUT',
          url: `/api/v1/staff/providers/${providerId}/floor-state`,
          headers: otherOwner.headers,
          payload: { floorState: 'off' },
        });
        expect(apiErrorSchema.parse(floor.json()).error.code).toBe('PROVIDER_NOT_FOUND');
      }
      expect(await stored()).toEqual(before);
      expect(await countTopicEvents(t.database.db, topics.board('demo'))).toBe(eventsBefore);
    });

    it('cannot act on a demo entry: 404 WAIT_ENTRY_NOT_FOUND and the row unchanged', async () => {
      const customer = await joinAsNewCustomer(t);
      const before = await entryRow(customer.waitId);
      const eventsBefore = await countTopicEvents(t.database.db, topics.wait(customer.waitId));
      for (const action of ['call', 'start', 'done', 'no-show', 'remove']) {
        const response = await staffAction(t.app, otherOwner, customer.waitId, action);
        expectCode(response, 404, 'WAIT_ENTRY_NOT_FOUND');
      }
      const assign = await assignProvider(t.app, otherOwner, customer.waitId, other.providers[0]!.id);
      expectCode(assign, 404, 'WAIT_ENTRY_NOT_FOUND');
      const unassign = await assignProvider(t.app, otherOwner, customer.waitId, null);
      expectCode(unassign, 404, 'WAIT_ENTRY_NOT_FOUND');
      expect(await entryRow(customer.waitId)).toEqual(before);
      expect(await countTopicEvents(t.database.db, topics.wait(customer.waitId))).toBe(eventsBefore);
    });

    it('cannot read or write a demo chat thread', async () => {
      const customer = await joinAsNewCustomer(t);
      const read = await t.app.inject({
        url: `/api/v1/staff/chat/${customer.waitId}`,
        headers: { cookie: otherOwner.cookie },
      });
      expectCode(read, 404, 'CHAT_NOT_FOUND');
      expect(read.body).not.toContain(customer.name);
      for (const companyId of ['demo', 'other']) {
        const send = await sendMessage(
          t.app,
          otherOwner.headers,
          buildSendMessage(customer, { companyId, message: 'from another business' }),
        );
        expectCode(send, 404, 'CHAT_NOT_FOUND');
      }
      expect(await messageCount(customer.chatThreadKey)).toBe(0);
      // The demo owner can, which shows the refusal is about the business and not the request.
      const allowed = await t.app.inject({
        url: `/api/v1/staff/chat/${customer.waitId}`,
        headers: { cookie: demoOwner.cookie },
      });
      expect(allowed.statusCode).toBe(200);
    });
  });

  describe('a customer', () => {
    it("cannot read or leave another customer's entry", async () => {
      const owner = await joinAsNewCustomer(t);
      const stranger = await joinAsNewCustomer(t);
      const read = await t.app.inject({
        url: `/api/v1/companies/demo/wait-list/${owner.waitId}`,
        headers: { authorization: stranger.authorization },
      });
      expectCode(read, 404, 'WAIT_ENTRY_NOT_FOUND');
      const leave = await t.app.inject({
        method: 'POST',
        url: `/api/v1/companies/demo/wait-list/${owner.waitId}/leave`,
        headers: { authorization: stranger.authorization },
      });
      expectCode(leave, 404, 'WAIT_ENTRY_NOT_FOUND');
      expect((await entryRow(owner.waitId))?.status).toBe('waiting');
    });

    it("cannot read another customer's chat or post to it, even with the right chatNode", async () => {
      const owner = await joinAsNewCustomer(t);
      const stranger = await joinAsNewCustomer(t);
      const read = await t.app.inject({
        url: `/api/v1/companies/demo/chat/${owner.waitId}`,
        headers: { authorization: stranger.authorization },
      });
      expectCode(read, 404, 'CHAT_NOT_FOUND');
      // Staff's chat route is not a way around it either.
      const staffRoute = await t.app.inject({
        url: `/api/v1/staff/chat/${owner.waitId}`,
        headers: { authorization: stranger.authorization },
      });
      expect(staffRoute.statusCode).toBe(401);

      const send = await sendMessage(
        t.app,
        { authorization: stranger.authorization },
        buildSendMessage(owner, {
          message: 'let me in',
          user: { id: owner.customerId, name: owner.name },
        }),
      );
      expectCode(send, 404, 'CHAT_NOT_FOUND');
      const ownThreadWrongNode = await sendMessage(
        t.app,
        { authorization: stranger.authorization },
        buildSendMessage(stranger, { chatNode: owner.chatThreadKey }),
      );
      expectCode(ownThreadWrongNode, 404, 'CHAT_NOT_FOUND');
      expect(await messageCount(owner.chatThreadKey)).toBe(0);
      expect(await messageCount(stranger.chatThreadKey)).toBe(0);
    });

    it('cannot write as someone else: user.id in the payload is ignored', async () => {
      const customer = await joinAsNewCustomer(t, { name: 'Real Sender' });
      const victim = await joinAsNewCustomer(t);
      const response = await sendMessage(
        t.app,
        { authorization: customer.authorization },
        buildSendMessage(customer, {
          message: 'spoofed?',
          user: { id: demoOwner.me.id, name: 'Demo Owner' },
          notify: { id: victim.customerId, name: 'Victim' },
        }),
      );
      expect(response.statusCode).toBe(201);
      const { rows } = await t.database.db.query(
        'select user_id, user_name, sender, message, wait_id from chat_messages where thread_key = $1',
        [customer.chatThreadKey],
      );
      expect(rows).toEqual([
        {
          user_id: customer.customerId,
          user_name: 'Real Sender',
          sender: 'customer',
          message: 'spoofed?',
          wait_id: customer.waitId,
        },
      ]);
      expect(response.json()).toMatchObject({
        userId: customer.customerId,
        userName: 'Real Sender',
        sender: 'customer',
      });
    });
  });

  describe('realtime topics', () => {
    it("refuses a customer everyone else's topics and allows their own", async () => {
      const customer = await joinAsNewCustomer(t);
      const someoneElse = await joinAsNewCustomer(t);
      const socket = await connectCustomer(customer);

      const forbidden = [
        topics.board('demo'),
        topics.board('other'),
        topics.wait(someoneElse.waitId),
        topics.chat(someoneElse.chatThreadKey),
        topics.line('other'),
        topics.wait('00000000-0000-4000-8000-000000000000'),
        'nonsense',
      ];
      for (const topic of forbidden) {
        expect(await socket.subscribe(topic, null), topic).toMatchObject({
          type: 'error',
          topic,
          code: 'FORBIDDEN',
        });
      }
      const allowed = [
        topics.wait(customer.waitId),
        topics.chat(customer.chatThreadKey),
        topics.line('demo'),
      ];
      for (const topic of allowed) {
        expect(await socket.subscribe(topic, null), topic).toMatchObject({ type: 'subscribed', topic });
      }

      // Nothing leaks from a refused topic: someone else's call, then our own as a marker.
      const call = (waitId: string) => staffAction(t.app, demoOwner, waitId, 'call');
      expect((await call(someoneElse.waitId)).statusCode).toBe(200);
      expect((await call(customer.waitId)).statusCode).toBe(200);
      const [status] = await socket.waitForEvents(topics.wait(customer.waitId), 1);
      expect(status).toMatchObject({ event: 'entry.status', data: { status: 'called' } });
      const seen = new Set(socket.messages.filter((m) => m.type === 'event').map((m) => m.topic));
      for (const topic of forbidden) expect(seen.has(topic), topic).toBe(false);
    });

    it("refuses the other business's owner demo's board, and allows their own", async () => {
      const socket = await connect({ cookie: otherOwner.cookie });
      expect(socket.principal).toBe('staff');
      expect(await socket.subscribe(topics.board('demo'), null)).toMatchObject({
        type: 'error',
        code: 'FORBIDDEN',
      });
      expect(await socket.subscribe(topics.line('demo'), null)).toMatchObject({
        type: 'error',
        code: 'FORBIDDEN',
      });
      const demoCustomer = await joinAsNewCustomer(t);
      expect(await socket.subscribe(topics.chat(demoCustomer.chatThreadKey), null)).toMatchObject({
        type: 'error',
        code: 'FORBIDDEN',
      });
      expect(await socket.subscribe(topics.wait(demoCustomer.waitId), null)).toMatchObject({
        type: 'error',
        code: 'FORBIDDEN',
      });
      expect(await socket.subscribe(topics.board('other'), null)).toMatchObject({ type: 'subscribed' });
    });

    it('treats a staff cookie from a foreign Origin as anonymous', async () => {
      const port = new URL(url).port;
      const sameOrigin = await connect({ cookie: demoOwner.cookie, origin: `http://127.0.0.1:${port}` });
      expect(sameOrigin.principal).toBe('staff');
      expect(await sameOrigin.subscribe(topics.board('demo'), null)).toMatchObject({ type: 'subscribed' });

      const foreign = await connect({ cookie: demoOwner.cookie, origin: 'http://evil.example' });
      expect(foreign.messages[0]).toEqual({ type: 'ready', principal: 'anonymous' });
      expect(await foreign.subscribe(topics.board('demo'), null)).toMatchObject({
        type: 'error',
        code: 'FORBIDDEN',
      });
      expect(await foreign.subscribe(topics.line('demo'), null)).toMatchObject({
        type: 'error',
        code: 'FORBIDDEN',
      });
    });

    describe('sockets after sign-out', () => {
      const board = topics.board('demo');
      const showsEntry = (socket: RealtimeTestClient, waitId: string) =>
        socket.events(board).some((event) => JSON.stringify(event.data).includes(waitId));

      /** A socket on demo's board, and a witness on it that stays signed in. */
      async function boardSockets(session: StaffSession) {
        const socket = await connect({ cookie: session.cookie });
        const witness = await connect({ cookie: demoOwner.cookie });
        for (const each of [socket, witness])
          expect(await each.subscribe(board, null)).toMatchObject({ type: 'subscribed' });
        return { socket, witness };
      }

      /** A join made now: the witness sees it, the closed socket must not. */
      async function expectClosedBeforeNextJoin(socket: RealtimeTestClient, witness: RealtimeTestClient) {
        const customer = await joinAsNewCustomer(t, { name: 'After Sign Out' });
        await witness.waitFor(
          (m) => m.type === 'event' && m.topic === board && showsEntry(witness, customer.waitId),
          'the join on the witness',
        );
        expect(showsEntry(socket, customer.waitId)).toBe(false);
        await socket.closed;
        expect(socket.closeCode).toBe(4401);
      }

      it('closes the socket once its session signs out, before a join made next', async () => {
        const session = await signInStaff(t.app);
        const { socket, witness } = await boardSockets(session);
        // The process that signs out closes its sockets before it answers, without waiting for
        // the database's announcement (held back here), which may come after a join made next.
        await t.database.db.query('alter table staff_sessions disable trigger staff_session_ended');
        try {
          const signOut = await t.app.inject({
            method: 'POST',
            url: '/api/v1/staff/sign-out',
            headers: session.headers,
          });
          expect(signOut.statusCode).toBe(204);
          await expectClosedBeforeNextJoin(socket, witness);
        } finally {
          await t.database.db.query('alter table staff_sessions enable trigger staff_session_ended');
        }
      });

      it("closes a removed account's sockets, every session of it", async () => {
        const provider = {
          email: `removed-${randomUUID()}@demo.test`,
          password: `pw-${randomUUID()}`,
        };
        const id = await createStaffService(createStaffRepository(t.database.db)).createStaffUser({
          companyId: 'demo',
          name: 'Removed Provider',
          role: 'provider',
          ...provider,
        });
        const first = await boardSockets(await signInStaff(t.app, provider));
        const second = await connect({ cookie: (await signInStaff(t.app, provider)).cookie });
        expect(await second.subscribe(board, null)).toMatchObject({ type: 'subscribed' });
        // Deleting the account deletes its sessions (on delete cascade), each announced.
        await t.database.db.query('delete from staff_users where id = $1', [id]);
        await sessionEndsHandled(t.app, t.database.db, url);
        await expectClosedBeforeNextJoin(first.socket, first.witness);
        await second.closed;
        expect(second.closeCode).toBe(4401);
      });
    });

    it('lets an anonymous socket subscribe to nothing', async () => {
      const customer = await joinAsNewCustomer(t);
      const socket = await connect();
      expect(socket.principal).toBe('anonymous');
      for (const topic of [
        topics.board('demo'),
        topics.line('demo'),
        topics.wait(customer.waitId),
        topics.chat(customer.chatThreadKey),
      ]) {
        expect(await socket.subscribe(topic, 0), topic).toMatchObject({
          type: 'error',
          topic,
          code: 'FORBIDDEN',
        });
      }
      // A bad token does not make it a customer.
      const from = socket.messages.length;
      socket.send({ type: 'auth', token: 'a'.repeat(43) });
      expect(await socket.waitFor((m) => m.type === 'error', 'auth error', from)).toMatchObject({
        code: 'UNAUTHENTICATED',
      });
      expect(await socket.subscribe(topics.wait(customer.waitId), null)).toMatchObject({
        type: 'error',
        code: 'FORBIDDEN',
      });
      expect(socket.events(topics.wait(customer.waitId))).toEqual([]);
    });
  });
});
