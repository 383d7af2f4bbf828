/**
 * The wait estimate of issue 23: when each customer in line is expected to start, with a range,
 * from a schedule of the providers' free time (docs/wait-estimate.md).
 *
 * Pure and deterministic: plain data in (instants in epoch milliseconds, durations in minutes),
 * plain data out; no database, no clock, no randomness that is not seeded here. The server reads
 * the inputs and the bench (bench/estimate.ts) replays a simulated week through the same code.
 *
 * The model is a greedy simulation of the day in line order. Each provider's timeline is their
 * free time (working intervals minus busy blocks minus their current customer). Each waiting entry
 * goes to the provider, among those who may take it, who can start it soonest, and occupies them
 * for its duration. It is run once with every service at its typical duration (the provider it is
 * expected to go to) and SAMPLES more times with durations drawn from each service's spread; the
 * expected start is the median of the sampled starts and the range their RANGE_QUANTILES.
 */

export type FloorState = 'on_floor' | 'on_break' | 'off';

/** [start, end) in epoch milliseconds. */
export interface TimeInterval {
  start: number;
  end: number;
}

export interface ProviderSchedule {
  id: string;
  /** The services this provider does; null: every service. */
  services: readonly string[] | null;
  floorState: FloorState;
  /** When they are on shift (today and beyond, as far as the caller gives). None: no time at all. */
  working: readonly TimeInterval[];
  /** Appointments and calendar events: blocked even while on shift. */
  busy: readonly TimeInterval[];
}

/**
 * One entry of the line, in line order. `providerId`: the assigned or requested provider (only
 * they take it), null for anyone who does the service. A called or in-service entry occupies its
 * provider from `since` (started, or called when never started: boards often go straight from
 * called to done) for its duration.
 */
export type LineEntry =
  | { id: string; status: 'waiting'; service: string; providerId: string | null }
  | {
      id: string;
      status: 'called' | 'in_service';
      service: string;
      providerId: string | null;
      since: number;
    };

/** A service's duration in minutes: the median and the 10th and 90th percentiles. */
export interface DurationSpread {
  median: number;
  p10: number;
  p90: number;
}

/** Durations by service, and by service and provider where the provider has their own (service-durations.ts). */
export interface DurationTable {
  byService: ReadonlyMap<string, DurationSpread>;
  /** service → providerId → spread. */
  byServiceAndProvider: ReadonlyMap<string, ReadonlyMap<string, DurationSpread>>;
  /** A service the table does not know (renamed since): the listed default. */
  fallback: DurationSpread;
}

export interface WaitEstimateInput {
  now: number;
  providers: readonly ProviderSchedule[];
  line: readonly LineEntry[];
  durations: DurationTable;
  /** Staff said "running N minutes behind": every provider is free N minutes later. */
  runningBehindMinutes?: number;
}

export type NoEstimateReason =
  /** No provider on the floor or on a break does the service (or the assigned one is off). */
  | 'nobody_does_service'
  /** Who does it has no working time left in what the caller gave. */
  | 'nobody_working'
  /** The line ahead fills the working time given: it would start after closing. */
  | 'after_working_time';

export type Estimate =
  | {
      kind: 'estimate';
      /** Expected start, whole minutes from now. */
      minutes: number;
      /** What the customer is shown ("About 25–40 min"), in friendly steps (friendlyRange). */
      range: { low: number; high: number };
      /** Who it is expected to go to. */
      providerId: string;
      /** In the long-service draws it does not start within the working time given. */
      mayRunPastClosing: boolean;
    }
  | { kind: 'none'; reason: NoEstimateReason };

export interface WaitingEstimate {
  id: string;
  /** 1 + the waiting entries ahead (the "number N in line"). */
  position: number;
  estimate: Estimate;
}

export interface NextAvailable {
  providerId: string;
  /** When they could start a new customer for the service after the line, minutes from now. */
  minutes: number;
}

export interface LinePlan {
  /** Every waiting entry, in line order. */
  waiting: WaitingEstimate[];
  /** What a new walk-in for `service` (for `providerId` only, when given) would wait now. */
  newWalkIn(service: string, providerId?: string | null): Estimate;
  /** The providers who do `service`, soonest free first after the line (typical durations). */
  nextAvailable(service: string): NextAvailable[];
}

