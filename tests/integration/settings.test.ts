import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompanyRepository } from '../../src/server/features/company/company.repository.ts';
import { createStaffRepository } from '../../src/server/features/staff/staff.repository.ts';
import { createStaffService } from '../../src/server/features/staff/staff.service.ts';
import { apiErrorSchema } from '../../src/shared/schemas.ts';
import { businessSettingsSchema, insightsSchema } from '../../src/shared/staff-schemas.ts';
import { expectApiError } from '../support/api-error.ts';
import {
  createBusiness,
  type StaffSession,
  signInStaff,
  staffAction,
  type TestBusiness,
} from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { databaseKinds } from '../support/test-database.ts';

describe.each(databaseKinds)('business settings on %s', (kind) => {
  let t: TestApp;
  let business: TestBusiness;
  let owner: StaffSession;
  let provider: StaffSession;

  beforeAll(async () => {
    t = await createTestApp(kind);
    business = await createBusiness(t.database.db, { services: ['Cut'] });
    owner = await signInStaff(t.app, business.owner);
    const password = `pw-${randomUUID()}`;
    await createStaffService(createStaffRepository(t.database.db)).createStaffUser({
      companyId: business.companyId,
      email: `provider@${business.companyId}.test`,
      name: 'Pat Provider',
      password,
      role: 'provider',
    });
    provider = await signInStaff(t.app, { email: `provider@${business.companyId}.test`, password });
  });
  afterAll(async () => t?.close());

  const put = (session: StaffSession, url: string, payload: unknown) =>
    t.app.inject({ method: 'PUT', url, headers: session.headers, payload: payload as object });

  it("lets the owner read the settings, and no one else (they are the owner's: docs/people.md)", async () => {
    const refused = await t.app.inject({ url: '/api/v1/staff/settings', headers: provider.headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('ROLE_NOT_ALLOWED');
    const response = await t.app.inject({ url: '/api/v1/staff/settings', headers: owner.headers });
    expect(response.statusCode).toBe(200);
    const settings = businessSettingsSchema.parse(response.json());
    expect(settings).toMatchObject({
      companyId: business.companyId,
      city: 'Springfield',
      state: 'IL',
      hasCustomLogo: false,
    });
    expect(settings.services).toEqual([{ name: 'Cut', durationMinutes: 30 }]);
  });

  it('lets the owner change the business, and the landing page shows it at once', async () => {
    const response = await put(owner, '/api/v1/staff/settings/company', {
      name: 'Renamed Salon',
      street: '9 oak ave',
      city: 'peoria',
      state: 'il',
      zip: '61602',
    });
    expect(response.statusCode).toBe(200);
    const landing = (await t.app.inject({ url: `/api/v1/companies/${business.companyId}/walk-in` })).json();
    expect(landing).toMatchObject({ name: 'Renamed Salon', location: '9 oak ave|peoria|IL|61602' });
  });

  it('refuses a "|" in the address or city in words: it would shift city, state and ZIP in the stored location', async () => {
    const address = { name: 'Renamed Salon', street: '9 oak ave', city: 'peoria', state: 'il', zip: '61602' };
    await put(owner, '/api/v1/staff/settings/company', address);
    for (const [field, value, message] of [
      ['street', '12 Main St | Suite 4', 'The address cannot contain the | character'],
      ['city', 'Peoria|Heights', 'The city cannot contain the | character'],
      ['state', '|', 'Use the two-letter state code'],
    ] as const) {
      const refused = await put(owner, '/api/v1/staff/settings/company', { ...address, [field]: value });
      expect(expectApiError(refused, 400, 'VALIDATION_FAILED')).toMatchObject({ field, message });
    }
    const landing = (await t.app.inject({ url: `/api/v1/companies/${business.companyId}/walk-in` })).json();
    expect(landing.location).toBe('9 oak ave|peoria|IL|61602');
  });

  it("lets the owner set the business's time zone; Insights then count its day in that zone", async () => {
    const address = { name: 'Renamed Salon', street: '9 oak ave', city: 'peoria', state: 'il', zip: '61602' };
    const dateIn = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
    const before = businessSettingsSchema.parse(
      (await t.app.inject({ url: '/api/v1/staff/settings', headers: owner.headers })).json(),
    ).timeZone;
    // UTC+14 or UTC-12, whichever is on another date than the business is now: 26 hours apart,
    // one of them always is, so the Insights check below tells the two zones apart at any hour.
    const zone = dateIn('Pacific/Kiritimati') !== dateIn(before) ? 'Pacific/Kiritimati' : 'Etc/GMT+12';

    const saved = await put(owner, '/api/v1/staff/settings/company', { ...address, timeZone: zone });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ timeZone: zone });
    // Left out, the zone stays as it is.
    expect((await put(owner, '/api/v1/staff/settings/company', address)).json()).toMatchObject({
      timeZone: zone,
    });
    const unknown = await put(owner, '/api/v1/staff/settings/company', {
      ...address,
      timeZone: 'Mars/Olympus',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      error: { field: 'timeZone', message: 'Choose a time zone from the list' },
    });

    const insights = await t.app.inject({ url: '/api/v1/staff/insights', headers: owner.headers });
    expect(insights.statusCode).toBe(200);
    expect(insightsSchema.parse(insights.json()).days.at(-1)!.day).toBe(dateIn(zone));
  });

  it("lets the owner set the business's language, one CheckN speaks (docs/languages.md)", async () => {
    const address = { name: 'Renamed Salon', street: '9 oak ave', city: 'peoria', state: 'il', zip: '61602' };
    const read = async () =>
      businessSettingsSchema.parse(
        (await t.app.inject({ url: '/api/v1/staff/settings', headers: owner.headers })).json(),
      ).language;
    expect(await read()).toBe('en');
    expect(
      (await put(owner, '/api/v1/staff/settings/company', { ...address, language: 'vi' })).statusCode,
    ).toBe(200);
    expect(await read()).toBe('vi');
    // Left out, it stays.
    await put(owner, '/api/v1/staff/settings/company', address);
    expect(await read()).toBe('vi');
    for (const language of ['fr', 'zh-Hant', 'ES', '']) {
      const refused = await put(owner, '/api/v1/staff/settings/company', { ...address, language });
      expect(expectApiError(refused, 400, 'VALIDATION_FAILED')).toMatchObject({ field: 'language' });
    }
    expect(await read()).toBe('vi');
    await put(owner, '/api/v1/staff/settings/company', { ...address, language: 'en' });
  });

  it('stores a time zone by its canonical name, never an alias the database reads otherwise', async () => {
    const address = { name: 'Renamed Salon', street: '9 oak ave', city: 'peoria', state: 'il', zip: '61602' };
    const saveZone = async (timeZone: string) =>
      (await put(owner, '/api/v1/staff/settings/company', { ...address, timeZone })).json().timeZone;
    expect(await saveZone('america/chicago')).toBe('America/Chicago');
    // A retired alias PostgreSQL rejects: stored as the zone it stands for.
    expect(await saveZone('US/Pacific-New')).toBe('America/Los_Angeles');
    // India to Intl, Israel to PostgreSQL: never stored as the short code.
    expect(await saveZone('IST')).toMatch(/^Asia\//);
    const insights = await t.app.inject({ url: '/api/v1/staff/insights', headers: owner.headers });
    expect(insights.statusCode).toBe(200);

    const companies = createCompanyRepository(t.database.db);
    expect(await companies.databaseKnowsTimeZone('America/Chicago')).toBe(true);
    expect(await companies.databaseKnowsTimeZone('US/Pacific-New')).toBe(false);
  });

  /** Saves the business (renamed) with this text wording. */
  const saveWording = (wording: { smsJoinText: string; smsCalledText: string }) =>
    put(owner, '/api/v1/staff/settings/company', {
      name: 'Renamed Salon',
      street: '9 oak ave',
      city: 'peoria',
      state: 'il',
      zip: '61602',
      ...wording,
    });
  /** A walk-in joins for a Cut. */
  const joinAs = async (name: string, phoneNumber: string): Promise<{ waitId: string }> => {
    const { authorization } = await t.signIn();
    const join = await t.app.inject({
      method: 'POST',
      url: `/api/v1/companies/${business.companyId}/wait-list`,
      headers: { authorization, 'idempotency-key': randomUUID() },
      payload: { serviceType: 'Cut', name, phoneNumber },
    });
    expect(join.statusCode).toBe(201);
    return join.json();
  };

  it("uses the business's own wording for texts, and the default when it is emptied", async () => {
    const saved = await saveWording({
      smsJoinText: 'Hi {name}! {business} has you down for {service}.',
      smsCalledText: '',
    });
    expect(saved.json()).toMatchObject({
      smsJoinText: 'Hi {name}! {business} has you down for {service}.',
      smsCalledText: '',
    });
    await joinAs('Gus', '+14155550188');
    const { rows } = await t.database.db.query<{ body: string }>(
      "select body from sms_messages where phone_number = '+14155550188' and kind = 'join'",
    );
    expect(rows).toEqual([{ body: 'Hi Gus! Renamed Salon has you down for Cut.' }]);
  });

  it("fills {business}, {service} and {name} in the business's own call wording", async () => {
    const saved = await saveWording({
      smsJoinText: '',
      smsCalledText: '{name}, {business} is ready for your {service}. See you, {name}!',
    });
    expect(saved.statusCode).toBe(200);
    const { waitId } = await joinAs('Ida', '+14155550177');
    const call = await staffAction(t.app, owner, waitId, 'call');
    expect(call.statusCode).toBe(200);
    const { rows } = await t.database.db.query<{ body: string; event_key: string }>(
      "select body, event_key from sms_messages where phone_number = '+14155550177' and kind = 'called'",
    );
    expect(rows).toEqual([
      {
        body: 'Ida, Renamed Salon is ready for your Cut. See you, Ida!',
        event_key: `called:${waitId}:${call.json().calledAt}`,
      },
    ]);
  });

  it('lets the owner set services with durations, in order, and joins follow them', async () => {
    const response = await put(owner, '/api/v1/staff/settings/services', {
      services: [
        { name: 'Beard Trim', durationMinutes: 15 },
        { name: "Kids' Cut/Style", durationMinutes: 20 },
      ],
    });
    expect(response.statusCode).toBe(200);
    const services = (await t.app.inject({ url: `/api/v1/companies/${business.companyId}/services` })).json();
    expect(services).toEqual(['Beard Trim', "Kids' Cut/Style"]);
  });

  it.each([
    [{ services: [{ name: 'A', durationMinutes: 2 }] }, 'services.0.durationMinutes'],
    [{ services: [{ name: '', durationMinutes: 30 }] }, 'services.0.name'],
    [
      {
        services: [
          { name: 'A', durationMinutes: 30 },
          { name: 'a', durationMinutes: 30 },
        ],
      },
      // The second of the two, which the form marks.
      'services.1.name',
    ],
  ])('refuses bad services %j naming the field', async (payload, field) => {
    const response = await put(owner, '/api/v1/staff/settings/services', payload);
    expect(response.statusCode).toBe(400);
    expect(apiErrorSchema.parse(response.json()).error.field).toBe(field);
  });

  it('lets the owner add, rename and remove providers; the board offers only active ones', async () => {
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/settings/providers',
      headers: owner.headers,
      payload: { name: 'New Person', speciality: 'Color', station: 'Chair 9' },
    });
    expect(added.statusCode).toBe(201);
    const newcomer = businessSettingsSchema
      .parse(added.json())
      .providers.find((p) => p.name === 'New Person')!;
    expect(newcomer.station).toBe('Chair 9');

    const renamed = await put(owner, `/api/v1/staff/settings/providers/${newcomer.id}`, {
      name: 'Renamed Person',
      speciality: 'Color',
      station: 'Chair 3',
    });
    expect(businessSettingsSchema.parse(renamed.json()).providers.map((p) => p.name)).toContain(
      'Renamed Person',
    );

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/staff/settings/providers/${newcomer.id}`,
      headers: owner.headers,
    });
    expect(businessSettingsSchema.parse(removed.json()).providers.map((p) => p.id)).not.toContain(
      newcomer.id,
    );
    const board = (await t.app.inject({ url: '/api/v1/staff/board', headers: owner.headers })).json();
    expect(board.providers.map((p: { id: string }) => p.id)).not.toContain(newcomer.id);
  });

  it('stores a JPEG logo served at /logo/{companyId}.jpg, and refuses anything else', async () => {
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/staff/settings/logo',
      headers: { ...owner.headers, 'content-type': 'image/jpeg' },
      payload: jpeg,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().hasCustomLogo).toBe(true);
    const logo = await t.app.inject({ url: `/logo/${business.companyId}.jpg` });
    expect(await sharp(logo.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 8, height: 8 });

    const png = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/staff/settings/logo',
      headers: { ...owner.headers, 'content-type': 'image/jpeg' },
      payload: Buffer.from([0x89, 0x50, 0x4e, 0x47]),
    });
    expect(png.statusCode).toBe(400);
    expect(png.json().error.field).toBe('logo');
  });

  it('refuses every change from a provider with 403 and changes nothing', async () => {
    const before = (await t.app.inject({ url: '/api/v1/staff/settings', headers: owner.headers })).json();
    const attempts = [
      put(provider, '/api/v1/staff/settings/company', {
        name: 'Hijacked',
        street: '',
        city: '',
        state: '',
        zip: '',
      }),
      put(provider, '/api/v1/staff/settings/services', { services: [] }),
      t.app.inject({
        method: 'POST',
        url: '/api/v1/staff/settings/providers',
        headers: provider.headers,
        payload: { name: 'X', speciality: '', station: '' },
      }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('ROLE_NOT_ALLOWED');
    }
    const after = (await t.app.inject({ url: '/api/v1/staff/settings', headers: owner.headers })).json();
    expect(after).toEqual(before);
  });

  it("keeps each owner to their own business: the demo owner's settings are the demo's", async () => {
    const demoOwner = await signInStaff(t.app);
    const settings = (
      await t.app.inject({ url: '/api/v1/staff/settings', headers: demoOwner.headers })
    ).json();
    expect(settings.companyId).toBe('demo');
    await put(demoOwner, '/api/v1/staff/settings/company', {
      name: 'Demo Changed',
      street: '',
      city: '',
      state: '',
      zip: '',
    });
    const mine = (await t.app.inject({ url: `/api/v1/companies/${business.companyId}/walk-in` })).json();
    expect(mine.name).toBe('Renamed Salon');
  });

  it("moves a removed provider's waiting and called customers where the owner says, live on the board", async () => {
    const add = (name: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/staff/settings/providers',
        headers: owner.headers,
        payload: { name, speciality: 'All', station: 'Chair' },
      });
    const idOf = async (name: string) =>
      businessSettingsSchema
        .parse((await t.app.inject({ url: '/api/v1/staff/settings', headers: owner.headers })).json())
        .providers.find((p) => p.name === name)!.id;
    await add('Leaving Lou');
    await add('Staying Sue');
    const [lou, sue] = [await idOf('Leaving Lou'), await idOf('Staying Sue')];
    const entries: Record<string, string> = {};
    for (const status of ['waiting', 'called', 'in_service'] as const) {
      const { customerId } = await t.signIn();
      const id = randomUUID();
      await t.database.db.query(
        `insert into wait_entries (id, company_id, customer_id, idempotency_key, service_type, name, phone_number,
                                   provider_id, status, chat_thread_key)
         values ($1::uuid, $2, $3, $1::text, 'Cut', $4, '+14155550123', $5, $6, $1::text)`,
        [id, business.companyId, customerId, `With Lou ${status}`, lou, status],
      );
      entries[status] = id;
    }
    const providerOf = async (waitId: string) =>
      (await t.database.db.query('select provider_id from wait_entries where id = $1', [waitId])).rows[0]!
        .provider_id;
    const remove = (query: string) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/v1/staff/settings/providers/${lou}${query}`,
        headers: owner.headers,
      });

    // Nowhere they may go: another business's provider, or Lou himself.
    const other = await createBusiness(t.database.db);
    for (const query of [`?moveTo=${other.providers[0]!.id}`, `?moveTo=${lou}`]) {
      const refused = await remove(query);
      expect(refused.statusCode).toBe(400);
      expect(apiErrorSchema.parse(refused.json()).error).toMatchObject({
        code: 'PROVIDER_NOT_FOUND',
        field: 'moveTo',
      });
      expect(await providerOf(entries.waiting!)).toBe(lou);
    }

    expect((await remove(`?moveTo=${sue}`)).statusCode).toBe(200);
    expect(await providerOf(entries.waiting!)).toBe(sue);
    expect(await providerOf(entries.called!)).toBe(sue);
    // Someone in the chair stays with who is serving them.
    expect(await providerOf(entries.in_service!)).toBe(lou);
    const board = (await t.app.inject({ url: '/api/v1/staff/board', headers: owner.headers })).json();
    expect(board.entries.find((e: { waitId: string }) => e.waitId === entries.waiting)).toMatchObject({
      providerId: sue,
      providerName: 'Staying Sue',
    });
    const { rows } = await t.database.db.query<{ n: number }>(
      "select count(*)::int as n from realtime_pending where data->>'waitId' = any($1) union all select count(*)::int from realtime_events where data->>'waitId' = any($1)",
      [[entries.waiting, entries.called]],
    );
    expect(rows.reduce((sum, row) => sum + row.n, 0)).toBe(2);

    // Without a choice, they go to anyone.
    await add('Also Leaving');
    const also = await idOf('Also Leaving');
    await t.database.db.query('update wait_entries set provider_id = $1 where id = $2', [
      also,
      entries.waiting,
    ]);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/v1/staff/settings/providers/${also}`,
          headers: owner.headers,
        })
      ).statusCode,
    ).toBe(200);
    expect(await providerOf(entries.waiting!)).toBeNull();
  });
});
