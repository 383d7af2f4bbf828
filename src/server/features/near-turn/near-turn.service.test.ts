import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RealtimeEvent } from '../../realtime/event-log.ts';
import type { LineMove, NearTurnRepository } from './near-turn.repository.ts';
import { createNearTurnService, NEAR_TURN_SETTLE_MS } from './near-turn.service.ts';

/** A board event that moved the line up (someone was called). */
const called = (companyId: string, seq: number): RealtimeEvent => ({
  topic: `board:${companyId}`,
  seq,
  type: 'entry.upserted',
  data: { status: 'called' },
});

/** When near-turn checks run and what they count from (docs/near-turn.md). */
describe('near-turn checks', () => {
  /** Each check: the business, and the move it counts from (none: the "about 15 minutes" sweep). */
  let checks: { companyId: string; lineMove: LineMove | undefined }[];
  let service: ReturnType<typeof createNearTurnService>;

  beforeEach(() => {
    vi.useFakeTimers();
    checks = [];
    const nearTurn = {
      async tellThoseReached(companyId: string, _c: unknown, _w: unknown, _p: string, lineMove?: LineMove) {
        checks.push({ companyId, lineMove });
        return [];
      },
      async companiesWaitingForMinutes() {
        return ['minutes-salon'];
      },
    } as unknown as NearTurnRepository;
    service = createNearTurnService({
      nearTurn,
      linePlan: { nearTheFront: async () => [] },
      waitList: { findById: async () => null },
      entries: { getOwnWaitEntry: async () => expect.fail('not asked') },
      eventLog: { flushSoon: () => {} },
      sms: { kick: () => {} },
      push: { notify: () => {} },
      logger: pino({ level: 'silent' }),
    });
  });
  afterEach(async () => {
    await service.stop();
    vi.useRealTimers();
  });

  it("folds a busy line's moves into one check a moment after the first, from the latest move", async () => {
    service.lineEvents([called('bella', 7)]);
    await vi.advanceTimersByTimeAsync(NEAR_TURN_SETTLE_MS / 2);
    service.lineEvents([called('bella', 8), called('other', 3)]);
    service.lineEvents([called('bella', 9)]);
    expect(checks).toEqual([]);

    // A second after Bella's first move: one check of Bella, from its latest move.
    await vi.advanceTimersByTimeAsync(NEAR_TURN_SETTLE_MS / 2);
    expect(checks).toEqual([{ companyId: 'bella', lineMove: { topic: 'board:bella', seq: 9 } }]);
    // The other line, a second after its own move.
    await vi.advanceTimersByTimeAsync(NEAR_TURN_SETTLE_MS / 2);
    expect(checks).toEqual([
      { companyId: 'bella', lineMove: { topic: 'board:bella', seq: 9 } },
      { companyId: 'other', lineMove: { topic: 'board:other', seq: 3 } },
    ]);

    // Bella moves again: a new check, a second later.
    service.lineEvents([called('bella', 12)]);
    await vi.advanceTimersByTimeAsync(NEAR_TURN_SETTLE_MS);
    expect(checks.slice(2)).toEqual([{ companyId: 'bella', lineMove: { topic: 'board:bella', seq: 12 } }]);
  });

  it('moves nobody up on a join, an assignment or an unread count: no check', async () => {
    service.lineEvents([
      { topic: 'board:bella', seq: 1, type: 'entry.upserted', data: { status: 'waiting' } },
      { topic: 'board:bella', seq: 2, type: 'entry.unread', data: {} },
      { topic: 'wait:x', seq: 1, type: 'entry.upserted', data: { status: 'called' } },
    ]);
    await vi.advanceTimersByTimeAsync(2 * NEAR_TURN_SETTLE_MS);
    expect(checks).toEqual([]);
  });

  it('runs the "about 15 minutes" sweep at once, while a moved line settles', async () => {
    service.lineEvents([called('bella', 1)]);
    await service.sweepMinutes();
    expect(checks).toEqual([{ companyId: 'minutes-salon', lineMove: undefined }]);
    await vi.advanceTimersByTimeAsync(NEAR_TURN_SETTLE_MS);
    expect(checks.map((check) => check.companyId)).toEqual(['minutes-salon', 'bella']);
  });
});
