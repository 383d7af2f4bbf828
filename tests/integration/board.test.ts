import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerTexts } from '../../src/client/lib/customer-texts.ts';
import { localDateTime } from '../../src/shared/local-time.ts';
import { topics } from '../../src/shared/realtime.ts';
import { apiErrorSchema, waitEntryResponseSchema } from '../../src/shared/schemas.ts';
import { boardEntrySchema, boardResponseSchema, type Provider } from '../../src/shared/staff-schemas.ts';
import { getWaitEntry, type JoinedCustomer, joinAsNewCustomer } from '../support/customer.ts';
import { countTopicEvents } from '../support/events.ts';
import { buildJoinRequest, idempotencyKey } from '../support/factories.ts';
import {
  assignProvider,
  createBusiness,
  listProviders,
  type StaffSession,
  signInStaff,
  staffAction,
} from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { databaseKinds } from '../support/test-database.ts';

interface EntryRow {
  status: string;
  called_at: Date | null;
  started_at: Date | null;
  finished_at: Date | null;
  provider_id: string | null;
  updated_at: Date;
}

describe.each(databaseKinds)('staff board on %s', (kind) => {
  let t: TestApp;
  let owner: StaffSession;
  let demoProviders: Provider[];

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await signInStaff(t.app);
    demoProviders = await listProviders(t.database.db, 'demo');
  });
  afterAll(async () => t?.close());

  const act = (waitId: string, action: string, session = owner) =>
    staffAction(t.app, session, waitId, action);
  const assign = (waitId: string, providerId: string | null, session = owner) =>
    assignProvider(t.app, session, waitId, providerId);

  async function row(waitId: string): Promise<EntryRow> {
    const { rows } = await t.database.db.query<EntryRow>(
      'select status, called_at, started_at, finished_at, provider_id, updated_at from wait_entries where id = $1',
      [waitId],
    );
    return rows[0]!;
  }

  async function expectStep(waitId: string, action: string, status: string) {
    const response = await act(waitId, action);
    expect(response.statusCode, `${action} → ${status}: ${response.body}`).toBe(200);
    const entry = boardEntrySchema.parse(response.json());
    expect(entry.waitId).toBe(waitId);
    expect(entry.status).toBe(status);
    expect((await row(waitId)).status).toBe(status);
    return entry;
  }

  async function expectRefused(waitId: string, action: string) {
    const before = await row(waitId);
    const response = await act(waitId, action);
    expect(response.statusCode, `${action}: ${response.body}`).toBe(409);
    expect(apiErrorSchema.parse(response.json()).error.code).toBe('STATUS_CHANGE_NOT_ALLOWED');
    expect(await row(waitId)).toEqual(before);
  }

  it('lists a new join as waiting, with the business providers and the board seq', async () => {
    const customer = await joinAsNewCustomer(t, { name: 'Board Newcomer', serviceType: 'Massage' });
    const response = await t.app.inject({ url: '/api/v1/staff/board', headers: { cookie: owner.cookie } });
    expect(response.statusCode).toBe(200);
    const board = boardResponseSchema.parse(response.json());
    expect(board.companyId).toBe('demo');
    expect(board.entries.find((e) => e.waitId === customer.waitId)).toEqual({
      waitId: customer.waitId,
      customerId: customer.customerId,
      name: 'Board Newcomer',
      phoneNumber: '+14155550123',
      serviceType: 'Massage',
      status: 'waiting',
      date: expect.any(String),
      calledAt: null,
      startedAt: null,
      finishedAt: null,
      providerId: null,
      providerName: null,
      chatThreadKey: customer.chatThreadKey,
      unread: 0,
      requestStatus: null,
      requestDeadline: null,
      backBy: null,
      arrivedAt: null,
      movedBackAt: null,
      joinAnswers: null,
      // A party of one (docs/party-size.md).
      party: null,
      // Joined without a page's language (no Accept-Language): the business's, kept on the visit.
      language: 'en',
    });
    expect(board.providers.map((p) => p.name)).toEqual(['Maria Lopez', 'James Chen']);
    expect(board.services).toContain('Massage');
    // The seq to subscribe after: never beyond the topic's head (the realtime suite checks no gap).
    const { rows } = await t.database.db.query<{ seq: number }>(
      "select coalesce((select seq::int from realtime_topics where topic = 'board:demo'), 0) as seq",
    );
    expect(board.seq).toBeGreaterThanOrEqual(0);
    expect(board.seq).toBeLessThanOrEqual(rows[0]!.seq);
  });

  it('has the board events of a join and of a call numbered by the time each is answered, on the embedded database', async () => {
    const boardTopic = topics.board('demo');
    /** The visit's statuses as the board's numbered events carry them, and whether one waits to be numbered. */
    const boardEvents = async (waitId: string) => {
      const { rows } = await t.database.db.query<{ statuses: string[] | null; pending: boolean }>(
        `select (select array_agg(e.data->>'status' order by e.seq) from realtime_events e
                  where e.topic = $1 and e.type = 'entry.upserted' and e.data->>'waitId' = $2) as statuses,
                exists (select 1 from realtime_pending p where p.topic = $1 and p.data->>'waitId' = $2) as pending`,
        [boardTopic, waitId],
      );
      return { statuses: rows[0]?.statuses ?? [], pending: rows[0]?.pending ?? false };
    };
    const { authorization } = await t.signIn();
    const joined = await t.app.inject({
      method: 'POST',
      url: '/api/v1/companies/demo/wait-list',
      headers: { authorization, 'idempotency-key': idempotencyKey() },
      payload: buildJoinRequest({ name: 'Prompt Pam' }),
    });
    expect(joined.statusCode, joined.body).toBe(201);
    const { waitId } = joined.json() as { waitId: string };
    const afterJoin = await boardEvents(waitId);
    expect((await staffAction(t.app, owner, waitId, 'call')).statusCode).toBe(200);
    const afterCall = await boardEvents(waitId);
    if (kind === 'pglite') {
      expect(afterJoin).toEqual({ statuses: ['waiting'], pending: false });
      expect(afterCall).toEqual({ statuses: ['waiting', 'called'], pending: false });
    } else {
      // PostgreSQL numbers them once the change has committed, on another connection maybe.
      await expect
        .poll(() => boardEvents(waitId))
        .toEqual({ statuses: ['waiting', 'called'], pending: false });
    }
  });

  it('needs a staff session', async () => {
    expect((await t.app.inject({ url: '/api/v1/staff/board' })).statusCode).toBe(401);
    const customer = await joinAsNewCustomer(t);
    const asCustomer = await t.app.inject({
      method: 'POST',
      url: `/api/v1/staff/wait-entries/${customer.waitId}/call`,
      headers: { authorization: customer.authorization },
    });
    expect(asCustomer.statusCode).toBe(401);
    expect((await row(customer.waitId)).status).toBe('waiting');
  });

  it('moves an entry waiting → called → in service → done, stamping each step', async () => {
    const { waitId } = await joinAsNewCustomer(t);
    const called = await expectStep(waitId, 'call', 'called');
    expect(called.calledAt).not.toBeNull();
    const afterCall = await row(waitId);
    expect(afterCall.called_at).not.toBeNull();
    expect(afterCall.started_at).toBeNull();

    const started = await expectStep(waitId, 'start', 'in_service');
    expect(started.startedAt).not.toBeNull();
    expect((await row(waitId)).started_at).not.toBeNull();

    const done = await expectStep(waitId, 'done', 'done');
    expect(done.finishedAt).not.toBeNull();
    expect((await row(waitId)).finished_at).not.toBeNull();

    const board = boardResponseSchema.parse(
      (await t.app.inject({ url: '/api/v1/staff/board', headers: { cookie: owner.cookie } })).json(),
    );
    expect(board.entries.find((e) => e.waitId === waitId)?.status).toBe('done');
  });

  it('allows done straight from called', async () => {
    const { waitId } = await joinAsNewCustomer(t);
    await expectStep(waitId, 'call', 'called');
    await expectStep(waitId, 'done', 'done');
    expect((await row(waitId)).started_at).toBeNull();
  });

  it('marks a waiting entry no-show, and removes one as cancelled', async () => {
    const first = await joinAsNewCustomer(t);
    const noShow = await expectStep(first.waitId, 'no-show', 'no_show');
    expect(noShow.finishedAt).not.toBeNull();
    const second = await joinAsNewCustomer(t);
    await expectStep(second.waitId, 'remove', 'cancelled');
    expect((await row(second.waitId)).finished_at).not.toBeNull();
  });

  it('refuses impossible steps with 409 and leaves the row as it was', async () => {
    const { waitId } = await joinAsNewCustomer(t);
    await expectRefused(waitId, 'done');
    await expectStep(waitId, 'call', 'called');
    await expectRefused(waitId, 'call');
    await expectStep(waitId, 'done', 'done');
    for (const action of ['call', 'start', 'done', 'no-show', 'remove']) await expectRefused(waitId, action);
  });

  it('answers 400 for an unknown action or a malformed id, and 404 for an unknown entry', async () => {
    const { waitId } = await joinAsNewCustomer(t);
    expect((await act(waitId, 'dance')).statusCode).toBe(400);
    expect((await act('not-a-uuid', 'call')).statusCode).toBe(400);
    const missing = await act('00000000-0000-4000-8000-000000000000', 'call');
    expect(missing.statusCode).toBe(404);
    expect(apiErrorSchema.parse(missing.json()).error.code).toBe('WAIT_ENTRY_NOT_FOUND');
    expect((await row(waitId)).status).toBe('waiting');
  });

  it('lets exactly one of two concurrent calls through', async () => {
    const second = await signInStaff(t.app);
    const { waitId } = await joinAsNewCustomer(t);
    const eventsBefore = await countTopicEvents(t.database.db, topics.wait(waitId));
    const responses = await Promise.all([act(waitId, 'call'), act(waitId, 'call', second)]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await row(waitId)).status).toBe('called');
    // Only the successful call told the entry's followers.
    expect(await countTopicEvents(t.database.db, topics.wait(waitId))).toBe(eventsBefore + 1);
  });

  describe('providers', () => {
    it('assigns a provider of the business, seen by the customer and on the checked-in page', async () => {
      const customer = await joinAsNewCustomer(t, { serviceType: 'Facials' });
      const maria = demoProviders.find((p) => p.name === 'Maria Lopez')!;
      const response = await assign(customer.waitId, maria.id);
      expect(response.statusCode).toBe(200);
      expect(boardEntrySchema.parse(response.json())).toMatchObject({
        providerId: maria.id,
        providerName: 'Maria Lopez',
      });
      expect((await row(customer.waitId)).provider_id).toBe(maria.id);

      const entry = waitEntryResponseSchema.parse(
        await getWaitEntry(t.app, customer.authorization, customer.waitId),
      );
      expect(entry.history).toEqual({
        id: customer.waitId,
        name: customer.name,
        providerId: maria.id,
        providerName: 'Maria Lopez',
        providerStation: 'Chair 1',
      });
      // The checked-in page names the assigned provider instead of the business.
      expect(
        customerTexts.checkedIn.sentTo(entry.history.providerName ?? entry.companyName, entry.serviceType),
      ).toBe('Your request was sent to Maria Lopez for Facials.');

      const cleared = await assign(customer.waitId, null);
      expect(cleared.statusCode).toBe(200);
      const after = await getWaitEntry(t.app, customer.authorization, customer.waitId);
      expect(after.history.providerName).toBeNull();
      expect(
        customerTexts.checkedIn.sentTo(after.history.providerName ?? after.companyName, after.serviceType),
      ).toBe('Your request was sent to Bella Demo Salon for Facials.');
    });

    it("refuses another business's provider or an unknown one with 400 PROVIDER_NOT_FOUND", async () => {
      const other = await createBusiness(t.database.db);
      const customer = await joinAsNewCustomer(t);
      for (const providerId of [other.providers[0]!.id, '00000000-0000-4000-8000-000000000000']) {
        const response = await assign(customer.waitId, providerId);
        expect(response.statusCode, providerId).toBe(400);
        expect(apiErrorSchema.parse(response.json()).error.code).toBe('PROVIDER_NOT_FOUND');
      }
      expect((await row(customer.waitId)).provider_id).toBeNull();
      const entry = await getWaitEntry(t.app, customer.authorization, customer.waitId);
      expect(entry.history.providerName).toBeNull();
    });
  });

  describe('customer view', () => {
    it('lets the customer leave once: cancelled, then 409', async () => {
      const customer = await joinAsNewCustomer(t);
      const leave = () =>
        t.app.inject({
          method: 'POST',
          url: `/api/v1/companies/demo/wait-list/${customer.waitId}/leave`,
          headers: { authorization: customer.authorization },
        });
      const first = await leave();
      expect(first.statusCode).toBe(200);
      const entry = waitEntryResponseSchema.parse(first.json());
      expect(entry).toMatchObject({ status: 'cancelled', position: null, estimatedWaitMinutes: null });
      expect((await row(customer.waitId)).status).toBe('cancelled');

      const second = await leave();
      expect(second.statusCode).toBe(409);
      expect(apiErrorSchema.parse(second.json()).error.code).toBe('STATUS_CHANGE_NOT_ALLOWED');
      expect((await row(customer.waitId)).status).toBe('cancelled');
    });

    it('counts only the providers on the floor in the estimate (docs/wait-estimate.md)', async () => {
      const business = await createBusiness(t.database.db, {
        services: ['Facials'],
        providers: [{ name: 'Ana' }, { name: 'Ben' }],
      });
      const staff = await signInStaff(t.app, business.owner);
      const [, ben] = await listProviders(t.database.db, business.companyId);
      const people: JoinedCustomer[] = [];
      for (const name of ['One', 'Two']) {
        people.push(await joinAsNewCustomer(t, { name, serviceType: 'Facials' }, business.companyId));
      }
      const view = (person: JoinedCustomer) =>
        getWaitEntry(t.app, person.authorization, person.waitId, business.companyId);
      expect((await view(people[1]!)).estimatedWaitMinutes).toBe(0);
      const off = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/staff/providers/${ben!.id}/floor-state`,
        headers: staff.headers,
        payload: { floorState: 'off' },
      });
      expect(off.statusCode, off.body).toBe(200);
      // Ana alone: the second waits for the first's 30-minute facial.
      expect((await view(people[1]!)).estimatedWaitMinutes).toBe(30);
    });

    it('keeps a provider’s booked appointment free in the estimate', async () => {
      const business = await createBusiness(t.database.db, {
        services: ['Facials'],
        providers: [{ name: 'Solo' }],
      });
      const staff = await signInStaff(t.app, business.owner);
      const [solo] = await listProviders(t.database.db, business.companyId);
      const first = await joinAsNewCustomer(
        t,
        { name: 'Waiting', serviceType: 'Facials' },
        business.companyId,
      );
      const view = () => getWaitEntry(t.app, first.authorization, first.waitId, business.companyId);
      expect((await view()).estimatedWaitMinutes).toBe(0);
      // Booked now for a 30-minute facial, on the business's clock (createBusiness: New York).
      const here = localDateTime(Date.now(), 'America/New_York');
      const booked = await t.app.inject({
        method: 'POST',
        url: '/api/v1/staff/appointments',
        headers: staff.headers,
        payload: {
          name: 'Booked Guest',
          serviceType: 'Facials',
          providerId: solo!.id,
          date: here.date,
          time: `${String(Math.floor(here.minute / 60)).padStart(2, '0')}:${String(here.minute % 60).padStart(2, '0')}`,
        },
      });
      expect(booked.statusCode, booked.body).toBe(201);
      // The walk-in now waits for the appointment's end.
      expect((await view()).estimatedWaitMinutes).toBeGreaterThanOrEqual(25);
    });

    it('shows position and estimated wait, shared by the providers at work', async () => {
      // A business of its own so the demo board's other entries do not count.
      const business = await createBusiness(t.database.db, {
        services: ['Facials'],
        providers: [{ name: 'Ana' }, { name: 'Ben' }],
      });
      const staff = await signInStaff(t.app, business.owner);
      const people: JoinedCustomer[] = [];
      for (const name of ['First', 'Second', 'Third']) {
        people.push(await joinAsNewCustomer(t, { name, serviceType: 'Facials' }, business.companyId));
      }
      const view = (person: JoinedCustomer) =>
        getWaitEntry(t.app, person.authorization, person.waitId, business.companyId);
      const [first, second, third] = people as [JoinedCustomer, JoinedCustomer, JoinedCustomer];

      // Two providers (docs/wait-estimate.md): the first two start at once, the third when the
      // sooner of the two 30-minute facials ends, within its range.
      expect(await view(first)).toMatchObject({ position: 1, estimatedWaitMinutes: 0 });
      expect(await view(second)).toMatchObject({ position: 2, estimatedWaitMinutes: 0 });
      const thirdBefore = await view(third);
      expect(thirdBefore.position).toBe(3);
      expect(thirdBefore.estimatedWaitMinutes).toBeGreaterThan(15);
      expect(thirdBefore.estimatedWaitMinutes).toBeLessThanOrEqual(30);
      expect(thirdBefore.estimatedWaitRange!.low).toBeLessThanOrEqual(thirdBefore.estimatedWaitMinutes!);
      expect(thirdBefore.estimatedWaitRange!.high).toBeGreaterThanOrEqual(thirdBefore.estimatedWaitMinutes!);

      expect((await act(first.waitId, 'call', staff)).statusCode).toBe(200);
      expect(await view(first)).toMatchObject({
        status: 'called',
        position: null,
        estimatedWaitMinutes: null,
      });
      expect(await view(second)).toMatchObject({ position: 1, estimatedWaitMinutes: 0 });
      // The called facial still takes its time: the third waits as before, now second in line.
      expect(await view(third)).toMatchObject({
        position: 2,
        estimatedWaitMinutes: thirdBefore.estimatedWaitMinutes,
      });
    });
  });
});
