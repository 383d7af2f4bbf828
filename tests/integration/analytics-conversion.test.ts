import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecordingConversionTracker } from '../../src/server/features/conversion/conversion-tracker.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { databaseKinds } from '../support/test-database.ts';

describe.each(databaseKinds)('analytics intake and conversions on %s', (kind) => {
  let t: TestApp;
  const conversions = createRecordingConversionTracker();

  beforeAll(async () => {
    t = await createTestApp(kind, { conversions });
  });
  afterAll(async () => t?.close());

  const event = (name: string, params: Record<string, unknown> = {}) => ({
    name,
    params,
    occurredAt: '2026-11-22T10:00:00.000Z',
  });

  it('stores a batch of spec events with the visitor and user ids', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/analytics/events',
      payload: {
        visitorId: 'visitor-1',
        userId: 'user-1',
        events: [
          event('screen_view', { screen_name: 'walk_in', params: '{"companyId":"demo"}' }),
          event('walk_in_next_pressed', { service: 'Facials' }),
        ],
      },
    });
    expect(response.statusCode).toBe(204);
    const { rows } = await t.database.db.query(
      "select name, params, customer_id from analytics_events where visitor_id = 'visitor-1' order by id",
    );
    expect(rows).toEqual([
      {
        name: 'screen_view',
        params: { screen_name: 'walk_in', params: '{"companyId":"demo"}' },
        customer_id: 'user-1',
      },
      { name: 'walk_in_next_pressed', params: { service: 'Facials' }, customer_id: 'user-1' },
    ]);
  });

  it.each([
    [{ visitorId: 'v', userId: null, events: [] }],
    [{ visitorId: 'v', userId: null, events: [event('made_up_event')] }],
    [{ visitorId: 'v', userId: null, events: Array.from({ length: 51 }, () => event('screen_view')) }],
    [{ visitorId: 'v', userId: null, events: [{ ...event('screen_view'), occurredAt: 'yesterday' }] }],
    [{ visitorId: 'v', userId: null, events: [event('screen_view', { nested: { a: 1 } })] }],
  ])('refuses a malformed batch with 400 and stores nothing', async (payload) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/analytics/events', payload });
    expect(response.statusCode).toBe(400);
    const { rows } = await t.database.db.query("select 1 from analytics_events where visitor_id = 'v'");
    expect(rows).toHaveLength(0);
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
