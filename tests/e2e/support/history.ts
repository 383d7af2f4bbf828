/**
 * A second business with months of past visits, for the Insights ranges: seed-history.ts writes it
 * into the e2e database before the server starts (the server holds the embedded database's folder
 * from then on), and the tests read it back through the console.
 */
export const historySalon = {
  id: 'tokyo-cuts',
  name: 'Tokyo Cuts',
  // UTC+9 all year, no daylight saving: its days start at 15:00 UTC the day before, far from the
  // server's and the browser's, so a range taken in the wrong zone loses or gains a visit.
  timeZone: 'Asia/Tokyo',
  utcOffset: '+09:00',
  services: ['Cut', 'Color'],
  owner: { email: 'owner@tokyo-cuts.test', password: 'tokyo-cuts-owner', name: 'Kenji Sato' },
} as const;

export interface PastVisit {
  /** Days of the salon's calendar before the run's first day. */
  daysAgo: number;
  /** Arrival, on the salon's clock. */
  at: `${number}:${number}`;
  service: (typeof historySalon.services)[number];
  status: 'done' | 'no_show';
  /** Minutes from arrival to being called. */
  waited: number;
}

/**
 * One visit in the last 7 days, two more in the last 30, five more in the last 90. Days 45 and 46
 * sit at the edge of the custom range the tests choose: 00:10 on day 45 is the day before in UTC.
 */
export const PAST_VISITS: readonly PastVisit[] = [
  { daysAgo: 3, at: '11:00', service: 'Cut', status: 'done', waited: 10 },
  { daysAgo: 20, at: '10:00', service: 'Cut', status: 'done', waited: 20 },
  { daysAgo: 20, at: '18:30', service: 'Color', status: 'no_show', waited: 15 },
  { daysAgo: 45, at: '00:10', service: 'Cut', status: 'no_show', waited: 10 },
  { daysAgo: 46, at: '23:50', service: 'Color', status: 'done', waited: 10 },
  { daysAgo: 60, at: '10:00', service: 'Cut', status: 'done', waited: 30 },
  { daysAgo: 60, at: '11:00', service: 'Cut', status: 'no_show', waited: 5 },
  { daysAgo: 60, at: '12:00', service: 'Color', status: 'done', waited: 30 },
];

/**
 * The instant the run started (playwright.config.ts sets it once for the runner, the server and
 * the workers): the seed counts its days back from it, and so do the tests, so a run that crosses
 * the salon's midnight still agrees with itself.
 */
function runStartedAt(): Date {
  const startedAt = process.env.CHECKN_E2E_STARTED_AT;
  if (!startedAt) throw new Error('CHECKN_E2E_STARTED_AT is not set: run through playwright.config.ts');
  return new Date(startedAt);
}

/** The salon's day (YYYY-MM-DD) `daysAgo` days before the run's first day. */
export function historyDay(daysAgo: number): string {
  const first = new Intl.DateTimeFormat('en-CA', { timeZone: historySalon.timeZone }).format(runStartedAt());
  return new Date(Date.parse(`${first}T00:00:00Z`) - daysAgo * 86_400_000).toISOString().slice(0, 10);
}
