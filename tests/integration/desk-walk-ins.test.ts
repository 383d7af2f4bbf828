import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FRONT_DESK, DEMO_PROVIDER } from '../../src/server/seed/demo.ts';
import { createRecordingSmsSender } from '../../src/server/sms/sms-sender.ts';
import { apiErrorSchema } from '../../src/shared/schemas.ts';
import { boardResponseSchema } from '../../src/shared/staff-schemas.ts';
import { listProviders, type StaffSession, signInStaff, staffAction } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { databaseKinds } from '../support/test-database.ts';

describe.each(databaseKinds)('walk-ins the desk adds, on %s', (kind) => {
  let t: TestApp;
  let desk: StaffSession;
  const sender = createRecordingSmsSender();
  const sentTo = (phone: string) => sender.sent.filter((text) => text.to === phone);

  beforeAll(async () => {
    t = await createTestApp(kind, { smsSender: sender });
    desk = await signInStaff(t.app, DEMO_FRONT_DESK);
  });
  afterAll(async () => t?.close());

  const add = (session: StaffSession, payload: object, key?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/walk-ins',
      headers: { ...session.headers, ...(key ? { 'idempotency-key': key } : {}) },
      payload,
    });
  const boardEntry = async (waitId: string) =>
    boardResponseSchema
      .parse((await t.app.inject({ url: '/api/v1/staff/board', headers: desk.headers })).json())
      .entries.find((entry) => entry.waitId === waitId);

  it('puts a guest without a phone on the board only: no text, no number', async () => {
    const response = await add(desk, { name: 'Guest at the desk', serviceType: 'Facials' });
    expect(response.statusCode, response.body).toBe(201);
    const { waitId, textSent } = response.json();
    expect(textSent).toBe(false);
    expect(await boardEntry(waitId)).toMatchObject({
      name: 'Guest at the desk',
      phoneNumber: null,
      status: 'waiting',
    });
    // Called, still no text: there is nowhere to send it.
    expect((await staffAction(t.app, desk, waitId, 'call')).statusCode).toBe(200);
    const { rows } = await t.database.db.query('select 1 from sms_messages where wait_id = $1', [waitId]);
    expect(rows).toEqual([]);
  });

  it('texts a phone-in the join text, with the provider asked for, once per request key', async () => {
    const [maria] = await listProviders(t.database.db, 'demo');
    const payload = {
      name: 'Phone-in Pat',
      serviceType: 'Massage',
      phoneNumber: '+14155550199',
      providerId: maria!.id,
    };
    const first = await add(desk, payload, 'desk-key-1');
    const again = await add(desk, payload, 'desk-key-1');
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json().waitId).toBe(first.json().waitId);
    expect(first.json().textSent).toBe(true);
    expect(await boardEntry(first.json().waitId)).toMatchObject({
      phoneNumber: '+14155550199',
      providerId: maria!.id,
      serviceType: 'Massage',
    });
    await expect.poll(() => sentTo('+14155550199').length).toBe(1);
  });

  it('refuses what the customer flow refuses, and lets only the owner and front desk add', async () => {
    const expectError = (
      response: { statusCode: number; json(): unknown },
      status: number,
      field?: string,
    ) => {
      expect(response.statusCode).toBe(status);
      if (field) expect(apiErrorSchema.parse(response.json()).error.field).toBe(field);
    };
    expectError(
      await add(desk, { name: 'X', serviceType: 'Facials', phoneNumber: '+15555555555' }),
      400,
      'phoneNumber',
    );
    expectError(await add(desk, { name: 'X', serviceType: 'Not a service' }), 400);
    expectError(await add(desk, { name: '', serviceType: 'Facials' }), 400, 'name');
    expectError(
      await add(desk, {
        name: 'X',
        serviceType: 'Facials',
        providerId: '00000000-0000-4000-8000-000000000000',
      }),
      400,
      'providerId',
    );
    const provider = await signInStaff(t.app, DEMO_PROVIDER);
    expectError(await add(provider, { name: 'X', serviceType: 'Facials' }), 403);
    expect(
      (await add(await signInStaff(t.app), { name: 'By the owner', serviceType: 'Facials' })).statusCode,
    ).toBe(201);
    const { rows } = await t.database.db.query(
      "select count(*)::int as n from wait_entries where name = 'X'",
    );
    expect(rows).toEqual([{ n: 0 }]);
  });
});