/** Draws per estimate: enough for stable 10th/90th percentiles with stratified draws (<1 ms at a line of 200). */
export const SAMPLES = 40;
/** The range shown: these quantiles of the sampled starts. */
export const RANGE_QUANTILES = { low: 0.1, high: 0.9 } as const;
/**
 * How far an appointment's actual length strays from its booked one (log-normal σ: the middle 80 %
 * within about ±20 %). An assumption until calendars and visits can be compared.
 */
export const APPOINTMENT_SIGMA = 0.15;
/** A provider on a break with nothing in the shift data saying until when is free after this. */
export const DEFAULT_BREAK_MINUTES = 15;
/** A service may start when its typical end is at most this far past the next appointment, break or closing. */
export const FIT_GRACE_MINUTES = 5;
/** A service whose typical end has passed ends at least this long from now. */
const MIN_REMAINING_MINUTES = 1;
const MINUTE = 60_000;
const SEED = 0x5eed;

/** The quantiles of the standard normal at the middle of SAMPLES equal strata. */
const STRATA_Z = Array.from({ length: SAMPLES }, (_, k) => inverseNormal((k + 0.5) / SAMPLES));
/** The spread's p10 and p90 are ±1.2816 standard deviations of a normal log-duration. */
const Z90 = 1.2815515655446004;

/** The spread a table gives for `service` done by `providerId` (their own when they have one). */
export function durationFor(
  table: DurationTable,
  service: string,
  providerId: string | null,
): DurationSpread {
  return (
    (providerId ? table.byServiceAndProvider.get(service)?.get(providerId) : undefined) ??
    table.byService.get(service) ??
    table.fallback
  );
}

/**
 * Rounds a range of minutes for a customer: whole minutes up to 10, then steps of 5, then of 15
 * above two hours; the low end down, the high end up, so the range never shrinks, and a range that
 * rounds to one value widens by a step. A range of 0–0 means "now".
 */
export function friendlyRange(low: number, high: number): { low: number; high: number } {
  const step = (minutes: number) => (minutes <= 10 ? 1 : minutes <= 120 ? 5 : 15);
  const lowStep = step(Math.max(0, low));
  const roundedLow = Math.floor(Math.max(0, low) / lowStep) * lowStep;
  const highValue = Math.max(low, high, 0);
  const highStep = step(highValue);
  let roundedHigh = Math.max(0, Math.ceil(highValue / highStep - 1e-9) * highStep);
  if (roundedHigh === roundedLow && roundedHigh > 0) roundedHigh += highStep;
  return { low: roundedLow, high: roundedHigh };
}

// ---- the plan ----

/** A log-normal duration: median and spread of its logarithm, in minutes. */
interface LogNormal {
  median: number;
  sigma: number;
}

function logNormal(spread: DurationSpread): LogNormal {
  const median = Math.max(1, spread.median);
  // From the wider of the two tails, so a skewed history keeps its long side. A spread of zero
  // is taken at its word (service-durations.ts gives history and listed durations a floor).
  const sigma = Math.max(
    Math.log(Math.max(spread.p90, median) / median) / Z90,
    Math.log(median / Math.max(0.5, Math.min(spread.p10, median))) / Z90,
  );
  return { median, sigma };
}

/** One provider's free time in one draw: sorted disjoint [starts[i], ends[i]) in minutes from now. */
interface Timeline {
  starts: Float64Array;
  ends: Float64Array;
}

interface PreparedProvider {
  id: string;
  services: ReadonlySet<string> | null;
  /** Working minus busy, trimmed to when they can first take someone (before current customers). */
  free: Timeline;
  /** Last working instant given, minutes from now. */
  lastWorking: number;
  /** When they can first take someone, minutes from now. */
  from: number;
  /** Per free interval: the booked length and end of the busy block it follows (0 and NaN: none). */
  blockLengths: Float64Array;
  blockEnds: Float64Array;
}

interface PreparedEntry {
  /** Indexes into the prepared providers of those who may take it. */
  candidates: number[];
  /** Per candidate (same order): its duration there. */
  durations: LogNormal[];
  /** Why nobody may, when candidates is empty. */
  noneReason: NoEstimateReason | null;
  /** Entries with the same key have the same candidates and durations: one that found no room means the next finds none either. */
  key: string;
  /** Kept for its provider (assigned or requested). */
  assigned: boolean;
}

