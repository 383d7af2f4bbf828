import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import { type AddressInfo, createServer as createTcpServer } from 'node:net';
import ece from 'http_ece';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPushRepository } from '../../src/server/features/push/push.repository.ts';
import { loadVapidKeys } from '../../src/server/features/push/push.service.ts';
import type { VapidKeys } from '../../src/server/push/push-sender.ts';
import { createWebPushSender, type PushSender } from '../../src/server/push/push-sender.ts';
import type { PushTransport } from '../../src/server/push/push-transport.ts';
import { joinAsNewCustomer } from '../support/customer.ts';
import { buildJoinRequest, idempotencyKey } from '../support/factories.ts';
import { createBusiness, signInStaff, staffAction } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { databaseKinds } from '../support/test-database.ts';

/**
 * A stand-in push service: it keeps what arrives per endpoint, decrypts it with the subscription's
 * private key the way a browser would (RFC 8291, aes128gcm), and answers 410 for endpoints told
 * to be gone.
 */
function startFakePushService() {
  const received = new Map<string, { body: Buffer; headers: IncomingMessage['headers'] }[]>();
  const gone = new Set<string>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      if (gone.has(path)) {
        response.writeHead(410).end();
        return;
      }
      received.set(path, [
        ...(received.get(path) ?? []),
        { body: Buffer.concat(chunks), headers: request.headers },
      ]);
      response.writeHead(201).end();
    });
  });
  return { server, received, gone };
}

function browserSubscription(base: string, path: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    subscription: {
      endpoint: `${base}${path}`,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
    },
    decrypt: (body: Buffer) =>
      JSON.parse(ece.decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret }).toString('utf8')),
  };
}

/** Subscriptions at this origin go to the stand-in over plain http; all others take the real road. */
const base = 'https://push.checkn.invalid';

/** Each delivery's outcome by endpoint: 'sent', 'gone' or the error it failed with. */
type Outcomes = Map<string, 'sent' | 'gone' | Error>;

/**
 * The real driver (encryption and VAPID) twice: with a test-only transport that carries requests
 * for `base` to the stand-in, and with its own transport, which must refuse anything not public.
 */
function pushSenderForTests(vapid: VapidKeys, standInUrl: () => string, outcomes: Outcomes): PushSender {
  const toStandIn: PushTransport = async (endpoint, request) => {
    const response = await fetch(`${standInUrl()}${endpoint.pathname}`, {
      method: 'POST',
      headers: request.headers,
      body: new Uint8Array(request.body),
    });
    return { status: response.status, body: await response.text() };
  };
  const viaStandIn = createWebPushSender(vapid, toStandIn);
  const real = createWebPushSender(vapid);
  return {
    async send(subscription, message) {
      const sender = subscription.endpoint.startsWith(`${base}/`) ? viaStandIn : real;
      try {
        const outcome = await sender.send(subscription, message);
        outcomes.set(subscription.endpoint, outcome);
        return outcome;
      } catch (error) {
        outcomes.set(subscription.endpoint, error as Error);
        throw error;
      }
    },
  };
}

