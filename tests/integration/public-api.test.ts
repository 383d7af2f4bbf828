import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FRONT_DESK, DEMO_PROVIDER } from '../../src/server/seed/demo.ts';
import { createRecordingSmsSender } from '../../src/server/sms/sms-sender.ts';
import {
  API_KEYS_MAX,
  apiKeysResponseSchema,
  createdApiKeySchema,
  lineResponseSchema,
} from '../../src/shared/public-api-schemas.ts';
import { apiErrorSchema } from '../../src/shared/schemas.ts';
import { boardEntrySchema } from '../../src/shared/staff-schemas.ts';
import { getWaitEntry, joinAsNewCustomer } from '../support/customer.ts';
import { createBusiness, type StaffSession, signInStaff } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { databaseKinds } from '../support/test-database.ts';

const errorCode = (response: { json(): unknown }) => apiErrorSchema.parse(response.json()).error.code;

describe.each(databaseKinds)('the public API, with a business’s keys, on %s', (kind) => {
  let t: TestApp;
  let owner: StaffSession;
  const sender = createRecordingSmsSender();

  beforeAll(async () => {
    t = await createTestApp(kind, { smsSender: sender, env: { RATE_LIMIT_API_REQUESTS_PER_MINUTE: '1000' } });
    owner = await signInStaff(t.app);
  });
  afterAll(async () => t?.close());

  const makeKey = async (session: StaffSession, name: string, scope: 'read' | 'read_write') => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/api-keys',
      headers: session.headers,
      payload: { name, scope },
    });
    expect(response.statusCode, response.body).toBe(201);
    return createdApiKeySchema.parse(response.json());
  };
  const listKeys = async (session: StaffSession) =>
    apiKeysResponseSchema.parse(
      (await t.app.inject({ url: '/api/v1/staff/api-keys', headers: session.headers })).json(),
    ).keys;
  const withKey = (secret: string) => ({ authorization: `Bearer ${secret}` });
  const readLine = async (secret: string) => {
    const response = await t.app.inject({ url: '/api/v1/line', headers: withKey(secret) });
    expect(response.statusCode, response.body).toBe(200);
    return lineResponseSchema.parse(response.json());
  };
  const act = (secret: string, waitId: string, action: string) =>
    t.app.inject({ method: 'POST', url: `/api/v1/line/${waitId}/${action}`, headers: withKey(secret) });

  it('shows a new key once, keeps only its hash, and lists it by name, scope and hint', async () => {
    const { key, secret } = await makeKey(owner, 'Front desk POS', 'read_write');
    expect(secret).toMatch(/^ckn_[A-Za-z0-9_-]{43}$/);
    expect(key).toMatchObject({ name: 'Front desk POS', scope: 'read_write', lastUsedAt: null });
    expect(key.hint).toBe(secret.slice(0, 8));
    expect(key.createdBy).toBe(owner.me.name);
    const { rows } = await t.database.db.query('select * from api_keys where id = $1', [key.id]);
    expect(JSON.stringify(rows)).not.toContain(secret.slice(4));
    const listed = (await listKeys(owner)).find((one) => one.id === key.id);
    expect(listed).toEqual(key);
    expect(JSON.stringify(await listKeys(owner))).not.toContain(secret.slice(4));
  });

  it('reads the line, adds a walk-in once per request key, and moves people along it as the desk does', async () => {
    const { secret } = await makeKey(owner, 'Booking tool', 'read_write');
    const customer = await joinAsNewCustomer(t, { name: 'Online Olive', phoneNumber: '+14155550161' });
    expect((await readLine(secret)).entries.map((entry) => entry.waitId)).toContain(customer.waitId);

    const add = (key: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/line',
        headers: { ...withKey(secret), 'idempotency-key': key },
        payload: { name: 'POS Paula', serviceType: 'Massage', phoneNumber: '+14155550162' },
      });
    const first = await add('pos-1');
    const again = await add('pos-1');
    expect(first.statusCode, first.body).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json().waitId).toBe(first.json().waitId);
    const { rows } = await t.database.db.query(
      "select status from wait_entries where company_id = 'demo' and name = 'POS Paula'",
    );
    expect(rows).toEqual([{ status: 'waiting' }]);

    const called = await act(secret, customer.waitId, 'call');
    expect(called.statusCode, called.body).toBe(200);
    expect(boardEntrySchema.parse(called.json())).toMatchObject({
      waitId: customer.waitId,
      status: 'called',
    });
    // The customer's page and their texts follow, as for a call from the board.
    expect((await getWaitEntry(t.app, customer.authorization, customer.waitId)).status).toBe('called');
    await expect.poll(() => sender.sent.filter((text) => text.to === '+14155550161').length).toBe(2);
    expect((await act(secret, customer.waitId, 'start')).json().status).toBe('in_service');
    expect((await act(secret, customer.waitId, 'done')).json().status).toBe('done');
    expect(errorCode(await act(secret, customer.waitId, 'call'))).toBe('STATUS_CHANGE_NOT_ALLOWED');
    expect((await act(secret, first.json().waitId, 'no-show')).json().status).toBe('no_show');
    const other = await joinAsNewCustomer(t, { name: 'Removed Rae' });
    expect((await act(secret, other.waitId, 'remove')).json().status).toBe('cancelled');
  });

  it('lets a read key read and nothing more', async () => {
    const { secret } = await makeKey(owner, 'Spreadsheet', 'read');
    const customer = await joinAsNewCustomer(t, { name: 'Read-only Rita' });
    expect((await readLine(secret)).entries.some((entry) => entry.waitId === customer.waitId)).toBe(true);
    const call = await act(secret, customer.waitId, 'call');
    expect(call.statusCode).toBe(403);
    expect(errorCode(call)).toBe('API_KEY_READ_ONLY');
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/v1/line',
      headers: withKey(secret),
      payload: { name: 'Never Added', serviceType: 'Massage' },
    });
    expect(errorCode(add)).toBe('API_KEY_READ_ONLY');
    expect((await getWaitEntry(t.app, customer.authorization, customer.waitId)).status).toBe('waiting');
    const { rows } = await t.database.db.query("select 1 from wait_entries where name = 'Never Added'");
    expect(rows).toEqual([]);
  });

  it('refuses no key, a malformed, unknown or revoked key, and notes when a key was last used', async () => {
    const { key, secret } = await makeKey(owner, 'Old tablet', 'read');
    for (const headers of [
      {},
      { authorization: 'Bearer nonsense' },
      { authorization: `Bearer ckn_${'A'.repeat(43)}` },
      { authorization: `Bearer ${secret.slice(4)}` },
    ]) {
      const response = await t.app.inject({ url: '/api/v1/line', headers });
      expect(response.statusCode).toBe(401);
      expect(errorCode(response)).toBe('API_KEY_INVALID');
    }
    await readLine(secret);
    expect((await listKeys(owner)).find((one) => one.id === key.id)?.lastUsedAt).not.toBeNull();

    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/staff/api-keys/${key.id}`,
      headers: owner.headers,
    });
    expect(revoked.statusCode).toBe(204);
    const after = await t.app.inject({ url: '/api/v1/line', headers: withKey(secret) });
    expect(errorCode(after)).toBe('API_KEY_INVALID');
    expect((await listKeys(owner)).map((one) => one.id)).not.toContain(key.id);
  });

  it('lets only the owner make, see and revoke keys', async () => {
    const { key } = await makeKey(owner, 'Owner only', 'read');
    for (const credentials of [DEMO_FRONT_DESK, DEMO_PROVIDER]) {
      const member = await signInStaff(t.app, credentials);
      for (const request of [
        { method: 'GET' as const, url: '/api/v1/staff/api-keys' },
        {
          method: 'POST' as const,
          url: '/api/v1/staff/api-keys',
          payload: { name: 'Mine', scope: 'read_write' },
        },
        { method: 'DELETE' as const, url: `/api/v1/staff/api-keys/${key.id}` },
      ]) {
        const response = await t.app.inject({ ...request, headers: member.headers });
        expect(response.statusCode, `${credentials.email} ${request.method}`).toBe(403);
        expect(errorCode(response)).toBe('ROLE_NOT_ALLOWED');
      }
    }
    expect((await listKeys(owner)).map((one) => one.id)).toContain(key.id);
  });

  it('acts only on its own business, and another owner cannot see or revoke its keys', async () => {
    const other = await createBusiness(t.database.db);
    const otherOwner = await signInStaff(t.app, other.owner);
    const { secret: otherSecret } = await makeKey(otherOwner, 'Their POS', 'read_write');
    const { key: demoKey, secret: demoSecret } = await makeKey(owner, 'Ours', 'read_write');
    const ours = await joinAsNewCustomer(t, { name: 'Demo Dana' });

    const theirLine = await readLine(otherSecret);
    expect(theirLine.companyId).toBe(other.companyId);
    expect(theirLine.entries.map((entry) => entry.waitId)).not.toContain(ours.waitId);
    for (const action of ['call', 'start', 'no-show', 'remove']) {
      const response = await act(otherSecret, ours.waitId, action);
      expect(response.statusCode).toBe(404);
      expect(errorCode(response)).toBe('WAIT_ENTRY_NOT_FOUND');
    }
    expect((await getWaitEntry(t.app, ours.authorization, ours.waitId)).status).toBe('waiting');
    // A walk-in their key adds is theirs, whatever it names.
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/v1/line',
      headers: withKey(otherSecret),
      payload: { name: 'Their Walk-in', serviceType: 'Facials' },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect((await readLine(demoSecret)).entries.map((entry) => entry.waitId)).not.toContain(
      added.json().waitId,
    );

    expect((await listKeys(otherOwner)).map((one) => one.id)).not.toContain(demoKey.id);
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/staff/api-keys/${demoKey.id}`,
      headers: otherOwner.headers,
    });
    expect(revoke.statusCode).toBe(404);
    expect(errorCode(revoke)).toBe('API_KEY_NOT_FOUND');
    await readLine(demoSecret);
  });

  it('refuses the keys of a suspended business', async () => {
    const other = await createBusiness(t.database.db);
    const { secret } = await makeKey(await signInStaff(t.app, other.owner), 'Suspended', 'read');
    await t.database.db.query('update companies set suspended_at = now() where id = $1', [other.companyId]);
    const response = await t.app.inject({ url: '/api/v1/line', headers: withKey(secret) });
    expect(response.statusCode).toBe(403);
    expect(errorCode(response)).toBe('BUSINESS_SUSPENDED');
  });

  it(`keeps a business to ${API_KEYS_MAX} keys in use`, async () => {
    const other = await createBusiness(t.database.db);
    const theirs = await signInStaff(t.app, other.owner);
    for (let made = 0; made < API_KEYS_MAX; made += 1) await makeKey(theirs, `Key ${made}`, 'read');
    const over = await t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/api-keys',
      headers: theirs.headers,
      payload: { name: 'One too many', scope: 'read' },
    });
    expect(over.statusCode).toBe(409);
    expect(errorCode(over)).toBe('API_KEYS_LIMITED');
    expect(await listKeys(theirs)).toHaveLength(API_KEYS_MAX);
  });
});

describe('the public API’s limit, per key', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { RATE_LIMIT_API_REQUESTS_PER_MINUTE: '3' } });
  });
  afterAll(async () => t?.close());

  it('counts each key apart, whatever address it calls from', async () => {
    const owner = await signInStaff(t.app);
    const make = async (name: string) =>
      createdApiKeySchema.parse(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/v1/staff/api-keys',
            headers: owner.headers,
            payload: { name, scope: 'read' },
          })
        ).json(),
      ).secret;
    const busy = await make('Busy');
    const quiet = await make('Quiet');
    const read = (secret: string, address: string) =>
      t.app.inject({
        url: '/api/v1/line',
        headers: { authorization: `Bearer ${secret}` },
        remoteAddress: address,
      });
    for (const address of ['10.9.0.1', '10.9.0.2', '10.9.0.3'])
      expect((await read(busy, address)).statusCode).toBe(200);
    const over = await read(busy, '10.9.0.4');
    expect(over.statusCode).toBe(429);
    expect((await read(quiet, '10.9.0.1')).statusCode).toBe(200);
  });
});