interface CurrentCustomer {
  service: string;
  /** Index of the provider busy with them, or -1: whoever may take the service, soonest. */
  provider: number;
  elapsed: number;
}

/**
 * Plans the line: estimates for every waiting entry, and what a newcomer would wait. O(SAMPLES ×
 * entries × providers × free intervals), a millisecond or so at a line of 200.
 */
export function planLine(input: WaitEstimateInput): LinePlan {
  const { now, durations } = input;
  const behind = Math.max(0, input.runningBehindMinutes ?? 0);
  const providers = input.providers.filter((provider) => provider.floorState !== 'off');
  const prepared = providers.map((provider) => prepareProvider(provider, now, behind));
  const indexById = new Map(prepared.map((provider, index) => [provider.id, index]));

  const prepareEntry = (service: string, providerId: string | null): PreparedEntry => {
    const candidates: number[] = [];
    if (providerId) {
      const index = indexById.get(providerId);
      if (index !== undefined) candidates.push(index);
    } else {
      prepared.forEach((provider, index) => {
        if (!provider.services || provider.services.has(service)) candidates.push(index);
      });
    }
    const working = candidates.filter((index) => prepared[index]!.free.starts.length > 0);
    return {
      candidates: working,
      durations: working.map((index) => logNormal(durationFor(durations, service, prepared[index]!.id))),
      noneReason:
        candidates.length === 0 ? 'nobody_does_service' : working.length === 0 ? 'nobody_working' : null,
      key: `${providerId ?? ''} ${service}`,
      assigned: providerId !== null,
    };
  };

  const current: CurrentCustomer[] = [];
  const waiting: { id: string; entry: PreparedEntry }[] = [];
  for (const entry of input.line) {
    if (entry.status === 'waiting') {
      waiting.push({ id: entry.id, entry: prepareEntry(entry.service, entry.providerId) });
    } else {
      const provider = entry.providerId ? indexById.get(entry.providerId) : -1;
      // A current customer of a provider who is off, or unknown, keeps nobody on the floor busy.
      if (provider !== undefined) {
        current.push({ service: entry.service, provider, elapsed: (now - entry.since) / MINUTE });
      }
    }
  }

  // Stratified draws: each entry's duration takes every stratum of its distribution once across
  // the samples, in its own shuffled order, so few draws give steady quantiles.
  const random = mulberry32(SEED);
  const currentStrata = shuffledStrata(random, current.length);
  const waitingStrata = shuffledStrata(random, waiting.length);

  // Draw 0 is the typical one (every duration at its median); draws 1..SAMPLES are sampled.
  const draws = SAMPLES + 1;
  const timelines: Timeline[][] = [];
  /** Entry i's start in draw d at [i * draws + d]. */
  const starts = new Float64Array(waiting.length * draws);
  const typicalProvider = new Int32Array(waiting.length).fill(-1);
  const placed: Placement = { start: 0, provider: -1 };
  // A provider takes their own customers (assigned or requested) first, then the general line.
  const order = [...waiting.keys()].sort(
    (a, b) => Number(waiting[b]!.entry.assigned) - Number(waiting[a]!.entry.assigned) || a - b,
  );
  const noRoom = new Set<string>();
  const blockOffsets: number[] = [];
  let blocks = 0;
  for (const provider of prepared) {
    blockOffsets.push(blocks);
    blocks += provider.blockLengths.length;
  }
  const blockStrata = shuffledStrata(random, blocks);
  for (let draw = 0; draw < draws; draw += 1) {
    const timeline = prepared.map((provider) => copyTimeline(provider.free));
    if (draw > 0) drawBlockLengths(timeline, prepared, blockStrata, blockOffsets, draw);
    for (let i = 0; i < current.length; i += 1) {
      const z = draw === 0 ? 0 : STRATA_Z[currentStrata[i * SAMPLES + draw - 1]!]!;
      occupyWithCurrent(timeline, prepared, current[i]!, durations, z, behind);
    }
    noRoom.clear();
    for (const i of order) {
      const { entry } = waiting[i]!;
      const z = draw === 0 ? 0 : STRATA_Z[waitingStrata[i * SAMPLES + draw - 1]!]!;
      if (noRoom.has(entry.key)) {
        placed.start = Number.POSITIVE_INFINITY;
        placed.provider = -1;
      } else {
        place(timeline, entry, z, true, placed);
        if (placed.provider < 0) noRoom.add(entry.key);
      }
      starts[i * draws + draw] = placed.start;
      if (draw === 0) typicalProvider[i] = placed.provider;
    }
    timelines.push(timeline);
  }

  const sorted = new Float64Array(SAMPLES);
  /** `sampled`: the entry's start in each draw, the typical one first. */
  const estimateFrom = (entry: PreparedEntry, sampled: Float64Array, provider: number): Estimate => {
    if (entry.noneReason) return { kind: 'none', reason: entry.noneReason };
    sorted.set(sampled.subarray(1));
    sorted.sort();
    const median = quantile(sorted, 0.5);
    if (!Number.isFinite(median) || provider < 0) return { kind: 'none', reason: 'after_working_time' };
    const high = quantile(sorted, RANGE_QUANTILES.high);
    const lastWorking = Math.max(...entry.candidates.map((index) => prepared[index]!.lastWorking));
    return {
      kind: 'estimate',
      minutes: Math.round(median),
      range: friendlyRange(quantile(sorted, RANGE_QUANTILES.low), Number.isFinite(high) ? high : lastWorking),
      providerId: prepared[provider]!.id,
      mayRunPastClosing: !Number.isFinite(high),
    };
  };

  return {
    waiting: waiting.map(({ id, entry }, index) => ({
      id,
      position: index + 1,
      estimate: estimateFrom(
        entry,
        starts.subarray(index * draws, (index + 1) * draws),
        typicalProvider[index]!,
      ),
    })),
    newWalkIn(service, providerId = null) {
      const entry = prepareEntry(service, providerId);
      // Its own generator: asking twice answers the same.
      const sampled = new Float64Array(draws);
      let provider = -1;
      timelines.forEach((timeline, draw) => {
        // Not occupying, so the draw's duration does not matter: only where it fits.
        place(timeline, entry, 0, false, placed);
        sampled[draw] = placed.start;
        if (draw === 0) provider = placed.provider;
      });
      return estimateFrom(entry, sampled, provider);
    },
    nextAvailable(service) {
      const entry = prepareEntry(service, null);
      const typical = timelines[0]!;
      return entry.candidates
        .map((index, candidate) => ({
          providerId: prepared[index]!.id,
          minutes: earliestFit(typical[index]!, entry.durations[candidate]!.median),
        }))
        .filter((next) => Number.isFinite(next.minutes))
        .map((next) => ({ ...next, minutes: Math.round(next.minutes) }))
        .sort((a, b) => a.minutes - b.minutes);
    },
  };
}

