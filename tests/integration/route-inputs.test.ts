import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type JoinedCustomer, joinAsNewCustomer } from '../support/customer.ts';
import { type Route, registeredRoutes } from '../support/routes.ts';
import { listProviders, type StaffSession, signInStaff } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { databaseKinds } from '../support/test-database.ts';

/**
 * Every route the app registers, fed any input: path parameters, query, the headers that carry
 * identity (Authorization, the staff cookie and CSRF token, Idempotency-Key) and bodies from
 * almost right to nonsense (wrong types, huge, NUL, lone surrogates, odd unicode, nested junk).
 * Nothing may answer 5xx, and a refused request (4xx) may change no row. Routes come from the app
 * itself, so a new one is fuzzed without anyone adding it here; the ones below get inputs close
 * enough to valid to reach their services.
 */

/** Runs per route and database: enough to reach every branch of a route's checks a few times. */
const RUNS_PER_ROUTE = 30;

// Texts: the shapes that broke servers before.
const SPECIAL_TEXTS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  '\ufeff',
  '\u202e',
  '\uffff',
  '👩‍👩‍👧‍👦',
  '𝕳𝖊𝖑𝖑𝖔',
  'ǅ',
  'İ',
  '\r\n',
  '%00',
  '%',
  '../..',
  '__proto__',
  'constructor',
  '0000-00-00T00:00:00Z',
  '0000-01-01T00:00:00.000Z',
  '9999-12-31T23:59:59.999Z',
  '1e400',
  'NaN',
  '-0',
  'null',
  '{}',
  "'; drop table companies; --",
  'x'.repeat(70_000),
];
const text = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(...SPECIAL_TEXTS),
);

const junk: fc.Arbitrary<unknown> = fc.oneof(
  { depthSize: 'small' },
  text,
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -0, 2 ** 31, 2 ** 63, -(2 ** 63), Number.MAX_SAFE_INTEGER + 2, 1e308),
  fc.boolean(),
  fc.constant(null),
  fc.array(text, { maxLength: 3 }),
  fc.dictionary(text, text, { maxKeys: 3 }),
  fc.jsonValue({ maxDepth: 4 }),
);

/**
 * A field that is mostly valid, sometimes a near miss (too long, wrong format), sometimes
 * anything, sometimes left out.
 */
function field(valid: unknown, ...nearMisses: unknown[]): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 12, arbitrary: fc.constant(valid) },
    { weight: nearMisses.length > 0 ? 2 : 0, arbitrary: fc.constantFrom(valid, ...nearMisses) },
    { weight: 1, arbitrary: junk },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

/** A header that is mostly right: a good value, otherwise any text, or left out. */
function header(good: fc.Arbitrary<string>): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    { weight: 8, arbitrary: good },
    { weight: 1, arbitrary: headerText },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

/** An object of such fields, now and then with an extra key. */
function body(fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<unknown> {
  return fc.tuple(fc.record(fields), fc.option(fc.tuple(text, junk), { freq: 5 })).map(([record, extra]) => {
    const entries = Object.entries(record).filter(([, value]) => value !== undefined);
    if (extra) entries.push(extra);
    return Object.fromEntries(entries);
  });
}

/** Header values as HTTP can carry them: visible Latin-1 and spaces, sometimes long. */
const headerText = fc.oneof(
  fc.string({
    unit: fc
      .integer({ min: 0x20, max: 0xff })
      .filter((code) => code !== 0x7f)
      .map((code) => String.fromCharCode(code)),
  }),
  fc.constantFrom('', ' ', 'x'.repeat(9000)),
);

/** A lone surrogate has no UTF-8 form: it goes as the bytes a careless client would send. */
function percentEncoded(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

/** A path segment: mostly one of the valid values, sometimes a near miss, any text or broken encoding. */
function segment(valid: string[], ...nearMisses: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 12, arbitrary: fc.constantFrom(...valid).map(encodeURIComponent) },
    {
      weight: nearMisses.length > 0 ? 2 : 0,
      arbitrary: fc.constantFrom('', ...nearMisses).map(encodeURIComponent),
    },
    { weight: 1, arbitrary: text.map(percentEncoded) },
    { weight: 1, arbitrary: fc.constantFrom('%', '%ZZ', '%00', '%C0%80', '%ED%A0%80', '%FF', '..', '%2F') },
  );
}

interface World {
  customers: JoinedCustomer[];
  owner: StaffSession;
  providerIds: string[];
}

