import { describe, expect, it } from 'vitest';
import { consoleTexts } from './console-texts.ts';

describe('a returning customer on the board (docs/regulars.md)', () => {
  it('counts visits in English ordinals', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111, 112].map(consoleTexts.regulars.visit)).toEqual([
      '1st visit',
      '2nd visit',
      '3rd visit',
      '4th visit',
      '11th visit',
      '12th visit',
      '13th visit',
      '21st visit',
      '22nd visit',
      '23rd visit',
      '101st visit',
      '111th visit',
      '112th visit',
    ]);
  });

  it('names the last visit with its provider when it had one', () => {
    expect(consoleTexts.regulars.lastVisit('Haircut', 'Maria', 'Oct 3')).toBe(
      'last: Haircut with Maria, Oct 3',
    );
    expect(consoleTexts.regulars.lastVisit('Facials', null, 'Oct 3')).toBe('last: Facials, Oct 3');
  });
});