/**
 * A provider's free time from now on: working intervals minus busy blocks, in minutes from now,
 * from the end of a break they are on (DEFAULT_BREAK_MINUTES from now unless the shift data has
 * them off until later) and `behind` minutes later when the business runs behind.
 */
function prepareProvider(provider: ProviderSchedule, now: number, behind: number): PreparedProvider {
  const toMinutes = (instant: number) => (instant - now) / MINUTE;
  // A break the shift data has (a gap in the working intervals) ends when it says; one it does
  // not (they are on a break in working time) after the default.
  const unscheduledBreak =
    provider.floorState === 'on_break' &&
    provider.working.some((interval) => interval.start <= now && now < interval.end);
  const from = (unscheduledBreak ? DEFAULT_BREAK_MINUTES : 0) + behind;
  const busy = [...provider.busy]
    .map((block) => ({ start: toMinutes(block.start), end: toMinutes(block.end) }))
    .filter((block) => block.end > block.start)
    .sort((a, b) => a.start - b.start);
  const starts: number[] = [];
  const ends: number[] = [];
  const blockLengths: number[] = [];
  const blockEnds: number[] = [];
  let following: { start: number; end: number } | null = null;
  const push = (start: number, end: number) => {
    starts.push(start);
    ends.push(end);
    blockLengths.push(following ? following.end - following.start : 0);
    blockEnds.push(following ? following.end : Number.NaN);
    following = null;
  };
  let lastWorking = Number.NEGATIVE_INFINITY;
  const working = [...provider.working].sort((a, b) => a.start - b.start);
  for (const interval of working) {
    const end = toMinutes(interval.end);
    lastWorking = Math.max(lastWorking, end);
    let start = Math.max(toMinutes(interval.start), from);
    following = null;
    for (const block of busy) {
      if (block.end <= start) continue;
      if (block.start >= end) break;
      if (block.start > start) push(start, block.start);
      start = block.end;
      following = block;
    }
    if (start < end) push(start, end);
  }
  return {
    id: provider.id,
    services: provider.services ? new Set(provider.services) : null,
    free: { starts: Float64Array.from(starts), ends: Float64Array.from(ends) },
    lastWorking,
    from,
    blockLengths: Float64Array.from(blockLengths),
    blockEnds: Float64Array.from(blockEnds),
  };
}

