import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FRONT_DESK, DEMO_OWNER, DEMO_PROVIDER } from '../../src/server/seed/demo.ts';
import type { Appointment } from '../../src/shared/appointment-schemas.ts';
import { addDays, localDateTime } from '../../src/shared/local-time.ts';
import { topics } from '../../src/shared/realtime.ts';
import { type BoardEntry, boardResponseSchema, type StaffRole } from '../../src/shared/staff-schemas.ts';
import { expectApiError } from '../support/api-error.ts';
import {
  buildSendMessage,
  type JoinedCustomer,
  joinAsNewCustomer,
  sendMessage,
} from '../support/customer.ts';
import { RealtimeTestClient, realtimeUrl } from '../support/realtime-client.ts';
import { registeredRoutes } from '../support/routes.ts';
import {
  addTeamMember,
  assignProvider,
  listProviders,
  type StaffSession,
  signInStaff,
  staffAction,
} from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { databaseKinds } from '../support/test-database.ts';

const ALL: readonly StaffRole[] = ['owner', 'front_desk', 'provider'];
const OWNER: readonly StaffRole[] = ['owner'];
const DESK: readonly StaffRole[] = ['owner', 'front_desk'];

/**
 * Every staff route and the roles that may use it (docs/people.md). A route added without a line
 * here fails the first test: each new route states who may use it.
 */
