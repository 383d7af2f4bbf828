import { describe, expect, it } from 'vitest';
import type { WaitEntryResponse } from '../../../shared/schemas.ts';
import { nextPlaceChange, placeChangeReason } from './place-change.ts';

const waiting = (position: number, cameInAhead: WaitEntryResponse['cameInAhead'] = []) =>
  ({ status: 'waiting', position, cameInAhead }) as WaitEntryResponse;
const appointment = (at: string, bookedFor: string) => ({ kind: 'appointment' as const, at, bookedFor });
const request = (at: string, providerName: string | null) => ({ kind: 'request' as const, at, providerName });

describe('placeChangeReason', () => {
  it('names one appointment by its time', () => {
    expect(placeChangeReason([appointment('t2', '2:30 PM')])).toBe('An appointment for 2:30 PM checked in');
  });

  it('lists several appointments earliest first (the server sends the latest first)', () => {
    expect(placeChangeReason([appointment('t3', '2:45 PM'), appointment('t2', '2:30 PM')])).toBe(
      'Appointments for 2:30 PM and 2:45 PM checked in',
    );
  });

  it('counts the people who asked for a provider, each provider once', () => {
    expect(placeChangeReason([request('t3', 'Maria'), request('t2', 'Maria')])).toBe(
      '2 people asked for Maria before you',
    );
    expect(placeChangeReason([request('t2', null)])).toBe('1 person asked for a provider before you');
  });

  it('joins every kind into one line', () => {
    expect(
      placeChangeReason([
        appointment('t4', '2:30 PM'),
        request('t3', 'Maria'),
        request('t2', 'Sam'),
        { kind: 'rejoined', at: 't1' },
      ]),
    ).toBe(
      'An appointment for 2:30 PM checked in, 2 people asked for Maria and Sam before you and someone who joined before you is now waiting for the next available provider',
    );
  });

  it('says nothing with nobody to name', () => {
    expect(placeChangeReason([])).toBeNull();
  });
});

describe('nextPlaceChange', () => {
  it('names who came in ahead since the read before when the place goes up', () => {
    const before = waiting(2, [request('t1', 'Sam')]);
    const after = waiting(3, [appointment('t2', '2:30 PM'), request('t1', 'Sam')]);
    expect(nextPlaceChange(before, after, null)).toBe('An appointment for 2:30 PM checked in');
  });

  it('keeps the line while the place stays, and drops it when the place goes down', () => {
    const shown = 'An appointment for 2:30 PM checked in';
    const after = waiting(3, [appointment('t2', '2:30 PM')]);
    expect(nextPlaceChange(after, waiting(3, after.cameInAhead), shown)).toBe(shown);
    expect(nextPlaceChange(after, waiting(2, after.cameInAhead), shown)).toBeNull();
  });

  it('says nothing on the first read, or when nothing new explains a rise', () => {
    expect(nextPlaceChange(undefined, waiting(3, [appointment('t2', '2:30 PM')]), null)).toBeNull();
    const before = waiting(2, [appointment('t2', '2:30 PM')]);
    expect(nextPlaceChange(before, waiting(3, before.cameInAhead), 'old')).toBeNull();
  });

  it('says nothing once they are no longer waiting', () => {
    const called = { ...waiting(1), status: 'called', position: null } as WaitEntryResponse;
    expect(nextPlaceChange(waiting(2), called, 'shown')).toBeNull();
  });
});
