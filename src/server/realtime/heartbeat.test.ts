import { describe, expect, it } from 'vitest';
import { HeartbeatSweep } from './heartbeat.ts';

function sweep(members: Map<string, string>, slices: number) {
  let current: string[] = [];
  let periods = 0;
  const heartbeat = new HeartbeatSweep(members, {
    periodMs: 1_000,
    slices,
    visit: (member) => current.push(member),
    onPeriodEnd: () => {
      periods += 1;
    },
  });
  const tick = () => {
    current = [];
    heartbeat.tick();
    return current;
  };
  return { tick, periods: () => periods };
}

describe('heartbeat sweep', () => {
  it('visits every member once per pass, a slice per tick', () => {
    const members = new Map(Array.from({ length: 10 }, (_, i) => [`key-${i}`, `socket-${i}`] as const));
    const { tick, periods } = sweep(members, 4);
    const slices = [tick(), tick(), tick(), tick()];
    expect(slices.map((slice) => slice.length)).toEqual([3, 3, 3, 1]);
    expect(slices.flat()).toEqual([...members.values()]);
    expect(periods()).toBe(1);
    // The next pass starts from the first member again.
    expect(tick()).toEqual(slices[0]);
  });

  it('takes a whole period for a pass also when there are fewer members than slices', () => {
    const members = new Map([
      ['a', 'a'],
      ['b', 'b'],
    ]);
    const { tick, periods } = sweep(members, 5);
    const pass = Array.from({ length: 5 }, () => tick());
    // Once each in five ticks, not once every three.
    expect(pass).toEqual([['a'], ['b'], [], [], []]);
    expect(periods()).toBe(1);
    expect(tick()).toEqual(['a']);
  });

  it('skips members removed before their turn and reaches members added during a pass', () => {
    const members = new Map([
      ['a', 'a'],
      ['b', 'b'],
      ['c', 'c'],
    ]);
    const { tick } = sweep(members, 3);
    expect(tick()).toEqual(['a']);
    members.delete('b');
    members.set('d', 'd');
    expect([...tick(), ...tick()]).toEqual(['c', 'd']);
  });
});
