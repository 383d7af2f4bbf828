import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FloorState, ProviderFloor } from '../../../../shared/schedule-schemas.ts';
import { providerFloorSchema } from '../../../../shared/schedule-schemas.ts';
import type { BoardEntry, BoardResponse } from '../../../../shared/staff-schemas.ts';
import { boardEntrySchema, boardResponseSchema } from '../../../../shared/staff-schemas.ts';
import { lineOrderKey, type StaffAction } from '../../../../shared/wait-status.ts';
import { noAnswer } from '../../../lib/api-client.ts';
import { staffRequest } from '../../../lib/staff-api.ts';

export const boardQueryKey = ['staff-board'] as const;

export function useBoard() {
  return useQuery({
    queryKey: boardQueryKey,
    queryFn: () => staffRequest('/v1/staff/board', boardResponseSchema),
    // The socket keeps it current; a refetch happens on reset or reconnect.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Puts one changed entry into the cached board (from an event or from an action's reply). */
export function upsertBoardEntry(
  board: BoardResponse | undefined,
  entry: BoardEntry,
): BoardResponse | undefined {
  if (!board) return board;
  const others = board.entries.filter((e) => e.waitId !== entry.waitId);
  return {
    ...board,
    // A party moved back together shares its instant, and its members' joins are a microsecond
    // apart (milliseconds here): they keep their order by their place in the party.
    entries: [...others, entry].sort(
      (a, b) =>
        lineOrderKey(a).localeCompare(lineOrderKey(b)) ||
        a.date.localeCompare(b.date) ||
        (a.party?.position ?? 0) - (b.party?.position ?? 0),
    ),
  };
}

export function useEntryAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      waitId,
      action,
      keepalive,
    }: {
      waitId: string;
      action: StaffAction;
      keepalive?: boolean;
    }) =>
      staffRequest(`/v1/staff/wait-entries/${encodeURIComponent(waitId)}/${action}`, boardEntrySchema, {
        method: 'POST',
        ...(keepalive ? { keepalive } : {}),
      }),
    onSuccess: (entry) =>
      queryClient.setQueryData<BoardResponse>(boardQueryKey, (b) => upsertBoardEntry(b, entry)),
    // A refused step means the board was out of date: reload it.
    onError: () => void queryClient.invalidateQueries({ queryKey: boardQueryKey }),
  });
}

export function useAssignProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ waitId, providerId }: { waitId: string; providerId: string | null }) =>
      staffRequest(`/v1/staff/wait-entries/${encodeURIComponent(waitId)}/provider`, boardEntrySchema, {
        method: 'PUT',
        body: { providerId },
      }),
    onSuccess: (entry) =>
      queryClient.setQueryData<BoardResponse>(boardQueryKey, (b) => upsertBoardEntry(b, entry)),
    onError: () => void queryClient.invalidateQueries({ queryKey: boardQueryKey }),
  });
}

/** The named provider (or the desk) answers a service request; the board hears it live. */
export function useAnswerRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ waitId, answer }: { waitId: string; answer: 'accept' | 'decline' }) =>
      staffRequest(`/v1/staff/requests/${encodeURIComponent(waitId)}/${answer}`, noAnswer, {
        method: 'POST',
      }),
    // Answered elsewhere, or expired meanwhile: the board was out of date.
    onError: () => void queryClient.invalidateQueries({ queryKey: boardQueryKey }),
  });
}

/** Puts one provider's floor state into the cached board (from an event or from the change's reply). */
export function upsertProviderFloor(
  board: BoardResponse | undefined,
  floor: ProviderFloor,
): BoardResponse | undefined {
  if (!board) return board;
  const known = board.floor.some((f) => f.providerId === floor.providerId);
  return {
    ...board,
    floor: known
      ? board.floor.map((f) => (f.providerId === floor.providerId ? floor : f))
      : [...board.floor, floor],
  };
}

/** "On the floor / On break / Off": a provider sets their own, the owner and the desk anyone's. */
export function useSetFloorState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ providerId, floorState }: { providerId: string; floorState: FloorState }) =>
      staffRequest(`/v1/staff/providers/${encodeURIComponent(providerId)}/floor-state`, providerFloorSchema, {
        method: 'PUT',
        body: { floorState },
      }),
    onSuccess: (floor) =>
      queryClient.setQueryData<BoardResponse>(boardQueryKey, (b) => upsertProviderFloor(b, floor)),
    onError: () => void queryClient.invalidateQueries({ queryKey: boardQueryKey }),
  });
}
