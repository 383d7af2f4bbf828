import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insightsSchema } from '../../src/shared/schemas.ts';
import { joinAsNewCustomer } from '../support/customer.ts';
import { signInStaff, staffAction } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { databaseKinds } from '../support/test-database.ts';

describe.each(databaseKinds)('insights on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  it("counts today's joins, the walk-in funnel, the average wait and no-shows of the business", async () => {
    const staff = await signInStaff(t.app);
    const called = await joinAsNewCustomer(t);
    const missed = await joinAsNewCustomer(t);
    await joinAsNewCustomer(t);
    await t.database.db.query("update wait_entries set date = now() - interval '20 minutes' where id = $1", [
      called.waitId,
    ]);
    await staffAction(t.app, staff, called.waitId, 'call');
    await staffAction(t.app, staff, missed.waitId, 'no-show');
    const event = (name: string, params: Record<string, string>, companyId = 'demo') => ({
      name,
      companyId,
      params,
      occurredAt: new Date().toISOString(),
    });
    const sendEvents = async (authorization: string, visitorId: string, events: unknown[]) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/analytics/events',
        headers: { authorization },
        payload: { visitorId, events },
      });
      expect(response.statusCode).toBe(204);
    };
    const steps = [
      event('screen_view', { screen_name: 'walk_in', params: '{"companyId":"demo"}' }),
      event('walk_in_next_pressed', { companyId: 'demo', service: 'Facials' }),
      event('user_info_next_pressed', { companyId: 'demo', service: 'Facials' }),
      event('user_info_new_walkin_success', { companyId: 'demo', service: 'Facials' }),
    ];
    for (const reached of [4, 2, 1]) {
      await sendEvents((await t.signIn()).authorization, `visitor-${reached}`, steps.slice(0, reached));
    }
    // One customer passing for many visitors counts once; a business that does not exist, never.
    const { authorization } = await t.signIn();
    for (const visitorId of ['forged-1', 'forged-2', 'forged-3']) {
      await sendEvents(authorization, visitorId, [steps[0]]);
    }
    await sendEvents(authorization, 'forged-1', [
      event('walk_in_next_pressed', { companyId: 'elsewhere' }, 'elsewhere'),
    ]);

    const response = await t.app.inject({ url: '/api/v1/staff/insights', headers: staff.headers });
    expect(response.statusCode).toBe(200);
    const insights = insightsSchema.parse(response.json());
    expect(insights.days).toHaveLength(14);
    // One join was backdated 20 minutes: just after the business's midnight it belongs to yesterday.
    const { rows } = await t.database.db.query<{ timeZone: string }>(
      'select time_zone as "timeZone" from companies where id = \'demo\'',
    );
    const businessDay = (at: Date) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: rows[0]!.timeZone }).format(at);
    const backdatedIsToday = businessDay(new Date(Date.now() - 20 * 60_000)) === businessDay(new Date());
    expect(insights.days.at(-1)!.joins).toBe(backdatedIsToday ? 3 : 2);
    expect(insights.days.at(-1)!.joins + insights.days.at(-2)!.joins).toBe(3);
    expect(insights.funnel).toEqual({ landing: 4, serviceNext: 2, userInfoNext: 1, joined: 1 });
    expect(insights.averageWaitMinutes).toBe(20);
    expect(insights).toMatchObject({ finished: 1, noShows: 1 });
    expect((await t.app.inject({ url: '/api/v1/staff/insights' })).statusCode).toBe(401);
  });
});