/**
 * Appointments run over or finish early too: in a sampled draw, each busy block's length is drawn
 * log-normal around its booked length (APPOINTMENT_SIGMA), moving the free time after it.
 */
function drawBlockLengths(
  timeline: Timeline[],
  prepared: readonly PreparedProvider[],
  strata: Uint8Array,
  offsets: readonly number[],
  draw: number,
): void {
  prepared.forEach((provider, index) => {
    const { starts, ends } = timeline[index]!;
    for (let i = 0; i < starts.length; i += 1) {
      const booked = provider.blockLengths[i]!;
      if (booked === 0) continue;
      const z = STRATA_Z[strata[(offsets[index]! + i) * SAMPLES + draw - 1]!]!;
      const end = provider.blockEnds[i]! + booked * (Math.exp(APPOINTMENT_SIGMA * z) - 1);
      starts[i] = Math.min(ends[i]!, Math.max(provider.from, end));
    }
  });
}

function copyTimeline(timeline: Timeline): Timeline {
  return { starts: timeline.starts.slice(), ends: timeline.ends.slice() };
}

/**
 * A current customer's provider is busy until they are done: their duration drawn given the time
 * already spent (a service 40 minutes in is not one of the 30-minute ones), then `behind` more.
 */
function occupyWithCurrent(
  timeline: Timeline[],
  prepared: readonly PreparedProvider[],
  customer: CurrentCustomer,
  durations: DurationTable,
  z: number,
  behind: number,
): void {
  let provider = customer.provider;
  if (provider < 0) {
    // Called without a provider: whoever does the service and is free soonest has them.
    let soonest = Number.POSITIVE_INFINITY;
    prepared.forEach((candidate, index) => {
      const start = timeline[index]!.starts[0] ?? Number.POSITIVE_INFINITY;
      if ((!candidate.services || candidate.services.has(customer.service)) && start < soonest) {
        soonest = start;
        provider = index;
      }
    });
    if (provider < 0) return;
  }
  const duration = logNormal(durationFor(durations, customer.service, prepared[provider]!.id));
  const total = conditionalDuration(duration, Math.max(0, customer.elapsed), z);
  const doneAt = Math.max(total - customer.elapsed, MIN_REMAINING_MINUTES) + behind;
  trimBefore(timeline[provider]!, doneAt);
}

/** Removes free time before `until` (minutes from now). */
function trimBefore(timeline: Timeline, until: number): void {
  const { starts, ends } = timeline;
  for (let i = 0; i < starts.length; i += 1) {
    if (starts[i]! >= until) break;
    starts[i] = Math.min(Math.max(starts[i]!, until), ends[i]!);
  }
}

/**
 * The first start at which a service of `typical` minutes fits before the free interval ends (an
 * appointment, a break, the end of the shift), give or take FIT_GRACE_MINUTES: a provider with an
 * appointment at 2 pm does not start a 45-minute walk-in at 1:40, and takes a shorter one instead
 * when one is waiting.
 */
function earliestFit(timeline: Timeline, typical: number): number {
  const interval = earliestFitIndex(timeline, typical);
  return interval < 0 ? Number.POSITIVE_INFINITY : timeline.starts[interval]!;
}

function earliestFitIndex(timeline: Timeline, typical: number): number {
  const { starts, ends } = timeline;
  for (let i = 0; i < starts.length; i += 1) {
    if (starts[i]! + typical <= ends[i]! + FIT_GRACE_MINUTES) return i;
  }
  return -1;
}

