import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppointmentsRepository } from '../../src/server/features/appointments/appointments.repository.ts';
import { createPrivacyService } from '../../src/server/features/privacy/privacy.service.ts';
import { DEMO_FRONT_DESK, DEMO_PROVIDER } from '../../src/server/seed/demo.ts';
import { createRecordingSmsSender } from '../../src/server/sms/sms-sender.ts';
import {
  type Appointment,
  appointmentActionResponseSchema,
  appointmentListSchema,
  appointmentSchema,
} from '../../src/shared/appointment-schemas.ts';
import { localDateTime, minuteOfDay } from '../../src/shared/local-time.ts';
import { topics } from '../../src/shared/realtime.ts';
import { boardResponseSchema } from '../../src/shared/staff-schemas.ts';
import { expectApiError } from '../support/api-error.ts';
import { getWaitEntry, joinAsNewCustomer } from '../support/customer.ts';
import {
  createBusiness,
  listProviders,
  type StaffSession,
  signInStaff,
  staffAction,
} from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { databaseKinds } from '../support/test-database.ts';

const DEMO_ZONE = 'America/Chicago';

/** The demo business's wall clock `minutes` from now, as the Book dialog sends it. */
function slot(minutes: number): { date: string; time: string } {
  const { date, minute } = localDateTime(Date.now() + minutes * 60_000, DEMO_ZONE);
  const pad = (n: number) => String(n).padStart(2, '0');
  return { date, time: `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}` };
}

/**
 * `minutes` ago on the demo business's clock, but not before its midnight: the list starts at the
 * business's today, so a booking a few minutes before it (a run in the first minutes of a day)
 * would not be listed. Midnight itself is past, as a few minutes ago is.
 */
function pastSlotToday(minutes: number): { date: string; time: string } {
  const now = Date.now();
  const today = localDateTime(now, DEMO_ZONE).date;
  const { date, minute } = localDateTime(now - minutes * 60_000, DEMO_ZONE);
  if (date !== today) return { date: today, time: '00:00' };
  const pad = (n: number) => String(n).padStart(2, '0');
  return { date, time: `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}` };
}

