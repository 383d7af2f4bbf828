import { describe, expect, it } from 'vitest';
import { FEED_PROBLEM_WORDS } from './feed-problems.ts';
import { readBusyBlocks } from './ics-feed.ts';
import { IcsFeedError } from './ics-feed-result.ts';
import { readBusyBlocksInThread } from './ics-feed-thread.ts';

const text = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'BEGIN:VEVENT',
  'UID:daily@salon',
  'DTSTART;TZID=America/New_York:20150105T100000',
  'DTEND;TZID=America/New_York:20150105T110000',
  'RRULE:FREQ=DAILY',
  'END:VEVENT',
  'END:VCALENDAR',
].join('\r\n');
const window = { from: Date.parse('2026-01-01T00:00:00Z'), to: Date.parse('2026-01-15T00:00:00Z') };

describe('a feed read in a thread of its own', () => {
  it('answers what reading it here answers', async () => {
    const inThread = await readBusyBlocksInThread({ text, window, timeZone: 'America/Chicago' });
    expect(inThread).toEqual(readBusyBlocks(text, window, 'America/Chicago'));
    expect(inThread.blocks).toHaveLength(14);
  });

  it("passes on the feed's own error in words", async () => {
    const read = readBusyBlocksInThread({ text: '<html>', window, timeZone: 'America/Chicago' });
    await expect(read).rejects.toBeInstanceOf(IcsFeedError);
    await expect(read).rejects.toThrow(FEED_PROBLEM_WORDS.en.notACalendar);
  });

  it('stops a thread past its time and says the calendar is too large', async () => {
    // No thread starts and reads within a millisecond: the deadline always passes first.
    const read = readBusyBlocksInThread(
      { text, window, timeZone: 'America/Chicago' },
      { timeoutMs: 1, maxHeapMb: 256 },
    );
    await expect(read).rejects.toThrow(FEED_PROBLEM_WORDS.en.tooComplex);
    // The next feed is read as usual.
    await expect(
      readBusyBlocksInThread({ text, window, timeZone: 'America/Chicago' }),
    ).resolves.toMatchObject({
      truncated: false,
    });
  });
});
