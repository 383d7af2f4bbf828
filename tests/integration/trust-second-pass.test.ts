import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompanyRepository } from '../../src/server/features/company/company.repository.ts';
import { createCompanyService } from '../../src/server/features/company/company.service.ts';
import {
  createPeopleRepository,
  TEAM_LOCK_CLASS,
} from '../../src/server/features/people/people.repository.ts';
import { createPeopleService } from '../../src/server/features/people/people.service.ts';
import { createStaffRepository } from '../../src/server/features/staff/staff.repository.ts';
import { createStaffService } from '../../src/server/features/staff/staff.service.ts';
import { ASSIGN_IN_LINE_ONLY } from '../../src/server/features/wait-list/wait-list.service.ts';
import { DEMO_PROVIDER } from '../../src/server/seed/demo.ts';
import { type BoardEntry, insightsSchema } from '../../src/shared/staff-schemas.ts';
import { expectApiError } from '../support/api-error.ts';
import { joinAsNewCustomer } from '../support/customer.ts';
import { idempotencyKey } from '../support/factories.ts';
import {
  addTeamMember,
  assignProvider,
  createBusiness,
  listProviders,
  type StaffSession,
  signInStaff,
  staffAction,
} from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { databaseKinds } from '../support/test-database.ts';

/** Issue 22: what a second probe as an attacker found on the surfaces added since the first one. */
describe.each(databaseKinds)('Trust, second pass, on %s', (kind) => {
  let t: TestApp;
  let owner: StaffSession;
  let desk: StaffSession;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await signInStaff(t.app);
    desk = await addTeamMember(t.app, owner, { role: 'front_desk' });
  });
  afterAll(async () => t?.close());

  const board = async (session: StaffSession) =>
    (await t.app.inject({ url: '/api/v1/staff/board', headers: session.headers })).json() as {
      entries: BoardEntry[];
    };
  const boardEntry = async (session: StaffSession, waitId: string) =>
    (await board(session)).entries.find((entry) => entry.waitId === waitId);
  const storedEntry = async (waitId: string) =>
    (
      await t.database.db.query<{
        status: string;
        provider_id: string | null;
        request_status: string | null;
      }>('select status, provider_id, request_status from wait_entries where id = $1', [waitId])
    ).rows[0]!;

  describe('3. a business always keeps an owner', () => {
    async function businessWithTwoOwners() {
      const business = await createBusiness(t.database.db);
      const first = await signInStaff(t.app, business.owner);
      const second = await addTeamMember(t.app, first, { role: 'owner' });
      return { business, first, second };
    }
    const owners = async (companyId: string) =>
      (
        await t.database.db.query<{ id: string }>(
          "select id from staff_users where company_id = $1 and role = 'owner' and password_hash is not null",
          [companyId],
        )
      ).rows.map((row) => row.id);
    const remove = (session: StaffSession, staffUserId: string) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/v1/staff/people/${staffUserId}`,
        headers: session.headers,
      });
    const reset = (session: StaffSession, staffUserId: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/staff/people/${staffUserId}/reset`,
        headers: session.headers,
      });

    /** The people service as the app wires it, to act as an owner whose request was already let in. */
    function peopleService() {
      const db = t.database.db;
      const staff = createStaffService(createStaffRepository(db));
      return createPeopleService({
        db,
        people: createPeopleRepository(db),
        staff,
        companies: createCompanyService(createCompanyRepository(db)),
        publicUrl: 'http://localhost',
      });
    }

    it('two owners removing each other at the same moment: one removal happens, the business keeps an owner', async () => {
      const { business, first, second } = await businessWithTwoOwners();
      const answers = await Promise.all([remove(first, second.me.id), remove(second, first.me.id)]);
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses).toEqual([204, 401]);
      expect(await owners(business.companyId)).toHaveLength(1);
    });

    it('an owner removed while their own removal of the other was on its way is refused, whatever the timing', async () => {
      const { business, first, second } = await businessWithTwoOwners();
      // Let in before the other's removal landed: the principal is already checked.
      const secondAsLetIn = await createStaffService(createStaffRepository(t.database.db)).authenticate(
        second.token,
      );
      expect((await remove(first, second.me.id)).statusCode).toBe(204);
      await expect(peopleService().removeMember(secondAsLetIn!, first.me.id)).rejects.toMatchObject({
        code: 'STAFF_UNAUTHENTICATED',
      });
      expect(await owners(business.companyId)).toEqual([first.me.id]);
    });

    it("an owner's removal waits for another owner's change in progress, then sees it", async () => {
      const { business, first, second } = await businessWithTwoOwners();
      const secondAsLetIn = await createStaffService(createStaffRepository(t.database.db)).authenticate(
        second.token,
      );
      const people = createPeopleRepository(t.database.db);
      let secondRemovesFirst: Promise<unknown> = Promise.resolve();
      let settled = false;
      await t.database.db.transaction(async (tx) => {
        // The first owner's removal of the second, written and not yet committed.
        await people.lockTeam(business.companyId, tx);
        expect(
          await people.deleteMember(
            { companyId: business.companyId, staffUserId: second.me.id, byOwner: first.me.id },
            tx,
          ),
        ).toBe(true);
        secondRemovesFirst = peopleService().removeMember(secondAsLetIn!, first.me.id);
        secondRemovesFirst.then(
          () => (settled = true),
          () => (settled = true),
        );
        if (kind === 'postgres') {
          // Until it waits for the team's lock (or, without one, has done its work meanwhile).
          await expect
            .poll(async () => {
              const { rows } = await t.database.db.query<{ waiting: number }>(
                "select count(*)::int as waiting from pg_locks where locktype = 'advisory' and classid = $1 and not granted",
                [TEAM_LOCK_CLASS],
              );
              return settled || rows[0]!.waiting > 0;
            })
            .toBe(true);
        }
      });
      await expect(secondRemovesFirst).rejects.toMatchObject({ code: 'STAFF_UNAUTHENTICATED' });
      expect(await owners(business.companyId)).toEqual([first.me.id]);
    });

    it('two owners resetting each other: one of them can still sign in', async () => {
      const { business, first, second } = await businessWithTwoOwners();
      const secondAsLetIn = await createStaffService(createStaffRepository(t.database.db)).authenticate(
        second.token,
      );
      expect((await reset(first, second.me.id)).statusCode).toBe(200);
      await expect(peopleService().resetMember(secondAsLetIn!, first.me.id)).rejects.toMatchObject({
        code: 'STAFF_UNAUTHENTICATED',
      });
      expect(await owners(business.companyId)).toEqual([first.me.id]);
      const both = await businessWithTwoOwners();
      const answers = await Promise.all([
        reset(both.first, both.second.me.id),
        reset(both.second, both.first.me.id),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
      expect(await owners(both.business.companyId)).toHaveLength(1);
    });
  });

  describe('4. the kiosk ends a guest session on the server', () => {
    it("sign-out stops the token and clears the cookie the guest's page is rendered with", async () => {
      const guest = await joinAsNewCustomer(t);
      const cookie = `checkn_customer=${guest.token}`;
      const ended = await t.app.inject({
        method: 'POST',
        url: '/api/v1/customers/sign-out',
        headers: { authorization: guest.authorization, cookie },
      });
      expect(ended.statusCode).toBe(204);
      const cleared = ended.cookies.find((c) => c.name === 'checkn_customer');
      expect(cleared?.value).toBe('');
      expect(new Date(cleared!.expires!).getTime()).toBeLessThan(Date.now());
      const read = await t.app.inject({
        url: `/api/v1/companies/demo/wait-list/${guest.waitId}`,
        headers: { authorization: guest.authorization },
      });
      expectApiError(read, 401, 'UNAUTHENTICATED');
      // The visit stays: the desk still has it, and its customer identity.
      expect((await boardEntry(desk, guest.waitId))?.name).toBe(guest.name);
    });

    it("leaves the next guest's cookie alone when it arrives after the next guest signed in", async () => {
      const guest = await joinAsNewCustomer(t);
      const next = await t.signIn();
      const nextToken = next.authorization.slice('Bearer '.length);
      const ended = await t.app.inject({
        method: 'POST',
        url: '/api/v1/customers/sign-out',
        headers: { authorization: guest.authorization, cookie: `checkn_customer=${nextToken}` },
      });
      expect(ended.statusCode).toBe(204);
      expect(ended.cookies.find((c) => c.name === 'checkn_customer')).toBeUndefined();
      const me = (authorization: string) =>
        t.app.inject({ url: '/api/v1/customers/me', headers: { authorization } });
      expectApiError(await me(guest.authorization), 401, 'UNAUTHENTICATED');
      expect((await me(next.authorization)).statusCode).toBe(200);
    });

    it("a cookie alone ends nothing: it may already be the next visitor's", async () => {
      const guest = await joinAsNewCustomer(t);
      const ended = await t.app.inject({
        method: 'POST',
        url: '/api/v1/customers/sign-out',
        headers: { cookie: `checkn_customer=${guest.token}` },
      });
      expectApiError(ended, 401, 'UNAUTHENTICATED');
      const me = await t.app.inject({
        url: '/api/v1/customers/me',
        headers: { authorization: guest.authorization },
      });
      expect(me.statusCode).toBe(200);
    });
  });

  describe('5. a service request cannot be accepted after its deadline', () => {
    async function requestToMaria() {
      const [maria] = await listProviders(t.database.db, 'demo');
      const { authorization } = await t.signIn();
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/functions/addClient',
        headers: { authorization, 'idempotency-key': idempotencyKey() },
        payload: {
          spId: maria!.id,
          spName: maria!.name,
          spSpeciality: maria!.speciality,
          companyId: 'demo',
          clientName: 'Late Request',
          clientPhoneNumber: '4155550199',
        },
      });
      expect(response.statusCode, response.body).toBe(201);
      return (response.json() as { waitId: string }).waitId;
    }
    const answer = (session: StaffSession, waitId: string, verdict: 'accept' | 'decline') =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/staff/requests/${waitId}/${verdict}`,
        headers: session.headers,
      });

    for (const verdict of ['accept', 'decline'] as const) {
      it(`${verdict} 0.3 s after the deadline is refused, and the request is expired at once`, async () => {
        const waitId = await requestToMaria();
        // The expiry sweep runs every few seconds; the answer comes before it.
        await t.database.db.query(
          "update wait_entries set request_deadline = now() - interval '0.3 seconds' where id = $1",
          [waitId],
        );
        expectApiError(await answer(desk, waitId, verdict), 409, 'REQUEST_ALREADY_ANSWERED');
        expect(await storedEntry(waitId)).toMatchObject({ status: 'waiting', request_status: 'expired' });
      });
    }

    it('one second before the deadline it is accepted', async () => {
      const waitId = await requestToMaria();
      await t.database.db.query(
        "update wait_entries set request_deadline = now() + interval '60 seconds' where id = $1",
        [waitId],
      );
      expect((await answer(desk, waitId, 'accept')).statusCode).toBe(204);
      expect((await storedEntry(waitId)).request_status).toBe('accepted');
    });
  });

  describe('6. insights count what has a truth in the database from the database', () => {
    it("five anonymous customers posting 'joined' for another business do not raise its figure; a visit does", async () => {
      const salon = await createBusiness(t.database.db);
      const salonOwner = await signInStaff(t.app, salon.owner);
      const joined = async () => {
        const response = await t.app.inject({
          url: '/api/v1/staff/insights?days=1',
          headers: salonOwner.headers,
        });
        expect(response.statusCode, response.body).toBe(200);
        return insightsSchema.parse(response.json()).funnel.joined;
      };
      for (let i = 0; i < 5; i++) {
        const { authorization } = await t.signIn();
        const posted = await t.app.inject({
          method: 'POST',
          url: '/api/v1/analytics/events',
          headers: { authorization, 'content-type': 'application/json' },
          payload: JSON.stringify({
            visitorId: `forger-${i}`,
            events: [
              {
                name: 'user_info_new_walkin_success',
                companyId: salon.companyId,
                params: {},
                occurredAt: new Date().toISOString(),
              },
            ],
          }),
        });
        expect(posted.statusCode, posted.body).toBeLessThan(300);
      }
      expect(await joined()).toBe(0);

      await joinAsNewCustomer(t, { serviceType: 'Facials' }, salon.companyId);
      // A desk walk-in is not a step of the customer's own flow.
      const added = await t.app.inject({
        method: 'POST',
        url: '/api/v1/staff/walk-ins',
        headers: { ...salonOwner.headers, 'idempotency-key': idempotencyKey() },
        payload: { name: 'Phoned In', serviceType: 'Facials' },
      });
      expect(added.statusCode, added.body).toBe(201);
      expect(await joined()).toBe(1);
    });

    it("addClient files the request under the provider's own speciality, not the one the page sent", async () => {
      const [maria] = await listProviders(t.database.db, 'demo');
      const { authorization } = await t.signIn();
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/functions/addClient',
        headers: { authorization, 'idempotency-key': idempotencyKey() },
        payload: {
          spId: maria!.id,
          spName: maria!.name,
          spSpeciality: 'Free cuts for everyone',
          companyId: 'demo',
          clientName: 'Forged Service',
          clientPhoneNumber: '4155550142',
        },
      });
      expect(response.statusCode, response.body).toBe(201);
      const { waitId } = response.json() as { waitId: string };
      expect((await boardEntry(desk, waitId))?.serviceType).toBe(maria!.speciality);
    });
  });

  describe('7. assigning takes visits still in line only', () => {
    it('a provider cannot take a finished visit to see its whole number, nor can the desk reassign one', async () => {
      const maria = await signInStaff(t.app, DEMO_PROVIDER);
      const customer = await joinAsNewCustomer(t, { phoneNumber: '+14155550163' });
      for (const action of ['call', 'start', 'done']) {
        expect((await staffAction(t.app, desk, customer.waitId, action)).statusCode).toBe(200);
      }
      // Served with nobody assigned, as a busy desk does; the provider's board hides the number.
      expect((await boardEntry(maria, customer.waitId))?.phoneNumber).not.toBe('+14155550163');
      const taken = await assignProvider(t.app, maria, customer.waitId, maria.me.providerId!);
      const refusal = expectApiError(taken, 409, 'STATUS_CHANGE_NOT_ALLOWED');
      expect(refusal.message).toBe(ASSIGN_IN_LINE_ONLY);
      expect(taken.body).not.toContain('5550163');
      expect((await boardEntry(maria, customer.waitId))?.phoneNumber).not.toBe('+14155550163');
      expect((await storedEntry(customer.waitId)).provider_id).toBeNull();
      expectApiError(
        await assignProvider(t.app, desk, customer.waitId, maria.me.providerId!),
        409,
        'STATUS_CHANGE_NOT_ALLOWED',
      );
    });

    it('a provider takes an unassigned customer still in line, and hands them back', async () => {
      const maria = await signInStaff(t.app, DEMO_PROVIDER);
      const customer = await joinAsNewCustomer(t);
      const taken = await assignProvider(t.app, maria, customer.waitId, maria.me.providerId!);
      expect(taken.statusCode, taken.body).toBe(200);
      expect((await assignProvider(t.app, maria, customer.waitId, null)).statusCode).toBe(200);
      expect((await storedEntry(customer.waitId)).provider_id).toBeNull();
    });
  });

  describe("10. the owner's bulk tools are rate-limited per business", () => {
    const withNumber = (url: string) => (session: StaffSession) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: session.headers,
        payload: { phoneNumber: '+14155550100' },
      });
    const tools = {
      'look-up': withNumber('/api/v1/staff/customers/look-up'),
      export: withNumber('/api/v1/staff/customers/export'),
      erase: withNumber('/api/v1/staff/customers/erase'),
      'visits file': (session: StaffSession) =>
        t.app.inject({
          url: '/api/v1/staff/insights/visits.csv?from=2026-01-01&to=2026-01-02',
          headers: session.headers,
        }),
    };
    for (const [tool, use] of Object.entries(tools)) {
      it(`${tool}: the 31st use in a minute is refused, however many sessions the owners open`, async () => {
        const salon = await createBusiness(t.database.db);
        const sessions = [await signInStaff(t.app, salon.owner), await signInStaff(t.app, salon.owner)];
        for (let i = 0; i < 30; i++) {
          const answer = await use(sessions[i % 2]!);
          expect(answer.statusCode, answer.body).toBe(200);
        }
        expectApiError(await use(sessions[0]!), 429, 'RATE_LIMITED');
        // Another business's owner is counted apart.
        expect(
          (await use(await signInStaff(t.app, (await createBusiness(t.database.db)).owner))).statusCode,
        ).toBe(200);
      });
    }
  });
});