describe.each(databaseKinds)('Web Push on %s', (kind) => {
  let t: TestApp;
  const push = startFakePushService();
  const outcomes: Outcomes = new Map();
  let standInUrl = '';

  beforeAll(async () => {
    await new Promise<void>((resolve) => push.server.listen(0, '127.0.0.1', resolve));
    standInUrl = `http://127.0.0.1:${(push.server.address() as AddressInfo).port}`;
    const keysHolder = await createTestApp(kind);
    const vapid = await loadVapidKeys(createPushRepository(keysHolder.database.db), {
      publicKey: undefined,
      privateKey: undefined,
      subject: 'mailto:test@checkn.invalid',
    });
    await keysHolder.close();
    t = await createTestApp(kind, { pushSender: pushSenderForTests(vapid, () => standInUrl, outcomes) });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => push.server.close(() => resolve()));
  });

  const subscribe = (authorization: string, subscription: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/v1/companies/demo/push-subscription',
      headers: { authorization },
      payload: subscription as object,
    });
  const storedEndpoints = async () =>
    (await t.database.db.query<{ endpoint: string }>('select endpoint from push_subscriptions')).rows.map(
      (row) => row.endpoint,
    );

  it('makes VAPID keys once and keeps them', async () => {
    const first = (await t.app.inject({ url: '/api/v1/push/public-key' })).json().publicKey;
    expect(first).toMatch(/^[A-Za-z0-9_-]{80,100}$/);
    const again = await loadVapidKeys(createPushRepository(t.database.db), {
      publicKey: undefined,
      privateKey: undefined,
      subject: 'mailto:x@y.invalid',
    });
    expect(again.publicKey).toBe(first);
  });

  it('notifies the customer, encrypted for their browser, when called and when staff write', async () => {
    const customer = await joinAsNewCustomer(t, { name: 'Pia' });
    const browser = browserSubscription(base, '/push/pia');
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/companies/demo/push-subscription',
      headers: { authorization: customer.authorization },
      payload: browser.subscription,
    });
    expect(saved.statusCode).toBe(204);
    const { rows } = await t.database.db.query(
      'select company_id, customer_id from push_subscriptions where endpoint = $1',
      [browser.subscription.endpoint],
    );
    expect(rows).toEqual([{ company_id: 'demo', customer_id: customer.customerId }]);

    const staff = await signInStaff(t.app);
    await staffAction(t.app, staff, customer.waitId, 'call');
    await expect.poll(() => push.received.get('/push/pia')?.length ?? 0).toBe(1);
    const delivery = push.received.get('/push/pia')![0]!;
    expect(delivery.headers.authorization).toMatch(/^vapid t=.+, k=.+$/);
    expect(delivery.headers['content-encoding']).toBe('aes128gcm');
    expect(browser.decrypt(delivery.body)).toEqual({
      title: 'Bella Demo Salon',
      body: "It's your turn! Please come to the front desk.",
      url: `/demo/checked-in?waitId=${customer.waitId}`,
      tag: `wait-${customer.waitId}`,
    });

    const thread = (
      await t.app.inject({ url: `/api/v1/staff/chat/${customer.waitId}`, headers: staff.headers })
    ).json();
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/functions/sendMessage',
      headers: staff.headers,
      payload: {
        historyId: customer.waitId,
        companyId: 'demo',
        message: 'Chair 2 is yours',
        user: { id: 'a', name: 'a' },
        notify: { id: 'b', name: 'b' },
        chatNode: thread.threadKey,
      },
    });
    await expect.poll(() => push.received.get('/push/pia')?.length ?? 0).toBe(2);
    expect(browser.decrypt(push.received.get('/push/pia')![1]!.body)).toMatchObject({
      body: 'Chair 2 is yours',
      url: `/demo/chat?id=${customer.waitId}`,
    });
  });

  it('notifies in the language the customer joined in, which their board row names', async () => {
    const customer = await joinAsNewCustomer(t, { name: 'Paz' }, 'demo', { 'accept-language': 'es-MX' });
    const browser = browserSubscription(base, '/push/paz');
    expect((await subscribe(customer.authorization, browser.subscription)).statusCode).toBe(204);
    const staff = await signInStaff(t.app);
    const board = await t.app.inject({ url: '/api/v1/staff/board', headers: staff.headers });
    expect(
      board.json().entries.find((entry: { waitId: string }) => entry.waitId === customer.waitId).language,
    ).toBe('es');
    await staffAction(t.app, staff, customer.waitId, 'call');
    await expect.poll(() => push.received.get('/push/paz')?.length ?? 0).toBe(1);
    expect(browser.decrypt(push.received.get('/push/paz')![0]!.body)).toMatchObject({
      body: '¡Es tu turno! Por favor, pasa a recepción.',
    });
  });

  it("another business's staff reach only the subscriptions the customer gave that business", async () => {
    const customer = await joinAsNewCustomer(t, { name: 'Ola' });
    const browser = browserSubscription(base, '/push/ola-at-demo');
    expect((await subscribe(customer.authorization, browser.subscription)).statusCode).toBe(204);
    // The same phone (same customer token) joins a second business, and gives it no subscription.
    const other = await createBusiness(t.database.db);
    const atOther = await t.app.inject({
      method: 'POST',
      url: `/api/v1/companies/${other.companyId}/wait-list`,
      headers: { authorization: customer.authorization, 'idempotency-key': idempotencyKey() },
      payload: buildJoinRequest({ name: 'Ola' }),
    });
    expect(atOther.statusCode).toBe(201);
    const otherOwner = await signInStaff(t.app, other.owner);
    const otherWaitId = (atOther.json() as { waitId: string }).waitId;
    expect((await staffAction(t.app, otherOwner, otherWaitId, 'call')).statusCode).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/functions/sendMessage',
      headers: otherOwner.headers,
      payload: {
        historyId: otherWaitId,
        companyId: other.companyId,
        message: 'From the other business',
        user: { id: 'a', name: 'a' },
        notify: { id: 'b', name: 'b' },
        chatNode: `${other.accountId}-${customer.customerId}`,
      },
    });

    // The demo business's call, made after, arrives; nothing of the other business's came before it.
    await staffAction(t.app, await signInStaff(t.app), customer.waitId, 'call');
    await expect.poll(() => push.received.get('/push/ola-at-demo')?.length ?? 0).toBe(1);
    expect(browser.decrypt(push.received.get('/push/ola-at-demo')![0]!.body)).toMatchObject({
      title: 'Bella Demo Salon',
      url: `/demo/checked-in?waitId=${customer.waitId}`,
    });
  });

  it('deletes a subscription the push service says is gone (410)', async () => {
    const customer = await joinAsNewCustomer(t);
    const browser = browserSubscription(base, '/push/gone');
    push.gone.add('/push/gone');
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/companies/demo/push-subscription',
      headers: { authorization: customer.authorization },
      payload: browser.subscription,
    });
    const staff = await signInStaff(t.app);
    await staffAction(t.app, staff, customer.waitId, 'call');
    await expect
      .poll(
        async () =>
          (
            await t.database.db.query('select 1 from push_subscriptions where endpoint = $1', [
              browser.subscription.endpoint,
            ])
          ).rows.length,
      )
      .toBe(0);
  });

  it('keeps subscriptions to businesses the customer joined, from that customer only', async () => {
    const { authorization } = await t.signIn();
    const browser = browserSubscription(base, '/push/stranger');
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/companies/demo/push-subscription',
      headers: { authorization },
      payload: browser.subscription,
    });
    expect(response.statusCode).toBe(404);
    const unsigned = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/companies/demo/push-subscription',
      payload: browser.subscription,
    });
    expect(unsigned.statusCode).toBe(401);
  });
  it("keeps a customer's three newest subscriptions at a business, so a call never waits on more", async () => {
    const customer = await joinAsNewCustomer(t);
    const endpoints = Array.from({ length: 5 }, (_, i) => `https://push.checkn.invalid/many-${i}`);
    for (const endpoint of endpoints) {
      const browser = browserSubscription('', '');
      expect(
        (await subscribe(customer.authorization, { ...browser.subscription, endpoint })).statusCode,
      ).toBe(204);
    }
    const { rows } = await t.database.db.query<{ endpoint: string }>(
      'select endpoint from push_subscriptions where customer_id = $1 order by endpoint',
      [customer.customerId],
    );
    expect(rows.map((row) => row.endpoint)).toEqual(endpoints.slice(2));
  });

  it('takes only https push endpoints: another scheme is a 400 naming the field, and nothing is kept', async () => {
    const customer = await joinAsNewCustomer(t);
    const before = await storedEndpoints();
    for (const endpoint of [`${standInUrl}/internal`, 'ftp://push.checkn.invalid/x', 'file:///etc/passwd']) {
      const browser = browserSubscription('', '');
      const response = await subscribe(customer.authorization, { ...browser.subscription, endpoint });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'endpoint' });
    }
    expect(await storedEndpoints()).toEqual(before);
  });

  it('never connects to a push endpoint whose host is this machine, when the customer is called', async () => {
    let connections = 0;
    const listener = createTcpServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const port = (listener.address() as AddressInfo).port;
    try {
      const customer = await joinAsNewCustomer(t);
      const endpoints = [`https://localhost:${port}/internal`, `https://127.0.0.1:${port}/internal`];
      for (const endpoint of endpoints) {
        const browser = browserSubscription('', '');
        expect(
          (await subscribe(customer.authorization, { ...browser.subscription, endpoint })).statusCode,
        ).toBe(204);
      }
      const staff = await signInStaff(t.app);
      await staffAction(t.app, staff, customer.waitId, 'call');
      await expect.poll(() => endpoints.every((endpoint) => outcomes.has(endpoint))).toBe(true);
      expect(connections).toBe(0);
      for (const endpoint of endpoints) expect(String(outcomes.get(endpoint))).toMatch(/not allowed/);
    } finally {
      await new Promise<void>((resolve) => listener.close(() => resolve()));
    }
  });

  it('deletes a subscription stored with a plain http endpoint instead of posting to it', async () => {
    const customer = await joinAsNewCustomer(t);
    const endpoint = `${standInUrl}/push/legacy`;
    const browser = browserSubscription('', '');
    await createPushRepository(t.database.db).saveSubscription('demo', customer.customerId, {
      ...browser.subscription,
      endpoint,
    });
    const staff = await signInStaff(t.app);
    await staffAction(t.app, staff, customer.waitId, 'call');
    await expect.poll(() => outcomes.get(endpoint)).toBe('gone');
    expect(await storedEndpoints()).not.toContain(endpoint);
    expect(push.received.has('/push/legacy')).toBe(false);
  });
});
