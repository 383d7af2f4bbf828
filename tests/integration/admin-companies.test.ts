import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/open-database.ts';
import {
  createCompanyAdminRepository,
  tablesWithCompanyId,
} from '../../src/server/features/company/company-admin.repository.ts';
import { createStaffRepository } from '../../src/server/features/staff/staff.repository.ts';
import { createStaffService } from '../../src/server/features/staff/staff.service.ts';
import { hashSecretToken } from '../../src/server/http/secret-token.ts';
import { DEMO_OWNER } from '../../src/server/seed/demo.ts';
import { topics } from '../../src/shared/realtime.ts';
import { walkInLandingSchema } from '../../src/shared/schemas.ts';
import { memberLinkResponseSchema } from '../../src/shared/staff-schemas.ts';
import { runAdmin } from '../support/admin-process.ts';
import { expectApiError } from '../support/api-error.ts';
import { joinAsNewCustomer } from '../support/customer.ts';
import { buildJoinRequest, idempotencyKey } from '../support/factories.ts';
import { RealtimeTestClient, realtimeUrl } from '../support/realtime-client.ts';
import {
  addTeamMember,
  createBusiness,
  freshAddress,
  type StaffSession,
  sessionEndsHandled,
  signInStaff,
  type TestBusiness,
} from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { databaseKinds } from '../support/test-database.ts';

