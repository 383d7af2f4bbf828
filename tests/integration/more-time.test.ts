import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_FRONT_DESK } from '../../src/server/seed/demo.ts';
import { topics } from '../../src/shared/realtime.ts';
import { type WaitEntryResponse, waitEntryResponseSchema } from '../../src/shared/schemas.ts';
import { type BoardEntry, boardResponseSchema } from '../../src/shared/staff-schemas.ts';
import { expectApiError } from '../support/api-error.ts';
import { type JoinedCustomer, joinAsNewCustomer } from '../support/customer.ts';
import { RealtimeTestClient, realtimeUrl } from '../support/realtime-client.ts';
import { type StaffSession, signInStaff, staffAction } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { databaseKinds } from '../support/test-database.ts';

const MINUTE = 60_000;

/** Issue 24: "I need more time" (10 or 20 minutes) and "I'm here" (docs/more-time.md). */
describe.each(databaseKinds)('more time and arrival, on %s', (kind) => {
  let t: TestApp;
  // The businesses' clock: held places run out by it. Near the real time, since arrivals are dated
  // by the database's clock.
  let start = Date.now();
  let now = start;
  let desk: StaffSession;
  let url: string;
  const sockets: RealtimeTestClient[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind, { clock: () => now });
    desk = await signInStaff(t.app, DEMO_FRONT_DESK);
    url = await realtimeUrl(t.app);
    start = Date.now();
  });
  afterAll(async () => {
    await Promise.all(sockets.map((socket) => socket.close()));
    await t?.close();
  });
  beforeEach(async () => {
    now = start;
    // Each test starts with an empty line.
    await t.database.db.query(
      `update wait_entries set status = 'done' where company_id = 'demo' and status = 'waiting'`,
    );
  });

  const post = (customer: JoinedCustomer, action: 'more-time' | 'arrived', payload?: object, as?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/companies/demo/wait-list/${customer.waitId}/${action}`,
      headers: { authorization: as ?? customer.authorization },
      ...(payload ? { payload } : {}),
    });
  const askMoreTime = async (customer: JoinedCustomer, minutes: number) => {
    const response = await post(customer, 'more-time', { minutes });
    expect(response.statusCode, response.body).toBe(200);
    return waitEntryResponseSchema.parse(response.json());
  };
  const arrive = async (customer: JoinedCustomer) => {
    const response = await post(customer, 'arrived');
    expect(response.statusCode, response.body).toBe(200);
    return waitEntryResponseSchema.parse(response.json());
  };
  const view = async (customer: JoinedCustomer): Promise<WaitEntryResponse> =>
    waitEntryResponseSchema.parse(
      (
        await t.app.inject({
          url: `/api/v1/companies/demo/wait-list/${customer.waitId}`,
          headers: { authorization: customer.authorization },
        })
      ).json(),
    );
  const board = async () =>
    boardResponseSchema.parse(
      (await t.app.inject({ url: '/api/v1/staff/board', headers: desk.headers })).json(),
    );
  const boardEntry = async (customer: JoinedCustomer): Promise<BoardEntry> =>
    (await board()).entries.find((entry) => entry.waitId === customer.waitId)!;
  const joinThree = async () => {
    const ana = await joinAsNewCustomer(t, { name: 'Ana Away' });
    const ben = await joinAsNewCustomer(t, { name: 'Ben Here' });
    const cy = await joinAsNewCustomer(t, { name: 'Cy Here' });
    return { ana, ben, cy };
  };

  it('holds the place for the minutes asked, then moves the entry behind the customers who are there, and says so', async () => {
    const { ana, ben, cy } = await joinThree();
    const held = await askMoreTime(ana, 10);
    expect(held.heldUntil).toMatchObject({ at: new Date(start + 10 * MINUTE).toISOString(), minutes: 10 });
    // On the business's clock (the demo's zone), as the page shows it.
    expect(held.heldUntil!.clock).toBe(
      new Intl.DateTimeFormat('en-US', {
        timeZone: 'America/Chicago',
        hour: 'numeric',
        minute: '2-digit',
      }).format(start + 10 * MINUTE),
    );
    expect(held).toMatchObject({ position: 1, movedBack: false, mayAskMoreTime: true, arrivedAt: null });
    expect((await boardEntry(ana)).backBy).toBe(new Date(start + 10 * MINUTE).toISOString());

    now = start + 9 * MINUTE;
    expect((await view(ana)).position).toBe(1);

    now = start + 10 * MINUTE;
    const moved = await view(ana);
    expect(moved).toMatchObject({ position: 3, movedBack: true, heldUntil: null, mayAskMoreTime: false });
    expect((await view(ben)).position).toBe(1);
    expect((await view(cy)).position).toBe(2);
    // Once per visit: the place is not held again.
    expectApiError(await post(ana, 'more-time', { minutes: 20 }), 409, 'MORE_TIME_USED');
    // Coming in now does not win the place back.
    expect(await arrive(ana)).toMatchObject({ position: 3, movedBack: true });
  });

  it('tells the board and the customer when the held time ran out, and the board lists them behind', async () => {
    const { ana, ben, cy } = await joinThree();
    const boardSocket = await RealtimeTestClient.connect(url, { cookie: desk.cookie });
    const page = await RealtimeTestClient.connectCustomer(url, ana.token);
    sockets.push(boardSocket, page);
    await boardSocket.subscribe(topics.board('demo'), null);
    await page.subscribe(topics.wait(ana.waitId), null);

    await askMoreTime(ana, 10);
    const boardEvents = () =>
      boardSocket
        .events(topics.board('demo'))
        .filter((event) => event.event === 'entry.upserted')
        .map((event) => event.data as BoardEntry)
        .filter((entry) => entry.waitId === ana.waitId);
    await expect.poll(() => boardEvents().at(-1)?.backBy).toBe(new Date(start + 10 * MINUTE).toISOString());
    await page.waitForEvents(topics.wait(ana.waitId), 1);

    now = start + 11 * MINUTE;
    // The app looks every few seconds; a hang guard, not a speed limit.
    await expect
      .poll(() => boardEvents().at(-1)?.movedBackAt, { timeout: 30_000 })
      .toBe(new Date(start + 10 * MINUTE).toISOString());
    await page.waitForEvents(topics.wait(ana.waitId), 2);
    expect(
      (await board()).entries.filter((entry) => entry.status === 'waiting').map((e) => e.waitId),
    ).toEqual([ben.waitId, cy.waitId, ana.waitId]);
    // Told once: the mark is the instant it ran out.
    const { rows } = await t.database.db.query<{ moved: Date }>(
      'select moved_back_at as moved from wait_entries where id = $1',
      [ana.waitId],
    );
    expect(new Date(rows[0]!.moved).toISOString()).toBe(new Date(start + 10 * MINUTE).toISOString());
  });

  it("keeps a held place for a customer who says I'm here in time, and the board shows them in the lobby", async () => {
    const { ana, ben } = await joinThree();
    await askMoreTime(ana, 20);
    now = start + 5 * MINUTE;
    const here = await arrive(ana);
    expect(here).toMatchObject({
      arrivedAt: new Date(start + 5 * MINUTE).toISOString(),
      heldUntil: null,
      movedBack: false,
      position: 1,
      // The one hold of the visit was used.
      mayAskMoreTime: false,
    });
    expect(await boardEntry(ana)).toMatchObject({
      arrivedAt: new Date(start + 5 * MINUTE).toISOString(),
      backBy: null,
      movedBackAt: null,
    });
    // A retry answers the same.
    expect((await arrive(ana)).arrivedAt).toBe(new Date(start + 5 * MINUTE).toISOString());

    now = start + 40 * MINUTE;
    expect(await view(ana)).toMatchObject({ position: 1, movedBack: false });
    expect((await view(ben)).position).toBe(2);
  });

  it('answers a retry with the same hold, and 20 after 10 runs from the first ask', async () => {
    const { ana } = await joinThree();
    await askMoreTime(ana, 10);
    now = start + 2 * MINUTE;
    expect((await askMoreTime(ana, 10)).heldUntil?.at).toBe(new Date(start + 10 * MINUTE).toISOString());
    expect((await askMoreTime(ana, 20)).heldUntil).toMatchObject({
      at: new Date(start + 20 * MINUTE).toISOString(),
      minutes: 20,
    });
    // Less than is held changes nothing.
    expect((await askMoreTime(ana, 10)).heldUntil?.at).toBe(new Date(start + 20 * MINUTE).toISOString());
  });

  it("refuses another customer's entry as a missing one, and changes nothing", async () => {
    const { ana, ben } = await joinThree();
    expectApiError(
      await post(ana, 'more-time', { minutes: 10 }, ben.authorization),
      404,
      'WAIT_ENTRY_NOT_FOUND',
    );
    expectApiError(await post(ana, 'arrived', undefined, ben.authorization), 404, 'WAIT_ENTRY_NOT_FOUND');
    // Nor without a customer at all.
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/v1/companies/demo/wait-list/${ana.waitId}/more-time`,
      payload: { minutes: 10 },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await boardEntry(ana)).toMatchObject({ backBy: null, arrivedAt: null });
    expect(await view(ana)).toMatchObject({ heldUntil: null, mayAskMoreTime: true });
  });

  it('takes 10 or 20 minutes only, and stores nothing else', async () => {
    const { ana } = await joinThree();
    for (const payload of [{ minutes: 15 }, { minutes: '10' }, { minutes: 600 }, {}]) {
      const error = expectApiError(await post(ana, 'more-time', payload), 400, 'VALIDATION_FAILED');
      expect(error).toMatchObject({ field: 'minutes', message: 'Ask for 10 or 20 more minutes' });
    }
    expect((await boardEntry(ana)).backBy).toBeNull();
  });

  it('refuses both once the customer is no longer waiting, with a clear message', async () => {
    const { ana } = await joinThree();
    expect((await staffAction(t.app, desk, ana.waitId, 'call')).statusCode).toBe(200);
    for (const response of [await post(ana, 'more-time', { minutes: 10 }), await post(ana, 'arrived')]) {
      const error = expectApiError(response, 409, 'NO_LONGER_WAITING');
      expect(error.message).toMatch(/no longer waiting/);
    }
    expect(await boardEntry(ana)).toMatchObject({ status: 'called', backBy: null, arrivedAt: null });
  });

  it("answers in the reader's language: the held-until time on their clock, and a refusal's words", async () => {
    const { ana } = await joinThree();
    const spanish = { authorization: ana.authorization, 'accept-language': 'es' };
    const held = await t.app.inject({
      method: 'POST',
      url: `/api/v1/companies/demo/wait-list/${ana.waitId}/more-time`,
      headers: spanish,
      payload: { minutes: 10 },
    });
    const inTen = start + 10 * MINUTE;
    const clockIn = (language: string) =>
      new Intl.DateTimeFormat(language, {
        timeZone: 'America/Chicago',
        hour: 'numeric',
        minute: '2-digit',
      }).format(inTen);
    // Latin American Spanish's 12-hour clock (shared/intl-locales.ts), with a plain space.
    expect(waitEntryResponseSchema.parse(held.json()).heldUntil!.clock).toBe(
      clockIn('es-419').replace(/[\u00a0\u202f]/g, ' '),
    );
    expect(waitEntryResponseSchema.parse(held.json()).heldUntil!.clock).toMatch(/^\d{1,2}:\d{2} [ap]\.m\.$/);
    // Read again from a Chinese page, and from an English one as before.
    const viewIn = async (language: string) =>
      waitEntryResponseSchema.parse(
        (
          await t.app.inject({
            url: `/api/v1/companies/demo/wait-list/${ana.waitId}`,
            headers: { authorization: ana.authorization, 'accept-language': language },
          })
        ).json(),
      ).heldUntil!.clock;
    expect(await viewIn('zh-CN')).toBe(clockIn('zh-Hans'));
    expect(await viewIn('en-US')).toBe(clockIn('en-US'));

    expect((await staffAction(t.app, desk, ana.waitId, 'call')).statusCode).toBe(200);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/v1/companies/demo/wait-list/${ana.waitId}/arrived`,
      headers: spanish,
    });
    expect(expectApiError(refused, 409, 'NO_LONGER_WAITING').message).toBe(
      'Ya no estás esperando en la fila, así que no hace falta. Por favor, pasa por recepción.',
    );
  });
});