const ROLE_MATRIX: Record<string, readonly StaffRole[]> = {
  'GET /api/v1/staff/me': ALL,
  'PUT /api/v1/staff/me/language': ALL,
  'POST /api/v1/staff/sign-out': ALL,
  'PUT /api/v1/staff/password': ALL,
  'GET /api/v1/staff/board': ALL,
  'POST /api/v1/staff/wait-entries/:waitId/:action': ALL,
  'PUT /api/v1/staff/wait-entries/:waitId/provider': ALL,
  // Every role reads a row's customer and writes the note; a provider on their own and unassigned
  // customers only (docs/regulars.md, tests/integration/regulars.test.ts).
  'GET /api/v1/staff/wait-entries/:waitId/regular': ALL,
  'PUT /api/v1/staff/wait-entries/:waitId/note': ALL,
  'POST /api/v1/staff/walk-ins': DESK,
  // Every role sees the Coming up lane; only the desk changes it (docs/appointments.md).
  'GET /api/v1/staff/appointments': ALL,
  'POST /api/v1/staff/appointments': DESK,
  'POST /api/v1/staff/appointments/:appointmentId/:action': DESK,
  'GET /api/v1/staff/intake': ALL,
  'PUT /api/v1/staff/pause': DESK,
  'DELETE /api/v1/staff/pause': DESK,
  'PUT /api/v1/staff/running-behind': DESK,
  'POST /api/v1/staff/requests/:waitId/:answer': ALL,
  'GET /api/v1/staff/chat/:waitId': ALL,
  'POST /api/v1/staff/chat/:waitId/read': ALL,
  'POST /api/v1/staff/chat/:waitId/take-over': ALL,
  'GET /api/v1/staff/sms': DESK,
  'POST /api/v1/staff/sms/reply': DESK,
  'GET /api/v1/staff/insights': OWNER,
  'GET /api/v1/staff/insights/visits.csv': OWNER,
  'GET /api/v1/staff/settings': OWNER,
  'PUT /api/v1/staff/settings/company': OWNER,
  'PUT /api/v1/staff/settings/feedback': OWNER,
  'PUT /api/v1/staff/settings/join-fields': OWNER,
  'PUT /api/v1/staff/settings/party-size': OWNER,
  'PUT /api/v1/staff/settings/services': OWNER,
  'PUT /api/v1/staff/settings/intake': OWNER,
  'PUT /api/v1/staff/settings/logo': OWNER,
  'POST /api/v1/staff/settings/providers': OWNER,
  'PUT /api/v1/staff/settings/providers/:providerId': OWNER,
  'DELETE /api/v1/staff/settings/providers/:providerId': OWNER,
  'GET /api/v1/staff/settings/schedules': OWNER,
  'PUT /api/v1/staff/settings/providers/:providerId/schedule': OWNER,
  // A provider only their own (the test below): the route checks whose it is after the role.
  'PUT /api/v1/staff/providers/:providerId/floor-state': ALL,
  'GET /api/v1/staff/settings/calendar-feeds': OWNER,
  'PUT /api/v1/staff/settings/calendar-feeds/:providerId': OWNER,
  'DELETE /api/v1/staff/settings/calendar-feeds/:providerId': OWNER,
  'POST /api/v1/staff/settings/calendar-feeds/:providerId/sync': OWNER,
  // The lobby screen (docs/lobby-screen.md): the desk opens it; only the owner changes it.
  'GET /api/v1/staff/lobby-screen': DESK,
  'PUT /api/v1/staff/lobby-screen/name-style': OWNER,
  'POST /api/v1/staff/lobby-screen/reset': OWNER,
  // The public API's keys (docs/public-api.md): they open the whole line, so only the owner.
  'GET /api/v1/staff/api-keys': OWNER,
  'POST /api/v1/staff/api-keys': OWNER,
  'DELETE /api/v1/staff/api-keys/:keyId': OWNER,
  // Outgoing webhooks (docs/webhooks.md): their payloads name customers, so only the owner.
  'GET /api/v1/staff/webhooks': OWNER,
  'GET /api/v1/staff/webhooks/turned-off': OWNER,
  'POST /api/v1/staff/webhooks': OWNER,
  'DELETE /api/v1/staff/webhooks/:endpointId': OWNER,
  'POST /api/v1/staff/webhooks/:endpointId/rotate-secret': OWNER,
  'POST /api/v1/staff/webhooks/:endpointId/enable': OWNER,
  'GET /api/v1/staff/webhooks/:endpointId/deliveries': OWNER,
  'POST /api/v1/staff/webhook-deliveries/:deliveryId/replay': OWNER,
  'GET /api/v1/staff/people': OWNER,
  'POST /api/v1/staff/people': OWNER,
  'POST /api/v1/staff/people/:staffUserId/reset': OWNER,
  'DELETE /api/v1/staff/people/:staffUserId': OWNER,
  'POST /api/v1/staff/customers/look-up': OWNER,
  'POST /api/v1/staff/customers/export': OWNER,
  'POST /api/v1/staff/customers/erase': OWNER,
};
/** Staff routes anyone may call: they are how a session starts. */
const PUBLIC_STAFF_ROUTES = [
  'POST /api/v1/staff/sign-in',
  'POST /api/v1/staff/links/look-up',
  'POST /api/v1/staff/links/use',
];

