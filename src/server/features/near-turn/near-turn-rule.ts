import type { NearTurnChoice } from '../../../shared/schemas.ts';

/** How many may be ahead when each "ahead" choice is met (docs/near-turn.md). */
const AHEAD_OF_CHOICE = { next: 0, ahead_2: 2, ahead_3: 3, ahead_5: 5 } as const;
/** "About 15 minutes before": met when the estimate's expected start is this close. */
export const NEAR_TURN_MINUTES = 15;
/** The most anyone may be ahead for a choice to be met: the plan looks no further down the line. */
export const NEAR_TURN_MOST_AHEAD = Math.max(...Object.values(AHEAD_OF_CHOICE));

/** Where a waiting customer stands: how many wait ahead, and the estimate's minutes (null: none). */
export interface NearTurnStanding {
  ahead: number;
  minutes: number | null;
}

/**
 * The choices met by a customer standing there. "About 15 minutes" without an estimate (nobody
 * can say: docs/wait-estimate.md) is met when they are next, so it is never silent.
 */
export function choicesMet({ ahead, minutes }: NearTurnStanding): NearTurnChoice[] {
  const met: NearTurnChoice[] = [];
  for (const [choice, most] of Object.entries(AHEAD_OF_CHOICE) as [keyof typeof AHEAD_OF_CHOICE, number][]) {
    if (ahead <= most) met.push(choice);
  }
  if (minutes === null ? ahead === 0 : minutes <= NEAR_TURN_MINUTES) met.push('minutes_15');
  return met;
}

/** The minutes the text names: whole fives, at least 5 ("about 0 min away" would say nothing). */
export function minutesToSay(minutes: number): number {
  return Math.max(5, Math.ceil(minutes / 5) * 5);
}
