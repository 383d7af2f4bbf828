import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrivacyService } from '../../src/server/features/privacy/privacy.service.ts';
import { DEMO_FRONT_DESK, DEMO_PROVIDER } from '../../src/server/seed/demo.ts';
import { CUSTOMER_NOTE_MAX_LENGTH, type Regular, regularSchema } from '../../src/shared/regular-schemas.ts';
import { type BoardResponse, boardResponseSchema } from '../../src/shared/staff-schemas.ts';
import { expectApiError } from '../support/api-error.ts';
import { type JoinedCustomer, joinAsNewCustomer } from '../support/customer.ts';
import {
  assignProvider,
  createBusiness,
  listProviders,
  type StaffSession,
  signInStaff,
  staffAction,
  type TestBusiness,
} from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { databaseKinds } from '../support/test-database.ts';

// A run's own exchange: a rerun on the same PostgreSQL database meets none of the last run's numbers.
const exchange = String(200 + Math.floor(Math.random() * 800));
let phoneCounter = 0;
/** A number no other test here uses: a customer is their number at a business. */
function freshPhone(): string {
  phoneCounter += 1;
  return `+1312${exchange}${String(phoneCounter).padStart(4, '0')}`;
}

/** Issue 24 item 5: a returning customer's visits and the staff's note on them (docs/regulars.md). */
describe.each(databaseKinds)('regulars, on %s', (kind) => {
  let t: TestApp;
  let owner: StaffSession;
  let desk: StaffSession;
  let maria: StaffSession;
  let other: TestBusiness;
  let otherOwner: StaffSession;
  const noFlush = { flushSoon: () => {} };

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await signInStaff(t.app);
    desk = await signInStaff(t.app, DEMO_FRONT_DESK);
    maria = await signInStaff(t.app, DEMO_PROVIDER);
    other = await createBusiness(t.database.db);
    otherOwner = await signInStaff(t.app, other.owner);
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.database.db;

  const board = async (session: StaffSession = desk): Promise<BoardResponse> => {
    const response = await t.app.inject({ url: '/api/v1/staff/board', headers: session.headers });
    expect(response.statusCode, response.body).toBe(200);
    return boardResponseSchema.parse(response.json());
  };
  const getRegular = (session: Pick<StaffSession, 'headers'>, waitId: string) =>
    t.app.inject({ url: `/api/v1/staff/wait-entries/${waitId}/regular`, headers: session.headers });
  const putNote = (session: Pick<StaffSession, 'headers'>, waitId: string, note: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v1/staff/wait-entries/${waitId}/note`,
      headers: session.headers,
      payload: { note },
    });
  const saveNote = async (session: StaffSession, waitId: string, note: string): Promise<Regular> => {
    const response = await putNote(session, waitId, note);
    expect(response.statusCode, response.body).toBe(200);
    return regularSchema.parse(response.json());
  };
  const act = async (session: StaffSession, waitId: string, ...actions: string[]) => {
    for (const action of actions) {
      const response = await staffAction(t.app, session, waitId, action);
      expect(response.statusCode, response.body).toBe(200);
    }
  };
  /** A visit from start to Done, served by `providerId` when given. */
  const visit = async (
    phoneNumber: string,
    serviceType: string,
    options: { companyId?: string; session?: StaffSession; providerId?: string } = {},
  ): Promise<JoinedCustomer> => {
    const session = options.session ?? desk;
    const customer = await joinAsNewCustomer(t, { phoneNumber, serviceType }, options.companyId ?? 'demo');
    if (options.providerId) {
      const assigned = await assignProvider(t.app, session, customer.waitId, options.providerId);
      expect(assigned.statusCode, assigned.body).toBe(200);
    }
    await act(session, customer.waitId, 'call', 'start', 'done');
    return customer;
  };
  const noteRows = async (phoneNumber: string) =>
    (
      await db().query<{ company_id: string; note: string; updated_by: string | null }>(
        'select company_id, note, updated_by from customer_notes where phone_number = $1 order by company_id',
        [phoneNumber],
      )
    ).rows;
  /** Moves a visit `days` into the past. */
  const age = (waitId: string, days: number) =>
    db().query('update wait_entries set date = date - $2::interval where id = $1', [waitId, `${days} days`]);

  it('shows a returning customer as their 2nd visit with the last one done, read from the visits', async () => {
    const phone = freshPhone();
    const [mariaProvider] = (await listProviders(db(), 'demo')).filter((p) => p.name === 'Maria Lopez');
    const first = await visit(phone, 'Facials', { providerId: mariaProvider!.id });
    // A no-show is not a visit.
    const missed = await joinAsNewCustomer(t, { phoneNumber: phone, serviceType: 'Massage' });
    await act(desk, missed.waitId, 'no-show');
    const again = await joinAsNewCustomer(t, { phoneNumber: phone, serviceType: 'Massage' });

    const { rows } = await db().query<{ finished_at: Date }>(
      'select finished_at from wait_entries where id = $1',
      [first.waitId],
    );
    const expected: Regular = {
      visitNumber: 2,
      lastVisit: {
        serviceType: 'Facials',
        providerName: 'Maria Lopez',
        finishedAt: rows[0]!.finished_at.toISOString(),
      },
      note: null,
    };
    const read = await board();
    expect(read.regulars[again.waitId]).toEqual(expected);
    expect(read.regulars[first.waitId]).toEqual({ visitNumber: 1, lastVisit: null, note: null });
    // A row that arrives live is read on its own, the same.
    const live = await getRegular(desk, again.waitId);
    expect(live.statusCode, live.body).toBe(200);
    expect(regularSchema.parse(live.json())).toEqual(expected);
    // Done, the visit keeps its number; the next one is the 3rd.
    await act(desk, again.waitId, 'start', 'done');
    const third = await joinAsNewCustomer(t, { phoneNumber: phone, serviceType: 'Facials' });
    const after = await board();
    expect(after.regulars[again.waitId]?.visitNumber).toBe(2);
    expect(after.regulars[third.waitId]).toMatchObject({
      visitNumber: 3,
      lastVisit: { serviceType: 'Massage', providerName: null },
    });
    // A walk-in the desk added without a phone is nobody's regular.
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/walk-ins',
      headers: desk.headers,
      payload: { name: 'No Phone', serviceType: 'Facials' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const { waitId: noPhone } = added.json() as { waitId: string };
    expect((await board()).regulars[noPhone]).toBeUndefined();
    expectApiError(await putNote(desk, noPhone, 'Hi'), 409, 'NOTE_NEEDS_PHONE');
  });

  it('saves a note on the customer: every visit of the number shows it, with who wrote it; empty deletes it', async () => {
    const phone = freshPhone();
    const first = await visit(phone, 'Facials');
    const again = await joinAsNewCustomer(t, { phoneNumber: phone });

    const saved = await saveNote(desk, again.waitId, '  prefers short layers ');
    expect(saved.note).toMatchObject({ text: 'prefers short layers', updatedByName: 'Sam Rivera' });
    expect(await noteRows(phone)).toEqual([
      { company_id: 'demo', note: 'prefers short layers', updated_by: desk.me.id },
    ]);
    const read = await board(owner);
    expect(read.regulars[again.waitId]?.note?.text).toBe('prefers short layers');
    expect(read.regulars[first.waitId]?.note?.text).toBe('prefers short layers');
    // Other consoles hear which rows changed, and read them: the event carries no note.
    const { rows: events } = await db().query<{ data: { waitIds: string[] } }>(
      `select data from realtime_pending where type = 'regular.changed'
        union all select data from realtime_events where type = 'regular.changed'`,
    );
    const told = events.find((event) => event.data.waitIds.includes(again.waitId));
    expect(told?.data.waitIds.sort()).toEqual([first.waitId, again.waitId].sort());
    expect(JSON.stringify(events)).not.toContain('short layers');

    // The owner edits it; then the desk clears it.
    expect((await saveNote(owner, first.waitId, 'short layers, no fringe')).note?.text).toBe(
      'short layers, no fringe',
    );
    expect((await noteRows(phone))[0]).toMatchObject({
      note: 'short layers, no fringe',
      updated_by: owner.me.id,
    });
    expect((await saveNote(desk, again.waitId, '   ')).note).toBeNull();
    expect(await noteRows(phone)).toEqual([]);
    expect((await board()).regulars[again.waitId]?.note).toBeNull();
  });

  it('refuses a note longer than the shared limit, and keeps the one saved', async () => {
    const customer = await joinAsNewCustomer(t, { phoneNumber: freshPhone() });
    await saveNote(desk, customer.waitId, 'likes tea');
    const tooLong = await putNote(desk, customer.waitId, 'x'.repeat(CUSTOMER_NOTE_MAX_LENGTH + 1));
    const error = expectApiError(tooLong, 400, 'VALIDATION_FAILED');
    expect(JSON.stringify(error)).toContain(`at most ${CUSTOMER_NOTE_MAX_LENGTH} characters`);
    expectApiError(await putNote(desk, customer.waitId, 42), 400, 'VALIDATION_FAILED');
    expect((await board()).regulars[customer.waitId]?.note?.text).toBe('likes tea');
    // The limit itself is fine.
    const longest = 'y'.repeat(CUSTOMER_NOTE_MAX_LENGTH);
    expect((await saveNote(desk, customer.waitId, longest)).note?.text).toBe(longest);
  });

  it('lets a provider write on their own and unassigned customers only, and only staff at all', async () => {
    const providers = await listProviders(db(), 'demo');
    const mariaId = maria.me.providerId!;
    const someoneElse = providers.find((provider) => provider.id !== mariaId)!;
    const mine = await joinAsNewCustomer(t, { phoneNumber: freshPhone() });
    const unassigned = await joinAsNewCustomer(t, { phoneNumber: freshPhone() });
    const theirs = await joinAsNewCustomer(t, { phoneNumber: freshPhone() });
    expect((await assignProvider(t.app, desk, mine.waitId, mariaId)).statusCode).toBe(200);
    expect((await assignProvider(t.app, desk, theirs.waitId, someoneElse.id)).statusCode).toBe(200);

    expect((await saveNote(maria, mine.waitId, 'mine')).note?.updatedByName).toBe('Maria Lopez');
    expect((await saveNote(maria, unassigned.waitId, 'anyone')).note?.text).toBe('anyone');
    expectApiError(await putNote(maria, theirs.waitId, 'not mine'), 403, 'ANOTHER_PROVIDERS_CUSTOMER');
    expect(await noteRows((await phoneOf(theirs.waitId))!)).toEqual([]);
    // Reading is the board's: every member of the business sees the row and its customer.
    expect((await getRegular(maria, theirs.waitId)).statusCode).toBe(200);

    expectApiError(
      await t.app.inject({
        method: 'PUT',
        url: `/api/v1/staff/wait-entries/${mine.waitId}/note`,
        payload: { note: 'anon' },
      }),
      401,
      'STAFF_UNAUTHENTICATED',
    );
    expectApiError(
      await t.app.inject({ url: `/api/v1/staff/wait-entries/${mine.waitId}/regular` }),
      401,
      'STAFF_UNAUTHENTICATED',
    );
    // A customer's token is not a staff session.
    expectApiError(
      await t.app.inject({
        method: 'PUT',
        url: `/api/v1/staff/wait-entries/${mine.waitId}/note`,
        headers: { authorization: mine.authorization },
        payload: { note: 'me' },
      }),
      401,
      'STAFF_UNAUTHENTICATED',
    );
    expect((await board()).regulars[mine.waitId]?.note?.text).toBe('mine');
  });

  const phoneOf = async (waitId: string) =>
    (
      await db().query<{ phone_number: string | null }>(
        'select phone_number from wait_entries where id = $1',
        [waitId],
      )
    ).rows[0]?.phone_number;

  it("keeps each business's customers apart: no reading or writing another's, no counting its visits", async () => {
    const phone = freshPhone();
    // Two visits elsewhere, with the same number, and that business's own note.
    await visit(phone, 'Massage', { companyId: other.companyId, session: otherOwner });
    const elsewhere = await joinAsNewCustomer(
      t,
      { phoneNumber: phone, serviceType: 'Massage' },
      other.companyId,
    );
    await saveNote(otherOwner, elsewhere.waitId, 'other salon secret');
    const here = await joinAsNewCustomer(t, { phoneNumber: phone });

    expect((await board()).regulars[here.waitId]).toEqual({ visitNumber: 1, lastVisit: null, note: null });
    expect((await board(otherOwner)).regulars[elsewhere.waitId]).toMatchObject({
      visitNumber: 2,
      note: { text: 'other salon secret' },
    });
    // The other business's owner cannot name this one's visit, to read or to write.
    expectApiError(await getRegular(otherOwner, here.waitId), 404, 'WAIT_ENTRY_NOT_FOUND');
    expectApiError(await putNote(otherOwner, here.waitId, 'mine now'), 404, 'WAIT_ENTRY_NOT_FOUND');
    expectApiError(await putNote(desk, elsewhere.waitId, 'ours'), 404, 'WAIT_ENTRY_NOT_FOUND');
    expect(await noteRows(phone)).toEqual([
      expect.objectContaining({ company_id: other.companyId, note: 'other salon secret' }),
    ]);
    expectApiError(await putNote(desk, randomUUID(), 'nobody'), 404, 'WAIT_ENTRY_NOT_FOUND');
  });

  it("goes with the visits under the business's retention: history first, the note with the last visit", async () => {
    const business = await createBusiness(db());
    const businessOwner = await signInStaff(t.app, business.owner);
    await db().query('update companies set retention_days = 30 where id = $1', [business.companyId]);
    const phone = freshPhone();
    const old = await visit(phone, 'Facials', { companyId: business.companyId, session: businessOwner });
    const recent = await joinAsNewCustomer(t, { phoneNumber: phone }, business.companyId);
    await saveNote(businessOwner, recent.waitId, 'allergic to lavender');
    expect((await board(businessOwner)).regulars[recent.waitId]?.visitNumber).toBe(2);

    await age(old.waitId, 31);
    const privacy = createPrivacyService({ db: db(), eventLog: noFlush });
    await privacy.runRetention();
    // The old visit is anonymised: it no longer counts. The note stays with the visit still kept.
    expect((await board(businessOwner)).regulars[recent.waitId]).toMatchObject({
      visitNumber: 1,
      lastVisit: null,
      note: { text: 'allergic to lavender' },
    });

    await act(businessOwner, recent.waitId, 'start', 'done');
    await age(recent.waitId, 31);
    const passed = await privacy.runRetention();
    expect(passed.customerNotes).toBe(1);
    expect(await noteRows(phone)).toEqual([]);
  });

  it("is erased by the customer's Forget me: their note goes, and their visits stop counting", async () => {
    const phone = freshPhone();
    const first = await visit(phone, 'Facials');
    await saveNote(desk, first.waitId, 'chatty, likes coffee');
    // The same phone (device) joins again.
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/companies/demo/wait-list',
      headers: { authorization: first.authorization, 'idempotency-key': randomUUID() },
      payload: { serviceType: 'Massage', name: 'Back Again', phoneNumber: phone },
    });
    expect(response.statusCode, response.body).toBe(201);
    const { waitId: again } = response.json() as { waitId: string };
    expect((await board()).regulars[again]?.visitNumber).toBe(2);

    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/v1/companies/demo/forget-me',
      headers: { authorization: first.authorization },
    });
    expect(forgot.statusCode, forgot.body).toBe(200);
    expect(await noteRows(phone)).toEqual([]);
    const read = await board();
    expect(read.regulars[again]).toBeUndefined();
    expect(read.regulars[first.waitId]).toBeUndefined();
    // A new visit with the number starts from nothing.
    const next = await joinAsNewCustomer(t, { phoneNumber: phone });
    expect((await board()).regulars[next.waitId]).toEqual({ visitNumber: 1, lastVisit: null, note: null });
  });

  it("is exported and erased by the owner's Customers tools, by number", async () => {
    const phone = freshPhone();
    const first = await visit(phone, 'Facials');
    const again = await joinAsNewCustomer(t, { phoneNumber: phone, serviceType: 'Massage' });
    await saveNote(desk, again.waitId, 'books every 6 weeks');
    // Another business's note on the same number is not this owner's to export or erase.
    const elsewhere = await joinAsNewCustomer(t, { phoneNumber: phone }, other.companyId);
    await saveNote(otherOwner, elsewhere.waitId, 'theirs');

    const exported = await t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/customers/export',
      headers: owner.headers,
      payload: { phoneNumber: phone },
    });
    expect(exported.statusCode, exported.body).toBe(200);
    const data = exported.json();
    expect(data.customerNote).toMatchObject({ note: 'books every 6 weeks', updatedBy: 'Sam Rivera' });
    expect(data.visits).toEqual([
      expect.objectContaining({ waitId: first.waitId, serviceType: 'Facials', status: 'done' }),
      expect.objectContaining({ waitId: again.waitId, serviceType: 'Massage', status: 'waiting' }),
    ]);
    expect(JSON.stringify(data)).not.toContain('theirs');

    const erased = await t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/customers/erase',
      headers: owner.headers,
      payload: { phoneNumber: phone },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await noteRows(phone)).toEqual([expect.objectContaining({ company_id: other.companyId })]);
    expect((await board()).regulars[again.waitId]).toBeUndefined();
  });
});
