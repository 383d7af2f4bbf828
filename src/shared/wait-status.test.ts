import { describe, expect, it } from 'vitest';
import { actionsFor, awayOrHere, isOpenRequest, lineOrderKey, nextStatus } from './wait-status.ts';

describe('wait status rules', () => {
  it('moves through the day: waiting → called → in service → done', () => {
    expect(nextStatus('waiting', 'call')).toBe('called');
    expect(nextStatus('called', 'start')).toBe('in_service');
    expect(nextStatus('in_service', 'done')).toBe('done');
  });

  it('allows Done straight from called, Start straight from waiting', () => {
    expect(nextStatus('called', 'done')).toBe('done');
    expect(nextStatus('waiting', 'start')).toBe('in_service');
  });

  it('refuses what makes no sense', () => {
    expect(nextStatus('waiting', 'done')).toBeNull();
    expect(nextStatus('in_service', 'no-show')).toBeNull();
    expect(nextStatus('done', 'call')).toBeNull();
    expect(nextStatus('cancelled', 'remove')).toBeNull();
    expect(nextStatus('no_show', 'start')).toBeNull();
  });

  it('offers the main action first', () => {
    expect(actionsFor('waiting')).toEqual(['call', 'start', 'no-show', 'remove']);
    expect(actionsFor('called')).toEqual(['start', 'done', 'no-show', 'remove']);
    expect(actionsFor('in_service')).toEqual(['done', 'remove']);
    expect(actionsFor('done')).toEqual([]);
  });
});

describe('isOpenRequest', () => {
  it('is a waiting request not yet accepted; a walk-in, an accepted or an ended visit is not', () => {
    expect(isOpenRequest({ status: 'waiting', requestStatus: 'pending' })).toBe(true);
    expect(isOpenRequest({ status: 'waiting', requestStatus: 'declined' })).toBe(true);
    expect(isOpenRequest({ status: 'waiting', requestStatus: 'expired' })).toBe(true);
    expect(isOpenRequest({ status: 'waiting', requestStatus: 'accepted' })).toBe(false);
    expect(isOpenRequest({ status: 'waiting', requestStatus: null })).toBe(false);
    expect(isOpenRequest({ status: 'cancelled', requestStatus: 'pending' })).toBe(false);
  });
});

describe('more time and arrival on the board (docs/more-time.md)', () => {
  const at = Date.parse('2026-11-27T15:00:00.000Z');
  const entry = {
    status: 'waiting' as const,
    date: '2026-11-27T14:50:00.000Z',
    backBy: null as string | null,
    arrivedAt: null as string | null,
    movedBackAt: null as string | null,
  };

  it('counts the minutes left of a held place, rounded up', () => {
    expect(awayOrHere({ ...entry, backBy: '2026-11-27T15:10:00.000Z' }, at)).toEqual({
      kind: 'back_in',
      minutes: 10,
    });
    expect(awayOrHere({ ...entry, backBy: '2026-11-27T15:00:30.000Z' }, at)).toEqual({
      kind: 'back_in',
      minutes: 1,
    });
  });

  it('says moved back once the time ran out, in the lobby after "I\'m here", nothing otherwise', () => {
    expect(awayOrHere({ ...entry, backBy: '2026-11-27T15:00:00.000Z' }, at)).toEqual({ kind: 'moved_back' });
    expect(awayOrHere({ ...entry, arrivedAt: '2026-11-27T14:55:00.000Z' }, at)).toEqual({ kind: 'in_lobby' });
    expect(awayOrHere(entry, at)).toBeNull();
    expect(awayOrHere({ ...entry, status: 'called', arrivedAt: '2026-11-27T14:55:00.000Z' }, at)).toBeNull();
  });

  it('lists a moved entry from the instant its time ran out', () => {
    expect(lineOrderKey(entry)).toBe(entry.date);
    expect(lineOrderKey({ ...entry, movedBackAt: '2026-11-27T15:10:00.000Z' })).toBe(
      '2026-11-27T15:10:00.000Z',
    );
  });
});