describe.each(databaseKinds)('appointments booked from the board, on %s', (kind) => {
  let t: TestApp;
  let desk: StaffSession;
  let owner: StaffSession;
  let maria: string;
  const sender = createRecordingSmsSender();

  beforeAll(async () => {
    t = await createTestApp(kind, { smsSender: sender });
    desk = await signInStaff(t.app, DEMO_FRONT_DESK);
    owner = await signInStaff(t.app);
    maria = (await listProviders(t.database.db, 'demo'))[0]!.id;
    // A listed duration other than the default, so the booking is seen to copy it.
    await t.database.db.query(
      "update services set duration_minutes = 45 where company_id = 'demo' and name = 'Facials'",
    );
  });
  afterAll(async () => t?.close());

  const book = (session: StaffSession, payload: object, key?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/appointments',
      headers: { ...session.headers, ...(key ? { 'idempotency-key': key } : {}) },
      payload,
    });
  const act = (session: StaffSession, id: string, action: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/staff/appointments/${id}/${action}`,
      headers: session.headers,
    });
  const list = async (session: StaffSession) => {
    const response = await t.app.inject({ url: '/api/v1/staff/appointments', headers: session.headers });
    expect(response.statusCode, response.body).toBe(200);
    return appointmentListSchema.parse(response.json());
  };
  const booking = (overrides: object = {}) => ({
    name: 'Booked Bea',
    serviceType: 'Facials',
    providerId: maria,
    ...slot(60),
    ...overrides,
  });
  async function bookOne(overrides: object = {}): Promise<Appointment> {
    const response = await book(desk, booking(overrides));
    expect(response.statusCode, response.body).toBe(201);
    return appointmentSchema.parse(response.json());
  }
  const boardEntry = async (waitId: string) =>
    boardResponseSchema
      .parse((await t.app.inject({ url: '/api/v1/staff/board', headers: desk.headers })).json())
      .entries.find((entry) => entry.waitId === waitId);
  /** The statuses the board topic's numbered "appointment.upserted" events carried for one appointment. */
  const appointmentEvents = async (id: string) =>
    (
      await t.database.db.query<{ status: string }>(
        `select data->>'status' as status from realtime_events
          where topic = $1 and type = 'appointment.upserted' and data->>'id' = $2 order by seq`,
        [topics.board('demo'), id],
      )
    ).rows.map((row) => row.status);

  it('books a visit at the business clock, with the service’s listed duration, once per request key', async () => {
    const when = slot(90);
    const payload = booking({ ...when, phoneNumber: '+14155550142' });
    const first = await book(desk, payload, 'book-key-1');
    const again = await book(desk, payload, 'book-key-1');
    expect(first.statusCode, first.body).toBe(201);
    expect(again.statusCode).toBe(200);
    const appointment = appointmentSchema.parse(first.json());
    expect(again.json().id).toBe(appointment.id);
    expect(appointment).toMatchObject({
      name: 'Booked Bea',
      phoneNumber: '+14155550142',
      serviceType: 'Facials',
      providerId: maria,
      providerName: 'Maria Lopez',
      durationMinutes: 45,
      status: 'booked',
      waitId: null,
    });
    // The time on the business's clock, whatever the server's own zone.
    const booked = localDateTime(Date.parse(appointment.startsAt), DEMO_ZONE);
    expect(booked.date).toBe(when.date);
    expect(booked.minute).toBe(minuteOfDay(when.time));
    const { rows } = await t.database.db.query(
      'select count(*)::int as n from appointments where name = $1',
      ['Booked Bea'],
    );
    expect(rows).toEqual([{ n: 1 }]);
    const listed = await list(desk);
    expect(listed.timeZone).toBe(DEMO_ZONE);
    expect(listed.appointments.map((a) => a.id)).toContain(appointment.id);
    await expect.poll(() => appointmentEvents(appointment.id)).toEqual(['booked']);
    // Nothing is texted at booking.
    expect(sender.sent.filter((text) => text.to === '+14155550142')).toEqual([]);
    expect((await act(desk, appointment.id, 'cancel')).statusCode).toBe(200);
  });

  it('puts an arrival in line, assigned to its provider, at its booked time: ahead of a walk-in who came later', async () => {
    const appointment = await bookOne({ name: 'On-time Olga', phoneNumber: '+14155550143', ...slot(-5) });
    const walkIn = await joinAsNewCustomer(t);
    const placeBefore = (await getWaitEntry(t.app, walkIn.authorization, walkIn.waitId)).position!;

    const response = await act(desk, appointment.id, 'arrive');
    expect(response.statusCode, response.body).toBe(200);
    const { appointment: arrived, visit } = appointmentActionResponseSchema.parse(response.json());
    expect(arrived).toMatchObject({ status: 'arrived', waitId: visit!.waitId });
    expect(visit!.textSent).toBe(true);

    const entry = await boardEntry(visit!.waitId);
    expect(entry).toMatchObject({
      name: 'On-time Olga',
      status: 'waiting',
      providerId: maria,
      providerName: 'Maria Lopez',
      serviceType: 'Facials',
      date: appointment.startsAt,
    });
    const { rows } = await t.database.db.query('select origin from wait_entries where id = $1', [
      visit!.waitId,
    ]);
    expect(rows).toEqual([{ origin: 'appointment' }]);
    // The walk-in who joined after the booked time is now one place further back.
    expect((await getWaitEntry(t.app, walkIn.authorization, walkIn.waitId)).position).toBe(placeBefore + 1);
    await expect.poll(() => sender.sent.filter((text) => text.to === '+14155550143').length).toBe(1);
    await expect.poll(() => appointmentEvents(appointment.id)).toEqual(['booked', 'arrived']);

    // Then it moves as a walk-in does.
    for (const action of ['call', 'start', 'done'])
      expect((await staffAction(t.app, desk, visit!.waitId, action)).statusCode, action).toBe(200);
    expect(await boardEntry(visit!.waitId)).toMatchObject({ status: 'done' });
    expect((await staffAction(t.app, desk, walkIn.waitId, 'remove')).statusCode).toBe(200);
  });

  it("moves a leaving provider's booked appointments with their customers; sent to anyone, the arrival joins for anyone", async () => {
    const addProvider = async (name: string) => {
      const added = await t.app.inject({
        method: 'POST',
        url: '/api/v1/staff/settings/providers',
        headers: owner.headers,
        payload: { name, speciality: 'Cuts', station: '' },
      });
      expect(added.statusCode, added.body).toBe(201);
      return (await listProviders(t.database.db, 'demo')).find((p) => p.name === name)!.id;
    };
    const remove = (providerId: string, moveTo?: string) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/v1/staff/settings/providers/${providerId}${moveTo ? `?moveTo=${moveTo}` : ''}`,
        headers: owner.headers,
      });
    const leaving = await addProvider(`Leaving ${randomUUID().slice(0, 6)}`);
    const moved = await bookOne({ name: 'Moved Mo', providerId: leaving, ...slot(90) });
    expect((await remove(leaving, maria)).statusCode).toBe(200);
    expect((await list(desk)).appointments.find((a) => a.id === moved.id)).toMatchObject({
      providerId: maria,
      providerName: 'Maria Lopez',
      status: 'booked',
    });
    await expect.poll(() => appointmentEvents(moved.id)).toEqual(['booked', 'booked']);

    const alone = await addProvider(`Alone ${randomUUID().slice(0, 6)}`);
    const kept = await bookOne({ name: 'Kept Kay', providerId: alone, ...pastSlotToday(5) });
    expect((await remove(alone)).statusCode).toBe(200);
    expect((await list(desk)).appointments.find((a) => a.id === kept.id)).toMatchObject({
      providerId: alone,
      status: 'booked',
    });
    const arrived = appointmentActionResponseSchema.parse((await act(desk, kept.id, 'arrive')).json());
    expect(await boardEntry(arrived.visit!.waitId)).toMatchObject({ name: 'Kept Kay', providerId: null });
    for (const id of [arrived.visit!.waitId]) await staffAction(t.app, desk, id, 'remove');
    await act(desk, moved.id, 'cancel');
  });

  it('joins an early arrival at the moment it arrives, not at its later booked time', async () => {
    const appointment = await bookOne({ name: 'Early Ed', ...slot(120) });
    const before = Date.now();
    const response = await act(desk, appointment.id, 'arrive');
    expect(response.statusCode, response.body).toBe(200);
    const { visit } = appointmentActionResponseSchema.parse(response.json());
    const entry = await boardEntry(visit!.waitId);
    expect(Date.parse(entry!.date)).toBeLessThan(Date.parse(appointment.startsAt));
    expect(Date.parse(entry!.date)).toBeGreaterThanOrEqual(before - 60_000);
    expect(visit!.textSent).toBe(false);
    expect((await staffAction(t.app, desk, visit!.waitId, 'remove')).statusCode).toBe(200);
  });

  it('makes one visit of two Arrived taps, even at once', async () => {
    const appointment = await bookOne({ name: 'Twice Tess', ...slot(-2) });
    const [first, second] = await Promise.all([
      act(desk, appointment.id, 'arrive'),
      act(owner, appointment.id, 'arrive'),
    ]);
    const third = await act(desk, appointment.id, 'arrive');
    for (const response of [first, second, third]) expect(response.statusCode, response.body).toBe(200);
    const waitIds = [first, second, third].map(
      (response) => appointmentActionResponseSchema.parse(response.json()).visit!.waitId,
    );
    expect(new Set(waitIds).size).toBe(1);
    const { rows } = await t.database.db.query(
      "select count(*)::int as n from wait_entries where company_id = 'demo' and name = 'Twice Tess'",
    );
    expect(rows).toEqual([{ n: 1 }]);
    expect((await staffAction(t.app, desk, waitIds[0]!, 'remove')).statusCode).toBe(200);
  });

  it('cancels a booking, which then neither arrives nor cancels again, and marks a no-show missed only once its time came', async () => {
    const cancelled = await bookOne({ name: 'Cancelled Cal' });
    const response = await act(owner, cancelled.id, 'cancel');
    expect(response.statusCode, response.body).toBe(200);
    expect(appointmentActionResponseSchema.parse(response.json())).toMatchObject({
      appointment: { status: 'cancelled' },
      visit: null,
    });
    expectApiError(await act(desk, cancelled.id, 'arrive'), 409, 'STATUS_CHANGE_NOT_ALLOWED');
    expectApiError(await act(desk, cancelled.id, 'cancel'), 409, 'STATUS_CHANGE_NOT_ALLOWED');
    const { rows } = await t.database.db.query(
      "select count(*)::int as n from wait_entries where company_id = 'demo' and name = 'Cancelled Cal'",
    );
    expect(rows).toEqual([{ n: 0 }]);
    await expect.poll(() => appointmentEvents(cancelled.id)).toEqual(['booked', 'cancelled']);

    const later = await bookOne({ name: 'Later Lou' });
    expectApiError(await act(desk, later.id, 'miss'), 409, 'STATUS_CHANGE_NOT_ALLOWED');
    expect((await act(desk, later.id, 'cancel')).statusCode).toBe(200);
    const due = await bookOne({ name: 'No-show Ned', ...slot(-3) });
    const missed = await act(desk, due.id, 'miss');
    expect(missed.statusCode, missed.body).toBe(200);
    expect(missed.json().appointment.status).toBe('missed');
    expectApiError(await act(desk, due.id, 'arrive'), 409, 'STATUS_CHANGE_NOT_ALLOWED');
  });

  it("treats another business's appointment as missing, and lists only the business's own", async () => {
    const appointment = await bookOne({ name: 'Demo Dana' });
    const other = await createBusiness(t.database.db);
    const otherOwner = await signInStaff(t.app, other.owner);
    for (const action of ['arrive', 'miss', 'cancel'])
      expectApiError(await act(otherOwner, appointment.id, action), 404, 'APPOINTMENT_NOT_FOUND');
    expect((await list(otherOwner)).appointments).toEqual([]);
    expectApiError(
      await book(otherOwner, booking({ serviceType: 'Facials', providerId: maria })),
      400,
      'PROVIDER_NOT_FOUND',
    );
    expect(
      (await t.database.db.query('select status from appointments where id = $1', [appointment.id])).rows,
    ).toEqual([{ status: 'booked' }]);
    expect((await act(desk, appointment.id, 'cancel')).statusCode).toBe(200);
  });

  it('refuses what the desk walk-in refuses, past times and unknown providers, and nothing is stored', async () => {
    const refused = async (payload: object, field: string) => {
      const response = await book(desk, booking({ name: 'Refused Rita', ...payload }));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.field).toBe(field);
    };
    await refused({ phoneNumber: '+15555555555' }, 'phoneNumber');
    await refused({ phoneNumber: '555' }, 'phoneNumber');
    await refused({ name: '  ' }, 'name');
    await refused({ serviceType: 'Not a service' }, 'serviceType');
    await refused({ providerId: randomUUID() }, 'providerId');
    await refused({ providerId: 'maria' }, 'providerId');
    await refused(slot(-30), 'time');
    await refused({ time: '25:00' }, 'time');
    await refused({ date: '2026-02-30x' }, 'date');
    const { rows } = await t.database.db.query(
      "select count(*)::int as n from appointments where name = 'Refused Rita'",
    );
    expect(rows).toEqual([{ n: 0 }]);
  });

  it('lets a provider read the lane, with others’ numbers hidden, but not book, arrive or cancel', async () => {
    const james = (await listProviders(t.database.db, 'demo'))[1]!.id;
    const mine = await bookOne({ name: 'Maria’s Mae', phoneNumber: '+14155550144' });
    const jamess = await bookOne({ name: 'James’s Jo', phoneNumber: '+14155550145', providerId: james });
    const provider = await signInStaff(t.app, DEMO_PROVIDER);
    const seen = (await list(provider)).appointments;
    expect(seen.find((a) => a.id === mine.id)?.phoneNumber).toBe('+14155550144');
    expect(seen.find((a) => a.id === jamess.id)?.phoneNumber).not.toContain('4155550145');
    expectApiError(await book(provider, booking({ name: 'By Maria' })), 403, 'ROLE_NOT_ALLOWED');
    for (const action of ['arrive', 'miss', 'cancel'])
      expectApiError(await act(provider, mine.id, action), 403, 'ROLE_NOT_ALLOWED');
    expect((await list(desk)).appointments.find((a) => a.id === mine.id)?.status).toBe('booked');
    for (const appointment of [mine, jamess])
      expect((await act(desk, appointment.id, 'cancel')).statusCode).toBe(200);
  });

  it("reads a provider's booked time in a window for the estimate: not another provider's, nor cancelled or arrived", async () => {
    const james = (await listProviders(t.database.db, 'demo'))[1]!.id;
    const kept = await bookOne({ name: 'Kept Kay', ...slot(180) });
    const cancelled = await bookOne({ name: 'Gone Gus', ...slot(240) });
    const arrived = await bookOne({ name: 'Here Hal', ...slot(200) });
    const jamess = await bookOne({ name: 'Other Oz', providerId: james, ...slot(180) });
    await act(desk, cancelled.id, 'cancel');
    const { visit } = appointmentActionResponseSchema.parse((await act(desk, arrived.id, 'arrive')).json());
    const repository = createAppointmentsRepository(t.database.db);
    const starts = Date.parse(kept.startsAt);
    // A window that begins inside the appointment still holds it (45 minutes long).
    const window = await repository.bookedIntervals(
      maria,
      new Date(starts + 30 * 60_000),
      new Date(starts + 6 * 3_600_000),
    );
    expect(window).toEqual([
      { appointmentId: kept.id, startsAt: new Date(starts), endsAt: new Date(starts + 45 * 60_000) },
    ]);
    expect(
      await repository.bookedIntervals(maria, new Date(starts + 45 * 60_000), new Date(starts + 60 * 60_000)),
    ).toEqual([]);
    for (const appointment of [kept, jamess]) await act(desk, appointment.id, 'cancel');
    await staffAction(t.app, desk, visit!.waitId, 'remove');
  });

  it("erases a number's appointments with the owner's erase, and retention deletes appointments past the business's days", async () => {
    const erased = await bookOne({ name: 'Erase Me', phoneNumber: '+14155550146' });
    const kept = await bookOne({ name: 'Keep Me', phoneNumber: '+14155550147' });
    await expect.poll(() => appointmentEvents(erased.id)).toEqual(['booked']);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/customers/erase',
      headers: owner.headers,
      payload: { phoneNumber: '+14155550146' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const row = async (id: string) =>
      (await t.database.db.query('select name, phone_number, status from appointments where id = $1', [id]))
        .rows[0];
    expect(await row(erased.id)).toEqual({ name: '', phone_number: null, status: 'cancelled' });
    expect(await row(kept.id)).toEqual({ name: 'Keep Me', phone_number: '+14155550147', status: 'booked' });
    // The lanes heard it, and the realtime log's copies no longer hold the number.
    await expect.poll(() => appointmentEvents(erased.id)).toEqual(['booked', 'cancelled']);
    const copies = await t.database.db.query(
      `select count(*)::int as n from (select data from realtime_events union all select data from realtime_pending) e
        where e.data::text like '%4155550146%' or e.data::text like '%Erase Me%'`,
    );
    expect(copies.rows).toEqual([{ n: 0 }]);

    await t.database.db.query(
      "update appointments set starts_at = now() - interval '400 days' where id = $1",
      [kept.id],
    );
    const passed = await createPrivacyService({
      db: t.database.db,
      eventLog: { flushSoon: () => {} },
    }).runRetention();
    expect(passed.appointments).toBe(1);
    expect(await row(kept.id)).toBeUndefined();
    expect(await row(erased.id)).toBeDefined();
  });
});