describe.each(databaseKinds)('a many-business install, run by `npm run admin`, on %s', (kind) => {
  let t: TestApp;
  let admin: ReturnType<typeof createCompanyAdminRepository>;

  beforeAll(async () => {
    // The script is another process: this one must not keep the business it changed for 5 s.
    t = await createTestApp(kind, { companyCacheSeconds: 0 });
    admin = createCompanyAdminRepository(t.database.db);
  });
  afterAll(async () => t?.close());

  /** A second business, its owner signed in, and one more member of its team. */
  async function businessWithTeam(): Promise<{ business: TestBusiness; owner: StaffSession }> {
    const business = await createBusiness(t.database.db);
    const owner = await signInStaff(t.app, business.owner);
    await addTeamMember(t.app, owner, { role: 'front_desk' });
    return { business, owner };
  }

  const join = (companyId: string, name = 'Walk In') =>
    t.signIn().then(({ authorization }) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/companies/${companyId}/wait-list`,
        headers: { authorization, 'idempotency-key': idempotencyKey() },
        payload: buildJoinRequest({ name, phoneNumber: '+14155550177' }),
      }),
    );
  const landing = async (companyId: string) =>
    walkInLandingSchema.parse((await t.app.inject({ url: `/api/v1/companies/${companyId}/walk-in` })).json());
  const signIn = (credentials: { email: string; password: string }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/sign-in',
      payload: credentials,
      remoteAddress: freshAddress(),
    });
  const staffService = () => createStaffService(createStaffRepository(t.database.db));
  const me = (session: StaffSession) =>
    t.app.inject({ url: '/api/v1/staff/me', headers: { cookie: session.cookie } });
  const entriesOf = async (companyId: string) =>
    (
      await t.database.db.query<{ n: number }>(
        'select count(*)::int as n from wait_entries where company_id = $1',
        [companyId],
      )
    ).rows[0]!.n;

  it('lists every business with its staff, its last activity and whether it is suspended', async () => {
    const { business } = await businessWithTeam();
    const before = (await admin.listCompanies()).find((row) => row.id === business.companyId);
    // Signed in just now: the owner's session is activity.
    expect(before).toMatchObject({ name: business.name, staffCount: 2, suspendedAt: null });
    expect(before?.lastActivityAt).not.toBeNull();
    const demo = (await admin.listCompanies()).find((row) => row.id === 'demo');
    expect(demo).toMatchObject({ name: 'Bella Demo Salon', suspendedAt: null });
    expect(demo?.staffCount).toBeGreaterThanOrEqual(3);

    await admin.suspend(business.companyId);
    const after = (await admin.listCompanies()).find((row) => row.id === business.companyId);
    expect(after?.suspendedAt).toBeInstanceOf(Date);
  });

  it('a suspended business takes no walk-in online, and its staff can neither sign in nor go on', async () => {
    const { business, owner } = await businessWithTeam();
    const url = await realtimeUrl(t.app);
    const board = await RealtimeTestClient.connect(url, { cookie: owner.cookie });
    expect(await board.subscribe(topics.board(business.companyId), null)).toMatchObject({
      type: 'subscribed',
    });

    expect(await admin.suspend(business.companyId)).toEqual({ changed: true, staffSessions: 2 });
    // Every process is told, as of a sign-out: the open board closes at once, not at the next
    // heartbeat. Once the app handled a marker announced after the suspension, a ping on the board
    // gets no pong: the server closed it first.
    await sessionEndsHandled(t.app, t.database.db, url);
    const afterMarker = board.messages.length;
    if (board.isOpen) board.send({ type: 'ping' });
    await board.closed;
    expect(board.messages.slice(afterMarker)).toEqual([]);
    expect(board.closeCode).toBe(4401);
    // The heartbeat's check, the backstop when an announcement was missed, agrees.
    expect(await staffService().liveSessionHashes([hashSecretToken(owner.token)])).toEqual(new Set());

    expect((await landing(business.companyId)).walkInsStopped).toEqual({
      reason: 'suspended',
      title: 'Not taking walk-ins online',
      details: ['Please ask at the front desk.'],
    });
    const refused = expectApiError(await join(business.companyId), 409, 'NOT_TAKING_WALK_INS_ONLINE');
    expect(refused.message).toBe('Not taking walk-ins online · Please ask at the front desk.');
    expect(await entriesOf(business.companyId)).toBe(0);

    const stillSignedIn = expectApiError(await me(owner), 403, 'BUSINESS_SUSPENDED');
    expect(stillSignedIn.message).toBe(
      'This business is suspended on this CheckN server. Please contact whoever runs the server.',
    );
    expectApiError(await signIn(business.owner), 403, 'BUSINESS_SUSPENDED');
    // Without the right password nothing says the business is suspended.
    expectApiError(await signIn({ ...business.owner, password: 'not-the-password' }), 401, 'SIGN_IN_FAILED');
    // Its board cannot be followed with the old session either: the socket is nobody's.
    const again = await RealtimeTestClient.connect(url, { cookie: owner.cookie });
    expect(again.principal).toBe('anonymous');
    expect(await again.subscribe(topics.board(business.companyId), null)).toMatchObject({
      type: 'error',
      code: 'FORBIDDEN',
    });
    again.socket.close();

    // The demo business next door goes on.
    expect((await join('demo')).statusCode).toBe(201);
    expect((await me(await signInStaff(t.app, DEMO_OWNER))).statusCode).toBe(200);

    expect(await admin.suspend(business.companyId)).toEqual({ changed: false, staffSessions: 2 });
    expect(await admin.suspend('no-such-business')).toBeNull();

    expect(await admin.resume(business.companyId)).toEqual({ changed: true, staffSessions: 0 });
    expect(await admin.resume(business.companyId)).toEqual({ changed: false, staffSessions: 0 });
    expect((await landing(business.companyId)).walkInsStopped).toBeNull();
    expect((await join(business.companyId)).statusCode).toBe(201);
    expect((await me(owner)).statusCode).toBe(200);
    expect(await staffService().liveSessionHashes([hashSecretToken(owner.token)])).toEqual(
      new Set([hashSecretToken(owner.token)]),
    );
    expect((await signIn(business.owner)).statusCode).toBe(200);
    const resumed = await RealtimeTestClient.connect(url, { cookie: owner.cookie });
    expect(await resumed.subscribe(topics.board(business.companyId), null)).toMatchObject({
      type: 'subscribed',
    });
    resumed.socket.close();
  });

  it('a suspended business keeps its board from its staff whichever way they ask', async () => {
    const { business, owner } = await businessWithTeam();
    await admin.suspend(business.companyId);
    expectApiError(
      await t.app.inject({ url: '/api/v1/staff/board', headers: { cookie: owner.cookie } }),
      403,
      'BUSINESS_SUSPENDED',
    );
    expectApiError(
      await t.app.inject({ method: 'PUT', url: '/api/v1/staff/pause', headers: owner.headers, payload: {} }),
      403,
      'BUSINESS_SUSPENDED',
    );
  });

  it("a new member's one-time link sets their password but opens no session while suspended", async () => {
    const { business, owner } = await businessWithTeam();
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/people',
      headers: owner.headers,
      payload: { name: 'Late Joiner', email: `late@${business.companyId}.test`, role: 'front_desk' },
    });
    const { link } = memberLinkResponseSchema.parse(added.json());
    await admin.suspend(business.companyId);
    const used = await t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/links/use',
      payload: { token: link.slice(link.indexOf('#') + 1), password: 'late-joiner-password' },
      remoteAddress: freshAddress(),
    });
    expectApiError(used, 403, 'BUSINESS_SUSPENDED');
    expect(used.cookies).toEqual([]);
  });

  it('deletes a business and every row of it, and nothing of another', async () => {
    const { business, owner } = await businessWithTeam();
    // Rows in the tables a day of work fills: visits, texts, sessions, realtime events.
    const customer = await joinAsNewCustomer(t, { name: 'Gone Soon' }, business.companyId);
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/staff/wait-entries/${customer.waitId}/call`,
      headers: owner.headers,
    });
    await joinAsNewCustomer(t, { name: 'Stays' }, 'demo');
    // A table added later without a cascading key to companies still loses the business's rows.
    await t.database.db.query('create table if not exists later_notes (company_id text not null, note text)');
    await t.database.db.query("insert into later_notes values ($1, 'theirs'), ('demo', 'ours')", [
      business.companyId,
    ]);

    const tables = await tablesWithCompanyId(t.database.db);
    const rowsPerTable = async (companyId: string) =>
      Object.fromEntries(
        await Promise.all(
          tables.map(async (table) => {
            const { rows } = await t.database.db.query<{ n: number }>(
              `select count(*)::int as n from "${table}" where company_id = $1`,
              [companyId],
            );
            return [table, rows[0]!.n] as const;
          }),
        ),
      );
    const demoBefore = await rowsPerTable('demo');
    expect((await rowsPerTable(business.companyId)).wait_entries).toBeGreaterThan(0);

    const erased = await admin.eraseCompany(business.companyId);
    expect(erased?.rows).toEqual(
      expect.arrayContaining([
        { table: 'companies', rows: 1 },
        { table: 'staff_users', rows: 2 },
        { table: 'staff_sessions', rows: 2 },
        { table: 'services', rows: 2 },
        { table: 'providers', rows: 1 },
        expect.objectContaining({ table: 'wait_entries' }),
        expect.objectContaining({ table: 'realtime_events' }),
        { table: 'later_notes', rows: 1 },
      ]),
    );

    const left = await rowsPerTable(business.companyId);
    expect(Object.entries(left).filter(([, rows]) => rows > 0)).toEqual([]);
    const { rows: companyRows } = await t.database.db.query('select 1 from companies where id = $1', [
      business.companyId,
    ]);
    expect(companyRows).toEqual([]);
    const { rows: realtime } = await t.database.db.query<{ topic: string }>(
      `select topic from realtime_events where topic = any($1::text[])
       union all select topic from realtime_pending where topic = any($1::text[])
       union all select topic from realtime_topics where topic = any($1::text[])`,
      [[topics.board(business.companyId), topics.line(business.companyId), topics.wait(customer.waitId)]],
    );
    expect(realtime).toEqual([]);
    expectApiError(await me(owner), 401, 'STAFF_UNAUTHENTICATED');
    expectApiError(await join(business.companyId), 404, 'COMPANY_NOT_FOUND');

    expect(await rowsPerTable('demo')).toEqual(demoBefore);
    expect(await admin.eraseCompany(business.companyId)).toBeNull();
  });
});

