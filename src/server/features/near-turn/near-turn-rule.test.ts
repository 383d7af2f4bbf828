import { describe, expect, it } from 'vitest';
import { choicesMet, minutesToSay } from './near-turn-rule.ts';

describe('choicesMet', () => {
  it('meets each "ahead" choice once that many or fewer wait ahead', () => {
    expect(choicesMet({ ahead: 6, minutes: 60 })).toEqual([]);
    expect(choicesMet({ ahead: 5, minutes: 60 })).toEqual(['ahead_5']);
    expect(choicesMet({ ahead: 3, minutes: 60 })).toEqual(['ahead_3', 'ahead_5']);
    expect(choicesMet({ ahead: 2, minutes: 60 })).toEqual(['ahead_2', 'ahead_3', 'ahead_5']);
    expect(choicesMet({ ahead: 0, minutes: 60 })).toEqual(['next', 'ahead_2', 'ahead_3', 'ahead_5']);
  });

  it('meets "about 15 minutes" by the estimate, or when next without one', () => {
    expect(choicesMet({ ahead: 8, minutes: 15 })).toEqual(['minutes_15']);
    expect(choicesMet({ ahead: 8, minutes: 16 })).toEqual([]);
    expect(choicesMet({ ahead: 1, minutes: null })).toEqual(['ahead_2', 'ahead_3', 'ahead_5']);
    expect(choicesMet({ ahead: 0, minutes: null })).toContain('minutes_15');
  });

  it('never meets "off"', () => {
    expect(choicesMet({ ahead: 0, minutes: 0 })).not.toContain('off');
  });
});

describe('minutesToSay', () => {
  it('rounds up to fives, at least 5', () => {
    expect([0, 3, 5, 11, 15].map(minutesToSay)).toEqual([5, 5, 5, 15, 15]);
  });
});
