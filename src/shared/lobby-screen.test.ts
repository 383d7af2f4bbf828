import { describe, expect, it } from 'vitest';
import { displayName } from './lobby-screen.ts';

describe('displayName', () => {
  it('writes first name and last initial, or initials only', () => {
    expect(displayName('Maria Garcia', 'first_name_last_initial')).toBe('Maria G.');
    expect(displayName('Maria Garcia', 'initials')).toBe('M. G.');
  });

  it('takes the last word for the last name, and ignores extra spaces', () => {
    expect(displayName('  Ana María  López Ruiz ', 'first_name_last_initial')).toBe('Ana R.');
    expect(displayName('ana maría lópez ruiz', 'initials')).toBe('A. R.');
  });

  it('shows a one-word name as the first name alone', () => {
    expect(displayName('Maria', 'first_name_last_initial')).toBe('Maria');
    expect(displayName('Maria', 'initials')).toBe('M.');
  });

  it('keeps a letter whole when it is more than one code unit, and cuts a very long first name', () => {
    expect(displayName('Émile 𝒵eta', 'initials')).toBe('É. 𝒵.');
    expect(displayName('Wolfeschlegelsteinhausen Berger', 'first_name_last_initial')).toBe(
      'Wolfeschlegelste B.',
    );
  });

  it("writes a party's member as its lead, with the member's +N", () => {
    expect(displayName('Anna Smith +1', 'first_name_last_initial')).toBe('Anna S. +1');
    expect(displayName('Anna Smith +2', 'initials')).toBe('A. S. +2');
    expect(displayName('Anna +1', 'first_name_last_initial')).toBe('Anna +1');
  });

  it('names an erased entry "Guest"', () => {
    expect(displayName('   ', 'first_name_last_initial')).toBe('Guest');
  });
});
