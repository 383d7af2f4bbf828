import { describe, expect, it } from 'vitest';
import { instantAt } from '../../../shared/local-time.ts';
import type { OpeningHours } from '../../../shared/opening-hours.ts';
import { type IntakeRules, type LineLoad, stoppedMessage, walkInsStoppedAt } from './walk-ins-stopped.ts';

const NY = 'America/New_York';
const at = (date: string, time: string) => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return instantAt(date, h * 60 + m, NY);
};
const weekdays9to5: OpeningHours = {
  weekly: [[], ...Array(5).fill([{ opens: '09:00', closes: '17:00' }]), []],
  specialDays: [],
  lastCallMinutes: 30,
};
const rules = (changes: Partial<IntakeRules> = {}): IntakeRules => ({
  suspended: false,
  timeZone: NY,
  openingHours: weekdays9to5,
  pause: null,
  maxWaiting: null,
  maxWaitMinutes: null,
  ...changes,
});
const quietLine = async (): Promise<LineLoad> => ({ waiting: 0, estimatedWaitMinutes: 0 });
const neverRead = async (): Promise<LineLoad> => {
  throw new Error('the line was read');
};

describe('whether a business takes walk-ins', () => {
  it('says a suspended business takes none online, before its hours or pause, without reading the line', async () => {
    const closedAndPaused = rules({ suspended: true, pause: { message: 'Lunch', until: null } });
    const stopped = await walkInsStoppedAt(closedAndPaused, at('2026-11-28', '10:00'), neverRead);
    expect(stopped).toEqual({
      reason: 'suspended',
      title: 'Not taking walk-ins online',
      details: ['Please ask at the front desk.'],
    });
    expect(stoppedMessage(stopped!)).toBe('Not taking walk-ins online · Please ask at the front desk.');
  });

  it('takes them around the clock until the owner sets hours, without reading the line', async () => {
    expect(
      await walkInsStoppedAt(rules({ openingHours: null }), at('2026-11-29', '03:00'), neverRead),
    ).toBeNull();
  });

  it('is closed outside its hours and says when it opens', async () => {
    const stopped = await walkInsStoppedAt(rules(), at('2026-11-28', '10:00'), neverRead);
    expect(stopped).toEqual({ reason: 'closed', title: 'Closed now', details: ['Opens Monday 9:00 AM'] });
    expect(stoppedMessage(stopped!)).toBe('Closed now · Opens Monday 9:00 AM');
  });

  it('takes no more walk-ins in the last call before closing', async () => {
    expect(await walkInsStoppedAt(rules(), at('2026-11-27', '16:29'), quietLine)).toBeNull();
    expect(await walkInsStoppedAt(rules(), at('2026-11-27', '16:30'), quietLine)).toEqual({
      reason: 'last_call',
      title: 'No more walk-ins today',
      details: ['Opens Monday 9:00 AM'],
    });
  });

  it('takes no more when the estimated start falls after closing', async () => {
    const longLine = async (): Promise<LineLoad> => ({ waiting: 12, estimatedWaitMinutes: 120 });
    expect((await walkInsStoppedAt(rules(), at('2026-11-27', '15:00'), longLine))?.reason).toBe('last_call');
    expect(await walkInsStoppedAt(rules(), at('2026-11-27', '14:59'), longLine)).toBeNull();
  });

  it('names the time when walk-ins start again the same day (a lunch break)', async () => {
    const withLunch: OpeningHours = {
      ...weekdays9to5,
      weekly: [
        [],
        ...Array(5).fill([
          { opens: '09:00', closes: '12:00' },
          { opens: '13:00', closes: '17:00' },
        ]),
        [],
      ],
    };
    expect(
      await walkInsStoppedAt(rules({ openingHours: withLunch }), at('2026-11-27', '11:45'), quietLine),
    ).toEqual({
      reason: 'last_call',
      title: 'No more walk-ins until 1:00 PM',
      details: [],
    });
  });

  it('is paused with the staff message and resume time, until it passes', async () => {
    const pause = { message: 'Back from a short break', until: at('2026-11-27', '11:30') };
    expect(await walkInsStoppedAt(rules({ pause }), at('2026-11-27', '11:00'), neverRead)).toEqual({
      reason: 'paused',
      title: 'The wait list is paused',
      details: ['Back from a short break', 'Back at 11:30 AM'],
    });
    expect(await walkInsStoppedAt(rules({ pause }), at('2026-11-27', '11:30'), quietLine)).toBeNull();
    expect(
      await walkInsStoppedAt(
        rules({ pause: { message: null, until: null } }),
        at('2026-11-27', '11:00'),
        neverRead,
      ),
    ).toMatchObject({ reason: 'paused', details: ['Please check again soon.'] });
  });

  it('says closed rather than paused outside the hours', async () => {
    const pause = { message: null, until: null };
    expect((await walkInsStoppedAt(rules({ pause }), at('2026-11-28', '10:00'), neverRead))?.reason).toBe(
      'closed',
    );
  });

  it('is full at the cap of people waiting or of estimated wait', async () => {
    const line = async (): Promise<LineLoad> => ({ waiting: 5, estimatedWaitMinutes: 50 });
    const now = at('2026-11-27', '10:00');
    expect(await walkInsStoppedAt(rules({ maxWaiting: 5 }), now, line)).toEqual({
      reason: 'full',
      title: 'The wait list is full right now',
      details: ['Please check again soon.'],
    });
    expect(await walkInsStoppedAt(rules({ maxWaiting: 6 }), now, line)).toBeNull();
    expect((await walkInsStoppedAt(rules({ maxWaitMinutes: 45 }), now, line))?.reason).toBe('full');
    expect(await walkInsStoppedAt(rules({ maxWaitMinutes: 50 }), now, line)).toBeNull();
    expect((await walkInsStoppedAt(rules({ openingHours: null, maxWaiting: 5 }), now, line))?.reason).toBe(
      'full',
    );
  });

  describe("in the reader's language", () => {
    it('says why in Spanish, its times and days through Intl', async () => {
      const closed = await walkInsStoppedAt(rules(), at('2026-11-28', '10:00'), neverRead, 'es');
      expect(closed).toEqual({
        reason: 'closed',
        title: 'Cerrado en este momento',
        details: ['Abre el lunes a las 9:00 a.m.'],
      });
      expect(stoppedMessage(closed!)).toBe('Cerrado en este momento · Abre el lunes a las 9:00 a.m.');
      const pause = { message: 'Volvemos pronto', until: at('2026-11-27', '13:30') };
      expect(await walkInsStoppedAt(rules({ pause }), at('2026-11-27', '11:00'), neverRead, 'es')).toEqual({
        reason: 'paused',
        title: 'La lista de espera está en pausa',
        // The staff's own message as they wrote it.
        details: ['Volvemos pronto', 'Volvemos a la 1:30 p.m.'],
      });
      expect(
        (await walkInsStoppedAt(rules({ maxWaiting: 0 }), at('2026-11-27', '10:00'), quietLine, 'es'))?.title,
      ).toBe('La lista de espera está llena en este momento');
    });

    it('says "a la 1:00 p.m." in Spanish, and tomorrow and later dates in every language', async () => {
      const withLunch: OpeningHours = {
        ...weekdays9to5,
        weekly: [
          [],
          ...Array(5).fill([
            { opens: '09:00', closes: '12:00' },
            { opens: '13:00', closes: '17:00' },
          ]),
          [],
        ],
      };
      const lunch = at('2026-11-27', '11:45');
      expect(
        (await walkInsStoppedAt(rules({ openingHours: withLunch }), lunch, quietLine, 'es'))?.title,
      ).toBe('No recibimos más clientes sin cita hasta la 1:00 p.m.');
      const pause = { message: null, until: at('2026-11-27', '01:30') };
      expect(
        (
          await walkInsStoppedAt(
            rules({ pause, openingHours: null }),
            at('2026-11-27', '01:00'),
            neverRead,
            'es',
          )
        )?.details,
      ).toEqual(['Volvemos a la 1:30 a.m.']);
      const thursdayNight = at('2026-11-26', '20:00');
      const opening = async (language: 'vi' | 'zh-Hans' | 'es') =>
        (await walkInsStoppedAt(rules(), thursdayNight, neverRead, language))?.details;
      expect(await opening('es')).toEqual(['Abre mañana a las 9:00 a.m.']);
      expect(await opening('vi')).toEqual(['Mở cửa lúc 9:00 ngày mai']);
      expect(await opening('zh-Hans')).toEqual(['明天9:00开始营业']);
    });

    it('names a day of the week and a date in Vietnamese and Chinese', async () => {
      const saturday = at('2026-11-28', '10:00');
      const vi = await walkInsStoppedAt(rules(), saturday, neverRead, 'vi');
      expect(vi).toEqual({
        reason: 'closed',
        title: 'Hiện đang đóng cửa',
        details: ['Mở cửa lúc 9:00 Thứ Hai'],
      });
      const zh = await walkInsStoppedAt(rules(), saturday, neverRead, 'zh-Hans');
      expect(zh).toEqual({ reason: 'closed', title: '现在不营业', details: ['星期一9:00开始营业'] });
      const closedForTheHolidays: OpeningHours = {
        ...weekdays9to5,
        specialDays: ['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04'].map((date) => ({
          date,
          ranges: [],
        })),
      };
      const later = async (language: 'en' | 'es' | 'vi' | 'zh-Hans') =>
        (await walkInsStoppedAt(rules({ openingHours: closedForTheHolidays }), saturday, neverRead, language))
          ?.details;
      expect(await later('en')).toEqual(['Opens Dec 7 9:00 AM']);
      expect(await later('es')).toEqual(['Abre el 7 dic a las 9:00 a.m.']);
      expect(await later('vi')).toEqual(['Mở cửa lúc 9:00 ngày 7 thg 12']);
      expect(await later('zh-Hans')).toEqual(['12月7日9:00开始营业']);
    });

    it('says it in English by default, as the spec words it', async () => {
      expect(await walkInsStoppedAt(rules(), at('2026-11-28', '10:00'), neverRead, 'en')).toEqual(
        await walkInsStoppedAt(rules(), at('2026-11-28', '10:00'), neverRead),
      );
    });
  });
});
