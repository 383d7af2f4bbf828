import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompanyRepository } from '../../src/server/features/company/company.repository.ts';
import { createCompanyService } from '../../src/server/features/company/company.service.ts';
import { createScheduleRepository } from '../../src/server/features/schedule/schedule.repository.ts';
import { createScheduleService } from '../../src/server/features/schedule/schedule.service.ts';
import { DEMO_FRONT_DESK, DEMO_PROVIDER } from '../../src/server/seed/demo.ts';
import { topics } from '../../src/shared/realtime.ts';
import {
  FLOOR_STATE_EVENT,
  type ProviderScheduleRequest,
  providerFloorSchema,
  providerScheduleSchema,
  schedulesResponseSchema,
} from '../../src/shared/schedule-schemas.ts';
import { boardResponseSchema } from '../../src/shared/staff-schemas.ts';
import { expectApiError } from '../support/api-error.ts';
import { joinAsNewCustomer } from '../support/customer.ts';
import { countTopicEvents } from '../support/events.ts';
import { RealtimeTestClient, realtimeUrl } from '../support/realtime-client.ts';
import { listProviders, type StaffSession, signInStaff } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { databaseKinds } from '../support/test-database.ts';

const MONDAY_10_TO_14 = { weekday: 1, startMinute: 600, endMinute: 840 };

