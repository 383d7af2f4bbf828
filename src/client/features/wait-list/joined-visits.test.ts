import { describe, expect, it } from 'vitest';
import { joinedWaitId, withJoinedVisit } from './joined-visits.ts';

describe('joined visits', () => {
  const path = "/demo/Women's%20Haircut%2FStyle/user-info";

  it('finds the entry a history entry joined, and only for that entry and path', () => {
    const list = withJoinedVisit([], { visit: 'k1', path, waitId: 'w1' });
    expect(joinedWaitId(list, 'k1', path)).toBe('w1');
    expect(joinedWaitId(list, 'k2', path)).toBeNull();
    expect(joinedWaitId(list, 'k1', '/demo/Facials/user-info')).toBeNull();
  });

  it('keeps one record per visit, the latest, and at most 20', () => {
    let list = withJoinedVisit([], { visit: 'k1', path, waitId: 'w1' });
    list = withJoinedVisit(list, { visit: 'k1', path, waitId: 'w2' });
    expect(list).toEqual([{ visit: 'k1', path, waitId: 'w2' }]);
    for (let i = 0; i < 25; i += 1) list = withJoinedVisit(list, { visit: `v${i}`, path, waitId: `w${i}` });
    expect(list).toHaveLength(20);
    expect(joinedWaitId(list, 'v24', path)).toBe('w24');
    expect(joinedWaitId(list, 'k1', path)).toBeNull();
  });
});