describe.each(databaseKinds)('what each role may do, on %s', (kind) => {
  let t: TestApp;
  const sessions = {} as Record<StaffRole, StaffSession>;
  let maria: string;
  let james: string;
  let jamesSession: StaffSession;
  let url: string;
  const sockets: RealtimeTestClient[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind);
    sessions.owner = await signInStaff(t.app);
    sessions.front_desk = await signInStaff(t.app, DEMO_FRONT_DESK);
    sessions.provider = await signInStaff(t.app, DEMO_PROVIDER);
    [maria, james] = (await listProviders(t.database.db, 'demo')).map((provider) => provider.id) as [
      string,
      string,
    ];
    jamesSession = await addTeamMember(t.app, sessions.owner, { role: 'provider', providerId: james });
    url = await realtimeUrl(t.app);
  });
  afterAll(async () => {
    await Promise.all(sockets.map((socket) => socket.close()));
    await t?.close();
  });

  async function customerOf(providerId: string | null): Promise<JoinedCustomer> {
    const customer = await joinAsNewCustomer(t);
    if (providerId)
      expect((await assignProvider(t.app, sessions.owner, customer.waitId, providerId)).statusCode).toBe(200);
    return customer;
  }

  /** Maria (a provider) may neither read nor write this customer's chat, and nothing is stored. */
  async function expectChatRefusedToMaria(customer: JoinedCustomer) {
    const before = await t.database.db.query(
      'select count(*)::int as n from chat_messages where thread_key = $1',
      [customer.chatThreadKey],
    );
    expectApiError(
      await t.app.inject({
        url: `/api/v1/staff/chat/${customer.waitId}`,
        headers: sessions.provider.headers,
      }),
      403,
      'ANOTHER_PROVIDERS_CUSTOMER',
    );
    expectApiError(
      await sendMessage(
        t.app,
        sessions.provider.headers,
        buildSendMessage(customer, { message: 'From Maria' }),
      ),
      403,
      'ANOTHER_PROVIDERS_CUSTOMER',
    );
    const after = await t.database.db.query(
      'select count(*)::int as n from chat_messages where thread_key = $1',
      [customer.chatThreadKey],
    );
    expect(after.rows).toEqual(before.rows);
  }

  async function entryRow(waitId: string) {
    const { rows } = await t.database.db.query('select status, provider_id from wait_entries where id = $1', [
      waitId,
    ]);
    return rows[0];
  }

  it('names every staff route in the matrix, and each role gets past the role check only where allowed', async () => {
    const staffRoutes = registeredRoutes(t.app)
      .map((route) => `${route.method} ${route.path}`)
      .filter((route) => route.includes('/api/v1/staff/'));
    expect(staffRoutes.filter((route) => !PUBLIC_STAFF_ROUTES.includes(route)).sort()).toEqual(
      Object.keys(ROLE_MATRIX).sort(),
    );

    // Last, so no other route runs signed out.
    const signOut = 'POST /api/v1/staff/sign-out';
    const routes = Object.entries(ROLE_MATRIX).sort(
      ([a], [b]) => Number(a === signOut) - Number(b === signOut),
    );
    for (const role of ALL) {
      // Sessions of their own: this test signs them out.
      const session = await signInStaff(
        t.app,
        { owner: DEMO_OWNER, front_desk: DEMO_FRONT_DESK, provider: DEMO_PROVIDER }[role],
      );
      for (const [route, roles] of routes) {
        const [method, path] = route.split(' ') as [string, string];
        const response = await t.app.inject({
          method: method as 'GET',
          url: path.replace(':action', 'call').replace(/:[A-Za-z]+/g, () => randomUUID()),
          headers: session.headers,
          ...(method === 'GET' ? {} : { payload: {} }),
        });
        const refused = response.statusCode === 403 && response.json().error?.code === 'ROLE_NOT_ALLOWED';
        expect(refused, `${role} ${route}: ${response.statusCode} ${response.body}`).toBe(
          !roles.includes(role),
        );
      }
    }
  });

  it('lets each role follow the topics of its own business, a provider only their own customers’ chats', async () => {
    const mine = await customerOf(maria);
    const jamess = await customerOf(james);
    // Everyone follows their own business's topics; only the desk follows any customer's chat.
    const followsAnyChat: Record<StaffRole, boolean> = { owner: true, front_desk: true, provider: false };
    for (const role of ALL) {
      const socket = await RealtimeTestClient.connect(url, { cookie: sessions[role].cookie });
      sockets.push(socket);
      for (const topic of [
        topics.board('demo'),
        topics.line('demo'),
        topics.wait(jamess.waitId),
        topics.chat(mine.chatThreadKey),
      ])
        expect(await socket.subscribe(topic, null), `${role} ${topic}`).toMatchObject({ type: 'subscribed' });
      expect((await socket.subscribe(topics.chat(jamess.chatThreadKey), null)).type, role).toBe(
        followsAnyChat[role] ? 'subscribed' : 'error',
      );
      for (const topic of [topics.board('elsewhere'), topics.line('elsewhere')])
        expect(await socket.subscribe(topic, null), `${role} ${topic}`).toMatchObject({ type: 'error' });
    }
  });

  it('keeps that matrix after the customer goes to another provider: the subscription ends, and subscribing again is refused, for the provider alone', async () => {
    const mine = await customerOf(maria);
    const topic = topics.chat(mine.chatThreadKey);
    const followed = {} as Record<StaffRole, RealtimeTestClient>;
    for (const role of ALL) {
      followed[role] = await RealtimeTestClient.connect(url, { cookie: sessions[role].cookie });
      sockets.push(followed[role]);
      expect(await followed[role].subscribe(topic, null), role).toMatchObject({ type: 'subscribed' });
    }
    expect((await assignProvider(t.app, sessions.front_desk, mine.waitId, james)).statusCode).toBe(200);
    const note = await sendMessage(
      t.app,
      { authorization: mine.authorization },
      buildSendMessage(mine, { message: 'For James now' }),
    );
    expect(note.statusCode).toBe(201);

    const stillFollows: Record<StaffRole, boolean> = { owner: true, front_desk: true, provider: false };
    for (const role of ALL) {
      const socket = followed[role];
      const seen = await socket.waitFor(
        (message) =>
          message.type === 'unsubscribed' ||
          (message.type === 'event' && message.event === 'message.created'),
        `${role}: the message, or the end of the subscription`,
      );
      expect(seen.type, role).toBe(stillFollows[role] ? 'event' : 'unsubscribed');
      await socket.roundTrip();
      expect(
        socket.events(topic).some((event) => event.event === 'message.created'),
        role,
      ).toBe(stillFollows[role]);
      expect((await socket.subscribe(topic, null)).type, role).toBe(
        stillFollows[role] ? 'subscribed' : 'error',
      );
    }
    const jamesSocket = await RealtimeTestClient.connect(url, { cookie: jamesSession.cookie });
    sockets.push(jamesSocket);
    expect(await jamesSocket.subscribe(topic, null)).toMatchObject({ type: 'subscribed' });
  });

  it("shows a provider their own customers' whole numbers and the rest as the last four digits", async () => {
    const mine = await customerOf(maria);
    const jamess = await customerOf(james);
    const nobodys = await customerOf(null);
    const board = boardResponseSchema.parse(
      (await t.app.inject({ url: '/api/v1/staff/board', headers: sessions.provider.headers })).json(),
    );
    const phoneOf = (waitId: string) => board.entries.find((entry) => entry.waitId === waitId)?.phoneNumber;
    expect(phoneOf(mine.waitId)).toBe('+14155550123');
    expect(phoneOf(jamess.waitId)).toBe('(•••) •••-0123');
    expect(phoneOf(nobodys.waitId)).toBe('(•••) •••-0123');
    // Not a word of it elsewhere in the answer.
    const body = (await t.app.inject({ url: '/api/v1/staff/board', headers: sessions.provider.headers }))
      .body;
    expect(body.split('4155550123').length - 1).toBe(
      board.entries.filter((entry) => entry.phoneNumber === '+14155550123').length,
    );

    for (const role of ['owner', 'front_desk'] as const) {
      const full = boardResponseSchema.parse(
        (await t.app.inject({ url: '/api/v1/staff/board', headers: sessions[role].headers })).json(),
      );
      expect(full.entries.every((entry) => entry.phoneNumber === '+14155550123')).toBe(true);
    }
  });

  it('sends a provider live board events with the same numbers hidden, and the front desk whole ones', async () => {
    const providerSocket = await RealtimeTestClient.connect(url, { cookie: sessions.provider.cookie });
    const deskSocket = await RealtimeTestClient.connect(url, { cookie: sessions.front_desk.cookie });
    sockets.push(providerSocket, deskSocket);
    for (const socket of [providerSocket, deskSocket])
      expect(await socket.subscribe(topics.board('demo'), null)).toMatchObject({ type: 'subscribed' });

    const jamess = await customerOf(james);
    const mine = await customerOf(maria);
    const latest = async (socket: RealtimeTestClient, waitId: string) => {
      await expect
        .poll(() =>
          socket
            .events(topics.board('demo'))
            .some(
              (event) =>
                (event.data as BoardEntry).providerId !== null &&
                (event.data as BoardEntry).waitId === waitId,
            ),
        )
        .toBe(true);
      return socket
        .events(topics.board('demo'))
        .map((event) => event.data as BoardEntry)
        .filter((entry) => entry.waitId === waitId);
    };
    expect((await latest(providerSocket, jamess.waitId)).map((entry) => entry.phoneNumber)).toEqual([
      '(•••) •••-0123',
      '(•••) •••-0123',
    ]);
    expect((await latest(providerSocket, mine.waitId)).map((entry) => entry.phoneNumber)).toEqual([
      '(•••) •••-0123',
      '+14155550123',
    ]);
    expect((await latest(deskSocket, jamess.waitId)).map((entry) => entry.phoneNumber)).toEqual([
      '+14155550123',
      '+14155550123',
    ]);

    // Replayed from the log after a reconnect: hidden the same way.
    const again = await RealtimeTestClient.connect(url, { cookie: sessions.provider.cookie });
    sockets.push(again);
    await again.subscribe(topics.board('demo'), 0);
    const replayed = (await latest(again, jamess.waitId)).map((entry) => entry.phoneNumber);
    expect(replayed.length).toBeGreaterThan(0);
    expect(replayed.every((phone) => phone === '(•••) •••-0123')).toBe(true);
  });

  it("sends a provider live appointment events with other providers' guests' numbers hidden", async () => {
    const providerSocket = await RealtimeTestClient.connect(url, { cookie: sessions.provider.cookie });
    const deskSocket = await RealtimeTestClient.connect(url, { cookie: sessions.front_desk.cookie });
    sockets.push(providerSocket, deskSocket);
    for (const socket of [providerSocket, deskSocket])
      expect(await socket.subscribe(topics.board('demo'), null)).toMatchObject({ type: 'subscribed' });
    // Tomorrow at 10:00 on the demo's clock: always ahead, whatever the hour of the run.
    const tomorrow = addDays(localDateTime(Date.now(), 'America/Chicago').date, 1);
    const bookFor = async (providerId: string) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/staff/appointments',
        headers: sessions.front_desk.headers,
        payload: {
          name: 'Booked',
          phoneNumber: '+14155550123',
          serviceType: 'Facials',
          providerId,
          date: tomorrow,
          time: '10:00',
        },
      });
      expect(response.statusCode, response.body).toBe(201);
      return (response.json() as Appointment).id;
    };
    const jamess = await bookFor(james);
    const mine = await bookFor(maria);
    const phoneSeen = async (socket: RealtimeTestClient, id: string) => {
      const ofIt = () =>
        socket
          .events(topics.board('demo'))
          .map((event) => event.data as Appointment)
          .filter((appointment) => appointment.id === id);
      await expect.poll(() => ofIt().length).toBe(1);
      return ofIt()[0]!.phoneNumber;
    };
    expect(await phoneSeen(providerSocket, jamess)).toBe('(•••) •••-0123');
    expect(await phoneSeen(providerSocket, mine)).toBe('+14155550123');
    expect(await phoneSeen(deskSocket, jamess)).toBe('+14155550123');
    for (const id of [jamess, mine])
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: `/api/v1/staff/appointments/${id}/cancel`,
            headers: sessions.front_desk.headers,
          })
        ).statusCode,
      ).toBe(200);
  });

  it("lets a provider act on their own and unassigned customers (who become theirs), never on another provider's", async () => {
    const nobodys = await customerOf(null);
    const called = await staffAction(t.app, sessions.provider, nobodys.waitId, 'call');
    expect(called.statusCode, called.body).toBe(200);
    expect(called.json()).toMatchObject({ status: 'called', providerId: maria, phoneNumber: '+14155550123' });
    expect(await entryRow(nobodys.waitId)).toEqual({ status: 'called', provider_id: maria });

    const jamess = await customerOf(james);
    expectApiError(
      await staffAction(t.app, sessions.provider, jamess.waitId, 'call'),
      403,
      'ANOTHER_PROVIDERS_CUSTOMER',
    );
    expectApiError(
      await assignProvider(t.app, sessions.provider, jamess.waitId, maria),
      403,
      'ANOTHER_PROVIDERS_CUSTOMER',
    );
    expect(await entryRow(jamess.waitId)).toEqual({ status: 'waiting', provider_id: james });

    // A provider takes an unassigned customer or hands their own back; gives none to anyone else.
    const other = await customerOf(null);
    expectApiError(
      await assignProvider(t.app, sessions.provider, other.waitId, james),
      403,
      'ROLE_NOT_ALLOWED',
    );
    expect((await assignProvider(t.app, sessions.provider, other.waitId, maria)).statusCode).toBe(200);
    expect((await assignProvider(t.app, sessions.provider, other.waitId, null)).statusCode).toBe(200);
    expect(await entryRow(other.waitId)).toEqual({ status: 'waiting', provider_id: null });

    // The front desk acts on anyone's.
    expect((await staffAction(t.app, sessions.front_desk, jamess.waitId, 'call')).statusCode).toBe(200);
    expect((await staffAction(t.app, jamesSession, jamess.waitId, 'start')).statusCode).toBe(200);
  });

  it("keeps a provider out of another provider's customers' chats, over HTTP and on the socket", async () => {
    const jamess = await customerOf(james);
    const mine = await customerOf(maria);
    await expectChatRefusedToMaria(jamess);
    const { rows } = await t.database.db.query('select 1 from chat_messages where thread_key = $1', [
      jamess.chatThreadKey,
    ]);
    expect(rows).toEqual([]);
    expect(
      (await t.app.inject({ url: `/api/v1/staff/chat/${mine.waitId}`, headers: sessions.provider.headers }))
        .statusCode,
    ).toBe(200);
    expect(
      (await sendMessage(t.app, sessions.provider.headers, buildSendMessage(mine, { message: 'From Maria' })))
        .statusCode,
    ).toBe(201);

    const socket = await RealtimeTestClient.connect(url, { cookie: sessions.provider.cookie });
    sockets.push(socket);
    expect(await socket.subscribe(topics.chat(jamess.chatThreadKey), null)).toMatchObject({
      type: 'error',
      code: 'FORBIDDEN',
    });
    expect(await socket.subscribe(topics.chat(mine.chatThreadKey), null)).toMatchObject({
      type: 'subscribed',
    });
    // The front desk may answer anyone's customer, once they take the conversation over.
    expect(
      (
        await sendMessage(
          t.app,
          sessions.front_desk.headers,
          buildSendMessage(jamess, { message: 'From the desk' }),
        )
      ).statusCode,
    ).toBe(409);
    const takeOver = await t.app.inject({
      method: 'POST',
      url: `/api/v1/staff/chat/${jamess.waitId}/take-over`,
      headers: sessions.front_desk.headers,
    });
    expect(takeOver.statusCode).toBe(200);
    expect(
      (
        await sendMessage(
          t.app,
          sessions.front_desk.headers,
          buildSendMessage(jamess, { message: 'From the desk' }),
        )
      ).statusCode,
    ).toBe(201);
  });

  it("keeps a provider out of a customer's chat once their latest visit is another provider's, whichever visit they open", async () => {
    const customer = await customerOf(maria);
    expect((await staffAction(t.app, sessions.provider, customer.waitId, 'start')).statusCode).toBe(200);
    expect((await staffAction(t.app, sessions.provider, customer.waitId, 'done')).statusCode).toBe(200);
    // The same phone comes back and goes to James: same thread, new visit.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/companies/demo/wait-list',
      headers: { authorization: customer.authorization, 'idempotency-key': `again-${customer.waitId}` },
      payload: { serviceType: 'Facials', name: customer.name, phoneNumber: '+14155550123' },
    });
    expect(again.statusCode).toBe(201);
    expect((await assignProvider(t.app, sessions.owner, again.json().waitId, james)).statusCode).toBe(200);

    await expectChatRefusedToMaria(customer);
    expect(
      (
        await t.app.inject({ url: `/api/v1/staff/chat/${customer.waitId}`, headers: jamesSession.headers })
      ).json(),
    ).toMatchObject({ waitId: again.json().waitId });
  });

  it("lets a provider set only their own floor state, and the owner and the desk anyone's", async () => {
    const floorState = async (providerId: string) =>
      (await t.database.db.query('select floor_state from providers where id = $1', [providerId])).rows[0];
    const setFloor = (session: StaffSession, providerId: string, state: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/staff/providers/${providerId}/floor-state`,
        headers: session.headers,
        payload: { floorState: state },
      });
    expect((await setFloor(sessions.provider, maria, 'on_break')).statusCode).toBe(200);
    expect(await floorState(maria)).toEqual({ floor_state: 'on_break' });
    expectApiError(await setFloor(sessions.provider, james, 'off'), 403, 'ROLE_NOT_ALLOWED');
    expectApiError(await setFloor(jamesSession, maria, 'off'), 403, 'ROLE_NOT_ALLOWED');
    expect(await floorState(james)).toEqual({ floor_state: 'on_floor' });
    expect(await floorState(maria)).toEqual({ floor_state: 'on_break' });
    for (const role of ['owner', 'front_desk'] as const) {
      expect((await setFloor(sessions[role], james, 'off')).statusCode, role).toBe(200);
      expect(await floorState(james)).toEqual({ floor_state: 'off' });
      expect((await setFloor(sessions[role], james, 'on_floor')).statusCode, role).toBe(200);
    }
    expect((await setFloor(sessions.provider, maria, 'on_floor')).statusCode).toBe(200);
  });

  it('lets a provider account whose provider was removed act on no one, and see no whole number', async () => {
    const extra = await t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/settings/providers',
      headers: sessions.owner.headers,
      payload: { name: 'Temp Provider', speciality: 'All', station: 'Chair 9' },
    });
    const tempId = (extra.json() as { providers: { id: string; name: string }[] }).providers.find(
      (provider) => provider.name === 'Temp Provider',
    )!.id;
    const temp = await addTeamMember(t.app, sessions.owner, { role: 'provider', providerId: tempId });
    const customer = await customerOf(tempId);
    // Its open console saw whole numbers as that provider: it closes with the provider's removal.
    const socket = await RealtimeTestClient.connect(url, { cookie: temp.cookie });
    sockets.push(socket);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/v1/staff/settings/providers/${tempId}`,
          headers: sessions.owner.headers,
        })
      ).statusCode,
    ).toBe(200);

    await socket.closed;
    expectApiError(await staffAction(t.app, temp, customer.waitId, 'call'), 401, 'STAFF_UNAUTHENTICATED');
    // Signed in again: linked to no one, it acts on nobody and sees no whole number.
    const again = await signInStaff(t.app, { email: temp.me.email, password: temp.password });
    expectApiError(
      await staffAction(t.app, again, customer.waitId, 'call'),
      403,
      'PROVIDER_ACCOUNT_UNLINKED',
    );
    const board = boardResponseSchema.parse(
      (await t.app.inject({ url: '/api/v1/staff/board', headers: again.headers })).json(),
    );
    expect(board.entries.every((entry) => entry.phoneNumber?.startsWith('(•••)'))).toBe(true);
    // Nor does it set anyone's floor state, its old provider's included.
    for (const providerId of [tempId, maria])
      expectApiError(
        await t.app.inject({
          method: 'PUT',
          url: `/api/v1/staff/providers/${providerId}/floor-state`,
          headers: again.headers,
          payload: { floorState: 'off' },
        }),
        403,
        'PROVIDER_ACCOUNT_UNLINKED',
      );
  });
});
