import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_PAGE_ROWS } from '../../src/server/features/insights/insights.service.ts';
import type { WaitStatus } from '../../src/shared/schemas.ts';
import { addDays, type Insights, insightsSchema } from '../../src/shared/staff-schemas.ts';
import { expectApiError } from '../support/api-error.ts';
import { getWaitEntry, joinAsNewCustomer } from '../support/customer.ts';
import {
  addTeamMember,
  createBusiness,
  type StaffSession,
  signInStaff,
  type TestBusiness,
} from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { databaseKinds } from '../support/test-database.ts';

/** A salon in Los Angeles; the range spans the night its clocks went forward (2026-03-08, 2 am). */
const ZONE = 'America/Los_Angeles';
const RANGE = 'from=2026-03-07&to=2026-03-09';

interface Visit {
  /** Times in UTC; the comment gives the salon's own clock. */
  date: string;
  service: 'Cut' | 'Color';
  provider: 'Ana' | 'Ben' | null;
  status: WaitStatus;
  calledAt?: string;
  startedAt?: string;
  finishedAt?: string;
  estimate?: number;
  name?: string;
}

const VISITS: Visit[] = [
  // Fri 3/6 23:59 PST: the day before the range.
  {
    date: '2026-03-07T07:59Z',
    service: 'Cut',
    provider: 'Ana',
    status: 'done',
    calledAt: '2026-03-07T09:59Z',
    estimate: 5,
  },
  // Sat 3/7 00:00 PST: the range's first minute.
  {
    date: '2026-03-07T08:00Z',
    service: 'Color',
    provider: null,
    status: 'cancelled',
    finishedAt: '2026-03-07T08:30Z',
  },
  // Sat 10:00 and 10:30 PST.
  {
    date: '2026-03-07T18:00Z',
    service: 'Cut',
    provider: 'Ana',
    status: 'done',
    calledAt: '2026-03-07T18:10Z',
    startedAt: '2026-03-07T18:12Z',
    finishedAt: '2026-03-07T18:40Z',
    estimate: 15,
  },
  {
    date: '2026-03-07T18:30Z',
    service: 'Color',
    provider: 'Ben',
    status: 'no_show',
    calledAt: '2026-03-07T19:00Z',
    finishedAt: '2026-03-07T19:10Z',
    estimate: 20,
  },
  // Sun 3/8 10:05 and 10:15 PDT (UTC-7 since 2 am); the second marked a no-show without a call.
  {
    date: '2026-03-08T17:05Z',
    service: 'Cut',
    provider: 'Ana',
    status: 'done',
    calledAt: '2026-03-08T17:25Z',
    estimate: 20,
  },
  {
    date: '2026-03-08T17:15Z',
    service: 'Cut',
    provider: null,
    status: 'no_show',
    finishedAt: '2026-03-08T17:50Z',
  },
  // Sun 13:00, 13:30, 14:00, 14:10 PDT.
  {
    date: '2026-03-08T20:00Z',
    service: 'Cut',
    provider: 'Ana',
    status: 'done',
    calledAt: '2026-03-08T20:02Z',
  },
  {
    date: '2026-03-08T20:30Z',
    service: 'Color',
    provider: 'Ben',
    status: 'done',
    calledAt: '2026-03-08T20:33Z',
  },
  {
    date: '2026-03-08T21:00Z',
    service: 'Cut',
    provider: 'Ana',
    status: 'done',
    calledAt: '2026-03-08T21:04Z',
    estimate: 4,
  },
  {
    date: '2026-03-08T21:10Z',
    service: 'Cut',
    provider: 'Ben',
    status: 'done',
    calledAt: '2026-03-08T21:16Z',
  },
  // Mon 3/9 9:00 PDT, started without a call; 9:20, called then removed; 11:00.
  {
    date: '2026-03-09T16:00Z',
    service: 'Cut',
    provider: 'Ben',
    status: 'done',
    startedAt: '2026-03-09T16:40Z',
    finishedAt: '2026-03-09T17:10Z',
    name: 'Line\nbreak',
  },
  {
    date: '2026-03-09T16:20Z',
    service: 'Color',
    provider: 'Ana',
    status: 'cancelled',
    calledAt: '2026-03-09T16:25Z',
    finishedAt: '2026-03-09T16:30Z',
    estimate: 8,
  },
  {
    date: '2026-03-09T18:00Z',
    service: 'Color',
    provider: 'Ben',
    status: 'done',
    calledAt: '2026-03-09T19:00Z',
    estimate: 30,
  },
  // Mon 23:59 PDT: the range's last minute; a name a spreadsheet would run.
  {
    date: '2026-03-10T06:59Z',
    service: 'Color',
    provider: 'Ben',
    status: 'cancelled',
    finishedAt: '2026-03-10T07:05Z',
    name: '=HYPERLINK("http://x.test","y"), Jr',
  },
  // Tue 3/10 00:00 PDT: the day after.
  {
    date: '2026-03-10T07:00Z',
    service: 'Cut',
    provider: 'Ana',
    status: 'done',
    calledAt: '2026-03-10T08:00Z',
    estimate: 50,
  },
];

