import { describe, expect, it } from 'vitest';
import {
  formatPhoneForDisplay,
  isCompletePhone,
  maskPhone,
  phoneDigitsFromInput,
  phoneDigitsOnly,
  toStoredPhoneNumber,
} from './phone.ts';

describe('phone mask +1 (###) ###-####', () => {
  it.each([
    ['', ''],
    ['4', '+1 (4'],
    ['415', '+1 (415'],
    ['4155', '+1 (415) 5'],
    ['415555', '+1 (415) 555'],
    ['4155550', '+1 (415) 555-0'],
    ['4155550123', '+1 (415) 555-0123'],
    ['41555501239', '+1 (415) 555-0123'],
  ])('masks %j as %j', (digits, masked) => {
    expect(maskPhone(digits)).toBe(masked);
  });

  it.each([
    ['415-555-0123', '4155550123'],
    ['(415) 555 0123', '4155550123'],
    ['+1 (415) 555-0123', '4155550123'],
    ['+1 (415) 555-01234', '4155550123'],
    ['+1 (41', '41'],
    ['abc4x1y5', '415'],
    ['14155550123', '4155550123'],
    ['1', ''],
    ['14', '4'],
    ['1-415-555-0123', '4155550123'],
    ['', ''],
  ])('keeps digits only from %j', (typed, digits) => {
    expect(phoneDigitsFromInput(typed)).toBe(digits);
  });

  it('round-trips: masking then reading back gives the same digits', () => {
    for (const digits of ['2', '212', '2125', '212555', '2125551', '2125550199']) {
      expect(phoneDigitsFromInput(maskPhone(digits))).toBe(digits);
    }
  });

  it('accepts exactly ten digits and nothing else', () => {
    expect(isCompletePhone('4155550123')).toBe(true);
    expect(isCompletePhone('415555012')).toBe(false);
    expect(isCompletePhone('41555501234')).toBe(false);
    expect(isCompletePhone('415555012a')).toBe(false);
    expect(isCompletePhone('')).toBe(false);
  });

  it('stores +1 followed by ten digits', () => {
    expect(toStoredPhoneNumber('4155550123')).toBe('+14155550123');
  });

  it('strips spaces, parentheses and dash for the add-client payload', () => {
    expect(phoneDigitsOnly('+1 (415) 555-0123')).toBe('+14155550123');
    expect(phoneDigitsOnly('(415) 555-0123')).toBe('4155550123');
  });
});

describe('console phone display', () => {
  it('shows a stored number as (###) ###-#### and leaves anything else alone', () => {
    expect(formatPhoneForDisplay('+14155550123')).toBe('(415) 555-0123');
    expect(formatPhoneForDisplay('+1415')).toBe('+1415');
  });
});
