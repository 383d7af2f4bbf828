import type { DurationSpread, DurationTable } from './wait-estimate.ts';

/**
 * How long a business's services take, from its own history where it has enough
 * (service-durations.repository.ts) and from its listed durations otherwise. Pure: the server and
 * the bench both turn rows into the estimator's table with it.
 */
export interface ServiceDurationRow {
  /** 'listed': the service's set duration; 'service' and 'provider': medians of recent visits. */
  kind: 'listed' | 'service' | 'provider';
  service: string;
  providerId: string | null;
  median: number;
  p10: number;
  p90: number;
  visits: number;
}

/** History counts for a service, or a provider's service, from this many visits on (issue 23). */
export const MIN_VISITS = 10;
/** Visits that finished within this many days count. */
export const HISTORY_DAYS = 60;
/** A service the business gave no duration (and the table's fallback). */
export const DEFAULT_DURATION_MINUTES = 30;
/**
 * A listed duration is a guess: its 10th and 90th percentiles are taken as these fractions of it.
 * Services run over more often than under (log-normal), hence the longer upper side.
 */
export const LISTED_SPREAD = { p10: 0.7, p90: 1.45 } as const;
/** However steady the history, a range of at least ±10 %: ten visits say little about the tails. */
const MIN_HISTORY_SPREAD = 0.1;

export function listedSpread(minutes: number): DurationSpread {
  return { median: minutes, p10: minutes * LISTED_SPREAD.p10, p90: minutes * LISTED_SPREAD.p90 };
}

function historySpread(row: ServiceDurationRow): DurationSpread {
  return {
    median: row.median,
    p10: Math.min(row.p10, row.median * (1 - MIN_HISTORY_SPREAD)),
    p90: Math.max(row.p90, row.median * (1 + MIN_HISTORY_SPREAD)),
  };
}

/** The estimator's table: a provider's own history, else the service's history, else its listed duration. */
export function durationTableFrom(rows: readonly ServiceDurationRow[]): DurationTable {
  const byService = new Map<string, DurationSpread>();
  const byServiceAndProvider = new Map<string, Map<string, DurationSpread>>();
  for (const row of rows) {
    if (row.kind === 'listed' && !byService.has(row.service))
      byService.set(row.service, listedSpread(row.median));
  }
  for (const row of rows) {
    if (row.visits < MIN_VISITS) continue;
    if (row.kind === 'service') byService.set(row.service, historySpread(row));
    if (row.kind === 'provider' && row.providerId) {
      const spreads = byServiceAndProvider.get(row.service) ?? new Map<string, DurationSpread>();
      spreads.set(row.providerId, historySpread(row));
      byServiceAndProvider.set(row.service, spreads);
    }
  }
  return { byService, byServiceAndProvider, fallback: listedSpread(DEFAULT_DURATION_MINUTES) };
}
