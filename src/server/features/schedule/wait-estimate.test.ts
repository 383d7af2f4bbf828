import { describe, expect, it } from 'vitest';
import {
  type DurationSpread,
  type DurationTable,
  type Estimate,
  friendlyRange,
  type LineEntry,
  type LinePlan,
  type ProviderSchedule,
  planLine,
  type WaitEstimateInput,
} from './wait-estimate.ts';

/** Tuesday 10:00 UTC; times below are minutes of that day. */
const DAY = Date.UTC(2026, 2, 3);
const at = (hour: number, minute = 0) => DAY + (hour * 60 + minute) * 60_000;
const NOW = at(10);

/** A spread so narrow that hand sums hold to the minute (the estimator's floor is 5 % of the median). */
const exactly = (minutes: number): DurationSpread => ({ median: minutes, p10: minutes, p90: minutes });

function table(
  byService: Record<string, DurationSpread>,
  byProvider: Record<string, Record<string, DurationSpread>> = {},
): DurationTable {
  return {
    byService: new Map(Object.entries(byService)),
    byServiceAndProvider: new Map(
      Object.entries(byProvider).map(([service, spreads]) => [service, new Map(Object.entries(spreads))]),
    ),
    fallback: exactly(30),
  };
}

const DURATIONS = table({ Cut: exactly(30), Colour: exactly(90), Trim: exactly(15), Blowdry: exactly(45) });

function provider(id: string, overrides: Partial<ProviderSchedule> = {}): ProviderSchedule {
  return {
    id,
    services: null,
    floorState: 'on_floor',
    working: [{ start: at(9), end: at(18) }],
    busy: [],
    ...overrides,
  };
}

function waiting(
  service: string,
  providerId: string | null = null,
  id = `${service}-${Math.random()}`,
): LineEntry {
  return { id, status: 'waiting', service, providerId };
}

function plan(overrides: Partial<WaitEstimateInput>): LinePlan {
  return planLine({ now: NOW, providers: [provider('ana')], line: [], durations: DURATIONS, ...overrides });
}

/** Each waiting entry as "minutes@provider", or the reason there is none. */
function starts(result: LinePlan): string[] {
  return result.waiting.map(({ estimate }) => shown(estimate));
}

function shown(estimate: Estimate): string {
  return estimate.kind === 'estimate' ? `${estimate.minutes}@${estimate.providerId}` : estimate.reason;
}

