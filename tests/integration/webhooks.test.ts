import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import type { WebhookTransport } from '../../src/server/features/webhooks/webhook-transport.ts';
import { postWithLimits } from '../../src/server/push/push-transport.ts';
import { DEMO_FRONT_DESK } from '../../src/server/seed/demo.ts';
import { apiErrorSchema } from '../../src/shared/schemas.ts';
import {
  type WebhookEndpoint,
  webhookDeliveriesResponseSchema,
  webhookEndpointsResponseSchema,
} from '../../src/shared/webhook-schemas.ts';
import { joinAsNewCustomer } from '../support/customer.ts';
import { createBusiness, type StaffSession, signInStaff, staffAction } from '../support/staff.ts';
import { createTestApp, type TestApp, testConfig } from '../support/test-app.ts';
import { databaseKinds } from '../support/test-database.ts';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver on 127.0.0.1 that records each delivery and answers `status()`. */
async function startReceiver() {
  const received: Received[] = [];
  let answer = () => 204;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
      });
      response.statusCode = answer();
      response.end(response.statusCode >= 400 ? 'receiver is down' : '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  /** The endpoints' https addresses reach this receiver over http, path kept. */
  const transport: WebhookTransport = (url, request) =>
    postWithLimits(httpRequest, new URL(`http://127.0.0.1:${port}${url.pathname}`), request, {
      timeoutMs: 5_000,
      maxResponseBytes: 4096,
    });
  return {
    received,
    transport,
    answerWith: (status: () => number) => {
      answer = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const errorCode = (response: { json(): unknown }) => apiErrorSchema.parse(response.json()).error.code;
type Receiver = Awaited<ReturnType<typeof startReceiver>>;

describe.each(databaseKinds)('outgoing webhooks, on %s', (kind) => {
  let t: TestApp;
  let owner: StaffSession;
  let receiver: Receiver;

  beforeAll(async () => {
    receiver = await startReceiver();
    t = await createTestApp(kind, { webhookTransport: receiver.transport });
    owner = await signInStaff(t.app);
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });
  afterEach(async () => {
    // Each test adds its own endpoint: the next one starts without it.
    await t.database.db.query("delete from webhook_endpoints where company_id = 'demo'");
    receiver.answerWith(() => 204);
    receiver.received.length = 0;
  });

  const addEndpoint = async (url: string, session = owner): Promise<WebhookEndpoint> => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/webhooks',
      headers: session.headers,
      payload: { url },
    });
    expect(response.statusCode, response.body).toBe(200);
    const endpoint = webhookEndpointsResponseSchema
      .parse(response.json())
      .endpoints.find((one) => one.url === url);
    if (!endpoint) throw new Error('endpoint not listed');
    return endpoint;
  };
  const receivedAt = (path: string) => receiver.received.filter((one) => one.path === path);
  const eventsAt = (path: string) =>
    receivedAt(path).map((one) => {
      const { type, data } = JSON.parse(one.body) as { type: string; data: { waitId: string } };
      return `${type} ${data.waitId}`;
    });
  const deliveryRows = async (waitId: string) =>
    (
      await t.database.db.query<{ id: string; status: string; attempts: number; event_type: string }>(
        `select id, status, attempts, event_type from webhook_deliveries
          where payload -> 'data' ->> 'waitId' = $1 order by created_at, event_type`,
        [waitId],
      )
    ).rows;

  /**
   * The tries recorded for the entry's first delivery. A try under way (claimed: its count already
   * raised, its answer not yet written) is not counted: bringing its next try forward then would
   * be overwritten by the answer's own wait.
   */
  const recordedTries = async (waitId: string) => {
    const [row] = await deliveryRows(waitId);
    return row && row.status !== 'sending' ? row.attempts : undefined;
  };

  it('tells an endpoint of a join and each step, signed so a receiver verifies them with its secret', async () => {
    const endpoint = await addEndpoint('https://hooks.example.com/line');
    expect(endpoint.secret).toMatch(/^whsec_/);
    const customer = await joinAsNewCustomer(t, { name: 'Hooked Hana' });
    // Written by the join's own transaction: there before any send.
    expect((await deliveryRows(customer.waitId)).map((row) => row.event_type)).toEqual(['entry.joined']);
    const desk = await signInStaff(t.app, DEMO_FRONT_DESK);
    await staffAction(t.app, desk, customer.waitId, 'call');
    await staffAction(t.app, desk, customer.waitId, 'start');
    await staffAction(t.app, desk, customer.waitId, 'done');
    await expect
      .poll(() => eventsAt('/line'), { timeout: 10_000 })
      .toEqual(
        ['entry.joined', 'entry.called', 'entry.started', 'entry.done'].map(
          (type) => `${type} ${customer.waitId}`,
        ),
      );

    const verifier = new Webhook(endpoint.secret);
    for (const delivery of receivedAt('/line')) {
      const payload = verifier.verify(delivery.body, delivery.headers as Record<string, string>) as {
        type: string;
        data: Record<string, unknown>;
      };
      expect(payload.data).toMatchObject({ waitId: customer.waitId, companyId: 'demo', name: 'Hooked Hana' });
      expect(delivery.headers['webhook-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    // A forged body does not verify.
    const [first] = receivedAt('/line');
    expect(() =>
      verifier.verify(first!.body.replace('Hooked Hana', 'Forged'), first!.headers as Record<string, string>),
    ).toThrow();
    // Recorded once each answer is: the receiver has the request before the row says so.
    await expect
      .poll(async () => (await deliveryRows(customer.waitId)).every((row) => row.status === 'delivered'))
      .toBe(true);
  });

  it('tries again with the same webhook-id after a failure, and logs each try', async () => {
    const endpoint = await addEndpoint('https://hooks.example.com/flaky');
    receiver.answerWith(() => 503);
    const customer = await joinAsNewCustomer(t, { name: 'Retry Rosa' });
    await expect.poll(() => recordedTries(customer.waitId), { timeout: 10_000 }).toBe(1);
    const log = async () =>
      webhookDeliveriesResponseSchema.parse(
        (
          await t.app.inject({
            url: `/api/v1/staff/webhooks/${endpoint.id}/deliveries`,
            headers: owner.headers,
          })
        ).json(),
      ).deliveries;
    const [pending] = await log();
    expect(pending).toMatchObject({
      eventType: 'entry.joined',
      status: 'pending',
      attempts: 1,
      lastStatusCode: 503,
    });
    // About 5 s later: brought forward here rather than waited for.
    const retryIn = Date.parse(pending!.nextAttemptAt!) - Date.now();
    expect(retryIn).toBeLessThanOrEqual(5_000);
    receiver.answerWith(() => 200);
    await t.database.db.query('update webhook_deliveries set next_attempt_at = now() where id = $1', [
      pending!.id,
    ]);
    await expect.poll(async () => (await log())[0]?.status, { timeout: 10_000 }).toBe('delivered');
    const ids = receivedAt('/flaky').map((one) => one.headers['webhook-id']);
    expect(ids).toEqual([pending!.id, pending!.id]);
  });

  it('marks a delivery failed after its last try, turns the endpoint off with a reason, and on again when asked', async () => {
    const endpoint = await addEndpoint('https://hooks.example.com/gone');
    receiver.answerWith(() => 410);
    const customer = await joinAsNewCustomer(t, { name: 'Failing Fay' });
    // Each try's wait brought forward: the seventh try is the last.
    for (let attempt = 1; attempt <= 7; attempt += 1) {
      await expect.poll(() => recordedTries(customer.waitId), { timeout: 10_000 }).toBe(attempt);
      if (attempt < 7)
        await t.database.db.query(
          "update webhook_deliveries set next_attempt_at = now() where endpoint_id = $1 and status = 'pending'",
          [endpoint.id],
        );
    }
    await expect
      .poll(async () => (await deliveryRows(customer.waitId))[0]?.status, { timeout: 10_000 })
      .toBe('failed');
    const listed = webhookEndpointsResponseSchema
      .parse((await t.app.inject({ url: '/api/v1/staff/webhooks', headers: owner.headers })).json())
      .endpoints.find((one) => one.id === endpoint.id);
    expect(listed?.disabledAt).not.toBeNull();
    expect(listed?.disabledReason).toContain('every try of a delivery failed');
    // The console's notice reads a count, without the endpoints' secrets; another owner's is theirs.
    const turnedOff = await t.app.inject({
      url: '/api/v1/staff/webhooks/turned-off',
      headers: owner.headers,
    });
    expect(turnedOff.json()).toEqual({ turnedOff: 1 });
    const otherOwner = await signInStaff(t.app, (await createBusiness(t.database.db)).owner);
    expect(
      (await t.app.inject({ url: '/api/v1/staff/webhooks/turned-off', headers: otherOwner.headers })).json(),
    ).toEqual({ turnedOff: 0 });
    // Off: changes are not queued for it.
    const later = await joinAsNewCustomer(t, { name: 'Unheard Uma' });
    expect(await deliveryRows(later.waitId)).toEqual([]);

    receiver.answerWith(() => 200);
    const enabled = await t.app.inject({
      method: 'POST',
      url: `/api/v1/staff/webhooks/${endpoint.id}/enable`,
      headers: owner.headers,
    });
    expect(enabled.statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: '/api/v1/staff/webhooks/turned-off', headers: owner.headers })).json(),
    ).toEqual({ turnedOff: 0 });
    const heard = await joinAsNewCustomer(t, { name: 'Heard Hal' });
    await expect.poll(() => eventsAt('/gone'), { timeout: 10_000 }).toContain(`entry.joined ${heard.waitId}`);
  });

  it('signs with the old secret and the new one for a day after a rotation', async () => {
    const endpoint = await addEndpoint('https://hooks.example.com/rotated');
    const rotated = await t.app.inject({
      method: 'POST',
      url: `/api/v1/staff/webhooks/${endpoint.id}/rotate-secret`,
      headers: owner.headers,
    });
    const now = webhookEndpointsResponseSchema
      .parse(rotated.json())
      .endpoints.find((one) => one.id === endpoint.id)!;
    expect(now.secret).not.toBe(endpoint.secret);
    expect(Date.parse(now.previousSecretUntil!) - Date.now()).toBeGreaterThan(23 * 3600_000);
    const customer = await joinAsNewCustomer(t, { name: 'Rotated Rob' });
    await expect.poll(() => receivedAt('/rotated').length, { timeout: 10_000 }).toBe(1);
    const [delivery] = receivedAt('/rotated');
    expect(String(delivery!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    for (const secret of [now.secret, endpoint.secret])
      expect(
        new Webhook(secret).verify(delivery!.body, delivery!.headers as Record<string, string>),
      ).toMatchObject({
        data: { waitId: customer.waitId },
      });
  });

  it('replays a delivery from the log, with the same webhook-id', async () => {
    await addEndpoint('https://hooks.example.com/replayed');
    const customer = await joinAsNewCustomer(t, { name: 'Replay Ray' });
    await expect.poll(() => receivedAt('/replayed').length, { timeout: 10_000 }).toBe(1);
    // Replay is for a delivery that ended: wait until its answer is recorded.
    await expect.poll(async () => (await deliveryRows(customer.waitId))[0]?.status).toBe('delivered');
    const [row] = await deliveryRows(customer.waitId);
    const replayed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/staff/webhook-deliveries/${row!.id}/replay`,
      headers: owner.headers,
    });
    expect(replayed.statusCode, replayed.body).toBe(200);
    await expect.poll(() => receivedAt('/replayed').length, { timeout: 10_000 }).toBe(2);
    expect(new Set(receivedAt('/replayed').map((one) => one.headers['webhook-id']))).toEqual(
      new Set([row!.id]),
    );
  });

  it('keeps no delivery of a customer the owner erased: neither sent nor in the log', async () => {
    await addEndpoint('https://hooks.example.com/erased');
    receiver.answerWith(() => 503);
    const customer = await joinAsNewCustomer(t, { name: 'Erased Ed', phoneNumber: '+14155550177' });
    await expect.poll(() => recordedTries(customer.waitId), { timeout: 10_000 }).toBe(1);
    const erased = await t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/customers/erase',
      headers: owner.headers,
      payload: { phoneNumber: '+14155550177' },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await deliveryRows(customer.waitId)).toEqual([]);
  });

  it('refuses an address that is not https, or is private, under the field', async () => {
    for (const url of [
      'http://hooks.example.com/x',
      'https://127.0.0.1/x',
      'https://localhost/x',
      'https://[::1]/x',
      'https://10.0.0.7/x',
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/staff/webhooks',
        headers: owner.headers,
        payload: { url },
      });
      expect(response.statusCode, url).toBe(400);
      expect(apiErrorSchema.parse(response.json()).error.field).toBe('url');
    }
  });

  it("keeps one business's endpoints and deliveries from another's owner and from the front desk", async () => {
    const endpoint = await addEndpoint('https://hooks.example.com/ours');
    const customer = await joinAsNewCustomer(t, { name: 'Private Pia' });
    await expect.poll(() => receivedAt('/ours').length, { timeout: 10_000 }).toBe(1);
    const [row] = await deliveryRows(customer.waitId);
    const other = await createBusiness(t.database.db);
    const otherOwner = await signInStaff(t.app, other.owner);
    const theirs = await t.app.inject({ url: '/api/v1/staff/webhooks', headers: otherOwner.headers });
    expect(webhookEndpointsResponseSchema.parse(theirs.json()).endpoints).toEqual([]);
    for (const request of [
      { method: 'GET' as const, url: `/api/v1/staff/webhooks/${endpoint.id}/deliveries` },
      { method: 'DELETE' as const, url: `/api/v1/staff/webhooks/${endpoint.id}` },
      { method: 'POST' as const, url: `/api/v1/staff/webhooks/${endpoint.id}/rotate-secret` },
      { method: 'POST' as const, url: `/api/v1/staff/webhook-deliveries/${row!.id}/replay` },
    ]) {
      const response = await t.app.inject({ ...request, headers: otherOwner.headers });
      expect(response.statusCode, request.url).toBe(404);
    }
    const desk = await signInStaff(t.app, DEMO_FRONT_DESK);
    const asDesk = await t.app.inject({ url: '/api/v1/staff/webhooks', headers: desk.headers });
    expect(errorCode(asDesk)).toBe('ROLE_NOT_ALLOWED');
    // Their business's changes reach only their endpoints.
    await joinAsNewCustomer(t, { name: 'Elsewhere Eve' }, other.companyId).catch(() => undefined);
    expect(receivedAt('/ours')).toHaveLength(1);
    expect((await deliveryRows(customer.waitId)).map((one) => one.id)).toEqual([row!.id]);
  });
});

describe.each(databaseKinds)('webhook deliveries across a restart, on %s', (kind) => {
  let t: TestApp;
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await t?.database.close();
    await receiver?.close();
  });

  it('loses none and sends none twice when one server stops with deliveries queued and another starts', async () => {
    // The first server cannot reach the receiver: every delivery waits for its next try.
    const down: WebhookTransport = async () => Promise.reject(new Error('connect ECONNREFUSED'));
    t = await createTestApp(kind, { webhookTransport: down });
    const owner = await signInStaff(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/webhooks',
      headers: owner.headers,
      payload: { url: 'https://hooks.example.com/restart' },
    });
    const joins = await Promise.all(
      Array.from({ length: 12 }, (_, index) => joinAsNewCustomer(t, { name: `Restart ${index}` })),
    );
    await expect
      .poll(
        async () =>
          (await t.database.db.query('select 1 from webhook_deliveries where attempts = 1')).rows.length,
        {
          timeout: 10_000,
        },
      )
      .toBe(joins.length);
    await t.app.close();
    // Due now; and one left 'sending' by a process killed mid-send, its lease run out.
    await t.database.db.query('update webhook_deliveries set next_attempt_at = now()');
    await t.database.db.query(
      `update webhook_deliveries set status = 'sending', lease_until = now() - interval '1 second'
        where id = (select id from webhook_deliveries order by created_at limit 1)`,
    );
    const second = await buildApp({
      config: testConfig(),
      db: t.database.db,
      clientDir: '/nonexistent',
      webhookTransport: receiver.transport,
    });
    try {
      await second.ready();
      await expect
        .poll(
          async () =>
            (await t.database.db.query("select 1 from webhook_deliveries where status <> 'delivered'")).rows
              .length,
          { timeout: 15_000 },
        )
        .toBe(0);
    } finally {
      await second.close();
    }
    const ids = receiver.received.map((one) => String(one.headers['webhook-id']));
    const { rows } = await t.database.db.query<{ id: string }>('select id from webhook_deliveries');
    expect(rows).toHaveLength(joins.length);
    expect([...ids].sort()).toEqual(rows.map((row) => row.id).sort());
  });
});
