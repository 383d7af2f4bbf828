import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FRONT_DESK, DEMO_PROVIDER } from '../../src/server/seed/demo.ts';
import { createRecordingSmsSender } from '../../src/server/sms/sms-sender.ts';
import { topics } from '../../src/shared/realtime.ts';
import { waitEntryResponseSchema } from '../../src/shared/schemas.ts';
import { type BoardEntry, boardResponseSchema } from '../../src/shared/staff-schemas.ts';
import { expectApiError } from '../support/api-error.ts';
import { joinAsNewCustomer, requestMaria as requestMariaFor } from '../support/customer.ts';
import { idempotencyKey } from '../support/factories.ts';
import { RealtimeTestClient, realtimeUrl } from '../support/realtime-client.ts';
import {
  addTeamMember,
  listProviders,
  type StaffSession,
  signInStaff,
  staffAction,
} from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { databaseKinds } from '../support/test-database.ts';

let phoneCounter = 0;
const freshPhone = () => `+1415555${String(1000 + (phoneCounter++ % 9000)).padStart(4, '0')}`;

describe.each(databaseKinds)('service requests answered in time, on %s', (kind) => {
  let t: TestApp;
  const sender = createRecordingSmsSender();
  let desk: StaffSession;
  let maria: StaffSession;
  let james: StaffSession;
  let mariaId: string;
  let url: string;
  const sockets: RealtimeTestClient[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind, { smsSender: sender });
    desk = await signInStaff(t.app, DEMO_FRONT_DESK);
    maria = await signInStaff(t.app, DEMO_PROVIDER);
    const [first, second] = await listProviders(t.database.db, 'demo');
    mariaId = first!.id;
    james = await addTeamMember(t.app, await signInStaff(t.app), {
      role: 'provider',
      providerId: second!.id,
    });
    url = await realtimeUrl(t.app);
  });
  afterAll(async () => {
    await Promise.all(sockets.map((socket) => socket.close()));
    await t?.close();
  });

  /** A customer on the add-client page asks Maria for a cut. */
  const requestMaria = (phone = freshPhone()) => requestMariaFor(t, mariaId, phone);

  const customerView = async (customer: { waitId: string; authorization: string }) =>
    waitEntryResponseSchema.parse(
      (
        await t.app.inject({
          url: `/api/v1/companies/demo/wait-list/${customer.waitId}`,
          headers: { authorization: customer.authorization },
        })
      ).json(),
    );
  const boardEntry = async (waitId: string) =>
    boardResponseSchema
      .parse((await t.app.inject({ url: '/api/v1/staff/board', headers: desk.headers })).json())
      .entries.find((entry) => entry.waitId === waitId)!;
  const answer = (session: StaffSession, waitId: string, verdict: 'accept' | 'decline') =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/staff/requests/${waitId}/${verdict}`,
      headers: session.headers,
    });
  const textsTo = (phone: string) => sender.sent.filter((text) => text.to === phone).map((text) => text.body);

  it('waits for the provider outside the line, then joins it as theirs when accepted', async () => {
    const request = await requestMaria();
    const entry = await boardEntry(request.waitId);
    expect(entry).toMatchObject({ requestStatus: 'pending', providerId: mariaId, status: 'waiting' });
    const minutes = (Date.parse(entry.requestDeadline!) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9.9);
    expect(minutes).toBeLessThanOrEqual(10);
    expect(await customerView(request)).toMatchObject({
      request: { status: 'pending', providerName: 'Maria Lopez' },
      position: null,
    });
    // Not answered yet: no one calls them, and nobody waits behind them.
    expectApiError(await staffAction(t.app, desk, request.waitId, 'call'), 409, 'STATUS_CHANGE_NOT_ALLOWED');
    const walkIn = await joinAsNewCustomer(t);
    const walkInView = await customerView(walkIn);

    // Another provider cannot answer Maria's request; Maria can.
    expectApiError(await answer(james, request.waitId, 'accept'), 403, 'ANOTHER_PROVIDERS_CUSTOMER');
    expect((await answer(maria, request.waitId, 'accept')).statusCode).toBe(204);
    expectApiError(await answer(maria, request.waitId, 'decline'), 409, 'REQUEST_ALREADY_ANSWERED');
    expect(await boardEntry(request.waitId)).toMatchObject({
      requestStatus: 'accepted',
      providerId: mariaId,
    });
    const accepted = await customerView(request);
    expect(accepted.request?.status).toBe('accepted');
    // In the line by arrival: ahead of the walk-in who came after.
    expect(accepted.position).toBe(walkInView.position);
    expect((await customerView(walkIn)).position).toBe((walkInView.position ?? 0) + 1);
    expect((await staffAction(t.app, maria, request.waitId, 'call')).statusCode).toBe(200);
  });

  it('tells a declined customer on their page and by text, and "next available" keeps their arrival time', async () => {
    const request = await requestMaria();
    const page = await RealtimeTestClient.connectCustomer(url, request.authorization.slice('Bearer '.length));
    sockets.push(page);
    await page.subscribe(topics.wait(request.waitId), null);
    const before = await boardEntry(request.waitId);

    expect((await answer(desk, request.waitId, 'decline')).statusCode).toBe(204);
    const event = await page.waitFor(
      (message) => message.type === 'event' && message.topic === topics.wait(request.waitId),
      'the decline on the page',
    );
    expect(event).toMatchObject({ data: { requestStatus: 'declined' } });
    expect((await customerView(request)).request?.status).toBe('declined');
    await expect
      .poll(() => textsTo(request.phone).at(-1))
      .toBe(
        `Bella Demo Salon: Maria Lopez can't take you right now. Join the next available provider, keeping your place: http://localhost:3000/demo/checked-in?waitId=${request.waitId}`,
      );

    const joined = await t.app.inject({
      method: 'POST',
      url: `/api/v1/companies/demo/wait-list/${request.waitId}/next-available`,
      headers: { authorization: request.authorization },
    });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(waitEntryResponseSchema.parse(joined.json())).toMatchObject({ request: null, status: 'waiting' });
    expect(await boardEntry(request.waitId)).toMatchObject({
      requestStatus: null,
      providerId: null,
      date: before.date,
    });
    expect((await customerView(request)).position).not.toBeNull();
    // Once is enough; someone else's page cannot do it.
    expectApiError(
      await t.app.inject({
        method: 'POST',
        url: `/api/v1/companies/demo/wait-list/${request.waitId}/next-available`,
        headers: { authorization: request.authorization },
      }),
      409,
      'STATUS_CHANGE_NOT_ALLOWED',
    );
    const other = await requestMaria();
    await answer(desk, other.waitId, 'decline');
    const { authorization: stranger } = await t.signIn();
    expectApiError(
      await t.app.inject({
        method: 'POST',
        url: `/api/v1/companies/demo/wait-list/${other.waitId}/next-available`,
        headers: { authorization: stranger },
      }),
      404,
      'WAIT_ENTRY_NOT_FOUND',
    );
  });

  it('expires a request nobody answered by its deadline: the board and the customer hear, and one text goes', async () => {
    const request = await requestMaria();
    const board = await RealtimeTestClient.connect(url, { cookie: desk.cookie });
    sockets.push(board);
    await board.subscribe(topics.board('demo'), null);
    await t.database.db.query(
      "update wait_entries set request_deadline = now() - interval '1 second' where id = $1",
      [request.waitId],
    );
    // The app looks every few seconds; a hang guard, not a speed limit.
    await expect
      .poll(async () => (await customerView(request)).request?.status, { timeout: 30_000 })
      .toBe('expired');
    await expect
      .poll(
        () =>
          board
            .events(topics.board('demo'))
            .map((event) => event.data as BoardEntry)
            .filter((entry) => entry.waitId === request.waitId)
            .at(-1)?.requestStatus,
        { timeout: 10_000 },
      )
      .toBe('expired');
    await expect
      .poll(() => textsTo(request.phone).filter((body) => body.includes("can't take you")).length)
      .toBe(1);
    expectApiError(await answer(maria, request.waitId, 'accept'), 409, 'REQUEST_ALREADY_ANSWERED');
    const { rows } = await t.database.db.query(
      "select count(*)::int as n from sms_messages where wait_id = $1 and kind = 'request_ended'",
      [request.waitId],
    );
    expect(rows).toEqual([{ n: 1 }]);
  });

  it('keeps the reply deadline a business setting, 1 to 240 minutes', async () => {
    const owner = await signInStaff(t.app);
    const settings = (await t.app.inject({ url: '/api/v1/staff/settings', headers: owner.headers })).json();
    expect(settings.requestReplyMinutes).toBe(10);
    const save = (minutes: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v1/staff/settings/company',
        headers: owner.headers,
        payload: {
          name: settings.name,
          street: settings.street,
          city: settings.city,
          state: settings.state,
          zip: settings.zip,
          requestReplyMinutes: minutes,
        },
      });
    expectApiError(await save(0), 400, 'VALIDATION_FAILED');
    expect((await save(3)).json().requestReplyMinutes).toBe(3);
    const request = await requestMaria();
    const minutes = (Date.parse((await boardEntry(request.waitId)).requestDeadline!) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(2.9);
    expect(minutes).toBeLessThanOrEqual(3);
    await save(10);
  });

  it('ends nothing for a customer who left: no decline, no expiry text', async () => {
    const request = await requestMaria();
    const left = await t.app.inject({
      method: 'POST',
      url: `/api/v1/companies/demo/wait-list/${request.waitId}/leave`,
      headers: { authorization: request.authorization },
    });
    expect(left.statusCode).toBe(200);
    expectApiError(await answer(desk, request.waitId, 'decline'), 409, 'REQUEST_ALREADY_ANSWERED');
    expectApiError(await answer(maria, request.waitId, 'accept'), 409, 'REQUEST_ALREADY_ANSWERED');
    const { rows } = await t.database.db.query(
      "select count(*)::int as n from sms_messages where wait_id = $1 and kind = 'request_ended'",
      [request.waitId],
    );
    expect(rows).toEqual([{ n: 0 }]);
  });

  it("declines a leaving provider's open requests, so their customers can join the next available", async () => {
    const owner = await signInStaff(t.app);
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/settings/providers',
      headers: owner.headers,
      payload: { name: 'Leaving Lee', speciality: 'All', station: 'Chair 7' },
    });
    const lee = (added.json() as { providers: { id: string; name: string }[] }).providers.find(
      (provider) => provider.name === 'Leaving Lee',
    )!;
    const { authorization } = await t.signIn();
    const phone = freshPhone();
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/v1/functions/addClient',
      headers: { authorization, 'idempotency-key': idempotencyKey() },
      payload: {
        spId: lee.id,
        spName: lee.name,
        spSpeciality: 'All',
        companyId: 'demo',
        clientName: 'Lee Fan',
        clientPhoneNumber: phone,
      },
    });
    const waitId = sent.json().waitId as string;
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/staff/settings/providers/${lee.id}`,
      headers: owner.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect((await customerView({ waitId, authorization })).request?.status).toBe('declined');
    await expect.poll(() => textsTo(phone).at(-1)).toContain("Leaving Lee can't take you right now.");
  });
});