describe('npm run admin on businesses (its output)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'checkn-admin-companies-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('lists, suspends, resumes and deletes, and deletes only when told the id twice', async () => {
    const env = { DATA_DIR: dataDir };
    const run = (...args: string[]) => runAdmin(args, env);
    await run('create-company', '--id', 'bella', '--name', 'Bella Salon');
    await run('create-company', '--id', 'rosa', '--name', 'Rosa Nails');
    await run(
      'create-owner',
      '--company',
      'bella',
      '--email',
      'ann@bella.test',
      '--password',
      'long-enough-1',
    );

    expect(await run('list-companies')).toMatchObject({
      code: 0,
      lines: [
        'ID     NAME         STAFF  LAST ACTIVITY  SUSPENDED',
        'bella  Bella Salon      1  never          no',
        'rosa   Rosa Nails       0  never          no',
      ],
    });

    const suspended = await run('suspend-company', '--company', 'bella');
    expect(suspended.lines).toEqual([
      'Suspended "bella": its pages take no walk-ins online, its staff cannot sign in, and its 0 staff session(s) are refused. Nothing was deleted; resume-company undoes it.',
    ]);
    expect((await run('suspend-company', '--company', 'bella')).lines).toEqual([
      '"bella" was already suspended; nothing changed.',
    ]);
    expect((await run('list-companies')).lines[1]).toMatch(
      /^bella {2}Bella Salon {6}1 {2}never {10}since \d{4}-\d\d-\d\d \d\d:\d\d UTC$/,
    );
    expect((await run('resume-company', '--company', 'bella')).lines).toEqual([
      'Resumed "bella": its pages take walk-ins again and its staff can sign in.',
    ]);

    expect(await run('delete-company', '--company', 'bella')).toMatchObject({
      code: 1,
      lines: ['delete-company erases "bella" for good: repeat its id as --confirm bella'],
    });
    expect(await run('delete-company', '--company', 'bella', '--confirm', 'rosa')).toMatchObject({ code: 1 });
    expect(await run('delete-company', '--company', 'bella', '--confirm', 'bella')).toMatchObject({
      code: 0,
      lines: [
        'Erased "bella": 2 rows (companies 1, staff_users 1).',
        'Backups taken before still hold its data until they are rotated out or deleted (docs/backups.md).',
      ],
    });
    expect((await run('list-companies')).lines).toEqual([
      'ID    NAME        STAFF  LAST ACTIVITY  SUSPENDED',
      'rosa  Rosa Nails      0  never          no',
    ]);
    expect(await run('suspend-company', '--company', 'bella')).toMatchObject({
      code: 1,
      lines: ['No business with id "bella"'],
    });

    const database = await openDatabase(loadConfig(env));
    try {
      const { rows } = await database.db.query('select id from companies order by id');
      expect(rows).toEqual([{ id: 'rosa' }]);
    } finally {
      await database.close();
    }
    // Many runs of the script, each opening PGlite: a hang guard, not a speed limit.
  }, 300_000);
});
