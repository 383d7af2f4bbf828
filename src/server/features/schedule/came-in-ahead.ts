import type { LineForPlanRow } from '../wait-list/wait-list.repository.ts';

/**
 * Someone who came into the line ahead of a customer already waiting, which is what makes a place
 * go up (further back): the page names them ("An appointment for 2:30 PM checked in"). Nothing
 * else moves anyone ahead: joins stand behind, a held place that runs out goes behind, and Remove
 * and No-show wait on the board for Undo before they are sent (docs/wait-estimate.md).
 */
export type CameInAhead =
  /** An appointment arrived: it stands at its booked time. */
  | { kind: 'appointment'; at: Date; bookedFor: Date }
  /** A provider accepted a request made before the customer joined: it stands at the request's time. */
  | { kind: 'request'; at: Date; providerName: string | null }
  /** A declined or expired request chose the next available: it stands at the request's time. */
  | { kind: 'rejoined'; at: Date };

/** The page names at most this many, the latest first; a longer list says nothing more. */
export const CAME_IN_AHEAD_LIMIT = 10;

/**
 * Who, ahead of `waitId` in `line` (line order), began to count after it did. A customer counts
 * from when they joined, or from when their held time ran out (they went behind everyone there),
 * whichever is later; so a customer moved back is not told that those now ahead of them came in.
 */
export function cameInAhead(line: readonly LineForPlanRow[], waitId: string): CameInAhead[] {
  const index = line.findIndex((entry) => entry.id === waitId);
  const self = line[index];
  if (!self) return [];
  const since = Math.max(self.inLineAt.getTime(), self.lineAt.getTime());
  const found: CameInAhead[] = [];
  for (const entry of line.slice(0, index)) {
    if (entry.status !== 'waiting' || entry.inLineAt.getTime() <= since) continue;
    if (entry.origin === 'appointment')
      found.push({ kind: 'appointment', at: entry.inLineAt, bookedFor: entry.lineAt });
    else if (entry.requested)
      found.push({ kind: 'request', at: entry.inLineAt, providerName: entry.providerName });
    else found.push({ kind: 'rejoined', at: entry.inLineAt });
  }
  return found.sort((a, b) => b.at.getTime() - a.at.getTime()).slice(0, CAME_IN_AHEAD_LIMIT);
}