type FuzzRequest = InjectOptions & { method: NonNullable<InjectOptions['method']>; url: string };

function requestFor(route: Route, world: World): fc.Arbitrary<FuzzRequest> {
  const { customers, owner, providerIds } = world;
  const waitIds = customers.map((customer) => customer.waitId);
  const params: Record<string, fc.Arbitrary<string>> = {
    companyId: segment(['demo'], 'no-such-business', 'DEMO'),
    waitId: segment(waitIds, randomUUID()),
    providerId: segment(providerIds, randomUUID()),
    action: segment(['call', 'start', 'done', 'no-show', 'remove'], 'CALL', 'delete'),
    file: segment(['demo.jpg'], 'demo', 'demo.png'),
  };
  const names = [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  const url = fc
    .tuple(
      fc.tuple(...names.map((name) => params[name] ?? segment(['x']))),
      fc.option(fc.dictionary(text, text, { maxKeys: 3 }), { freq: 3 }),
    )
    .map(([values, query]) => {
      let index = 0;
      const path = route.path.replace(/:\w+/g, () => values[index++]!);
      return query ? `${path}?${new URLSearchParams(query as Record<string, string>)}` : path;
    });

  const tokens = customers.map((customer) => customer.token);
  const headers = fc
    .record({
      authorization: header(
        fc.oneof(
          { weight: 6, arbitrary: fc.constantFrom(...tokens.map((token) => `Bearer ${token}`)) },
          {
            weight: 2,
            arbitrary: fc.constantFrom(
              ...tokens.flatMap((token) => [`bearer  ${token}`, `BEARER ${token} `]),
            ),
          },
          { weight: 1, arbitrary: headerText.map((value) => `Bearer ${value}`) },
        ),
      ),
      cookie: header(
        fc.oneof(
          { weight: 6, arbitrary: fc.constant(owner.cookie) },
          { weight: 1, arbitrary: headerText.map((value) => `checkn_staff=${value}`) },
        ),
      ),
      'x-csrf-token': header(fc.constant(owner.headers['x-csrf-token'])),
      'idempotency-key': header(fc.uuid()),
    })
    .map((all) => Object.fromEntries(Object.entries(all).filter(([, value]) => value !== undefined)));

  const jsonBody = fc.oneof(
    { weight: 6, arbitrary: goodishBody(route, world) },
    { weight: 1, arbitrary: junk },
  );
  const payload = fc.oneof(
    {
      weight: 6,
      arbitrary: jsonBody.map((value) => ({ type: 'application/json', value: JSON.stringify(value) })),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        type: fc.constantFrom(
          'application/json',
          'application/x-www-form-urlencoded',
          'text/plain',
          'image/jpeg',
          'application/octet-stream',
          'multipart/form-data; boundary=x',
        ),
        value: fc.oneof(text, fc.constantFrom('{', '{"a":', '[1,2', 'a=1&a=2&b=%', '\u0000')),
      }),
    },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );

  return fc
    .record({ url, headers, payload, remoteAddress: fc.ipV4() })
    .map(({ url, headers, payload, remoteAddress }) => ({
      method: route.method as FuzzRequest['method'],
      url,
      remoteAddress,
      headers: payload ? { ...headers, 'content-type': payload.type } : headers,
      ...(payload && payload.value !== undefined ? { payload: payload.value } : {}),
    }));
}

