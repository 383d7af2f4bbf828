import { describe, expect, it } from 'vitest';
import { actionsFor, isOpenRequest, nextStatus } from './wait-status.ts';

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
