import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecordingSmsSender } from '../../src/server/sms/sms-sender.ts';
import { apiErrorSchema } from '../../src/shared/schemas.ts';
import { idempotencyKey } from '../support/factories.ts';
import { createBusiness, listProviders, signInStaff } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { databaseKinds } from '../support/test-database.ts';

describe.each(databaseKinds)('addClient (service request) on %s', (kind) => {
  let t: TestApp;
  const sender = createRecordingSmsSender();

  beforeAll(async () => {
    t = await createTestApp(kind, { smsSender: sender });
  });
  afterAll(async () => t?.close());

  const send = (authorization: string, payload: object, key = idempotencyKey()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/functions/addClient',
      headers: { authorization, 'idempotency-key': key },
      payload,
    });

  it('puts the request on the board for the named provider and texts the customer', async () => {
    const [maria] = await listProviders(t.database.db, 'demo');
    const { authorization } = await t.signIn();
    const key = idempotencyKey();
    const payload = {
      spId: maria!.id,
      spName: maria!.name,
      spSpeciality: 'Color & Cuts',
      companyId: 'demo',
      clientName: 'Rita Moreno',
      clientPhoneNumber: '+14155550177',
    };
    const response = await send(authorization, payload, key);
    expect(response.statusCode).toBe(201);
    const { waitId } = response.json();
    expect((await send(authorization, payload, key)).json().waitId).toBe(waitId);

    const staff = await signInStaff(t.app);
    const board = (await t.app.inject({ url: '/api/v1/staff/board', headers: staff.headers })).json();
    expect(board.entries.find((e: { waitId: string }) => e.waitId === waitId)).toMatchObject({
      name: 'Rita Moreno',
      serviceType: 'Color & Cuts',
      phoneNumber: '+14155550177',
      providerId: maria!.id,
      providerName: 'Maria Lopez',
      status: 'waiting',
    });
    await expect
      .poll(() => sender.sent.filter((text) => text.to === '+14155550177').map((text) => text.body))
      .toEqual([
        'Bella Demo Salon: your request was sent to Maria Lopez. Reply to this text to message us. Reply STOP to opt out.',
      ]);
  });

  it("tells the page whether the link's provider works at the link's business, before anything is sent", async () => {
    const [maria] = await listProviders(t.database.db, 'demo');
    const other = await createBusiness(t.database.db);
    const [elsewhere] = await listProviders(t.database.db, other.companyId);
    const look = (companyId: string, providerId: string) =>
      t.app.inject({ url: `/api/v1/companies/${companyId}/providers/${providerId}` });

    const found = await look('demo', maria!.id);
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({ name: maria!.name, speciality: maria!.speciality, walkInsStopped: null });
    // A provider of another business, an unknown id and one that cannot be an id: not here.
    for (const providerId of [elsewhere!.id, '0f3c7b1e-0000-4000-8000-000000000000', 'sp-1']) {
      const response = await look('demo', providerId);
      expect(response.statusCode, providerId).toBe(404);
      expect(apiErrorSchema.parse(response.json()).error, providerId).toMatchObject({
        code: 'PROVIDER_UNKNOWN',
        message: 'That provider does not work at this business. Ask them for a new link.',
      });
    }
    const noBusiness = await look('no-such-salon', maria!.id);
    expect(noBusiness.statusCode).toBe(404);
    expect(apiErrorSchema.parse(noBusiness.json()).error.code).toBe('COMPANY_NOT_FOUND');
  });

  it('accepts the phone as digits only, with or without the country code', async () => {
    const [, james] = await listProviders(t.database.db, 'demo');
    const { authorization } = await t.signIn();
    for (const clientPhoneNumber of ['4155550178', '14155550178']) {
      const response = await send(authorization, {
        spId: james!.id,
        spName: james!.name,
        spSpeciality: '',
        companyId: 'demo',
        clientName: 'Lee',
        clientPhoneNumber,
      });
      expect(response.statusCode).toBe(201);
    }
  });

  it.each([
    [{ clientName: '' }, 'clientName'],
    [{ clientPhoneNumber: '(415) 555-0177' }, 'clientPhoneNumber'],
    [{ clientPhoneNumber: '41555' }, 'clientPhoneNumber'],
    [{ spId: '00000000-0000-4000-8000-000000000000' }, 'spId'],
  ])('refuses %j naming the field', async (override, field) => {
    const [maria] = await listProviders(t.database.db, 'demo');
    const { authorization } = await t.signIn();
    const response = await send(authorization, {
      spId: maria!.id,
      spName: 'Maria',
      spSpeciality: '',
      companyId: 'demo',
      clientName: 'Ann',
      clientPhoneNumber: '4155550179',
      ...override,
    });
    expect(response.statusCode).toBe(400);
    expect(apiErrorSchema.parse(response.json()).error.field).toBe(field);
  });

  it('answers 404 for an unknown business', async () => {
    const [maria] = await listProviders(t.database.db, 'demo');
    const { authorization } = await t.signIn();
    const response = await send(authorization, {
      spId: maria!.id,
      spName: 'Maria',
      spSpeciality: '',
      companyId: 'nope',
      clientName: 'Ann',
      clientPhoneNumber: '4155550179',
    });
    expect(response.statusCode).toBe(404);
  });
});