/** Bodies close to valid for the routes that read one, so the fuzz gets past their first check. */
function goodishBody(route: Route, world: World): fc.Arbitrary<unknown> {
  const [customer] = world.customers;
  const providerId = field(world.providerIds[0], ...world.providerIds, randomUUID(), null);
  const name = field('Ann', ' Ann ', '  ', 'A'.repeat(200));
  const phone = field('+14155550123', '+10000000000', '4155550123', '+1415555012');
  switch (`${route.method} ${route.path}`) {
    case 'POST /api/v1/companies/:companyId/wait-list':
      return body({
        serviceType: field('Facials', 'Nope', ' Facials '),
        name,
        phoneNumber: phone,
        allowSms: field(true, false, 'true'),
        fcmToken: field(null, 'token'),
      });
    case 'POST /api/v1/functions/addClient':
      return body({
        spId: providerId,
        spName: name,
        spSpeciality: field('Color', ''),
        companyId: field('demo', 'no-such-business'),
        clientName: name,
        clientPhoneNumber: phone,
      });
    case 'POST /api/v1/functions/sendMessage':
      return body({
        historyId: field(customer!.waitId, randomUUID()),
        companyId: field('demo', 'other'),
        message: field('Hello', ' ', 'x'.repeat(1001)),
        user: field({ id: customer!.customerId, name: customer!.name }, {}),
        notify: field({ id: 'business', name: 'Business' }),
        chatNode: field(customer!.chatThreadKey, 'x'),
      });
    case 'POST /api/v1/staff/sign-in':
      return body({ email: field('owner@demo.test', 'nobody@demo.test'), password: field('wrong', '') });
    case 'PUT /api/v1/staff/settings/company':
      return body({
        name: field('Bella', ''),
        street: field('12 Main St', ''),
        city: field('Austin'),
        state: field('TX', 'TEX'),
        zip: field('78701', '7870'),
        timeZone: field('America/Chicago', 'Mars/Olympus'),
        smsJoinText: field('', 'Hi {name} at {business}', '{{{{'),
        smsCalledText: field('', 'Your turn at {business}'),
        smsTexts: field(
          { es: { join: 'Hola {name}' } },
          { fr: { join: 'Bonjour' } },
          { vi: { called: 7 } },
          { es: 'Hola' },
          [],
        ),
      });
    case 'PUT /api/v1/staff/settings/services':
      return body({
        services: field(
          [{ name: 'Facials', durationMinutes: 30 }],
          [{ name: 'Facials', durationMinutes: 0 }],
          [
            { name: 'A', durationMinutes: 15 },
            { name: 'a', durationMinutes: 15 },
          ],
          [],
        ),
      });
    case 'POST /api/v1/staff/settings/providers':
    case 'PUT /api/v1/staff/settings/providers/:providerId':
      return body({ name, speciality: field('Color', ''), station: field('Chair 1', '') });
    case 'PUT /api/v1/staff/wait-entries/:waitId/provider':
      return body({ providerId });
    case 'PUT /api/v1/staff/wait-entries/:waitId/note':
      return body({ note: field('prefers short layers', '', '   ', 'x'.repeat(501)) });
    case 'PUT /api/v1/staff/settings/providers/:providerId/schedule':
      return body({
        shifts: field(
          [{ weekday: 1, startMinute: 600, endMinute: 840 }],
          [{ weekday: 5, startMinute: 1200, endMinute: 1560 }],
          [{ weekday: 7, startMinute: 600, endMinute: 840 }],
          [{ weekday: 1, startMinute: 600, endMinute: 540 }],
          [
            { weekday: 1, startMinute: 600, endMinute: 840 },
            { weekday: 1, startMinute: 700, endMinute: 900 },
          ],
          [],
        ),
        daysOff: field(['2099-02-03'], ['2099-02-30'], ['9999-12-31'], ['2099-02-03', '2099-02-03'], []),
        services: field(['Facials'], ['Nope'], ['Facials', 'facials'], []),
      });
    case 'PUT /api/v1/staff/providers/:providerId/floor-state':
      return body({ floorState: field('on_break', 'on_floor', 'off', 'asleep', '') });
    case 'PUT /api/v1/staff/settings/calendar-feeds/:providerId':
      return body({
        url: field(
          'https://calendar.example/feed.ics',
          'webcal://calendar.example/feed.ics',
          'http://127.0.0.1/feed.ics',
          'https://',
          `https://calendar.example/${'a'.repeat(2100)}`,
        ),
      });
    case 'POST /api/v1/staff/appointments': {
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      return body({
        name,
        phoneNumber: field('+14155550123', null, '+10000000000', '4155550123'),
        serviceType: field('Facials', 'Nope'),
        providerId,
        date: field(tomorrow, '2020-01-01', '2026-02-30', '2999-01-01', ''),
        time: field('10:00', '23:59', '24:00', '9:00', ''),
      });
    }
    case 'PUT /api/v1/companies/:companyId/push-subscription':
      return body({
        endpoint: field('https://push.example/send/1', 'http://127.0.0.1/internal', 'not a url'),
        keys: field(
          {
            p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
            auth: 'tBHItJI5svbpez7KI4CCXg',
          },
          {},
        ),
      });
    case 'POST /api/v1/analytics/events':
      return body({
        visitorId: field('visitor-1', ''),
        userId: field(null, customer!.customerId),
        events: field(
          [{ name: 'screen_view', params: { companyId: 'demo' }, occurredAt: new Date().toISOString() }],
          [{ name: 'screen_view', params: {}, occurredAt: '0000-01-01T00:00:00Z' }],
          [],
        ),
      });
    case 'POST /api/v1/conversions':
      return body({ rwg_token: field('token', ''), merchant_changed: field('1', '2', 1) });
    case 'POST /api/v1/staff/sms/reply':
      return body({ phoneNumber: phone, body: field('STOP', 'Yes', '') });
    default:
      return junk;
  }
}