describe.each(databaseKinds)('a booking on the night the clocks go back, on %s', (kind) => {
  // Chicago's next fall-back: 2:00 CDT on 2027-11-07 becomes 1:00 CST, at 07:00 UTC, so the wall
  // clock shows 1:00–1:59 twice: 06:00–06:59 UTC, then 07:00–07:59 UTC.
  let clock = Date.parse('2027-11-07T07:35:00Z');
  let t: TestApp;
  let desk: StaffSession;
  let maria: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { clock: () => clock });
    desk = await signInStaff(t.app, DEMO_FRONT_DESK);
    maria = (await listProviders(t.database.db, 'demo'))[0]!.id;
  });
  afterAll(async () => t?.close());

  const book = (time: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/appointments',
      headers: desk.headers,
      payload: { name: 'Fall Back Fay', serviceType: 'Facials', providerId: maria, date: '2027-11-07', time },
    });

  it('takes a time of the repeated hour typed during its second pass as that one, not an hour earlier', async () => {
    clock = Date.parse('2027-11-07T07:35:00Z'); // 1:35 CST, the second 1:35
    const justNow = await book('01:33');
    expect(justNow.statusCode, justNow.body).toBe(201);
    expect(appointmentSchema.parse(justNow.json()).startsAt).toBe('2027-11-07T07:33:00.000Z');
    const later = await book('01:50');
    expect(later.statusCode, later.body).toBe(201);
    expect(appointmentSchema.parse(later.json()).startsAt).toBe('2027-11-07T07:50:00.000Z');
    // Past in both of its passes (06:20 and 07:20 UTC), beyond the 10 minutes' grace.
    const error = expectApiError(await book('01:20'), 400, 'VALIDATION_FAILED');
    expect(error.message).toBe('That time has passed. Pick a later time.');
  });

  it('takes a time of the repeated hour typed before it as its first pass', async () => {
    clock = Date.parse('2027-11-07T06:40:00Z'); // 1:40 CDT, the first 1:40
    const soon = await book('01:50');
    expect(soon.statusCode, soon.body).toBe(201);
    expect(appointmentSchema.parse(soon.json()).startsAt).toBe('2027-11-07T06:50:00.000Z');
  });
});
