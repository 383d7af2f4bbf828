import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FRONT_DESK } from '../../src/server/seed/demo.ts';
import { topics } from '../../src/shared/realtime.ts';
import type { StaffRole } from '../../src/shared/staff-schemas.ts';
import { expectApiError } from '../support/api-error.ts';
import {
  buildSendMessage,
  type JoinedCustomer,
  joinAsNewCustomer,
  sendMessage,
} from '../support/customer.ts';
import { buildJoinRequest, idempotencyKey } from '../support/factories.ts';
import { type EventMessage, RealtimeTestClient, realtimeUrl } from '../support/realtime-client.ts';
import { buildSecondApp, type SecondApp } from '../support/second-app.ts';
import {
  addTeamMember,
  assignProvider,
  listProviders,
  type StaffSession,
  signInStaff,
} from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { databaseKinds } from '../support/test-database.ts';

/** What a staff member following a chat must stop seeing once they may no longer see it. */
const PRIVATE_NOTE = 'private note for James only';
const DESK_REPLY = 'The desk answers now';

type Watcher = StaffSession & { password: string };

/** One way a staff member loses a chat they follow (issue 22, finding 2). */
interface AccessChange {
  name: string;
  /** The watcher's role and provider ('own': a provider of their own, made for this case). */
  watcher: { role: StaffRole; provider: 'james' | 'own' | null };
  /** Makes the change, through `app` (the process the watcher is not on, in the two-process run). */
  apply(context: { app: FastifyInstance; watcher: Watcher; customer: JoinedCustomer }): Promise<void>;
  /** Whether the watcher's session ends with it (their sockets close rather than unsubscribe). */
  endsSession: boolean;
  /** The account is gone: it cannot sign in again. */
  accountGone?: true;
}

