import { describe, expect, it } from 'vitest';
import type { LineForPlanRow } from '../wait-list/wait-list.repository.ts';
import { CAME_IN_AHEAD_LIMIT, cameInAhead } from './came-in-ahead.ts';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 27, 14, minute));
const entry = (id: string, overrides: Partial<LineForPlanRow> & { joined: number }): LineForPlanRow => ({
  id,
  status: 'waiting',
  service: 'Haircut',
  providerId: null,
  since: null,
  inLineAt: at(overrides.joined),
  lineAt: at(overrides.joined),
  origin: 'walk_in',
  requested: false,
  providerName: null,
  ...overrides,
});

describe('cameInAhead', () => {
  it('names an arrived appointment, an accepted request and a next-available, latest first', () => {
    const line = [
      entry('appointment', { joined: 30, lineAt: at(5), origin: 'appointment' }),
      entry('request', {
        joined: 20,
        lineAt: at(8),
        origin: 'request',
        requested: true,
        providerName: 'Maria',
      }),
      entry('rejoined', { joined: 25, lineAt: at(9), origin: 'request' }),
      entry('me', { joined: 10 }),
      entry('later', { joined: 40 }),
    ];
    expect(cameInAhead(line, 'me')).toEqual([
      { kind: 'appointment', at: at(30), bookedFor: at(5) },
      { kind: 'rejoined', at: at(25) },
      { kind: 'request', at: at(20), providerName: 'Maria' },
    ]);
    // Behind them all: nobody joined ahead of the last one after it.
    expect(cameInAhead(line, 'later')).toEqual([]);
  });

  it('does not count who was there before, who is being served, or an unknown entry', () => {
    const line = [
      entry('before', { joined: 1, origin: 'appointment' }),
      entry('served', { joined: 30, lineAt: at(2), origin: 'appointment', status: 'in_service' }),
      entry('me', { joined: 10 }),
    ];
    expect(cameInAhead(line, 'me')).toEqual([]);
    expect(cameInAhead(line, 'nobody')).toEqual([]);
  });

  it('tells a customer whose held time ran out nothing of those now ahead: they moved back themselves', () => {
    const line = [
      entry('walk-in', { joined: 15 }),
      entry('appointment', { joined: 18, lineAt: at(5), origin: 'appointment' }),
      // Joined at :10, away until :20: stands at :20 now.
      entry('me', { joined: 10, lineAt: at(20) }),
    ];
    expect(cameInAhead(line, 'me')).toEqual([]);
  });

  it('keeps the latest few', () => {
    const line = [
      ...Array.from({ length: CAME_IN_AHEAD_LIMIT + 3 }, (_, i) =>
        entry(`a${i}`, { joined: 20 + i, lineAt: at(1), origin: 'appointment' }),
      ),
      entry('me', { joined: 10 }),
    ];
    const found = cameInAhead(line, 'me');
    expect(found).toHaveLength(CAME_IN_AHEAD_LIMIT);
    expect(found[0]!.at).toEqual(at(20 + CAME_IN_AHEAD_LIMIT + 2));
  });
});
