import { describe, expect, it } from 'vitest';
import { checkNameAndPhone } from './name-and-phone.ts';

const MISSING = 'Please enter name & phone number';

describe('checkNameAndPhone (spec §5)', () => {
  it('asks for both when name and phone are empty', () => {
    expect(checkNameAndPhone('  ', '', MISSING)).toEqual({ field: 'form', message: MISSING });
  });

  it('flags the phone with no message unless it has exactly 10 digits', () => {
    expect(checkNameAndPhone('Ana', '', MISSING)).toEqual({ field: 'phoneNumber', message: null });
    expect(checkNameAndPhone('Ana', '415555012', MISSING)).toEqual({ field: 'phoneNumber', message: null });
    expect(checkNameAndPhone('', '415555012', MISSING)).toEqual({ field: 'phoneNumber', message: null });
  });

  it('passes a name with a 10-digit phone, and a phone alone (the server then asks for the name)', () => {
    expect(checkNameAndPhone('Ana', '4155550123', MISSING)).toBeNull();
    expect(checkNameAndPhone('', '4155550123', MISSING)).toBeNull();
  });
});