/**
 * Row counts and a checksum of every table's rows. The realtime tables are left out: the
 * sequencer numbers events of earlier, accepted changes in the background.
 */
async function snapshot(t: TestApp, except: string[]): Promise<Record<string, string>> {
  const { rows: tables } = await t.database.db.query<{ name: string }>(
    `select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'
        and table_name not like 'realtime\\_%' order by table_name`,
  );
  const names = tables.map((table) => table.name).filter((name) => !except.includes(name));
  const { rows } = await t.database.db.query<{ name: string; sum: string }>(
    names
      .map(
        (name) =>
          `select '${name}' as name, count(*) || ':' || coalesce(md5(string_agg(r::text, ',' order by r::text)), '') as sum from ${name} r`,
      )
      .join(' union all '),
  );
  return Object.fromEntries(rows.map((row) => [row.name, row.sum]));
}

/** What a refused request may still write: a wrong password counts towards the sign-in throttle. */
const REFUSAL_BOOKKEEPING: Record<string, string[]> = {
  'POST /api/v1/staff/sign-in': ['staff_users', 'staff_sign_in_attempts'],
};

describe.each(databaseKinds)('every route on %s, given any input', (kind) => {
  let t: TestApp;
  let world: World;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      env: { RATE_LIMIT_MESSAGES_PER_MINUTE: '100000', RATE_LIMIT_JOINS_PER_MINUTE: '100000' },
      pushSender: { send: async () => 'sent' },
    });
    // A near-turn text (docs/near-turn.md) is written a moment after a line moves, by the process
    // that numbers its event: a deferred write of an earlier accepted request, which this test
    // would take for a refused request's change. Its own tests (near-turn.test.ts) cover it.
    await t.database.db.query(`update companies set near_turn_default = 'off'`);
    const customers = [];
    for (let i = 0; i < 3; i += 1) customers.push(await joinAsNewCustomer(t));
    world = {
      customers,
      owner: await signInStaff(t.app),
      providerIds: (await listProviders(t.database.db, 'demo')).map((provider) => provider.id),
    };
  });
  afterAll(async () => t?.close());

  it('reads the routes the app registers from the app', () => {
    const routes = registeredRoutes(t.app);
    for (const { method, path } of routes) expect(t.app.hasRoute({ method, url: path }), path).toBe(true);
    expect(routes.map((route) => `${route.method} ${route.path}`)).toEqual(
      expect.arrayContaining([
        'POST /api/v1/companies/:companyId/wait-list',
        'PUT /api/v1/staff/settings/providers/:providerId',
        'DELETE /api/v1/staff/settings/providers/:providerId',
        'POST /api/sms/twilio/status',
      ]),
    );
  });

  // Every route the app registers, fuzzed one after another: the runner's hang guard (600 s) grows
  // with the routes (about 130 now); it is not a limit on how fast any of them answers.
  it('never answers 5xx, and a refused request changes nothing', async () => {
    for (const route of registeredRoutes(t.app)) {
      // Signing out would end the session the other routes are fuzzed with.
      const session =
        route.path === '/api/v1/staff/sign-out'
          ? { ...world, owner: { ...world.owner, cookie: 'x=1' } }
          : world;
      const except = REFUSAL_BOOKKEEPING[`${route.method} ${route.path}`] ?? [];
      await fc.assert(
        fc.asyncProperty(requestFor(route, session), async (request) => {
          const before = await snapshot(t, except);
          const response = await t.app.inject(request);
          const where = `${request.method} ${request.url.slice(0, 200)} → ${response.statusCode} ${response.body.slice(0, 300)}`;
          expect(response.statusCode, where).toBeLessThan(500);
          if (response.statusCode >= 400) expect(await snapshot(t, except), where).toEqual(before);
        }),
        { numRuns: RUNS_PER_ROUTE },
      );
    }
  }, 600_000);
});
