import { parseTopic } from '../../shared/realtime.ts';
import { UUID_PATTERN } from '../../shared/schemas.ts';
import type { LobbyScreenService } from '../features/lobby-screen/lobby-screen.service.ts';
import type { StaffPrincipal } from '../features/staff/staff.service.ts';
import { seesWholePhone } from '../features/wait-list/board-view.ts';
import type { WaitListRepository } from '../features/wait-list/wait-list.repository.ts';

/** A lobby screen (docs/lobby-screen.md) is known by its business's screen key, kept for rechecks. */
export type ScreenPrincipal = { kind: 'screen'; companyId: string; key: string };

export type RealtimePrincipal = { kind: 'customer'; customerId: string } | StaffPrincipal | ScreenPrincipal;

/**
 * Who may follow which topic: staff only their own business (a provider's board hides other
 * providers' customers' numbers, board-view.ts, and a provider follows only their own customers'
 * chats); a customer only their own wait entry, their own chat thread, and the (nameless) line of
 * a business they joined; a lobby screen only its business's nameless line, while its key is current.
 */
export function createTopicAccess(deps: {
  waitList: WaitListRepository;
  screens: Pick<LobbyScreenService, 'isCurrentKey'>;
}) {
  const { waitList, screens } = deps;

  return async function canSubscribe(principal: RealtimePrincipal, topic: string): Promise<boolean> {
    const parsed = parseTopic(topic);
    if (!parsed) return false;
    if (principal.kind === 'screen') {
      // Asked again when the key is reset (an access.changed on the line topic): the old screen stops.
      return (
        parsed.kind === 'line' &&
        parsed.id === principal.companyId &&
        screens.isCurrentKey(principal.companyId, principal.key)
      );
    }
    switch (parsed.kind) {
      case 'board':
        return principal.kind === 'staff' && principal.companyId === parsed.id;
      case 'line':
        return principal.kind === 'staff'
          ? principal.companyId === parsed.id
          : waitList.customerHasEntryAt(principal.customerId, parsed.id);
      case 'wait': {
        if (!UUID_PATTERN.test(parsed.id)) return false;
        const entry = await waitList.findById(parsed.id);
        if (!entry) return false;
        return principal.kind === 'staff'
          ? entry.companyId === principal.companyId
          : entry.customerId === principal.customerId;
      }
      case 'chat': {
        const owner = await waitList.findThreadOwner(parsed.id);
        if (!owner) return false;
        return principal.kind === 'staff'
          ? owner.companyId === principal.companyId && seesWholePhone(principal, owner.providerId)
          : owner.customerId === principal.customerId;
      }
    }
  };
}

export type TopicAccess = ReturnType<typeof createTopicAccess>;
