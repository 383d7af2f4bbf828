import { readStoredJson, writeStored } from '../../lib/storage-keys.ts';

/**
 * session: the user-info visits (history entries) that already joined, and the add-client visits
 * that already sent their request. Spec §4: "After confirmation the Next button is disabled";
 * Back returns to the same history entry, remounting the page, and without this it forgot, so
 * Next then Yes (or Send) joined a second time.
 */
export const JOINED_VISITS_KEY = 'checkn.joinedVisits';

/** A history entry's key (React Router's location.key) and path, and the entry it joined. */
export interface JoinedVisit {
  visit: string;
  path: string;
  waitId: string;
}

/** A tab's history holds few joins; older ones are long out of reach of Back. */
const MAX_REMEMBERED = 20;

function isJoinedVisit(value: unknown): value is JoinedVisit {
  const record = value as Partial<JoinedVisit> | null;
  return (
    typeof record?.visit === 'string' && typeof record.path === 'string' && typeof record.waitId === 'string'
  );
}

export function withJoinedVisit(list: readonly JoinedVisit[], joined: JoinedVisit): JoinedVisit[] {
  const others = list.filter((item) => item.visit !== joined.visit || item.path !== joined.path);
  return [...others, joined].slice(-MAX_REMEMBERED);
}

export function joinedWaitId(list: readonly JoinedVisit[], visit: string, path: string): string | null {
  return list.find((item) => item.visit === visit && item.path === path)?.waitId ?? null;
}

function readJoinedVisits(): JoinedVisit[] {
  const stored = readStoredJson<unknown>('session', JOINED_VISITS_KEY);
  return Array.isArray(stored) ? stored.filter(isJoinedVisit) : [];
}

export function rememberJoinedVisit(joined: JoinedVisit): void {
  writeStored('session', JOINED_VISITS_KEY, JSON.stringify(withJoinedVisit(readJoinedVisits(), joined)));
}

/** The wait entry this history entry already joined, if it did. */
export function findJoinedVisit(visit: string, path: string): string | null {
  return joinedWaitId(readJoinedVisits(), visit, path);
}
