import { describe, expect, it } from 'vitest';
import { loadConsoleTexts, setConsoleTexts } from '../../../lib/console-texts.ts';
import { describeCalendarFeed } from './describe-calendar-feed.ts';

const now = Date.parse('2026-03-10T15:00:00Z');
const feed = { urlHint: 'https://calendar.google.com/…', lastAttemptAt: null, lastError: null };
const synced = { ...feed, lastSuccessAt: '2026-03-10T14:58:00Z', eventCount: 14 };
const error = 'This link did not return a calendar (ICS) file.';

describe("a provider's calendar feed, as the owner reads it", () => {
  it('says when it last synced and how many events it holds', async () => {
    setConsoleTexts(await loadConsoleTexts('en'));
    expect(describeCalendarFeed(synced, now)).toBe('Synced 2 min ago · 14 events');
    expect(describeCalendarFeed({ ...synced, eventCount: 1 }, now)).toBe('Synced 2 min ago · 1 event');
    expect(describeCalendarFeed({ ...synced, lastSuccessAt: '2026-03-10T14:59:40Z' }, now)).toBe(
      'Synced just now · 14 events',
    );
    expect(describeCalendarFeed({ ...synced, lastSuccessAt: '2026-03-08T15:00:00Z' }, now)).toBe(
      'Synced 2 days ago · 14 events',
    );
  });

  it('says it has not synced yet, or what went wrong and since when the old events are used', async () => {
    setConsoleTexts(await loadConsoleTexts('en'));
    expect(describeCalendarFeed({ ...feed, lastSuccessAt: null, eventCount: 0 }, now)).toBe('Not synced yet');
    expect(describeCalendarFeed({ ...feed, lastSuccessAt: null, lastError: error, eventCount: 0 }, now)).toBe(
      error,
    );
    expect(
      describeCalendarFeed(
        { ...feed, lastSuccessAt: '2026-03-10T13:00:00Z', lastError: error, eventCount: 3 },
        now,
      ),
    ).toBe(`${error} Last synced 2 h ago.`);
  });

  it("says it in the console's Spanish", async () => {
    setConsoleTexts(await loadConsoleTexts('es'));
    expect(describeCalendarFeed(synced, now)).toBe('Sincronizado hace 2 min · 14 eventos');
    expect(
      describeCalendarFeed({ ...synced, eventCount: 1, lastSuccessAt: '2026-03-09T14:00:00Z' }, now),
    ).toBe('Sincronizado hace 1 día · 1 evento');
    expect(describeCalendarFeed({ ...synced, lastSuccessAt: '2026-03-10T14:59:40Z' }, now)).toBe(
      'Sincronizado hace un momento · 14 eventos',
    );
    expect(describeCalendarFeed({ ...feed, lastSuccessAt: null, eventCount: 0 }, now)).toBe(
      'Aún no se ha sincronizado',
    );
    expect(
      describeCalendarFeed(
        { ...feed, lastSuccessAt: '2026-03-10T13:00:00Z', lastError: error, eventCount: 3 },
        now,
      ),
    ).toBe(`${error} Última sincronización: hace 2 h.`);
  });
});
