import { topics } from '../../../shared/realtime.ts';
import type { Regular } from '../../../shared/regular-schemas.ts';
import { AppError, invariantFound } from '../../errors.ts';
import type { EventLog } from '../../realtime/event-log.ts';
import type { StaffPrincipal } from '../staff/staff.service.ts';
import { ON_BOARD_SQL } from '../wait-list/wait-list.repository.ts';
import { actingProvider } from '../wait-list/wait-list.service.ts';
import type { RegularsRepository } from './regulars.repository.ts';

/**
 * Regulars (docs/regulars.md): a board row's customer, the same number at the same business, with
 * their earlier visits and the staff's note. The board reads them with its rows
 * (wait-list.repository.ts listBoard); a row that arrives live is read here.
 */
export function createRegularsService(deps: {
  regulars: RegularsRepository;
  eventLog: Pick<EventLog, 'flushSoon'>;
}) {
  const { regulars, eventLog } = deps;

  /** A visit of the staff member's own business (another's looks exactly like a missing one). */
  async function requireVisit(principal: StaffPrincipal, waitId: string) {
    return invariantFound(await regulars.findRegular(waitId, principal.companyId), 'WAIT_ENTRY_NOT_FOUND');
  }

  return {
    /** The customer of one board row: any staff member of the business sees it, as they see the row. */
    async getRegular(principal: StaffPrincipal, waitId: string): Promise<Regular> {
      const { regular } = await requireVisit(principal, waitId);
      if (!regular) throw new AppError('NOTE_NEEDS_PHONE');
      return regular;
    },

    /**
     * Saves the staff's note on a row's customer (empty deletes it), for every visit of their number
     * at this business. A provider writes on their own customers and unassigned ones, as they act
     * on the board.
     */
    async saveNote(principal: StaffPrincipal, waitId: string, note: string): Promise<Regular> {
      const byProvider = actingProvider(principal) ?? null;
      const saved = await regulars.saveNoteAndPublish(
        {
          waitId,
          companyId: principal.companyId,
          note,
          staffUserId: principal.staffUserId,
          byProvider,
          onBoardSql: ON_BOARD_SQL('b'),
        },
        topics.board(principal.companyId),
      );
      if (saved) eventLog.flushSoon();
      // Read after the write: what the row shows now, or why nothing was written.
      const visit = await requireVisit(principal, waitId);
      if (!visit.regular) throw new AppError('NOTE_NEEDS_PHONE');
      if (!saved && byProvider !== null && visit.providerId !== null && visit.providerId !== byProvider)
        throw new AppError('ANOTHER_PROVIDERS_CUSTOMER');
      return visit.regular;
    },
  };
}

export type RegularsService = ReturnType<typeof createRegularsService>;