describe.each(databaseKinds)('who works when, on %s', (kind) => {
  let t: TestApp;
  let owner: StaffSession;
  let desk: StaffSession;
  let maria: StaffSession;
  let mariaId: string;
  let jamesId: string;
  let url: string;
  const sockets: RealtimeTestClient[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await signInStaff(t.app);
    desk = await signInStaff(t.app, DEMO_FRONT_DESK);
    maria = await signInStaff(t.app, DEMO_PROVIDER);
    [mariaId, jamesId] = (await listProviders(t.database.db, 'demo')).map((provider) => provider.id) as [
      string,
      string,
    ];
    url = await realtimeUrl(t.app);
  });
  afterAll(async () => {
    await Promise.all(sockets.map((socket) => socket.close()));
    await t?.close();
  });

  const putSchedule = (providerId: string, payload: unknown, session = owner) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v1/staff/settings/providers/${providerId}/schedule`,
      headers: session.headers,
      payload: payload as object,
    });
  const setFloor = (session: StaffSession, providerId: string, floorState: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v1/staff/providers/${providerId}/floor-state`,
      headers: session.headers,
      payload: { floorState },
    });
  const getSchedules = async () => {
    const response = await t.app.inject({ url: '/api/v1/staff/settings/schedules', headers: owner.headers });
    expect(response.statusCode).toBe(200);
    return schedulesResponseSchema.parse(response.json());
  };
  const storedFloorState = async (providerId: string) =>
    (await t.database.db.query('select floor_state from providers where id = $1', [providerId])).rows[0];

  it('starts every provider with no shifts (all opening hours), no days off, every service, on the floor', async () => {
    const { schedules, timeZone } = await getSchedules();
    expect(timeZone).toBe('America/Chicago');
    expect(schedules.map(({ providerId }) => providerId)).toEqual([mariaId, jamesId]);
    for (const schedule of schedules)
      expect(schedule).toMatchObject({ shifts: [], daysOff: [], services: [] });
    const board = boardResponseSchema.parse(
      (await t.app.inject({ url: '/api/v1/staff/board', headers: owner.headers })).json(),
    );
    expect(board.floor.map(({ providerId, floorState }) => ({ providerId, floorState }))).toEqual([
      { providerId: mariaId, floorState: 'on_floor' },
      { providerId: jamesId, floorState: 'on_floor' },
    ]);
  });

  it("saves Maria's split shifts, days off and services, and reads them back from the database", async () => {
    const request: ProviderScheduleRequest = {
      shifts: [
        { weekday: 3, startMinute: 840, endMinute: 1080 },
        MONDAY_10_TO_14,
        { weekday: 3, startMinute: 540, endMinute: 720 },
      ],
      daysOff: ['2099-02-03'],
      services: ["Women's Haircut/Style"],
    };
    const response = await putSchedule(mariaId, request);
    expect(response.statusCode, response.body).toBe(200);
    expect(providerScheduleSchema.parse(response.json())).toEqual({
      providerId: mariaId,
      shifts: [
        MONDAY_10_TO_14,
        { weekday: 3, startMinute: 540, endMinute: 720 },
        { weekday: 3, startMinute: 840, endMinute: 1080 },
      ],
      daysOff: ['2099-02-03'],
      services: ["Women's Haircut/Style"],
    });
    const { rows } = await t.database.db.query(
      'select weekday, start_minute, end_minute from provider_shifts where provider_id = $1 order by weekday, start_minute',
      [mariaId],
    );
    expect(rows).toEqual([
      { weekday: 1, start_minute: 600, end_minute: 840 },
      { weekday: 3, start_minute: 540, end_minute: 720 },
      { weekday: 3, start_minute: 840, end_minute: 1080 },
    ]);
    // James is untouched.
    expect((await getSchedules()).schedules[1]).toMatchObject({
      providerId: jamesId,
      shifts: [],
      services: [],
    });
  });

  it('takes a shift past midnight, and refuses overlapping, backwards and unknown-service schedules', async () => {
    const night = { weekday: 5, startMinute: 20 * 60, endMinute: 26 * 60 };
    expect((await putSchedule(jamesId, { shifts: [night], daysOff: [], services: [] })).statusCode).toBe(200);
    const overlap = await putSchedule(jamesId, {
      shifts: [MONDAY_10_TO_14, { weekday: 1, startMinute: 780, endMinute: 900 }],
      daysOff: [],
      services: [],
    });
    expect(expectApiError(overlap, 400, 'VALIDATION_FAILED')).toMatchObject({
      field: 'shifts.1.startMinute',
    });
    const backwards = await putSchedule(jamesId, {
      shifts: [{ weekday: 1, startMinute: 600, endMinute: 600 }],
      daysOff: [],
      services: [],
    });
    expect(expectApiError(backwards, 400, 'VALIDATION_FAILED')).toMatchObject({
      field: 'shifts.0.endMinute',
    });
    const unknown = await putSchedule(jamesId, { shifts: [], daysOff: [], services: ['Facials', 'Tattoos'] });
    expect(expectApiError(unknown, 400, 'SERVICE_NOT_OFFERED')).toMatchObject({ field: 'services.1' });
    const badDay = await putSchedule(jamesId, { shifts: [], daysOff: ['2099-02-30'], services: [] });
    expect(expectApiError(badDay, 400, 'VALIDATION_FAILED')).toMatchObject({ field: 'daysOff.0' });
    // Nothing of the refused ones was stored.
    expect((await getSchedules()).schedules[1]).toMatchObject({ shifts: [night], services: [] });
  });

  it("lets only the owner change schedules: a provider's and the desk's attempts change nothing", async () => {
    for (const session of [maria, desk])
      expectApiError(
        await putSchedule(mariaId, { shifts: [], daysOff: [], services: [] }, session),
        403,
        'ROLE_NOT_ALLOWED',
      );
    expect((await getSchedules()).schedules[0]?.shifts).toHaveLength(3);
  });

  it("keeps a provider's services through a rename, and drops a removed one", async () => {
    const services = (await t.app.inject({ url: '/api/v1/staff/settings', headers: owner.headers })).json()
      .services as { name: string; durationMinutes: number }[];
    const renamed = services.map((service) =>
      service.name === "Women's Haircut/Style"
        ? { ...service, name: 'Haircut', previousName: service.name }
        : { ...service, previousName: service.name },
    );
    expect(
      (await putSchedule(jamesId, { shifts: [], daysOff: [], services: ['Facials', 'Massage'] })).statusCode,
    ).toBe(200);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/staff/settings/services',
      headers: owner.headers,
      payload: { services: renamed.filter((service) => service.name !== 'Massage') },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { schedules } = await getSchedules();
    expect(schedules.map((schedule) => schedule.services)).toEqual([['Haircut'], ['Facials']]);
    const { rows } = await t.database.db.query(
      "select count(*)::int as n from provider_services where service_name in ('Massage', 'Women''s Haircut/Style')",
    );
    expect(rows[0]).toEqual({ n: 0 });
  });

  it('lets a provider set their own floor state, published live on the board, and refuses them anyone else’s', async () => {
    const socket = await RealtimeTestClient.connect(url, { cookie: owner.cookie });
    sockets.push(socket);
    expect(await socket.subscribe(topics.board('demo'), null)).toMatchObject({ type: 'subscribed' });

    const own = await setFloor(maria, mariaId, 'on_break');
    expect(own.statusCode, own.body).toBe(200);
    expect(providerFloorSchema.parse(own.json())).toMatchObject({
      providerId: mariaId,
      floorState: 'on_break',
    });
    const [event] = (await socket.waitForEvents(topics.board('demo'), 1)).filter(
      (message) => message.event === FLOOR_STATE_EVENT,
    );
    expect(providerFloorSchema.parse(event?.data)).toMatchObject({
      providerId: mariaId,
      floorState: 'on_break',
    });
    expect(await storedFloorState(mariaId)).toEqual({ floor_state: 'on_break' });

    const before = await countTopicEvents(t.database.db, topics.board('demo'));
    expectApiError(await setFloor(maria, jamesId, 'off'), 403, 'ROLE_NOT_ALLOWED');
    expect(await storedFloorState(jamesId)).toEqual({ floor_state: 'on_floor' });
    expect(await countTopicEvents(t.database.db, topics.board('demo'))).toBe(before);

    // The desk and the owner set anyone's; the board's answer says so.
    expect((await setFloor(desk, jamesId, 'off')).statusCode).toBe(200);
    expect((await setFloor(owner, mariaId, 'on_floor')).statusCode).toBe(200);
    const board = boardResponseSchema.parse(
      (await t.app.inject({ url: '/api/v1/staff/board', headers: maria.headers })).json(),
    );
    expect(board.floor.map(({ floorState }) => floorState)).toEqual(['on_floor', 'off']);
    expect(board.floor[1]?.changedAt).not.toBeNull();
    expectApiError(await setFloor(owner, mariaId, 'asleep'), 400, 'VALIDATION_FAILED');
  });

  it("sends customers nothing of a provider's floor state or schedule: their line hears only that it moved", async () => {
    const customer = await joinAsNewCustomer(t);
    const socket = await RealtimeTestClient.connectCustomer(url, customer.token);
    sockets.push(socket);
    expect(await socket.subscribe(topics.board('demo'), null)).toMatchObject({ type: 'error' });
    expect(await socket.subscribe(topics.line('demo'), null)).toMatchObject({ type: 'subscribed' });
    expect(await socket.subscribe(topics.wait(customer.waitId), null)).toMatchObject({ type: 'subscribed' });
    expect((await setFloor(owner, jamesId, 'on_break')).statusCode).toBe(200);
    const [moved] = await socket.waitForEvents(topics.line('demo'), 1);
    expect(moved).toMatchObject({ event: 'line.changed', data: {} });
    await socket.roundTrip();
    expect(JSON.stringify(socket.messages)).not.toContain(jamesId);
    expect(socket.events(topics.wait(customer.waitId))).toEqual([]);
  });

  it("gives the estimator each provider's services, floor state and working time, in one read", async () => {
    const companies = createCompanyService(createCompanyRepository(t.database.db));
    const schedule = createScheduleService({
      db: t.database.db,
      schedules: createScheduleRepository(t.database.db),
      companies,
      eventLog: { flushSoon: () => {} },
    });
    // Sunday 4 January 2099, midnight in Chicago (UTC−6): Maria's Monday 10:00–14:00 comes the next day.
    const from = Date.parse('2099-01-04T06:00:00Z');
    const providers = await schedule.providersForEstimate('demo', from, { days: 2 });
    expect(providers).toEqual([
      {
        providerId: mariaId,
        services: ['Haircut'],
        floorState: 'on_floor',
        working: [[Date.parse('2099-01-05T16:00:00Z'), Date.parse('2099-01-05T20:00:00Z')]],
      },
      // James has no shifts since the rename test: whenever the business is open.
      { providerId: jamesId, services: ['Facials'], floorState: 'on_break', working: null },
    ]);
  });
});
