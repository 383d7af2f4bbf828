import { afterEach, describe, expect, it } from 'vitest';
import { buildSendMessage, joinAsNewCustomer, sendMessage } from '../support/customer.ts';
import { buildJoinRequest, idempotencyKey } from '../support/factories.ts';
import { signInStaff } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { databaseKinds } from '../support/test-database.ts';

/** Who a limit counts: the client IP only as far as trusted proxies say, and a customer by id. */
describe.each(databaseKinds)('rate limit keys on %s', (kind) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  function signIn(app: TestApp['app'], headers: Record<string, string>, remoteAddress = '198.51.100.1') {
    return app.inject({ method: 'POST', url: '/api/v1/customers/anonymous', headers, remoteAddress });
  }

  it('ignores a client’s X-Forwarded-For without TRUST_PROXY: the sign-in limit still counts its IP', async () => {
    t = await createTestApp(kind, { env: { RATE_LIMIT_SIGN_INS_PER_MINUTE: '3' } });
    const statuses = [];
    for (let i = 1; i <= 4; i += 1) {
      const response = await signIn(t.app, { 'x-forwarded-for': `203.0.113.${i}` });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
  });

  it('with TRUST_PROXY=1 counts the address the proxy saw (the last hop), not what the client wrote', async () => {
    t = await createTestApp(kind, { env: { RATE_LIMIT_SIGN_INS_PER_MINUTE: '3', TRUST_PROXY: '1' } });
    const statuses = [];
    // The client writes anything it likes in front; the proxy appends the address it saw.
    for (let i = 1; i <= 4; i += 1) {
      const response = await signIn(t.app, { 'x-forwarded-for': `192.0.2.${i}, 203.0.113.7` }, '10.0.0.2');
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
    // Another client behind the same proxy has its own count.
    expect((await signIn(t.app, { 'x-forwarded-for': '203.0.113.8' }, '10.0.0.2')).statusCode).toBe(201);
  });

  it('with TRUST_PROXY set to proxy addresses believes only those proxies', async () => {
    t = await createTestApp(kind, {
      env: { RATE_LIMIT_SIGN_INS_PER_MINUTE: '2', TRUST_PROXY: '10.0.0.0/8' },
    });
    const direct = [];
    for (let i = 1; i <= 3; i += 1) {
      direct.push((await signIn(t.app, { 'x-forwarded-for': `203.0.113.${i}` }, '198.51.100.9')).statusCode);
    }
    expect(direct).toEqual([201, 201, 429]);
    const proxied = [];
    for (let i = 1; i <= 3; i += 1) {
      proxied.push((await signIn(t.app, { 'x-forwarded-for': `203.0.113.${i}` }, '10.1.2.3')).statusCode);
    }
    expect(proxied).toEqual([201, 201, 201]);
  });

  it('counts a customer’s joins by customer however the Authorization header is written', async () => {
    t = await createTestApp(kind, { env: { RATE_LIMIT_JOINS_PER_MINUTE: '3' } });
    const { authorization } = await t.signIn();
    const token = authorization.slice('Bearer '.length);
    const request = buildJoinRequest();
    const key = idempotencyKey();
    const statuses = [];
    for (const header of [`Bearer ${token}`, `bearer ${token}`, `BEARER   ${token}`, `Bearer \t${token}  `]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/companies/demo/wait-list',
        headers: { authorization: header, 'idempotency-key': key },
        payload: request,
      });
      statuses.push(response.statusCode);
    }
    // The same join retried (one key): created, then the same answer, then the limit.
    expect(statuses).toEqual([201, 200, 200, 429]);

    // Another customer on the same network is counted on its own.
    const other = await t.signIn();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/companies/demo/wait-list',
      headers: { authorization: other.authorization, 'idempotency-key': idempotencyKey() },
      payload: buildJoinRequest(),
    });
    expect(response.statusCode).toBe(201);
  });

  it('counts joins by client IP too, so fresh anonymous identities cannot join (and text) without end', async () => {
    t = await createTestApp(kind, { env: { RATE_LIMIT_JOINS_PER_IP_PER_HOUR: '3' } });
    const app = t.app;
    const joinAsNewIdentity = async (remoteAddress: string, url = '/api/v1/companies/demo/wait-list') => {
      const { authorization } = await t!.signIn();
      return app.inject({
        method: 'POST',
        url,
        headers: { authorization, 'idempotency-key': idempotencyKey() },
        payload: buildJoinRequest(),
        remoteAddress,
      });
    };
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await joinAsNewIdentity('198.51.100.20')).statusCode);
    expect(statuses).toEqual([201, 201, 201, 429]);
    // The service request counts against the same joins from that address.
    expect((await joinAsNewIdentity('198.51.100.20', '/api/v1/functions/addClient')).statusCode).toBe(429);
    expect(await t.database.db.query('select 1 from wait_entries')).toMatchObject({ rows: { length: 3 } });
    // Another address has its own count.
    expect((await joinAsNewIdentity('198.51.100.21')).statusCode).toBe(201);
  });

  it('counts chat messages by customer and by staff session, not by how the credentials are written', async () => {
    t = await createTestApp(kind, { env: { RATE_LIMIT_MESSAGES_PER_MINUTE: '2' } });
    const customer = await joinAsNewCustomer(t);
    const body = buildSendMessage(customer);
    const customerStatuses = [];
    for (const header of [customer.authorization, `bearer  ${customer.token}`, `BEARER ${customer.token}`]) {
      customerStatuses.push((await sendMessage(t.app, { authorization: header }, body)).statusCode);
    }
    expect(customerStatuses).toEqual([201, 201, 429]);

    const owner = await signInStaff(t.app);
    const staffStatuses = [];
    for (const cookie of [owner.cookie, `${owner.cookie}; other=1`, ` ${owner.cookie} `]) {
      const headers = { ...owner.headers, cookie };
      staffStatuses.push((await sendMessage(t.app, headers, body)).statusCode);
    }
    expect(staffStatuses).toEqual([201, 201, 429]);
  });
});
