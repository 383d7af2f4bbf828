import { describe, expect, it } from 'vitest';
import { formatLocation, parseLocation, toPipeLocation } from './address.ts';

describe('company location', () => {
  it('lowercases and capitalises the parts and uppercases the state', () => {
    expect(formatLocation('1200 MAIN STREET|springfield|il|62701')).toBe(
      '1200 Main Street, Springfield, IL 62701',
    );
    expect(formatLocation("12 o'NEIL ave.|WINSTON-SALEM|Nc|27101")).toBe(
      "12 O'Neil Ave., Winston-Salem, NC 27101",
    );
  });

  it('leaves out missing parts without stray commas', () => {
    expect(formatLocation('5 elm st|boston||')).toBe('5 Elm St, Boston');
    expect(formatLocation('|austin|tx|')).toBe('Austin, TX');
    expect(formatLocation('')).toBe('');
    expect(formatLocation(null)).toBe('');
    expect(parseLocation('  ')).toBeNull();
  });

  it('writes the pipe string back from parts', () => {
    expect(toPipeLocation({ street: '1 A St', city: 'Reno', state: 'NV', zip: '89501' })).toBe(
      '1 A St|Reno|NV|89501',
    );
  });
});
