import { describe, expect, it } from 'vitest';
import { HeartbeatWheel } from './heartbeat.ts';

function wheel(slotCount: number) {
  const visits: string[][] = [];
  let periods = 0;
  let current: string[] = [];
  const heartbeat = new HeartbeatWheel<string>({
    periodMs: 1_000,
    slotCount,
    visit: (member) => current.push(member),
    onPeriodEnd: () => {
      periods += 1;
    },
  });
  const tick = () => {
    current = [];
    heartbeat.tick();
    visits.push(current);
    return current;
  };
  return { heartbeat, tick, visits, periods: () => periods };
}

describe('heartbeat wheel', () => {
  it('visits every member once per period, a slice per tick', () => {
    const { heartbeat, tick, periods } = wheel(4);
    const members = Array.from({ length: 10 }, (_, i) => `socket-${i}`);
    for (const member of members) heartbeat.add(member);
    const slices = [tick(), tick(), tick(), tick()];
    expect(slices.map((slice) => slice.length)).toEqual([3, 3, 2, 2]);
    expect(slices.flat().sort()).toEqual([...members].sort());
    expect(periods()).toBe(1);
    // The next period visits the same slices again.
    expect(tick()).toEqual(slices[0]);
  });

  it('no longer visits a removed member, also when it is removed during its own visit', () => {
    const visited: string[] = [];
    const heartbeat: HeartbeatWheel<string> = new HeartbeatWheel<string>({
      periodMs: 1_000,
      slotCount: 1,
      visit: (member) => {
        visited.push(member);
        if (member === 'a') heartbeat.remove('a');
      },
    });
    heartbeat.add('a');
    heartbeat.add('b');
    heartbeat.add('b');
    heartbeat.tick();
    expect(visited).toEqual(['a', 'b']);
    heartbeat.remove('b');
    heartbeat.tick();
    expect(visited).toEqual(['a', 'b']);
    expect(heartbeat.size).toBe(0);
  });
});