describe.each(databaseKinds)('insights on %s', (kind) => {
  let t: TestApp;
  let salon: TestBusiness;
  let owner: StaffSession;
  /** The rows each statement of the app returned, newest last. */
  const statementRows: number[] = [];

  /** History written as it would have been, one customer per visit. */
  async function insertVisit(
    companyId: string,
    visit: Visit,
    providerIds: Record<string, string>,
    index: number,
  ) {
    const customerId = randomUUID();
    await t.database.db.query('insert into customers (id, token_hash) values ($1, $2)', [
      customerId,
      randomUUID(),
    ]);
    await t.database.db.query(
      `insert into wait_entries (id, company_id, customer_id, idempotency_key, service_type, name, phone_number,
                                 provider_id, status, date, called_at, started_at, finished_at, estimated_wait_minutes)
       values ($1, $2, $3, 'history', $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      [
        randomUUID(),
        companyId,
        customerId,
        visit.service,
        visit.name ?? `Visitor ${index}`,
        `+1310555${String(index).padStart(4, '0')}`,
        visit.provider ? providerIds[visit.provider] : null,
        visit.status,
        visit.date,
        visit.calledAt ?? null,
        visit.startedAt ?? null,
        visit.finishedAt ?? null,
        visit.estimate ?? null,
      ],
    );
  }

  const getInsights = async (session: StaffSession, query = RANGE): Promise<Insights> => {
    const response = await t.app.inject({ url: `/api/v1/staff/insights?${query}`, headers: session.headers });
    expect(response.statusCode, response.body).toBe(200);
    return insightsSchema.parse(response.json());
  };
  const getCsv = (session: StaffSession, query = RANGE) =>
    t.app.inject({ url: `/api/v1/staff/insights/visits.csv?${query}`, headers: session.headers });

  beforeAll(async () => {
    t = await createTestApp(kind, { onQuery: (_sql, rows) => statementRows.push(rows) });
    salon = await createBusiness(t.database.db, {
      services: ['Cut', 'Color'],
      providers: [{ name: 'Ana' }, { name: 'Ben' }],
    });
    await t.database.db.query('update companies set time_zone = $2 where id = $1', [salon.companyId, ZONE]);
    const providerIds = Object.fromEntries(salon.providers.map((provider) => [provider.name, provider.id]));
    for (const [index, visit] of VISITS.entries())
      await insertVisit(salon.companyId, visit, providerIds, index);
    // Another business's visit in the same days.
    await insertVisit(
      'demo',
      {
        date: '2026-03-07T18:00Z',
        service: 'Cut',
        provider: null,
        status: 'no_show',
        calledAt: '2026-03-07T18:05Z',
      },
      {},
      99,
    );
    owner = await signInStaff(t.app, salon.owner);
  });
  afterAll(async () => t?.close());

  it("counts each day's and each hour's arrivals in the business's time zone", async () => {
    const insights = await getInsights(owner);
    expect(insights).toMatchObject({ from: '2026-03-07', to: '2026-03-09', timeZone: ZONE });
    expect(insights.days).toEqual([
      { day: '2026-03-07', joins: 3 },
      { day: '2026-03-08', joins: 6 },
      { day: '2026-03-09', joins: 4 },
    ]);
    // Weekday 0 is Sunday. 10:05 PDT on Sunday is 10, not 9: the zone's rules of that day apply.
    const cells = insights.arrivals.flatMap((hours, weekday) =>
      hours.flatMap((arrivals, hour) => (arrivals > 0 ? [{ weekday, hour, arrivals }] : [])),
    );
    expect(cells).toEqual([
      { weekday: 0, hour: 10, arrivals: 2 },
      { weekday: 0, hour: 13, arrivals: 2 },
      { weekday: 0, hour: 14, arrivals: 2 },
      { weekday: 1, hour: 9, arrivals: 2 },
      { weekday: 1, hour: 11, arrivals: 1 },
      { weekday: 1, hour: 23, arrivals: 1 },
      { weekday: 6, hour: 0, arrivals: 1 },
      { weekday: 6, hour: 10, arrivals: 2 },
    ]);

    // Every day of a range has its row, quiet ones too.
    const week = await getInsights(owner, 'from=2026-03-04&to=2026-03-10');
    expect(week.days.map((day) => day.joins)).toEqual([0, 0, 1, 3, 6, 4, 1]);
  });

  it('gives the average and 90th-percentile wait, and how far the estimates were off', async () => {
    const insights = await getInsights(owner);
    // Waits 2, 3, 4, 5, 6, 10, 20, 30, 40, 60: nine in ten waited 40 minutes or less.
    expect(insights.wait).toEqual({ visits: 10, averageMinutes: 18, p90Minutes: 40 });
    // Off by 0, 0, 3, 5, 10 and 30 minutes: the median is between 3 and 5.
    expect(insights.estimate).toEqual({
      visits: 6,
      medianErrorMinutes: 4,
      averageEstimateMinutes: 16,
      averageWaitMinutes: 22,
    });
  });

  it('counts no-shows over the called visits only, never the cancelled ones', async () => {
    const insights = await getInsights(owner);
    // Eight called visits ended served or missing; one called and then removed is not one of them,
    // nor the no-show marked without a call, nor the two cancelled before a call.
    expect(insights.noShows).toEqual({ noShows: 1, calledVisits: 8 });
  });

  it('breaks the figures down per service and per provider', async () => {
    const insights = await getInsights(owner);
    const [ana, ben] = salon.providers;
    expect(insights.byProvider).toEqual([
      {
        providerId: ben!.id,
        providerName: 'Ben',
        visits: 6,
        averageWaitMinutes: 28,
        calledVisits: 4,
        noShows: 1,
      },
      {
        providerId: ana!.id,
        providerName: 'Ana',
        visits: 5,
        averageWaitMinutes: 8,
        calledVisits: 4,
        noShows: 0,
      },
      {
        providerId: null,
        providerName: null,
        visits: 2,
        averageWaitMinutes: null,
        calledVisits: 0,
        noShows: 0,
      },
    ]);
    // Color's waits 30, 5, 3 and 60 average 24.5: rounded up, as people round.
    expect(insights.byService).toEqual([
      { service: 'Cut', visits: 7, averageWaitMinutes: 14, calledVisits: 5, noShows: 0 },
      { service: 'Color', visits: 6, averageWaitMinutes: 25, calledVisits: 3, noShows: 1 },
    ]);
  });

  it("counts the funnel's customers over the range's days", async () => {
    const event = async (name: string, who: string, at: string, params: Record<string, string> = {}) =>
      t.database.db.query(
        `insert into analytics_events (name, params, visitor_id, customer_id, occurred_at, company_id)
         values ($1, $2, $3, $3, $4, $5)`,
        [name, JSON.stringify(params), who, at, salon.companyId],
      );
    const walkIn = { screen_name: 'walk_in' };
    await event('screen_view', 'early', '2026-03-07T07:59Z', walkIn); // Friday night, before the range
    await event('screen_view', 'first', '2026-03-07T18:00Z', walkIn);
    await event('walk_in_next_pressed', 'first', '2026-03-07T18:01Z');
    await event('screen_view', 'last', '2026-03-10T06:59Z', walkIn);
    await event('walk_in_next_pressed', 'late', '2026-03-10T07:00Z'); // Tuesday, after it
    // A guest at the kiosk (docs/door.md) opened the page too.
    await event('screen_view', 'guest', '2026-03-08T17:00Z', { screen_name: 'kiosk', source: 'kiosk' });
    // Joined is not an event: it is the range's visits' customers (one each here), whatever was posted.
    await event('user_info_new_walkin_success', 'forger', '2026-03-08T17:01Z');
    expect((await getInsights(owner)).funnel).toEqual({
      landing: 3,
      serviceNext: 1,
      userInfoNext: 0,
      joined: 13,
    });
  });

  it("exports the range's visits as CSV in the business's time zone, without names or phones unless asked", async () => {
    const response = await getCsv(owner);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="checkn-visits-2026-03-07-2026-03-09.csv"',
    );
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const lines = response.body.slice(1).split('\r\n');
    expect(lines[0]).toBe('Arrived,Called,Started,Finished,Service,Provider,Status,Waited (min)');
    expect(lines[1]).toBe('2026-03-07 00:00,,,2026-03-07 00:30,Color,,Cancelled,');
    expect(lines[2]).toBe(
      '2026-03-07 10:00,2026-03-07 10:10,2026-03-07 10:12,2026-03-07 10:40,Cut,Ana,Done,10',
    );
    expect(lines[3]).toBe('2026-03-07 10:30,2026-03-07 11:00,,2026-03-07 11:10,Color,Ben,No-show,30');
    expect(lines).toHaveLength(1 + 13 + 1); // the header, 13 visits, and the last line's end
    expect(lines.at(-1)).toBe('');
    expect(response.body).not.toContain('HYPERLINK');
    expect(response.body).not.toMatch(/310/);

    const withContacts = await getCsv(owner, `${RANGE}&phones=1`);
    expect(withContacts.statusCode).toBe(200);
    const rows = withContacts.body.slice(1).split('\r\n');
    expect(rows[0]).toBe(
      'Arrived,Called,Started,Finished,Service,Provider,Status,Waited (min),Name,Phone,Party',
    );
    // A party of one: no place in a party (docs/party-size.md).
    expect(rows[2]).toBe(
      '2026-03-07 10:00,2026-03-07 10:10,2026-03-07 10:12,2026-03-07 10:40,Cut,Ana,Done,10,Visitor 2,(310) 555-0002,',
    );
    // Quoted for its comma and quotes, and turned into text so no spreadsheet runs it.
    expect(rows.at(-2)).toBe(
      '2026-03-09 23:59,,,2026-03-10 00:05,Color,Ben,Cancelled,,"\'=HYPERLINK(""http://x.test"",""y""), Jr",(310) 555-0013,',
    );
    expect(withContacts.body).toContain(
      '2026-03-09 09:00,,2026-03-09 09:40,2026-03-09 10:10,Cut,Ben,Done,40,"Line\nbreak",',
    );
  });

  it("words the CSV's header and statuses in the console's language; the data as typed", async () => {
    const spanish = await getCsv(owner, `${RANGE}&language=es`);
    expect(spanish.statusCode, spanish.body).toBe(200);
    const lines = spanish.body.slice(1).split('\r\n');
    expect(lines[0]).toBe('Llegada,Llamado,Inicio,Fin,Servicio,Profesional,Estado,Espera (min)');
    expect(lines[1]).toBe('2026-03-07 00:00,,,2026-03-07 00:30,Color,,Cancelado,');
    expect(lines[2]).toBe(
      '2026-03-07 10:00,2026-03-07 10:10,2026-03-07 10:12,2026-03-07 10:40,Cut,Ana,Terminado,10',
    );
    expect(lines[3]).toBe('2026-03-07 10:30,2026-03-07 11:00,,2026-03-07 11:10,Color,Ben,No se presentó,30');

    // Without the link's choice, the request's language (a browser's Accept-Language); a
    // language the console does not speak reads English.
    const byHeader = (language: string) =>
      t.app.inject({
        url: `/api/v1/staff/insights/visits.csv?${RANGE}`,
        headers: { ...owner.headers, 'accept-language': language },
      });
    const fromSpanishBrowser = await byHeader('es-ES,es;q=0.9');
    expect(fromSpanishBrowser.body.slice(1).split('\r\n')[0]).toMatch(/^Llegada,/);
    expect(fromSpanishBrowser.headers.vary).toContain('Accept-Language');
    expect((await byHeader('vi')).body.slice(1).split('\r\n')[0]).toMatch(/^Arrived,/);
    // The link's choice wins over the browser's.
    const chosen = await t.app.inject({
      url: `/api/v1/staff/insights/visits.csv?${RANGE}&language=en`,
      headers: { ...owner.headers, 'accept-language': 'es' },
    });
    expect(chosen.body.slice(1).split('\r\n')[0]).toMatch(/^Arrived,/);

    const unknown = await getCsv(owner, `${RANGE}&language=fr`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      error: { field: 'language', message: 'The console speaks en or es' },
    });
  });

  it('reads a long CSV a page of rows at a time, so no statement holds the embedded database for long', async () => {
    // A busy year is tens of thousands of visits: read in one statement, PGlite's one thread was
    // busy for seconds (5–6 s for 55,000 on the 2-core test machine) and every join, call and
    // board read of every business waited behind it.
    const busy = await createBusiness(t.database.db, { services: ['Cut'] });
    const customerId = randomUUID();
    await t.database.db.query('insert into customers (id, token_hash) values ($1, $2)', [
      customerId,
      randomUUID(),
    ]);
    // Two pages' worth on 2026-02-02 (two visits to each minute: their order is their id's), and
    // one more the day after: exactly full pages, then one row over.
    const onFirstDay = 2 * CSV_PAGE_ROWS;
    await t.database.db.query(
      `insert into wait_entries (id, company_id, customer_id, idempotency_key, service_type, name, phone_number, status, date)
       select gen_random_uuid(), $1, $2, 'bulk-' || g, 'Cut', 'Bulk ' || g, '+13105550000', 'done',
              case when g <= $3 then timestamptz '2026-02-02 09:00Z' + (g / 2) * interval '1 minute'
                   else timestamptz '2026-02-03 12:00Z' end
         from generate_series(1, $3 + 1) g`,
      [busy.companyId, customerId, onFirstDay],
    );
    const busyOwner = await signInStaff(t.app, busy.owner);

    for (const [to, visits] of [
      ['2026-02-02', onFirstDay],
      ['2026-02-03', onFirstDay + 1],
    ] as const) {
      statementRows.length = 0;
      const response = await getCsv(busyOwner, `from=2026-02-02&to=${to}&phones=1`);
      expect(response.statusCode, response.body).toBe(200);
      expect(Math.max(...statementRows)).toBeLessThanOrEqual(CSV_PAGE_ROWS);
      // Every visit once, in arrival order.
      const rows = response.body.slice(1).split('\r\n').slice(1, -1);
      expect(rows).toHaveLength(visits);
      const names = rows.map((row) => row.split(',')[8]);
      expect(new Set(names).size).toBe(visits);
      expect(names).toContain(`Bulk ${visits}`);
      const arrivals = rows.map((row) => row.split(',')[0]!);
      expect(arrivals).toEqual([...arrivals].sort());
    }
  });

  it('says in the CSV when a request to a provider was never taken, instead of Waiting', async () => {
    // Requests to Ana, answered or not (a business of their own: a waiting visit is in every later
    // day's line). One declined or expired stays 'waiting' in the database until the customer
    // joins the next available, which many never do: a month later the file called it Waiting.
    const studio = await createBusiness(t.database.db, { services: ['Cut'], providers: [{ name: 'Ana' }] });
    const providerIds = { Ana: studio.providers[0]!.id };
    const requests = [
      ['2026-02-09T18:00Z', 'pending'],
      ['2026-02-09T18:10Z', 'declined'],
      ['2026-02-09T18:20Z', 'expired'],
      ['2026-02-09T18:30Z', 'accepted'],
    ] as const;
    for (const [index, [date, answer]] of requests.entries()) {
      const name = `Request ${answer}`;
      await insertVisit(
        studio.companyId,
        { date, service: 'Cut', provider: 'Ana', status: 'waiting', name },
        providerIds,
        200 + index,
      );
      await t.database.db.query(
        'update wait_entries set request_status = $2 where company_id = $1 and name = $3',
        [studio.companyId, answer, name],
      );
    }
    const response = await getCsv(
      await signInStaff(t.app, studio.owner),
      'from=2026-02-09&to=2026-02-09&phones=1',
    );
    expect(response.statusCode, response.body).toBe(200);
    const statuses = response.body
      .slice(1)
      .split('\r\n')
      .slice(1, -1)
      .map((row) => `${row.split(',')[8]}: ${row.split(',')[6]}`);
    expect(statuses).toEqual([
      'Request pending: Request pending',
      'Request declined: Request declined',
      'Request expired: Request expired',
      'Request accepted: Waiting',
    ]);
  });

  it("shows another business's owner none of this business's visits", async () => {
    const demoOwner = await signInStaff(t.app);
    const demo = await getInsights(demoOwner);
    expect(demo.days.reduce((sum, day) => sum + day.joins, 0)).toBe(1);
    expect(demo.byProvider.flatMap((row) => (row.providerName ? [row.providerName] : []))).toEqual([]);
    expect(demo.noShows).toEqual({ noShows: 1, calledVisits: 1 });
    const csv = await getCsv(demoOwner, `${RANGE}&phones=1`);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Visitor 99');
  });

  it('lets only the owner read insights and their CSV', async () => {
    const desk = await addTeamMember(t.app, owner, { role: 'front_desk' });
    const provider = await addTeamMember(t.app, owner, {
      role: 'provider',
      providerId: salon.providers[0]!.id,
    });
    for (const session of [desk, provider]) {
      expectApiError(
        await t.app.inject({ url: `/api/v1/staff/insights?${RANGE}`, headers: session.headers }),
        403,
        'ROLE_NOT_ALLOWED',
      );
      expectApiError(await getCsv(session), 403, 'ROLE_NOT_ALLOWED');
    }
    expectApiError(
      await t.app.inject({ url: `/api/v1/staff/insights/visits.csv?${RANGE}` }),
      401,
      'STAFF_UNAUTHENTICATED',
    );
  });

  it('refuses a range that is malformed, backwards, longer than a year or past today, saying why', async () => {
    // The salon's today, not the server's: a day after it has no visits, only empty bars.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());
    const tomorrow = addDays(today, 1);
    const cases: [string, string, string][] = [
      [`from=${today}&to=${tomorrow}`, 'to', 'The last day cannot be after today'],
      [`from=${tomorrow}&to=${addDays(today, 2)}`, 'from', 'The first day cannot be after today'],
      ['from=2026-03-09&to=2026-03-07', 'to', 'The last day must be on or after the first day'],
      ['from=2025-01-01&to=2026-01-02', 'to', 'Choose at most 366 days'],
      ['from=2026-3-7&to=2026-03-09', 'from', 'Use a date like 2026-03-31'],
      ['from=2026-02-30&to=2026-03-09', 'from', 'That date does not exist'],
      ['from=2026-03-07', 'to', 'Choose the last day'],
      // Year 0 is a date to JavaScript and not to PostgreSQL (it answered 500).
      ['from=0000-01-01&to=0000-01-02', 'from', 'Choose a date from the year 2000 on'],
      ['from=1999-12-31&to=2000-01-02', 'from', 'Choose a date from the year 2000 on'],
    ];
    for (const [query, field, message] of cases) {
      for (const url of [`/api/v1/staff/insights?${query}`, `/api/v1/staff/insights/visits.csv?${query}`]) {
        const error = expectApiError(
          await t.app.inject({ url, headers: owner.headers }),
          400,
          'VALIDATION_FAILED',
        );
        expect(error, url).toMatchObject({ field, message });
      }
    }
    // A whole year is fine, and so is one that ends today; the CSV needs a range; phones is 1 or 0.
    expect((await getInsights(owner, 'from=2025-01-01&to=2026-01-01')).days).toHaveLength(366);
    expect((await getInsights(owner, `from=${today}&to=${today}`)).days).toHaveLength(1);
    expect((await getCsv(owner, `from=${today}&to=${today}`)).statusCode).toBe(200);
    expect(expectApiError(await getCsv(owner, ''), 400, 'VALIDATION_FAILED').field).toBe('from');
    expect(expectApiError(await getCsv(owner, `${RANGE}&phones=yes`), 400, 'VALIDATION_FAILED').field).toBe(
      'phones',
    );
  });

  it("opens on the business's last 7 days", async () => {
    const asked = Date.now();
    const response = await t.app.inject({ url: '/api/v1/staff/insights', headers: owner.headers });
    const answered = Date.now();
    const insights = insightsSchema.parse(response.json());
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());
    expect(insights).toMatchObject({ to: today, today, timeZone: ZONE });
    expect(insights.days).toHaveLength(7);
    expect(insights.days.at(-1)!.day).toBe(today);
    // The server's clock when it answered.
    expect(Date.parse(insights.now)).toBeGreaterThanOrEqual(asked);
    expect(Date.parse(insights.now)).toBeLessThanOrEqual(answered);

    // The page's presets: the last days up to the business's today, as the server counts them
    // when it answers (a page open across midnight asks again and gets the new day).
    for (const days of [1, 30, 366]) {
      const last = await getInsights(owner, `days=${days}`);
      expect(last).toMatchObject({ from: addDays(today, 1 - days), to: today, today });
      expect(last.days).toHaveLength(days);
    }
    for (const days of ['0', '367', '7.5', '', 'x'])
      expect(
        expectApiError(
          await t.app.inject({ url: `/api/v1/staff/insights?days=${days}`, headers: owner.headers }),
          400,
          'VALIDATION_FAILED',
        ),
      ).toMatchObject({ field: 'days', message: 'Choose 1 to 366 days' });
  });

  it('keeps the wait estimate the customer was shown when they joined', async () => {
    const stored = async (waitId: string) =>
      (
        await t.database.db.query<{ estimate: number | null }>(
          'select estimated_wait_minutes as estimate from wait_entries where id = $1',
          [waitId],
        )
      ).rows[0]!.estimate;
    const first = await joinAsNewCustomer(
      t,
      { serviceType: 'Cut', phoneNumber: '+14155550101' },
      salon.companyId,
    );
    const second = await joinAsNewCustomer(
      t,
      { serviceType: 'Cut', phoneNumber: '+14155550102' },
      salon.companyId,
    );
    const shown = (await getWaitEntry(t.app, second.authorization, second.waitId, salon.companyId))
      .estimatedWaitMinutes;
    // Two providers: each starts at once (docs/wait-estimate.md). Kept just after the joins answered.
    expect(shown).toBe(0);
    await expect.poll(() => stored(second.waitId)).toBe(shown);
    await expect.poll(() => stored(first.waitId)).toBe(0);
  });
});
