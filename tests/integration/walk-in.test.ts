import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompanyRepository } from '../../src/server/features/company/company.repository.ts';
import { createWaitListRepository } from '../../src/server/features/wait-list/wait-list.repository.ts';
import { DEFAULT_SERVICES } from '../../src/shared/constants.ts';
import {
  apiErrorSchema,
  companyLocationsResponseSchema,
  customerSessionSchema,
  joinWaitListResponseSchema,
  waitEntryResponseSchema,
  walkInLandingSchema,
} from '../../src/shared/schemas.ts';
import { buildJoinRequest, idempotencyKey } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { databaseKinds } from '../support/test-database.ts';

describe.each(databaseKinds)('walk-in API on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
    // A second business with no services, no logo and a dash in its id.
    await createCompanyRepository(t.database.db).insertCompany({
      id: 'plain-salon',
      accountId: '0a8e4a59-3b7e-4a8b-9a55-3f4c0f0e2b11',
      name: 'Plain Salon',
      location: '',
    });
  });
  afterAll(async () => t?.close());

  async function join(authorization: string, body: unknown, key = idempotencyKey(), companyId = 'demo') {
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/companies/${companyId}/wait-list`,
      headers: { authorization, 'idempotency-key': key },
      payload: body as object,
    });
  }

  async function countEntries(where = 'true', params: unknown[] = []): Promise<number> {
    const { rows } = await t.database.db.query<{ n: number }>(
      `select count(*)::int as n from wait_entries where ${where}`,
      params,
    );
    return rows[0]!.n;
  }

  describe('landing data', () => {
    it('returns the business, its raw location and its services in order in one response', async () => {
      const response = await t.app.inject({ url: '/api/v1/companies/demo/walk-in' });
      expect(response.statusCode).toBe(200);
      const landing = walkInLandingSchema.parse(response.json());
      expect(landing).toEqual({
        companyId: 'demo',
        accountId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: 'Bella Demo Salon',
        location: '1200 MAIN STREET|springfield|il|62701',
        services: [
          "Women's Haircut/Style",
          "Men's Haircut/Style",
          'Facials',
          'Massage',
          'Mani/Pedi',
          'Waxing',
        ],
        // The demo business asks no questions of its own (docs/join-fields.md).
        joinFields: [],
        // One person per join: the form does not ask how many (docs/party-size.md).
        largestParty: 1,
        // The demo business sets no hours: a new user can try it at any hour.
        walkInsStopped: null,
      });
    });

    it('falls back to the ten default services when a business has none', async () => {
      const response = await t.app.inject({ url: '/api/v1/companies/plain-salon/services' });
      expect(response.json()).toEqual([...DEFAULT_SERVICES]);
      expect(DEFAULT_SERVICES).toHaveLength(10);
    });

    it('finds a business by its code typed in another case, and answers with its own id', async () => {
      for (const code of ['DEMO', 'Demo', 'PLAIN-Salon']) {
        const response = await t.app.inject({ url: `/api/v1/companies/${code}/walk-in` });
        expect(response.statusCode, code).toBe(200);
        expect(walkInLandingSchema.parse(response.json()).companyId).toBe(code.toLowerCase());
      }
      // Two ids that differ only in case: a third spelling names neither, each exact one itself.
      const companies = createCompanyRepository(t.database.db);
      for (const id of ['Twin', 'twin'])
        await companies.insertCompany({
          id,
          accountId: crypto.randomUUID(),
          name: `Salon ${id}`,
          location: '',
        });
      expect((await t.app.inject({ url: '/api/v1/companies/TWIN/walk-in' })).statusCode).toBe(404);
      expect((await t.app.inject({ url: '/api/v1/companies/Twin/walk-in' })).json().name).toBe('Salon Twin');
    });

    it.each(['nope', 'bad%20id', 'a.b', '-x', '%27%3B--'])(
      'answers 404 with a message for unknown business %s',
      async (id) => {
        for (const url of [
          `/api/v1/companies/${id}/walk-in`,
          `/api/v1/companies/${id}/services`,
          `/api/v1/getCompanyLocations/${id}`,
          `/api/v1/getUserIdByCompanyId/${id}`,
        ]) {
          const response = await t.app.inject({ url });
          expect(response.statusCode, url).toBe(404);
          const body = apiErrorSchema.parse(response.json());
          expect(body.error.message).toBe('We could not find that business. Check the link or code.');
        }
      },
    );
  });

  describe('spec endpoints', () => {
    it('getCompanyLocations returns a list whose first Name is the pipe string', async () => {
      const response = await t.app.inject({ url: '/api/v1/getCompanyLocations/demo' });
      expect(companyLocationsResponseSchema.parse(response.json())).toEqual([
        { Name: '1200 MAIN STREET|springfield|il|62701' },
      ]);
    });

    it('getUserIdByCompanyId returns a "prefix-id" string whose id is the business account', async () => {
      const response = await t.app.inject({ url: '/api/v1/getUserIdByCompanyId/plain-salon' });
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.json()).toBe('company-0a8e4a59-3b7e-4a8b-9a55-3f4c0f0e2b11');
    });
  });

  describe('logo', () => {
    it('serves the stored logo as a cacheable JPEG with validators', async () => {
      const first = await t.app.inject({ url: '/logo/demo.jpg' });
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toBe('image/jpeg');
      expect(first.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
      expect(first.headers['cache-control']).toContain('max-age');
      expect(first.headers['last-modified']).toBeTruthy();
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^".+"$/);

      const again = await t.app.inject({ url: '/logo/demo.jpg', headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload).toHaveLength(0);
    });

    it('serves the default logo for a business without one, and 404 for an unknown business', async () => {
      const demo = await t.app.inject({ url: '/logo/demo.jpg' });
      const plain = await t.app.inject({ url: '/logo/plain-salon.jpg' });
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-type']).toBe('image/jpeg');
      expect(plain.headers.etag).not.toBe(demo.headers.etag);
      expect((await t.app.inject({ url: '/logo/nope.jpg' })).statusCode).toBe(404);
      expect((await t.app.inject({ url: '/logo/demo.png' })).statusCode).toBe(404);
    });
  });

  describe('anonymous identity', () => {
    it('issues a customer id and token, and keeps only a hash of the token', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/v1/customers/anonymous' });
      expect(response.statusCode).toBe(201);
      const session = customerSessionSchema.parse(response.json());
      const { rows } = await t.database.db.query<{ token_hash: string }>(
        'select token_hash from customers where id = $1',
        [session.customerId],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]!.token_hash).not.toContain(session.token);
      expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);

      const me = await t.app.inject({
        url: '/api/v1/customers/me',
        headers: { authorization: `Bearer ${session.token}` },
      });
      expect(me.json()).toEqual({ customerId: session.customerId });
    });

    it.each(['', 'Bearer ', 'Bearer nope', `Bearer ${'a'.repeat(43)}`, 'Basic abc'])(
      'refuses the token header %j with 401',
      async (authorization) => {
        const response = await t.app.inject({ url: '/api/v1/customers/me', headers: { authorization } });
        expect(response.statusCode).toBe(401);
        expect(apiErrorSchema.parse(response.json()).error.code).toBe('UNAUTHENTICATED');
      },
    );
  });

  describe('join', () => {
    it('creates a wait entry with every spec field and returns its key', async () => {
      const { customerId, authorization } = await t.signIn();
      const response = await join(
        authorization,
        buildJoinRequest({ serviceType: "Women's Haircut/Style", name: '  Ann Lee ', fcmToken: 'push-1' }),
      );
      expect(response.statusCode).toBe(201);
      const { waitId } = joinWaitListResponseSchema.parse(response.json());
      const { rows } = await t.database.db.query(
        `select company_id, customer_id, service_type, name, phone_number, allow_sms, fcm_token, status,
                date is not null as has_date
           from wait_entries where id = $1`,
        [waitId],
      );
      expect(rows).toEqual([
        {
          company_id: 'demo',
          customer_id: customerId,
          service_type: "Women's Haircut/Style",
          name: 'Ann Lee',
          phone_number: '+14155550123',
          allow_sms: true,
          fcm_token: 'push-1',
          status: 'waiting',
          has_date: true,
        },
      ]);
    });

    it('publishes the new entry on the board topic exactly as the board lists it, and the line change', async () => {
      const { authorization } = await t.signIn();
      const { waitId } = (await join(authorization, buildJoinRequest({ name: 'Event Check' }))).json();
      // Events are numbered just after the join commits.
      const readEvents = async () =>
        (
          await t.database.db.query<{ topic: string; type: string; data: unknown }>(
            `select topic, type, data from realtime_events
              where (topic = 'board:demo' and data->>'waitId' = $1) or topic = 'line:demo' order by created_at desc, seq desc`,
            [waitId],
          )
        ).rows;
      await expect
        .poll(async () => (await readEvents()).some((row) => row.topic === 'board:demo'))
        .toBe(true);
      const rows = await readEvents();
      const boardEvent = rows.find((row) => row.topic === 'board:demo');
      expect(boardEvent?.type).toBe('entry.upserted');
      const { rows: listed } = await t.database.db.query<{ id: string }>(
        'select id from wait_entries where id = $1',
        [waitId],
      );
      expect(listed).toHaveLength(1);
      const board = await createWaitListRepository(t.database.db).findBoardEntry(waitId, 'demo');
      expect(boardEvent?.data).toEqual(board);
      expect(rows.some((row) => row.topic === 'line:demo' && row.type === 'line.changed')).toBe(true);
    });

    it('creates one entry for a retried request or a double tap with the same idempotency key', async () => {
      const { customerId, authorization } = await t.signIn();
      const key = idempotencyKey();
      const body = buildJoinRequest();
      // Several at once: on PostgreSQL they run in parallel connections and race on the key.
      const together = await Promise.all(Array.from({ length: 6 }, () => join(authorization, body, key)));
      const retry = await join(authorization, body, key);
      const ids = [...together, retry].map((r) => (r.json() as { waitId: string }).waitId);
      expect(new Set(ids).size).toBe(1);
      expect(together.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
      expect(retry.statusCode).toBe(200);
      expect(await countEntries('customer_id = $1', [customerId])).toBe(1);
    });

    it('writes joins that arrive together each once, with its board event and text, one after another in line', async () => {
      const customers = await Promise.all(Array.from({ length: 12 }, () => t.signIn()));
      // Sent in one tick: they share statements (db/group-commit.ts).
      const responses = await Promise.all(
        customers.map((customer, index) =>
          join(customer.authorization, buildJoinRequest({ name: `Together ${index}` })),
        ),
      );
      expect(responses.map((response) => response.statusCode)).toEqual(customers.map(() => 201));
      const waitIds = responses.map((response) => joinWaitListResponseSchema.parse(response.json()).waitId);
      const { rows } = await t.database.db.query<{
        id: string;
        name: string;
        customer_id: string;
        texts: number;
      }>(
        `select w.id, w.name, w.customer_id,
                (select count(*)::int from sms_messages s where s.wait_id = w.id and s.kind = 'join') as texts
           from wait_entries w where w.id = any($1::uuid[])`,
        [waitIds],
      );
      // Each answer names its own customer's entry, and each entry has one text.
      const byId = new Map(rows.map((row) => [row.id, row]));
      expect(waitIds.map((waitId) => byId.get(waitId)?.name)).toEqual(
        customers.map((_, index) => `Together ${index}`),
      );
      expect(waitIds.map((waitId) => byId.get(waitId)?.customer_id)).toEqual(
        customers.map((customer) => customer.customerId),
      );
      expect(rows.every((row) => row.texts === 1)).toBe(true);
      // No two share a place in line.
      const places = await Promise.all(
        customers.map(async (customer, index) => {
          const response = await t.app.inject({
            url: `/api/v1/companies/demo/wait-list/${waitIds[index]}`,
            headers: { authorization: customer.authorization },
          });
          return waitEntryResponseSchema.parse(response.json()).position;
        }),
      );
      expect(new Set(places).size).toBe(12);
      await expect
        .poll(async () => {
          const events = await t.database.db.query<{ n: number }>(
            `select count(distinct data->>'waitId')::int as n from realtime_events
              where topic = 'board:demo' and data->>'waitId' = any($1::text[])`,
            [waitIds],
          );
          return events.rows[0]!.n;
        })
        .toBe(12);
    });

    it('requires an idempotency key', async () => {
      const { authorization } = await t.signIn();
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/companies/demo/wait-list',
        headers: { authorization },
        payload: buildJoinRequest(),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toMatch(/Idempotency-Key/);
    });

    it.each([
      [{ name: '' }, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(61) }, 'name'],
      [{ phoneNumber: '4155550123' }, 'phoneNumber'],
      [{ phoneNumber: '+1415555012' }, 'phoneNumber'],
      [{ phoneNumber: '+1 (415) 555-0123' }, 'phoneNumber'],
      [{ phoneNumber: 12 }, 'phoneNumber'],
      [{ serviceType: '' }, 'serviceType'],
      [{ serviceType: 'Tattoo' }, 'serviceType'],
      [{ serviceType: 'Med Spa' }, 'serviceType'],
      [{ allowSms: 'yes' }, 'allowSms'],
    ])('answers 400 naming the field for %j', async (override, field) => {
      const { authorization } = await t.signIn();
      const before = await countEntries();
      const response = await join(authorization, { ...buildJoinRequest(), ...override });
      expect(response.statusCode).toBe(400);
      const body = apiErrorSchema.parse(response.json());
      expect(body.error.field).toBe(field);
      expect(body.error.message.length).toBeGreaterThan(5);
      expect(await countEntries()).toBe(before);
    });

    it('accepts any of the ten defaults at a business without its own services', async () => {
      const { authorization } = await t.signIn();
      const response = await join(
        authorization,
        buildJoinRequest({ serviceType: 'Med Spa' }),
        undefined,
        'plain-salon',
      );
      expect(response.statusCode).toBe(201);
    });

    it('answers 404 for an unknown business and 401 without a customer token', async () => {
      const { authorization } = await t.signIn();
      expect((await join(authorization, buildJoinRequest(), undefined, 'nope')).statusCode).toBe(404);
      expect((await join('Bearer nope', buildJoinRequest())).statusCode).toBe(401);
    });

    it('never answers 500 to malformed input', async () => {
      const { authorization } = await t.signIn();
      const payloads: [string, string][] = [
        ['application/json', '{'],
        ['application/json', 'null'],
        ['application/json', '[]'],
        ['application/json', '"text"'],
        ['application/json', '{"name":{"$gt":""}}'],
        ['text/plain', 'name=Ann'],
        ['application/x-www-form-urlencoded', 'name=Ann'],
        ['application/json', JSON.stringify({ ...buildJoinRequest(), name: 'x'.repeat(20_000) })],
      ];
      for (const [contentType, payload] of payloads) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/v1/companies/demo/wait-list',
          headers: { authorization, 'idempotency-key': idempotencyKey(), 'content-type': contentType },
          payload,
        });
        expect(response.statusCode, `${contentType} ${payload.slice(0, 40)}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, `${contentType} ${payload.slice(0, 40)}`).toBeLessThan(500);
        apiErrorSchema.parse(response.json());
      }
    });
  });

  it.each([
    '/api/v1/companies/%E0%A4%A/walk-in',
    `/api/v1/companies/${'a'.repeat(5000)}/walk-in`,
    '/logo/%ZZ.jpg',
    '/api/v1/companies/demo/wait-list/%00',
  ])('answers a malformed address %s with our error shape, not a 500', async (url) => {
    const response = await t.app.inject({ url: url.slice(0, 6000) });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    apiErrorSchema.parse(response.json());
  });

  describe('reading a wait entry', () => {
    it('lets the customer read their own entry with its history record', async () => {
      const { customerId, authorization } = await t.signIn();
      const { waitId } = (
        await join(authorization, buildJoinRequest({ name: 'Bo', serviceType: 'Massage' }))
      ).json();
      const response = await t.app.inject({
        url: `/api/v1/companies/demo/wait-list/${waitId}`,
        headers: { authorization },
      });
      expect(response.statusCode).toBe(200);
      const entry = waitEntryResponseSchema.parse(response.json());
      expect(entry).toMatchObject({
        waitId,
        companyId: 'demo',
        companyName: 'Bella Demo Salon',
        id: customerId,
        name: 'Bo',
        serviceType: 'Massage',
        status: 'waiting',
        allowSms: true,
        history: { id: waitId, name: 'Bo', providerId: null, providerName: null, providerStation: null },
      });
    });

    it("hides another customer's entry and entries of another business", async () => {
      const owner = await t.signIn();
      const stranger = await t.signIn();
      const { waitId } = (await join(owner.authorization, buildJoinRequest())).json();
      const asStranger = await t.app.inject({
        url: `/api/v1/companies/demo/wait-list/${waitId}`,
        headers: { authorization: stranger.authorization },
      });
      expect(asStranger.statusCode).toBe(404);
      expect(JSON.stringify(asStranger.json())).not.toContain('+1415');
      const otherBusiness = await t.app.inject({
        url: `/api/v1/companies/plain-salon/wait-list/${waitId}`,
        headers: { authorization: owner.authorization },
      });
      expect(otherBusiness.statusCode).toBe(404);
      const malformed = await t.app.inject({
        url: '/api/v1/companies/demo/wait-list/not-a-uuid',
        headers: { authorization: owner.authorization },
      });
      expect(malformed.statusCode).toBe(400);
    });
  });
});
