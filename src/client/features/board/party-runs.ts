import type { BoardEntry } from '../../../shared/staff-schemas.ts';

/** A stretch of one status group's rows: one customer's, or a party's members side by side. */
export type BoardRun =
  | { kind: 'one'; entry: BoardEntry }
  | { kind: 'party'; partyId: string; size: number; leadName: string; entries: BoardEntry[] };

/**
 * A status group's rows with each party's members that stand next to each other gathered
 * (docs/party-size.md): they joined one after the other and move together, so they are adjacent
 * unless one was served on their own. A member alone in its group stays a row of its own. The
 * label names the lead by the name they gave (its own row, else the member's without " +N").
 */
export function partyRuns(rows: readonly BoardEntry[], all: readonly BoardEntry[]): BoardRun[] {
  const runs: BoardRun[] = [];
  for (const entry of rows) {
    const last = runs.at(-1);
    if (entry.party && last?.kind === 'party' && last.partyId === entry.party.id) {
      last.entries.push(entry);
      continue;
    }
    if (entry.party && last?.kind === 'one' && last.entry.party?.id === entry.party.id) {
      runs[runs.length - 1] = {
        kind: 'party',
        partyId: entry.party.id,
        size: entry.party.size,
        leadName: leadNameOf(entry.party.id, last.entry, all),
        entries: [last.entry, entry],
      };
      continue;
    }
    runs.push({ kind: 'one', entry });
  }
  return runs;
}

/** The party's lead's name, from its row when the board has it. */
export function leadNameOf(partyId: string, member: BoardEntry, all: readonly BoardEntry[]): string {
  return all.find((entry) => entry.waitId === partyId)?.name ?? member.name.replace(/ \+\d+$/, '');
}
