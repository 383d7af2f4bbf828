import type { RequestStatus, WaitStatus } from './schemas.ts';

/**
 * What staff can do to a wait entry, and from which statuses (the board's buttons).
 * Done is allowed straight from called: a quick service may never be "started" on the board.
 */
export const STAFF_ACTIONS = {
  call: { from: ['waiting'], to: 'called', label: 'Call' },
  start: { from: ['waiting', 'called'], to: 'in_service', label: 'Start' },
  done: { from: ['called', 'in_service'], to: 'done', label: 'Done' },
  'no-show': { from: ['waiting', 'called'], to: 'no_show', label: 'No-show' },
  remove: { from: ['waiting', 'called', 'in_service'], to: 'cancelled', label: 'Remove' },
} as const satisfies Record<string, { from: readonly WaitStatus[]; to: WaitStatus; label: string }>;

export type StaffAction = keyof typeof STAFF_ACTIONS;
export const STAFF_ACTION_NAMES = Object.keys(STAFF_ACTIONS) as StaffAction[];

/** A customer may leave while still waiting or called. */
export const CUSTOMER_CAN_LEAVE_FROM: readonly WaitStatus[] = ['waiting', 'called'];

export const ACTIVE_STATUSES: readonly WaitStatus[] = ['waiting', 'called', 'in_service'];

export function nextStatus(current: WaitStatus, action: StaffAction): WaitStatus | null {
  const rule = STAFF_ACTIONS[action];
  return (rule.from as readonly WaitStatus[]).includes(current) ? rule.to : null;
}

/** The actions offered for an entry, the main one first (the board's largest button). */
export function actionsFor(status: WaitStatus): StaffAction[] {
  return STAFF_ACTION_NAMES.filter((action) => nextStatus(status, action) !== null);
}

/**
 * A service request the line does not count yet: waiting for its provider's answer, declined or
 * expired (until "next available"). The server's SQL twin is IN_LINE_SQL (wait-list.repository.ts).
 */
export function isOpenRequest(entry: { status: WaitStatus; requestStatus: RequestStatus | null }): boolean {
  return entry.status === 'waiting' && entry.requestStatus !== null && entry.requestStatus !== 'accepted';
}

/**
 * Where a board entry stands in line (docs/more-time.md): from its arrival, or from the instant
 * its held time ran out ("I need more time" without "I'm here"), behind everyone there then. The
 * server's twin is LINE_AT_SQL (wait-list.repository.ts).
 */
export function lineOrderKey(entry: { date: string; movedBackAt: string | null }): string {
  return entry.movedBackAt ?? entry.date;
}

/** What the board says of a waiting customer who asked for more time or said "I'm here". */
export function awayOrHere(
  entry: { status: WaitStatus; backBy: string | null; arrivedAt: string | null; movedBackAt: string | null },
  now: number,
): { kind: 'in_lobby' } | { kind: 'back_in'; minutes: number } | { kind: 'moved_back' } | null {
  if (entry.status !== 'waiting') return null;
  if (entry.arrivedAt) return { kind: 'in_lobby' };
  const backBy = entry.backBy ? Date.parse(entry.backBy) : null;
  if (backBy !== null && backBy > now)
    return { kind: 'back_in', minutes: Math.ceil((backBy - now) / 60_000) };
  if (entry.movedBackAt || backBy !== null) return { kind: 'moved_back' };
  return null;
}