interface Placement {
  start: number;
  provider: number;
}

/**
 * Gives an entry to the candidate who can start it soonest (the first listed on a tie) and, when
 * `occupy`, takes its drawn duration out of their free time. A service that runs longer than its
 * gap pushes the next free interval back by as much (the appointment after it starts late).
 */
function place(
  timeline: Timeline[],
  entry: PreparedEntry,
  z: number,
  occupy: boolean,
  placed: Placement,
): void {
  let best = Number.POSITIVE_INFINITY;
  let bestCandidate = -1;
  let bestInterval = -1;
  for (let c = 0; c < entry.candidates.length; c += 1) {
    const free = timeline[entry.candidates[c]!]!;
    const interval = earliestFitIndex(free, entry.durations[c]!.median);
    if (interval >= 0 && free.starts[interval]! < best) {
      best = free.starts[interval]!;
      bestCandidate = c;
      bestInterval = interval;
    }
  }
  placed.start = best;
  placed.provider = bestCandidate < 0 ? -1 : entry.candidates[bestCandidate]!;
  if (!occupy || bestCandidate < 0) return;
  const duration = entry.durations[bestCandidate]!;
  const { starts, ends } = timeline[placed.provider]!;
  const end = best + duration.median * Math.exp(duration.sigma * z);
  let carry = end - ends[bestInterval]!;
  starts[bestInterval] = Math.min(end, ends[bestInterval]!);
  // An overrun delays the appointment (or break) after the gap, and so the free time after it.
  for (let i = bestInterval + 1; carry > 0 && i < starts.length; i += 1) {
    const shifted = starts[i]! + carry;
    carry = shifted - ends[i]!;
    starts[i] = Math.min(shifted, ends[i]!);
  }
}

/** A log-normal duration's quantile at `z`, given that it has lasted `elapsed` minutes already. */
function conditionalDuration(duration: LogNormal, elapsed: number, z: number): number {
  if (elapsed <= 0) return duration.median * Math.exp(duration.sigma * z);
  const already = normalCdf(Math.log(elapsed / duration.median) / duration.sigma);
  const p = Math.min(already + normalCdf(z) * (1 - already), 0.9999);
  return duration.median * Math.exp(duration.sigma * inverseNormal(p));
}

/** The q-quantile of sorted values, interpolated; infinite when it reaches an infinite value. */
function quantile(sorted: Float64Array, q: number): number {
  const position = (sorted.length - 1) * q;
  const below = Math.floor(position);
  const fraction = position - below;
  const a = sorted[below]!;
  if (fraction === 0 || !Number.isFinite(a)) return a;
  const b = sorted[below + 1]!;
  return Number.isFinite(b) ? a + (b - a) * fraction : b;
}

// ---- numbers ----

/** A seeded 32-bit generator (mulberry32): the same input gives the same estimate. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `rows` shuffled orders of the SAMPLES strata, row r at [r * SAMPLES, (r + 1) * SAMPLES). */
function shuffledStrata(random: () => number, rows: number): Uint8Array {
  const orders = new Uint8Array(rows * SAMPLES);
  for (let row = 0; row < rows; row += 1) {
    const base = row * SAMPLES;
    for (let k = 0; k < SAMPLES; k += 1) orders[base + k] = k;
    for (let i = SAMPLES - 1; i > 0; i -= 1) {
      const j = base + Math.floor(random() * (i + 1));
      const swap = orders[base + i]!;
      orders[base + i] = orders[j]!;
      orders[j] = swap;
    }
  }
  return orders;
}

/** Standard normal distribution function (Abramowitz and Stegun 7.1.26, error < 1.5e-7). */
function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erf =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) *
      t *
      Math.exp(-x * x);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/** Its inverse (Acklam's rational approximation, relative error < 1.2e-9). */
function inverseNormal(p: number): number {
  const a = [
    -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716,
    2.506628277459239,
  ];
  const b = [
    -54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572,
  ];
  const c = [
    -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
    2.938163982698783,
  ];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const low = 0.02425;
  if (p < low) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (
      (((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) /
      ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1)
    );
  }
  if (p > 1 - low) return -inverseNormal(1 - p);
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * q) /
    (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1)
  );
}
