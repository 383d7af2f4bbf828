import { hidePhoneNumber } from '../../../shared/phone.ts';
import type { BoardEntry } from '../../../shared/staff-schemas.ts';
import type { RealtimeEvent } from '../../realtime/event-log.ts';
import type { StaffPrincipal } from '../staff/staff.service.ts';

/**
 * Whether this staff member sees the customer's whole phone number, and their chat: the owner and
 * the front desk always; a provider only for customers assigned to them (issue 12, docs/people.md).
 */
export function seesWholePhone(
  viewer: Pick<StaffPrincipal, 'role' | 'providerId'>,
  providerId: string | null,
) {
  return viewer.role !== 'provider' || (viewer.providerId !== null && providerId === viewer.providerId);
}

/** The board entry as this staff member may see it. */
export function boardEntryAsSeenBy<T extends Pick<BoardEntry, 'phoneNumber' | 'providerId'>>(
  viewer: Pick<StaffPrincipal, 'role' | 'providerId'>,
  entry: T,
): T {
  return seesWholePhone(viewer, entry.providerId) || entry.phoneNumber === null
    ? entry
    : { ...entry, phoneNumber: hidePhoneNumber(entry.phoneNumber) };
}

/** A board event as this staff member may see it: every board event that names a number carries the entry. */
export function boardEventAsSeenBy(
  viewer: Pick<StaffPrincipal, 'role' | 'providerId'>,
  event: RealtimeEvent,
): RealtimeEvent {
  const data = event.data as Partial<BoardEntry> | null;
  if (!data || typeof data.phoneNumber !== 'string') return event;
  return {
    ...event,
    data: boardEntryAsSeenBy(viewer, {
      ...data,
      phoneNumber: data.phoneNumber,
      providerId: data.providerId ?? null,
    }),
  };
}
