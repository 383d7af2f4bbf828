import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCalendarFeedRepository } from '../../src/server/features/schedule/calendar-feed.repository.ts';
import { createCalendarFeedService } from '../../src/server/features/schedule/calendar-feed.service.ts';
import { IcsFeedError } from '../../src/server/features/schedule/ics-feed-result.ts';
import { DEMO_FRONT_DESK, DEMO_PROVIDER } from '../../src/server/seed/demo.ts';
import {
  type CalendarFeedsResponse,
  calendarFeedsResponseSchema,
} from '../../src/shared/calendar-feed-schemas.ts';
import { expectApiError } from '../support/api-error.ts';
import {
  createBusiness,
  listProviders,
  type StaffSession,
  signInStaff,
  type TestBusiness,
} from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { databaseKinds } from '../support/test-database.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A calendar with one event per [start, end) pair, in UTC. */
function icsWith(...events: [number, number][]): string {
  const stamp = (instant: number) =>
    new Date(instant)
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Test//Salon//EN',
    ...events.flatMap(([start, end], index) => [
      'BEGIN:VEVENT',
      `UID:event-${index}@test`,
      `DTSTAMP:${stamp(start)}`,
      `DTSTART:${stamp(start)}`,
      `DTEND:${stamp(end)}`,
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

/** Calendar links and their answers, instead of the network; every fetch is counted. */
function fakeCalendars() {
  const answers = new Map<string, string | Error>();
  const fetched: string[] = [];
  return {
    answers,
    fetched,
    fetch: async (url: string) => {
      fetched.push(url);
      const answer = answers.get(url);
      if (answer === undefined) throw new IcsFeedError({ code: 'unreachable' });
      if (answer instanceof Error) throw answer;
      return answer;
    },
  };
}

const silentLogger = () => {
  const warnings: unknown[][] = [];
  const logger = {
    warn: (...args: unknown[]) => warnings.push(args),
    error: (...args: unknown[]) => warnings.push(args),
    info: () => {},
    debug: () => {},
  } as unknown as FastifyBaseLogger;
  return { logger, warnings };
};

// Whole minutes from now, so the feed's events fall in the kept window (yesterday → 14 days ahead).
const soon = Math.ceil(Date.now() / 60_000) * 60_000 + DAY;
const SECRET = 'private-0123456789abcdef';
const MARIA_URL = `https://calendar.example.com/ical/maria/${SECRET}/basic.ics`;

describe.each(databaseKinds)("providers' calendar feeds, on %s", (kind) => {
  let t: TestApp;
  const calendars = fakeCalendars();
  let owner: StaffSession;
  let frontDesk: StaffSession;
  let provider: StaffSession;
  let maria: string;
  let james: string;
  let other: TestBusiness;

  beforeAll(async () => {
    t = await createTestApp(kind, { fetchCalendarFeed: calendars.fetch });
    owner = await signInStaff(t.app);
    frontDesk = await signInStaff(t.app, DEMO_FRONT_DESK);
    provider = await signInStaff(t.app, DEMO_PROVIDER);
    [maria, james] = (await listProviders(t.database.db, 'demo')).map((p) => p.id) as [string, string];
    other = await createBusiness(t.database.db, { companyId: 'other-salon' });
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    calendars.answers.clear();
    calendars.fetched.length = 0;
    await t.database.db.query('delete from provider_calendar_feeds');
    await t.database.db.query('delete from provider_busy_blocks');
  });

  const feedsUrl = '/api/v1/staff/settings/calendar-feeds';
  const setFeed = (session: StaffSession, providerId: string, url: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: `${feedsUrl}/${providerId}`,
      headers: session.headers,
      payload: { url },
    });
  const syncNow = (session: StaffSession, providerId: string) =>
    t.app.inject({ method: 'POST', url: `${feedsUrl}/${providerId}/sync`, headers: session.headers });
  const removeFeed = (session: StaffSession, providerId: string) =>
    t.app.inject({ method: 'DELETE', url: `${feedsUrl}/${providerId}`, headers: session.headers });
  const readFeeds = async (session = owner): Promise<CalendarFeedsResponse> => {
    const response = await t.app.inject({ url: feedsUrl, headers: session.headers });
    expect(response.statusCode, response.body).toBe(200);
    return calendarFeedsResponseSchema.parse(response.json());
  };
  const feedOf = (feeds: CalendarFeedsResponse, providerId: string) =>
    feeds.providers.find((p) => p.providerId === providerId)?.feed;

  async function blockRows(providerId?: string) {
    const { rows } = await t.database.db.query<{ provider_id: string; starts_at: Date; ends_at: Date }>(
      `select provider_id, starts_at, ends_at from provider_busy_blocks
        where source = 'ics' and ($1::uuid is null or provider_id = $1) order by starts_at`,
      [providerId ?? null],
    );
    return rows.map((row) => [
      row.provider_id,
      new Date(row.starts_at).getTime(),
      new Date(row.ends_at).getTime(),
    ]);
  }

  function service(fetchFeed = calendars.fetch, logger = silentLogger().logger) {
    return createCalendarFeedService({
      feeds: createCalendarFeedRepository(t.database.db),
      fetchFeed,
      logger,
    });
  }

  it('imports a feed as soon as the owner sets it, and shows its state without the secret link', async () => {
    calendars.answers.set(
      MARIA_URL,
      icsWith([soon, soon + HOUR], [soon + 2 * DAY, soon + 2 * DAY + 90 * 60_000]),
    );
    const response = await setFeed(owner, maria, MARIA_URL);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).not.toContain(SECRET);
    const feed = feedOf(calendarFeedsResponseSchema.parse(response.json()), maria);
    expect(feed).toMatchObject({ urlHint: 'https://calendar.example.com/…', lastError: null, eventCount: 2 });
    expect(feed?.lastSuccessAt).not.toBeNull();
    expect(feedOf(await readFeeds(), james)).toBeNull();
    expect(await blockRows()).toEqual([
      [maria, soon, soon + HOUR],
      [maria, soon + 2 * DAY, soon + 2 * DAY + 90 * 60_000],
    ]);
    expect(calendars.fetched).toEqual([MARIA_URL]);
  });

  it('answers the busy blocks per provider for the wait estimate, inside the asked window', async () => {
    calendars.answers.set(MARIA_URL, icsWith([soon, soon + HOUR], [soon + 3 * DAY, soon + 3 * DAY + HOUR]));
    calendars.answers.set(
      'https://calendar.example.com/james.ics',
      icsWith([soon + 2 * HOUR, soon + 3 * HOUR]),
    );
    await setFeed(owner, maria, MARIA_URL);
    await setFeed(owner, james, 'https://calendar.example.com/james.ics');
    expect(await service().listBusyBlocks('demo', soon - HOUR, soon + DAY)).toEqual({
      [maria]: [[soon, soon + HOUR]],
      [james]: [[soon + 2 * HOUR, soon + 3 * HOUR]],
    });
    expect(await service().listBusyBlocks(other.companyId, 0, soon + 30 * DAY)).toEqual({});
  });

  it('keeps the previous blocks when a sync fails, and says why in words', async () => {
    calendars.answers.set(MARIA_URL, icsWith([soon, soon + HOUR]));
    await setFeed(owner, maria, MARIA_URL);
    calendars.answers.set(MARIA_URL, '<!doctype html><p>Please sign in</p>');
    const response = await syncNow(owner, maria);
    expect(response.statusCode, response.body).toBe(200);
    const feed = feedOf(calendarFeedsResponseSchema.parse(response.json()), maria);
    expect(feed).toMatchObject({
      lastError: 'This link did not return a calendar (ICS) file.',
      eventCount: 1,
    });
    expect(await blockRows()).toEqual([[maria, soon, soon + HOUR]]);

    // Working again: the error goes, the blocks are the new ones.
    calendars.answers.set(MARIA_URL, icsWith([soon + DAY, soon + DAY + HOUR]));
    const again = feedOf(calendarFeedsResponseSchema.parse((await syncNow(owner, maria)).json()), maria);
    expect(again).toMatchObject({ lastError: null, eventCount: 1 });
    expect(await blockRows()).toEqual([[maria, soon + DAY, soon + DAY + HOUR]]);
  });

  it("says why a sync failed in the reader's console language, and keeps why, not the words", async () => {
    calendars.answers.set(MARIA_URL, '<!doctype html><p>Please sign in</p>');
    await setFeed(owner, maria, MARIA_URL);
    const { rows } = await t.database.db.query<{ last_error: string }>(
      'select last_error from provider_calendar_feeds where provider_id = $1',
      [maria],
    );
    expect(rows.map((row) => JSON.parse(row.last_error))).toEqual([{ code: 'notACalendar' }]);

    const inSpanish = await t.app.inject({
      url: feedsUrl,
      headers: { ...owner.headers, 'accept-language': 'es-MX,es;q=0.9' },
    });
    expect(inSpanish.headers.vary).toContain('Accept-Language');
    expect(feedOf(calendarFeedsResponseSchema.parse(inSpanish.json()), maria)?.lastError).toBe(
      'Este enlace no devolvió un archivo de calendario (ICS).',
    );
    // A language the console does not speak reads English, as the rest of the console.
    const inVietnamese = await t.app.inject({
      url: feedsUrl,
      headers: { ...owner.headers, 'accept-language': 'vi' },
    });
    expect(feedOf(calendarFeedsResponseSchema.parse(inVietnamese.json()), maria)?.lastError).toBe(
      'This link did not return a calendar (ICS) file.',
    );

    // A feed that failed before the reason was kept as JSON shows its sentence until the next sync.
    await t.database.db.query('update provider_calendar_feeds set last_error = $2 where provider_id = $1', [
      maria,
      'This calendar link redirects too many times.',
    ]);
    expect(feedOf(await readFeeds(), maria)?.lastError).toBe('This calendar link redirects too many times.');
  });

  it('never logs the link of a feed that fails unexpectedly', async () => {
    const { logger, warnings } = silentLogger();
    await setFeed(owner, maria, MARIA_URL);
    await t.database.db.query(
      "update provider_calendar_feeds set last_attempt_at = now() - interval '6 minutes'",
    );
    const failing = service(async (url) => Promise.reject(new Error(`socket hang up at ${url}`)), logger);
    expect(await failing.syncDueFeeds()).toBe(1);
    expect(warnings).toHaveLength(1);
    expect(JSON.stringify(warnings)).not.toContain(SECRET);
    expect(JSON.stringify(warnings)).toContain('[calendar link]');
    expect(feedOf(await readFeeds(), maria)?.lastError).toBe(
      'We could not read this calendar. Please try again later.',
    );
  });

  it('polls each feed once in 5 minutes, however many processes poll', async () => {
    const urls = [0, 1, 2].map((index) => `https://calendar.example.com/${index}.ics`);
    for (const url of urls) calendars.answers.set(url, icsWith([soon, soon + HOUR]));
    const team = await createBusiness(t.database.db, {
      providers: [{ name: 'A' }, { name: 'B' }, { name: 'C' }],
    });
    const teamOwner = await signInStaff(t.app, team.owner);
    for (const [index, url] of urls.entries()) await setFeed(teamOwner, team.providers[index]!.id, url);
    expect(calendars.fetched.sort()).toEqual(urls);

    // Just synced: nothing is due.
    calendars.fetched.length = 0;
    expect(await service().syncDueFeeds()).toBe(0);
    // Five minutes on: two processes poll at once, and each feed is fetched once.
    await t.database.db.query(
      "update provider_calendar_feeds set last_attempt_at = now() - interval '5 minutes'",
    );
    const [first, second] = await Promise.all([service().syncDueFeeds(), service().syncDueFeeds()]);
    expect(first + second).toBe(3);
    expect(calendars.fetched.sort()).toEqual(urls);
    expect(await service().syncDueFeeds()).toBe(0);
  });

  it('does not poll the feed of a provider who left', async () => {
    calendars.answers.set(MARIA_URL, icsWith([soon, soon + HOUR]));
    const team = await createBusiness(t.database.db, { providers: [{ name: 'Leaving' }] });
    const teamOwner = await signInStaff(t.app, team.owner);
    await setFeed(teamOwner, team.providers[0]!.id, MARIA_URL);
    await t.database.db.query('update providers set active = false where id = $1', [team.providers[0]!.id]);
    await t.database.db.query(
      "update provider_calendar_feeds set last_attempt_at = now() - interval '6 minutes'",
    );
    calendars.fetched.length = 0;
    expect(await service().syncDueFeeds()).toBe(0);
    expect(calendars.fetched).toEqual([]);
    expect(await service().listBusyBlocks(team.companyId, 0, soon + 30 * DAY)).toEqual({});
  });

  it('drops what an old link brought when the link changes, even from a sync under way', async () => {
    calendars.answers.set(MARIA_URL, icsWith([soon, soon + HOUR]));
    await setFeed(owner, maria, MARIA_URL);
    const feeds = createCalendarFeedRepository(t.database.db);
    const underWay = (await feeds.claimFeed('demo', maria))!;
    const newUrl = 'webcal://calendar.example.com/maria-new.ics';
    calendars.answers.set(newUrl, icsWith([soon + DAY, soon + DAY + HOUR]));
    await setFeed(owner, maria, newUrl);
    expect(calendars.fetched).toEqual([MARIA_URL, newUrl]);
    expect(await blockRows()).toEqual([[maria, soon + DAY, soon + DAY + HOUR]]);
    // The old link's sync finishes late: it changes nothing.
    expect(await feeds.replaceBlocks(underWay, [{ startsAt: soon, endsAt: soon + HOUR }])).toBe(false);
    expect(await blockRows()).toEqual([[maria, soon + DAY, soon + DAY + HOUR]]);
  });

  it('removes a feed and the time it blocked', async () => {
    calendars.answers.set(MARIA_URL, icsWith([soon, soon + HOUR]));
    await setFeed(owner, maria, MARIA_URL);
    const response = await removeFeed(owner, maria);
    expect(response.statusCode, response.body).toBe(200);
    expect(feedOf(calendarFeedsResponseSchema.parse(response.json()), maria)).toBeNull();
    expect(await blockRows()).toEqual([]);
  });

  it('takes https and webcal links only, of a bounded length', async () => {
    for (const url of ['http://calendar.example.com/a.ics', 'calendar.example.com/a.ics', '', 42]) {
      const error = expectApiError(await setFeed(owner, maria, url), 400, 'VALIDATION_FAILED');
      expect(error.field).toBe('url');
    }
    const long = `https://calendar.example.com/${'a'.repeat(2100)}`;
    expect(expectApiError(await setFeed(owner, maria, long), 400, 'VALIDATION_FAILED').message).toBe(
      'That link is too long',
    );
    expect(calendars.fetched).toEqual([]);
    expect(feedOf(await readFeeds(), maria)).toBeNull();
  });

  it("answers not found for another business's provider, and stores nothing", async () => {
    const theirs = other.providers[0]!.id;
    expectApiError(await setFeed(owner, theirs, MARIA_URL), 404, 'CALENDAR_PROVIDER_NOT_FOUND');
    expectApiError(await syncNow(owner, theirs), 404, 'CALENDAR_PROVIDER_NOT_FOUND');
    expectApiError(await removeFeed(owner, theirs), 404, 'CALENDAR_PROVIDER_NOT_FOUND');
    const { rows } = await t.database.db.query('select * from provider_calendar_feeds');
    expect(rows).toEqual([]);
    expect(calendars.fetched).toEqual([]);
  });

  it('refuses the front desk and providers: the feeds are the owner’s', async () => {
    calendars.answers.set(MARIA_URL, icsWith([soon, soon + HOUR]));
    await setFeed(owner, maria, MARIA_URL);
    calendars.fetched.length = 0;
    for (const session of [frontDesk, provider]) {
      expectApiError(
        await t.app.inject({ url: feedsUrl, headers: session.headers }),
        403,
        'ROLE_NOT_ALLOWED',
      );
      expectApiError(
        await setFeed(session, maria, 'https://evil.example.com/x.ics'),
        403,
        'ROLE_NOT_ALLOWED',
      );
      expectApiError(await syncNow(session, maria), 403, 'ROLE_NOT_ALLOWED');
      expectApiError(await removeFeed(session, maria), 403, 'ROLE_NOT_ALLOWED');
    }
    const { rows } = await t.database.db.query<{ url: string }>('select url from provider_calendar_feeds');
    expect(rows).toEqual([{ url: MARIA_URL }]);
    expect(calendars.fetched).toEqual([]);
    expect(await blockRows()).toEqual([[maria, soon, soon + HOUR]]);
  });
});