describe('planLine', () => {
  it('gives each entry to whoever can start it soonest, in line order', () => {
    const result = plan({
      providers: [provider('ana'), provider('ben')],
      line: [waiting('Cut'), waiting('Cut'), waiting('Cut'), waiting('Trim')],
    });
    // Ana and Ben start at once; the third waits for Ana's 30 minutes, the trim for Ben's.
    expect(starts(result)).toEqual(['0@ana', '0@ben', '30@ana', '30@ben']);
    expect(result.waiting.map((entry) => entry.position)).toEqual([1, 2, 3, 4]);
  });

  it('starts a provider whose shift begins at 1 pm only then', () => {
    const result = plan({
      providers: [provider('ana'), provider('ben', { working: [{ start: at(13), end: at(18) }] })],
      line: Array.from({ length: 8 }, () => waiting('Cut')),
    });
    // Ana does six cuts by 1 pm (180 minutes from now); from then on they share, Ana first on a tie.
    expect(starts(result)).toEqual([
      '0@ana',
      '30@ana',
      '60@ana',
      '90@ana',
      '120@ana',
      '150@ana',
      '180@ana',
      '180@ben',
    ]);
  });

  it('counts a provider on a break as free after the default break, or when the shift data says', () => {
    expect(
      starts(plan({ providers: [provider('ana', { floorState: 'on_break' })], line: [waiting('Cut')] })),
    ).toEqual(['15@ana']);
    const lunchAt1030 = [
      { start: at(9), end: at(10, 30) },
      { start: at(11, 15), end: at(18) },
    ];
    // The first cut fills the half hour before lunch exactly; the second waits for lunch to end.
    expect(
      starts(
        plan({
          providers: [provider('ana', { working: lunchAt1030 })],
          line: [waiting('Cut'), waiting('Cut')],
        }),
      ),
    ).toEqual(['0@ana', '75@ana']);
  });

  it('gives a service only to who does it', () => {
    const result = plan({
      providers: [provider('ben', { services: ['Cut'] }), provider('maria', { services: ['Colour', 'Cut'] })],
      line: [waiting('Colour'), waiting('Colour'), waiting('Cut')],
    });
    expect(starts(result)).toEqual(['0@maria', '90@maria', '0@ben']);
    expect(shown(result.newWalkIn('Colour'))).toBe('180@maria');
    expect(result.nextAvailable('Cut')).toEqual([
      { providerId: 'ben', minutes: 30 },
      { providerId: 'maria', minutes: 180 },
    ]);
    expect(shown(result.newWalkIn('Perm'))).toBe('nobody_does_service');
  });

  it('does not start a service that would run into an appointment, and fills the gap with a shorter one', () => {
    const result = plan({
      providers: [provider('ana', { busy: [{ start: at(10, 20), end: at(11) }] })],
      line: [waiting('Blowdry'), waiting('Trim'), waiting('Cut')],
    });
    // The 45-minute blow-dry waits for the end of the 10:20 appointment; the trim fits before it.
    expect(starts(result)).toEqual(['60@ana', '0@ana', '105@ana']);
  });

  it('keeps an assigned or requested entry for its provider', () => {
    const result = plan({
      providers: [provider('ana'), provider('ben')],
      line: [waiting('Cut', 'ben'), waiting('Cut', 'ben'), waiting('Cut'), waiting('Cut')],
    });
    expect(starts(result)).toEqual(['0@ben', '30@ben', '0@ana', '30@ana']);
    expect(shown(result.newWalkIn('Cut', 'ben'))).toBe('60@ben');
    expect(shown(result.newWalkIn('Cut'))).toBe('60@ana');
  });

  it('lets a provider take their own customers before the general line', () => {
    const result = plan({ providers: [provider('ben')], line: [waiting('Cut'), waiting('Cut', 'ben')] });
    expect(starts(result)).toEqual(['30@ben', '0@ben']);
  });

  it('widens the range after an appointment, which may run over or end early', () => {
    const result = plan({
      providers: [provider('ana', { busy: [{ start: at(9, 30), end: at(10, 30) }] })],
      line: [waiting('Cut')],
    });
    // Booked to end in 30 minutes; σ 0.15 on its 60 booked minutes puts its 10th and 90th
    // percentiles at 60·e^(∓0.192) = 49.5 and 72.7 minutes of length: 19.5 to 42.7 minutes from
    // now, rounded out to 15–45.
    expect(result.waiting[0]!.estimate).toMatchObject({ minutes: 30, range: { low: 15, high: 45 } });
  });

  it('uses the provider’s own duration for a service when the table has one', () => {
    const durations = table({ Cut: exactly(30) }, { Cut: { ben: exactly(20) } });
    const result = plan({
      providers: [provider('ana'), provider('ben')],
      line: [waiting('Cut'), waiting('Cut'), waiting('Cut'), waiting('Cut')],
      durations,
    });
    // Ben's cuts end at 20 and 40, before Ana's at 30.
    expect(starts(result)).toEqual(['0@ana', '0@ben', '20@ben', '30@ana']);
  });

  it('shifts every estimate when the business runs behind', () => {
    const line = [waiting('Cut'), waiting('Cut')];
    expect(starts(plan({ line }))).toEqual(['0@ana', '30@ana']);
    expect(starts(plan({ line, runningBehindMinutes: 20 }))).toEqual(['20@ana', '50@ana']);
  });

  it('counts what is left of a current customer, given the time they have spent', () => {
    const inService = (minutesAgo: number): LineEntry => ({
      id: 'current',
      status: 'in_service',
      service: 'Cut',
      providerId: 'ana',
      since: NOW - minutesAgo * 60_000,
    });
    expect(starts(plan({ line: [inService(10), waiting('Cut')] }))).toEqual(['20@ana']);
    // 40 minutes into a cut of median 30 (p10 20, p90 45, so σ = ln 1.5 / 1.2816 = 0.316): it has
    // outlived 82 % of cuts (Φ(ln(40/30)/0.316) = 0.819); the median of the rest is the
    // 0.909-quantile, 30·e^(0.316·1.336) = 45.8 minutes, so 6 minutes are left.
    const spread = table({ Cut: { median: 30, p10: 20, p90: 45 } });
    expect(starts(plan({ line: [inService(40), waiting('Cut')], durations: spread }))).toEqual(['6@ana']);
  });

  it('takes the range from the spread of the durations ahead', () => {
    const spread = table({ Cut: { median: 30, p10: 20, p90: 45 } });
    const result = plan({
      line: [waiting('Cut'), waiting('Cut'), waiting('Cut'), waiting('Cut')],
      durations: spread,
    });
    const ranges = result.waiting.map(({ estimate }) =>
      estimate.kind === 'estimate' ? estimate.range : null,
    );
    // One cut ahead: its 10th and 90th percentiles, rounded out to steps of 5.
    expect(ranges[0]).toEqual({ low: 0, high: 0 });
    expect(ranges[1]).toEqual({ low: 20, high: 45 });
    // Three cuts ahead: the 10th and 90th percentiles of the sum of three (73 and 118 minutes by a
    // brute-force simulation of 100,000 draws), rounded out; narrower than 3 × 20–45 = 60–135.
    expect(ranges[3]).toEqual({ low: 70, high: 120 });
  });

  it('answers "no estimate" when nobody works, rather than a number', () => {
    const off = plan({ providers: [provider('ana', { floorState: 'off' })], line: [waiting('Cut')] });
    expect(starts(off)).toEqual(['nobody_does_service']);
    expect(shown(off.newWalkIn('Cut'))).toBe('nobody_does_service');
    expect(off.nextAvailable('Cut')).toEqual([]);
    const noShift = plan({ providers: [provider('ana', { working: [] })], line: [waiting('Cut')] });
    expect(starts(noShift)).toEqual(['nobody_working']);
    const assignedToAbsent = plan({ providers: [provider('ana')], line: [waiting('Cut', 'ben')] });
    expect(starts(assignedToAbsent)).toEqual(['nobody_does_service']);
  });

  it('says when the line is longer than the working day', () => {
    const result = plan({
      providers: [provider('ana', { working: [{ start: at(9), end: at(12) }] })],
      line: Array.from({ length: 6 }, () => waiting('Cut')),
    });
    expect(starts(result)).toEqual([
      '0@ana',
      '30@ana',
      '60@ana',
      '90@ana',
      'after_working_time',
      'after_working_time',
    ]);
    expect(shown(result.newWalkIn('Cut'))).toBe('after_working_time');
    expect(result.nextAvailable('Cut')).toEqual([]);
  });

  it('marks a range whose long end runs past closing', () => {
    const spread = table({ Cut: { median: 30, p10: 20, p90: 45 } });
    const result = plan({
      providers: [provider('ana', { working: [{ start: at(9), end: at(12) }] })],
      line: [waiting('Cut'), waiting('Cut'), waiting('Cut'), waiting('Cut')],
      durations: spread,
    });
    const last = result.waiting[3]!.estimate;
    // The median of three such cuts is 93 minutes; in over a tenth of the draws the fourth does not
    // start by noon, so the range ends at closing, 120 minutes from now.
    expect(last).toMatchObject({ kind: 'estimate', mayRunPastClosing: true, range: { high: 120 } });
    expect(last.kind === 'estimate' && last.minutes).toBeGreaterThanOrEqual(90);
    expect(last.kind === 'estimate' && last.minutes).toBeLessThanOrEqual(96);
  });

  it('gives the same answer for the same input', () => {
    const spread = table({ Cut: { median: 30, p10: 20, p90: 45 } });
    const input = {
      line: Array.from({ length: 20 }, (_, n) => waiting('Cut', null, `w${n}`)),
      durations: spread,
    };
    const first = plan(input);
    expect(plan(input).waiting).toEqual(first.waiting);
    expect(first.newWalkIn('Cut')).toEqual(first.newWalkIn('Cut'));
  });
});

describe('friendlyRange', () => {
  it('rounds outwards in whole minutes to 10, fives to two hours, quarters beyond', () => {
    expect(friendlyRange(3.2, 7.8)).toEqual({ low: 3, high: 8 });
    expect(friendlyRange(22, 38)).toEqual({ low: 20, high: 40 });
    expect(friendlyRange(12.3, 12.3)).toEqual({ low: 10, high: 15 });
    expect(friendlyRange(58, 71)).toEqual({ low: 55, high: 75 });
    expect(friendlyRange(0, 0)).toEqual({ low: 0, high: 0 });
    expect(friendlyRange(97, 131)).toEqual({ low: 95, high: 135 });
  });
});
