import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecordingConversionTracker } from '../../src/server/features/conversion/conversion-tracker.ts';
import { analyticsEventNameSchema } from '../../src/shared/schemas.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { databaseKinds } from '../support/test-database.ts';

/** Small, so the per-customer limit is reached within a test. */
const BATCHES_PER_MINUTE = 3;

describe.each(databaseKinds)('analytics intake and conversions on %s', (kind) => {
  let t: TestApp;
  const conversions = createRecordingConversionTracker();

  beforeAll(async () => {
    t = await createTestApp(kind, {
      conversions,
      env: { RATE_LIMIT_ANALYTICS_BATCHES_PER_MINUTE: String(BATCHES_PER_MINUTE) },
    });
  });
  afterAll(async () => t?.close());

  const event = (name: string, params: Record<string, unknown> = {}, companyId: string | null = 'demo') => ({
    name,
    companyId,
    params,
    occurredAt: new Date().toISOString(),
  });
  const sendEvents = (payload: unknown, authorization?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/analytics/events',
      headers: {
        'content-type': 'application/json',
        ...(authorization === undefined ? {} : { authorization }),
      },
      // A string, so what the test sends is what the server reads (lone surrogates included).
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  const eventCount = async () =>
    (await t.database.db.query<{ n: number }>('select count(*)::int as n from analytics_events')).rows[0]!.n;
  const storedFor = async (customerId: string) =>
    (
      await t.database.db.query<{
        name: string;
        company_id: string | null;
        params: unknown;
        visitor_id: string;
        occurred_at: Date;
      }>(
        'select name, company_id, params, visitor_id, occurred_at from analytics_events where customer_id = $1 order by id',
        [customerId],
      )
    ).rows;

  it("stores a batch of spec events as the token's customer, with the business each names", async () => {
    const { customerId, authorization } = await t.signIn();
    const response = await sendEvents(
      {
        visitorId: 'visitor-1',
        // The body cannot say whose events these are: the token does.
        userId: 'someone-else',
        events: [
          event('screen_view', { screen_name: 'home', params: '{}' }, null),
          event('walk_in_next_pressed', { companyId: 'demo', service: 'Facials' }),
        ],
      },
      authorization,
    );
    expect(response.statusCode).toBe(204);
    expect(await storedFor(customerId)).toEqual([
      expect.objectContaining({
        name: 'screen_view',
        company_id: null,
        params: { screen_name: 'home', params: '{}' },
        visitor_id: 'visitor-1',
      }),
      expect.objectContaining({
        name: 'walk_in_next_pressed',
        company_id: 'demo',
        params: { companyId: 'demo', service: 'Facials' },
      }),
    ]);
    const { rows } = await t.database.db.query(
      "select 1 from analytics_events where customer_id = 'someone-else'",
    );
    expect(rows).toHaveLength(0);
  });

  it('refuses a batch without a customer token, or with a token it does not know, and stores nothing', async () => {
    const before = await eventCount();
    const batch = { visitorId: 'v', events: [event('screen_view')] };
    for (const authorization of [undefined, 'Bearer not-a-token', `Bearer ${'a'.repeat(43)}`, 'Basic x']) {
      expect((await sendEvents(batch, authorization)).statusCode).toBe(401);
    }
    expect(await eventCount()).toBe(before);
  });

  it('stores nothing for a business that does not exist, and keeps the rest of the batch', async () => {
    const { customerId, authorization } = await t.signIn();
    const alone = await sendEvents(
      { visitorId: 'v', events: [event('walk_in_next_pressed', {}, 'no-such-business')] },
      authorization,
    );
    expect(alone.statusCode).toBe(204);
    expect(await storedFor(customerId)).toEqual([]);
    const mixed = await sendEvents(
      {
        visitorId: 'v',
        events: [event('user_info_next_pressed', {}, 'no-such-business'), event('user_info_next_pressed')],
      },
      authorization,
    );
    expect(mixed.statusCode).toBe(204);
    expect((await storedFor(customerId)).map((row) => row.company_id)).toEqual(['demo']);
  });

  // A NUL in a key and a lone surrogate anywhere once answered 500 (PostgreSQL refuses both in
  // jsonb); a NUL in a value, 400. Written out as JSON by hand: the escapes are what a client sends.
  it.each([
    ['a NUL in a key', '{"a\\u0000b":"c"}', { 'a\uFFFDb': 'c' }],
    ['a NUL in a value', '{"a":"c\\u0000d"}', { a: 'c\uFFFDd' }],
    ['a lone surrogate in a key', '{"e\\udc00":"f"}', { 'e\uFFFD': 'f' }],
    ['a lone surrogate in a value', '{"e":"f\\ud800"}', { e: 'f\uFFFD' }],
    ['a surrogate pair', '{"g":"\\ud83d\\ude00"}', { g: '😀' }],
  ])('keeps %s, as U+FFFD for a character PostgreSQL cannot hold', async (_case, params, stored) => {
    const { customerId, authorization } = await t.signIn();
    const response = await sendEvents(
      `{"visitorId":"v","userId":null,"events":[{"name":"screen_view","companyId":"demo","params":${params},` +
        `"occurredAt":"${new Date().toISOString()}"}]}`,
      authorization,
    );
    expect(response.statusCode).toBe(204);
    expect((await storedFor(customerId)).map((row) => row.params)).toEqual([stored]);
  });

  it('pins a time before a week ago or after five minutes ahead to that edge (year 0000, year 9999)', async () => {
    const { customerId, authorization } = await t.signIn();
    const before = Date.now();
    const response = await sendEvents(
      {
        visitorId: 'v',
        userId: null,
        events: [
          { ...event('screen_view'), occurredAt: '0000-01-01T00:00:00Z' },
          { ...event('screen_view'), occurredAt: '9999-12-31T23:59:59.999Z' },
          { ...event('screen_view'), occurredAt: new Date(before - 60_000).toISOString() },
        ],
      },
      authorization,
    );
    expect(response.statusCode).toBe(204);
    const after = Date.now();
    const [past, future, recent] = (await storedFor(customerId)).map((row) => row.occurred_at.getTime());
    const week = 7 * 24 * 60 * 60_000;
    expect(past).toBeGreaterThanOrEqual(before - week);
    expect(past).toBeLessThanOrEqual(after - week);
    expect(future).toBeGreaterThanOrEqual(before + 5 * 60_000);
    expect(future).toBeLessThanOrEqual(after + 5 * 60_000);
    expect(recent).toBe(before - 60_000);
  });

  it.each([
    [{ visitorId: 'v', events: [] }],
    [{ visitorId: 'v', events: [event('made_up_event')] }],
    [{ visitorId: 'v', events: Array.from({ length: 51 }, () => event('screen_view')) }],
    [{ visitorId: 'v', events: [{ ...event('screen_view'), occurredAt: 'yesterday' }] }],
    [{ visitorId: 'v', events: [event('screen_view', { nested: { a: 1 } })] }],
    [{ visitorId: '', events: [event('screen_view')] }],
  ])('refuses a malformed batch with 400 and stores nothing', async (payload) => {
    const { authorization } = await t.signIn();
    const before = await eventCount();
    expect((await sendEvents(payload, authorization)).statusCode).toBe(400);
    expect(await eventCount()).toBe(before);
  });

  it('limits batches per customer, however the token is spaced, and not per address', async () => {
    const first = await t.signIn();
    const batch = { visitorId: 'v', events: [event('screen_view')] };
    for (let sent = 0; sent < BATCHES_PER_MINUTE; sent += 1) {
      expect((await sendEvents(batch, first.authorization)).statusCode).toBe(204);
    }
    const over = await sendEvents(batch, first.authorization.replace('Bearer ', 'Bearer    '));
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe('RATE_LIMITED');
    expect(await storedFor(first.customerId)).toHaveLength(BATCHES_PER_MINUTE);
    // Another customer behind the same address has a limit of their own.
    const second = await t.signIn();
    expect((await sendEvents(batch, second.authorization)).statusCode).toBe(204);
  });

  it('never answers 5xx, and a refused request stores nothing (property)', async () => {
    // Every UTF-16 code unit, NUL and lone surrogates included, as JSON can carry them.
    const text = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((u) => String.fromCharCode(u)) });
    const iso = fc
      .record({
        year: fc.integer({ min: 0, max: 9999 }),
        month: fc.integer({ min: 1, max: 12 }),
        day: fc.integer({ min: 1, max: 31 }),
        ms: fc.integer({ min: 0, max: 86_399_999 }),
      })
      .map(({ year, month, day, ms }) => {
        const time = new Date(ms).toISOString().slice(11);
        return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}T${time}`;
      });
    const value = fc.oneof(
      { weight: 19, arbitrary: fc.oneof(text, fc.double(), fc.integer(), fc.boolean(), fc.constant(null)) },
      { weight: 1, arbitrary: fc.jsonValue() },
    );
    // Mostly well-formed, so that most runs reach the database; now and then anything at all.
    const often = <T, U>(usual: fc.Arbitrary<T>, odd: fc.Arbitrary<U>) =>
      fc.oneof({ weight: 19, arbitrary: usual }, { weight: 1, arbitrary: odd });
    const anEvent = fc.record({
      name: often(fc.constantFrom(...analyticsEventNameSchema.options), text),
      companyId: often(fc.constantFrom('demo', null, 'no-such-business'), text),
      params: fc.dictionary(text, value, { maxKeys: 5 }),
      occurredAt: often(
        fc.oneof(
          iso,
          fc
            .date({ min: new Date(-62167219200000), max: new Date(253402300799999), noInvalidDate: true })
            .map((d) => d.toISOString()),
        ),
        text,
      ),
    });
    const batch = fc.oneof(
      {
        weight: 8,
        arbitrary: fc.record(
          {
            visitorId: often(
              text.filter((v) => v.length > 0 && v.length <= 64),
              fc.jsonValue(),
            ),
            // Older apps sent a user id; it is ignored now, and must not break anything either.
            userId: fc.oneof(fc.constant(null), text),
            events: fc.array(anEvent, { minLength: 1, maxLength: 4 }),
          },
          { requiredKeys: ['visitorId', 'events'] },
        ),
      },
      {
        weight: 1,
        arbitrary: fc.record(
          {
            visitorId: fc.jsonValue(),
            events: fc.array(fc.oneof(anEvent, fc.jsonValue()), { maxLength: 3 }),
          },
          { requiredKeys: [] },
        ),
      },
      { weight: 1, arbitrary: fc.jsonValue() },
    );
    const body = fc.oneof(
      { weight: 9, arbitrary: batch.map((b) => JSON.stringify(b) ?? 'null') },
      { weight: 1, arbitrary: text },
    );
    const token = often(fc.constant('valid' as const), fc.constantFrom('spaced', 'none', 'unknown'));

    await fc.assert(
      fc.asyncProperty(body, token, async (payload, which) => {
        const customer = await t.signIn();
        const authorization = {
          valid: customer.authorization,
          spaced: customer.authorization.replace('Bearer ', 'Bearer  '),
          none: undefined,
          unknown: 'Bearer 0123456789abcdefghijklmnopqrstuvwxyzABCDEFG',
        }[which];
        const before = await eventCount();
        const response = await sendEvents(payload, authorization);
        expect(response.statusCode).toBeLessThan(500);
        const stored = await storedFor(customer.customerId);
        if (response.statusCode !== 204) {
          expect(await eventCount()).toBe(before);
          return;
        }
        // Accepted: every row is this customer's, for no business or for one that exists.
        expect(await eventCount()).toBe(before + stored.length);
        for (const row of stored) expect([null, 'demo']).toContain(row.company_id);
      }),
      { numRuns: 150 },
    );
  });

  it('accepts a conversion report at once and hands it to the tracker', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/conversions',
      payload: { rwg_token: 'token-123', merchant_changed: '2' },
    });
    expect(response.statusCode).toBe(202);
    await expect
      .poll(() => conversions.reports)
      .toContainEqual({ rwgToken: 'token-123', merchantChanged: '2' });
  });

  it('refuses a conversion without a token or with another merchant_changed value', async () => {
    for (const payload of [{ merchant_changed: '1' }, { rwg_token: 'x', merchant_changed: '3' }]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/v1/conversions', payload });
      expect(response.statusCode).toBe(400);
    }
  });
});