describe.each(databaseKinds)('who may follow a chat after their access changes, on %s', (kind) => {
  let a: TestApp;
  let b: SecondApp;
  let owner: StaffSession;
  let desk: StaffSession;
  let maria: string;
  let james: string;
  let urlA: string;
  let urlB: string;
  const sockets: RealtimeTestClient[] = [];

  beforeAll(async () => {
    a = await createTestApp(kind);
    b = await buildSecondApp(a);
    owner = await signInStaff(a.app);
    desk = await signInStaff(a.app, DEMO_FRONT_DESK);
    const providers = await listProviders(a.database.db, 'demo');
    maria = providers.find((provider) => provider.name === 'Maria Lopez')!.id;
    james = providers.find((provider) => provider.name === 'James Chen')!.id;
    urlA = await realtimeUrl(a.app);
    urlB = await realtimeUrl(b.app);
  });
  afterAll(async () => {
    await Promise.all(sockets.map((socket) => socket.close()));
    await b?.close();
    await a?.close();
  });

  async function connect(url: string, cookie?: string): Promise<RealtimeTestClient> {
    const socket = await RealtimeTestClient.connect(url, cookie ? { cookie } : {});
    sockets.push(socket);
    return socket;
  }

  let providerCounter = 0;
  /** A provider of the demo business for one case only (removing it must not touch the others). */
  async function newProvider(): Promise<string> {
    providerCounter += 1;
    const name = `Access Provider ${providerCounter}`;
    const added = await a.app.inject({
      method: 'POST',
      url: '/api/v1/staff/settings/providers',
      headers: owner.headers,
      payload: { name, speciality: 'All', station: `Chair ${20 + providerCounter}` },
    });
    expect(added.statusCode).toBe(201);
    return (added.json() as { providers: { id: string; name: string }[] }).providers.find(
      (provider) => provider.name === name,
    )!.id;
  }

  const customerSays = (app: FastifyInstance, customer: JoinedCustomer, message: string) =>
    sendMessage(app, { authorization: customer.authorization }, buildSendMessage(customer, { message }));

  const readChat = (app: FastifyInstance, session: Pick<StaffSession, 'headers'>, waitId: string) =>
    app.inject({ url: `/api/v1/staff/chat/${waitId}`, headers: session.headers });

  /** The desk takes the conversation over and writes in it: the answerer change and the reply. */
  async function deskTakesOverAndReplies(app: FastifyInstance, customer: JoinedCustomer) {
    const takeOver = await app.inject({
      method: 'POST',
      url: `/api/v1/staff/chat/${customer.waitId}/take-over`,
      headers: desk.headers,
    });
    expect(takeOver.statusCode).toBe(200);
    expect(
      (await sendMessage(app, desk.headers, buildSendMessage(customer, { message: DESK_REPLY }))).statusCode,
    ).toBe(201);
  }

  const carries = (event: EventMessage, text: string) => JSON.stringify(event.data).includes(text);

  const changes: AccessChange[] = [
    {
      name: 'the desk reassigns the customer to another provider',
      watcher: { role: 'provider', provider: 'james' },
      endsSession: false,
      async apply({ app, customer }) {
        expect((await assignProvider(app, desk, customer.waitId, maria)).statusCode).toBe(200);
      },
    },
    {
      name: 'the desk unassigns the customer',
      watcher: { role: 'provider', provider: 'james' },
      endsSession: false,
      async apply({ app, customer }) {
        expect((await assignProvider(app, desk, customer.waitId, null)).statusCode).toBe(200);
      },
    },
    {
      name: "the provider leaves and their customers move to another's",
      watcher: { role: 'provider', provider: 'own' },
      endsSession: true,
      async apply({ app, watcher }) {
        const removed = await app.inject({
          method: 'DELETE',
          url: `/api/v1/staff/settings/providers/${watcher.me.providerId}?moveTo=${maria}`,
          headers: owner.headers,
        });
        expect(removed.statusCode).toBe(200);
      },
    },
    {
      name: "the owner removes the provider's account",
      watcher: { role: 'provider', provider: 'james' },
      endsSession: true,
      accountGone: true,
      async apply({ app, watcher }) {
        const removed = await app.inject({
          method: 'DELETE',
          url: `/api/v1/staff/people/${watcher.me.id}`,
          headers: owner.headers,
        });
        expect(removed.statusCode).toBe(204);
      },
    },
    {
      name: 'the account is linked to another provider',
      watcher: { role: 'provider', provider: 'james' },
      endsSession: true,
      async apply({ watcher }) {
        // No screen does this yet (`npm run admin`, SQL by hand): the database ends the sessions.
        await a.database.db.query('update staff_users set provider_id = $2 where id = $1', [
          watcher.me.id,
          maria,
        ]);
      },
    },
    {
      name: 'the customer comes back for a new visit, not assigned yet',
      watcher: { role: 'provider', provider: 'james' },
      endsSession: false,
      async apply({ app, customer }) {
        // One thread per customer and business: it follows their newest visit (migration 0019).
        const joined = await app.inject({
          method: 'POST',
          url: `/api/v1/companies/${customer.companyId}/wait-list`,
          headers: { authorization: customer.authorization, 'idempotency-key': idempotencyKey() },
          payload: buildJoinRequest({ name: customer.name }),
        });
        expect(joined.statusCode, joined.body).toBe(201);
      },
    },
    {
      name: "a front desk account becomes another provider's",
      watcher: { role: 'front_desk', provider: null },
      endsSession: true,
      async apply({ watcher }) {
        await a.database.db.query(
          "update staff_users set role = 'provider', provider_id = $2 where id = $1",
          [watcher.me.id, maria],
        );
      },
    },
  ];

  describe.each([
    { processes: 'on one process', watcherOn: () => urlA, changeOn: () => a.app },
    { processes: 'across two processes', watcherOn: () => urlB, changeOn: () => a.app },
  ])('$processes', ({ watcherOn, changeOn }) => {
    it.each(changes.map((change) => [change.name, change] as const))(
      'when %s: the subscription stops at once (the next message, the reply and the answerer change never reach it) and subscribing again is refused',
      async (_name, change) => {
        const providerId =
          change.watcher.provider === 'james'
            ? james
            : change.watcher.provider === 'own'
              ? await newProvider()
              : null;
        const watcher = await addTeamMember(a.app, owner, { role: change.watcher.role, providerId });
        const customer = await joinAsNewCustomer(a);
        expect((await assignProvider(a.app, owner, customer.waitId, providerId ?? james)).statusCode).toBe(
          200,
        );
        const topic = topics.chat(customer.chatThreadKey);
        const url = watcherOn();
        const app = changeOn();

        const watching = await connect(url, watcher.cookie);
        // Someone who may go on seeing it, on the watcher's process: when they have it all, so
        // would the watcher.
        const witness = await connect(url, desk.cookie);
        expect(await watching.subscribe(topic, null)).toMatchObject({ type: 'subscribed' });
        expect(await witness.subscribe(topic, null)).toMatchObject({ type: 'subscribed' });
        expect((await customerSays(app, customer, 'Before the change')).statusCode).toBe(201);
        await watching.waitFor(
          (message) => message.type === 'event' && message.topic === topic,
          'the message before the change',
        );

        await change.apply({ app, watcher, customer });
        expect((await customerSays(app, customer, PRIVATE_NOTE)).statusCode).toBe(201);
        await deskTakesOverAndReplies(app, customer);

        await witness.waitFor(
          (message) => message.type === 'event' && message.event === 'thread.answerer',
          'the answerer change',
        );
        await witness.waitFor(
          (message) => message.type === 'event' && carries(message, DESK_REPLY),
          "the desk's reply",
        );
        if (change.endsSession) await watching.closed;
        else {
          expect(
            await watching.waitFor((message) => message.type === 'unsubscribed', 'unsubscribed'),
          ).toEqual({ type: 'unsubscribed', topic, code: 'FORBIDDEN' });
          await watching.roundTrip();
        }
        const seen = watching.events(topic);
        expect(seen.filter((event) => carries(event, PRIVATE_NOTE) || carries(event, DESK_REPLY))).toEqual(
          [],
        );
        expect(seen.filter((event) => event.event === 'thread.answerer')).toEqual([]);
        expect(seen.map((event) => event.event)).toEqual(['message.created']);

        // Subscribing again is refused: on the same socket, or signed in again as what they are now.
        if (!change.endsSession) {
          expect(await watching.subscribe(topic, null)).toMatchObject({ type: 'error', code: 'FORBIDDEN' });
          expectApiError(await readChat(app, watcher, customer.waitId), 403, 'ANOTHER_PROVIDERS_CUSTOMER');
        }
        const again = await connect(url, watcher.cookie);
        expect(await again.subscribe(topic, null)).toMatchObject({ type: 'error', code: 'FORBIDDEN' });
        if (!change.accountGone) {
          const signedIn = await signInStaff(a.app, { email: watcher.me.email, password: watcher.password });
          const fresh = await connect(url, signedIn.cookie);
          expect(await fresh.subscribe(topic, null)).toMatchObject({ type: 'error', code: 'FORBIDDEN' });
          expectApiError(await readChat(app, signedIn, customer.waitId), 403, 'ANOTHER_PROVIDERS_CUSTOMER');
        }
      },
    );
  });

  it('keeps the assigned provider on their chat when the desk takes it over: who answers is not who may see', async () => {
    const watcher = await addTeamMember(a.app, owner, { role: 'provider', providerId: james });
    const customer = await joinAsNewCustomer(a);
    expect((await assignProvider(a.app, owner, customer.waitId, james)).statusCode).toBe(200);
    const topic = topics.chat(customer.chatThreadKey);
    const watching = await connect(urlB, watcher.cookie);
    expect(await watching.subscribe(topic, null)).toMatchObject({ type: 'subscribed' });
    await deskTakesOverAndReplies(a.app, customer);
    await watching.waitFor(
      (message) => message.type === 'event' && carries(message, DESK_REPLY),
      "the desk's reply",
    );
    expect(watching.messages.filter((message) => message.type === 'unsubscribed')).toEqual([]);
  });

  it('lets a provider who was given the customer follow their chat from then on', async () => {
    const watcher = await addTeamMember(a.app, owner, { role: 'provider', providerId: james });
    const customer = await joinAsNewCustomer(a);
    expect((await assignProvider(a.app, owner, customer.waitId, maria)).statusCode).toBe(200);
    const topic = topics.chat(customer.chatThreadKey);
    const watching = await connect(urlB, watcher.cookie);
    expect(await watching.subscribe(topic, null)).toMatchObject({ type: 'error', code: 'FORBIDDEN' });
    expect((await assignProvider(a.app, desk, customer.waitId, james)).statusCode).toBe(200);
    expect(await watching.subscribe(topic, null)).toMatchObject({ type: 'subscribed' });
    expect((await customerSays(a.app, customer, 'Hello James')).statusCode).toBe(201);
    await watching.waitFor(
      (message) => message.type === 'event' && carries(message, 'Hello James'),
      'the message to James',
    );
  });
});
