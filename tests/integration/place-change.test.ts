import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_FRONT_DESK, DEMO_PROVIDER } from '../../src/server/seed/demo.ts';
import { appointmentActionResponseSchema, appointmentSchema } from '../../src/shared/appointment-schemas.ts';
import { localDateTime } from '../../src/shared/local-time.ts';
import { type WaitEntryResponse, waitEntryResponseSchema } from '../../src/shared/schemas.ts';
import {
  type JoinedCustomer,
  joinAsNewCustomer,
  requestMaria as requestMariaFor,
} from '../support/customer.ts';
import { listProviders, type StaffSession, signInStaff } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { databaseKinds } from '../support/test-database.ts';

const DEMO_ZONE = 'America/Chicago';

/** The demo business's wall clock `minutes` from now, as the Book dialog sends it. */
function slot(minutes: number): { date: string; time: string } {
  const { date, minute } = localDateTime(Date.now() + minutes * 60_000, DEMO_ZONE);
  const pad = (n: number) => String(n).padStart(2, '0');
  return { date, time: `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}` };
}

let phoneCounter = 0;
const freshPhone = () => `+1415555${String(2000 + (phoneCounter++ % 7000)).padStart(4, '0')}`;

/** Issue 24 item 4: a customer's page names who came in ahead when their place goes up. */
describe.each(databaseKinds)('why my place changed, on %s', (kind) => {
  let t: TestApp;
  let desk: StaffSession;
  let maria: StaffSession;
  let mariaId: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    desk = await signInStaff(t.app, DEMO_FRONT_DESK);
    maria = await signInStaff(t.app, DEMO_PROVIDER);
    mariaId = (await listProviders(t.database.db, 'demo'))[0]!.id;
  });
  afterAll(async () => t?.close());
  beforeEach(async () => {
    // Each test starts with an empty line.
    await t.database.db.query(
      `update wait_entries set status = 'done' where company_id = 'demo' and status in ('waiting', 'called', 'in_service')`,
    );
  });

  const view = async (customer: { waitId: string; authorization: string }): Promise<WaitEntryResponse> => {
    const response = await t.app.inject({
      url: `/api/v1/companies/demo/wait-list/${customer.waitId}`,
      headers: { authorization: customer.authorization },
    });
    expect(response.statusCode, response.body).toBe(200);
    return waitEntryResponseSchema.parse(response.json());
  };
  const staffPost = (session: StaffSession, url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: session.headers, ...(payload ? { payload } : {}) });

  const requestMaria = () => requestMariaFor(t, mariaId, freshPhone());

  it('names an appointment that checked in ahead, by its booked time on the business clock, and nobody who joined behind', async () => {
    const booked = await staffPost(desk, '/api/v1/staff/appointments', {
      name: 'Olga On-time',
      serviceType: 'Facials',
      providerId: mariaId,
      ...slot(-5),
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const appointment = appointmentSchema.parse(booked.json());
    const walkIn = await joinAsNewCustomer(t, { name: 'Wendy Walk-in' });
    const before = await view(walkIn);
    expect(before).toMatchObject({ position: 1, cameInAhead: [] });

    const arrived = await staffPost(desk, `/api/v1/staff/appointments/${appointment.id}/arrive`);
    expect(arrived.statusCode, arrived.body).toBe(200);
    const visit = appointmentActionResponseSchema.parse(arrived.json()).visit!;
    // A walk-in who joins later stands behind everyone: nobody came in ahead of them.
    const later = await joinAsNewCustomer(t, { name: 'Larry Later' });

    const after = await view(walkIn);
    expect(after.position).toBe(2);
    const bookedFor = new Intl.DateTimeFormat('en-US', {
      timeZone: DEMO_ZONE,
      hour: 'numeric',
      minute: '2-digit',
    }).format(Date.parse(appointment.startsAt));
    expect(after.cameInAhead).toEqual([{ kind: 'appointment', at: expect.any(String), bookedFor }]);
    // Nothing else about the visit (no name, no id) reaches another customer's page.
    expect(JSON.stringify(after.cameInAhead)).not.toMatch(/Olga|visit|waitId/);
    expect(JSON.stringify(after.cameInAhead)).not.toContain(visit.waitId);
    expect((await view(later)).cameInAhead).toEqual([]);
    // The stored instant it came in: its arrival, later than its booked time.
    const { rows } = await t.database.db.query<{ inLine: Date; date: Date }>(
      'select in_line_at as "inLine", date from wait_entries where id = $1',
      [visit.waitId],
    );
    expect(rows[0]!.inLine.getTime()).toBeGreaterThan(rows[0]!.date.getTime());
  });

  it('counts a request its provider accepted after the customer joined, with the provider’s name', async () => {
    const request = await requestMaria();
    const walkIn = await joinAsNewCustomer(t, { name: 'Wendy Walk-in' });
    expect((await view(walkIn)).cameInAhead).toEqual([]);

    expect((await staffPost(maria, `/api/v1/staff/requests/${request.waitId}/accept`)).statusCode).toBe(204);
    const after = await view(walkIn);
    expect(after.position).toBe(2);
    expect(after.cameInAhead).toEqual([
      { kind: 'request', at: expect.any(String), providerName: 'Maria Lopez' },
    ]);
    // The accepted customer themself came in after nobody.
    expect((await view(request)).cameInAhead).toEqual([]);
  });

  it('counts a declined request whose customer chose the next available', async () => {
    const request = await requestMaria();
    const walkIn = await joinAsNewCustomer(t, { name: 'Wendy Walk-in' });
    expect((await staffPost(desk, `/api/v1/staff/requests/${request.waitId}/decline`)).statusCode).toBe(204);
    expect((await view(walkIn)).position).toBe(1);
    const joined = await t.app.inject({
      method: 'POST',
      url: `/api/v1/companies/demo/wait-list/${request.waitId}/next-available`,
      headers: { authorization: request.authorization },
    });
    expect(joined.statusCode, joined.body).toBe(200);
    const after = await view(walkIn);
    expect(after.position).toBe(2);
    expect(after.cameInAhead).toEqual([{ kind: 'rejoined', at: expect.any(String) }]);
  });

  it('says nothing of those who were ahead when the customer joined', async () => {
    const first = await joinAsNewCustomer(t, { name: 'Fay First' });
    const request = await requestMaria();
    expect((await staffPost(maria, `/api/v1/staff/requests/${request.waitId}/accept`)).statusCode).toBe(204);
    const walkIn: JoinedCustomer = await joinAsNewCustomer(t, { name: 'Wendy Walk-in' });
    const seen = await view(walkIn);
    expect(seen.position).toBe(3);
    expect(seen.cameInAhead).toEqual([]);
    expect((await view(first)).cameInAhead).toEqual([]);
  });
});
