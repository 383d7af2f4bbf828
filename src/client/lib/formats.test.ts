import { afterEach, describe, expect, it } from 'vitest';
import { consoleLanguageOf } from '../../shared/languages.ts';
import { loadConsoleTexts, setConsoleTexts } from './console-texts.ts';
import { loadCustomerTexts, setCustomerTexts } from './customer-texts.ts';
import {
  formatCalendarDay,
  formatDate,
  formatIsoDateTime,
  formatMessageTime,
  formatTimeOfDay,
  sentence,
  wordsLanguage,
} from './formats.ts';
import enCustomer from './texts/en/customer.ts';
import esCustomer from './texts/es/customer.ts';

// 2026-03-05T14:07:00Z, a Thursday.
const AT = Date.UTC(2026, 2, 5, 14, 7);
const MORNING = Date.UTC(2026, 2, 5, 9, 5);

describe('a time of day in each language', () => {
  it('is the spec\'s "9:05 AM" in English, as before', () => {
    expect(formatTimeOfDay(MORNING, 'UTC', 'en')).toBe('9:05 AM');
    expect(formatTimeOfDay(AT, 'America/Chicago', 'en')).toBe('8:07 AM');
    expect(formatTimeOfDay(AT, 'UTC', 'en')).toBe('2:07 PM');
  });

  it("is each other language's own clock, on the business's", () => {
    expect(formatTimeOfDay(AT, 'UTC', 'es')).toBe('2:07 p.m.');
    expect(formatTimeOfDay(MORNING, 'UTC', 'es')).toBe('9:05 a.m.');
    expect(formatTimeOfDay(AT, 'UTC', 'vi')).toBe('14:07');
    expect(formatTimeOfDay(AT, 'America/Chicago', 'zh-Hans')).toBe('8:07');
    expect(formatTimeOfDay(AT, 'UTC', 'zh-Hans')).toBe('14:07');
  });
});

describe('a time at the end of a sentence', () => {
  it('ends it with one period, also where the time has its own ("p.m.")', () => {
    expect(enCustomer.request.answerBy(formatTimeOfDay(AT, 'UTC', 'en'))).toBe('You will hear by 2:07 PM.');
    expect(esCustomer.request.answerBy(formatTimeOfDay(AT, 'UTC', 'es'))).toBe(
      'Te responderán a más tardar a las 2:07 p.m.',
    );
    expect(esCustomer.moreTime.heldUntil(formatTimeOfDay(MORNING, 'UTC', 'es'))).toBe(
      'Guardaremos tu lugar hasta las 9:05 a.m.',
    );
    expect(sentence('Made by Ana, 3/5/26, 2:07 pm')).toBe('Made by Ana, 3/5/26, 2:07 pm.');
    expect(sentence('Creada por Ana, 5/3/26, 2:07 p.m.')).toBe('Creada por Ana, 5/3/26, 2:07 p.m.');
  });
});

describe('a day of the business calendar in each language', () => {
  const options = { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' } as const;

  it('is "Thu, Mar 5, 2026" in English, as before, whatever the zone', () => {
    expect(formatCalendarDay('2026-03-05', options, 'en')).toBe('Thu, Mar 5, 2026');
    expect(formatCalendarDay('2026-03-05', { month: 'short', day: 'numeric' }, 'en')).toBe('Mar 5');
  });

  it('puts the day first in Spanish and Vietnamese, the year first in Chinese', () => {
    expect(formatCalendarDay('2026-03-05', options, 'es')).toBe('jue, 5 mar 2026');
    expect(formatCalendarDay('2026-03-05', options, 'vi')).toBe('Thứ 5, 5 thg 3, 2026');
    expect(formatCalendarDay('2026-03-05', options, 'zh-Hans')).toBe('2026年3月5日周四');
  });
});

describe('a date and time, as Insights writes a rating', () => {
  const options = {
    timeZone: 'UTC',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  } as const;

  it('reads in each language', () => {
    expect(formatDate(AT, options, 'en')).toBe('Mar 5, 2:07 PM');
    expect(formatDate(AT, options, 'es')).toBe('5 mar, 2:07 p.m.');
    expect(formatDate(AT, options, 'vi')).toBe('14:07 5 thg 3');
    expect(formatDate(AT, options, 'zh-Hans')).toBe('3月5日 14:07');
  });
});

describe('the language of the words', () => {
  afterEach(async () => {
    setConsoleTexts(await loadConsoleTexts('en'));
  });

  it("is the one the page shows: its times follow it, and English stays the spec's", async () => {
    expect(wordsLanguage()).toBe('en');
    expect(formatMessageTime(AT / 1000, 'UTC')).toBe('3/5/26, 2:07 pm');
    expect(formatIsoDateTime(new Date(AT).toISOString(), 'UTC')).toBe('3/5/26, 2:07 pm');

    setCustomerTexts(await loadCustomerTexts('es'));
    expect(wordsLanguage()).toBe('es');
    expect(formatMessageTime(AT / 1000, 'UTC')).toBe('5/3/26, 2:07 p.m.');
    expect(formatTimeOfDay(AT, 'UTC')).toBe('2:07 p.m.');

    setCustomerTexts(await loadCustomerTexts('zh-Hans'));
    expect(formatIsoDateTime(new Date(AT).toISOString(), 'America/Chicago')).toBe('2026/3/5 08:07');
  });

  it('is English in the console of a Vietnamese reader, whose words are English there', async () => {
    setConsoleTexts(await loadConsoleTexts(consoleLanguageOf('vi')));
    expect(wordsLanguage()).toBe('en');
    expect(formatTimeOfDay(AT, 'UTC')).toBe('2:07 PM');
  });
});

describe('plurals', () => {
  // The catalogs choose a word by `n === 1` (Spanish) or not at all (Vietnamese and Chinese have
  // no plural forms): what Intl.PluralRules says for every count a page shows (docs/languages.md).
  it('Spanish has one form for 1 and another for every other count below a million', () => {
    const rules = new Intl.PluralRules('es-419');
    for (let n = 0; n < 1_000_000; n += n < 1000 ? 1 : 997) {
      expect(rules.select(n), String(n)).toBe(n === 1 ? 'one' : 'other');
    }
  });

  it('Vietnamese and Chinese have a single form', () => {
    expect(new Intl.PluralRules('vi').resolvedOptions().pluralCategories).toEqual(['other']);
    expect(new Intl.PluralRules('zh-Hans').resolvedOptions().pluralCategories).toEqual(['other']);
  });
});
