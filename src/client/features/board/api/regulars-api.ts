import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomerNoteRequest, Regular } from '../../../../shared/regular-schemas.ts';
import { regularSchema } from '../../../../shared/regular-schemas.ts';
import type { BoardResponse } from '../../../../shared/staff-schemas.ts';
import { staffRequest } from '../../../lib/staff-api.ts';
import { boardQueryKey } from './board-api.ts';

/** Puts a row's customer (docs/regulars.md) into the cached board. */
export function upsertRegular(
  board: BoardResponse | undefined,
  waitId: string,
  regular: Regular,
): BoardResponse | undefined {
  if (!board) return board;
  return { ...board, regulars: { ...board.regulars, [waitId]: regular } };
}

/** A row that arrived live, or whose customer's note changed on another console: read its customer. */
export function fetchRegular(waitId: string): Promise<Regular> {
  return staffRequest(`/v1/staff/wait-entries/${encodeURIComponent(waitId)}/regular`, regularSchema);
}

/** Saves (empty: deletes) the note on a row's customer; the reply is what the row shows now. */
export function useSaveNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ waitId, note }: { waitId: string } & CustomerNoteRequest) =>
      staffRequest(`/v1/staff/wait-entries/${encodeURIComponent(waitId)}/note`, regularSchema, {
        method: 'PUT',
        body: { note },
      }),
    // The customer's other rows (their earlier visit today) hear it from the board's
    // "regular.changed", as other consoles do (use-live-board.ts).
    onSuccess: (regular, { waitId }) =>
      queryClient.setQueryData<BoardResponse>(boardQueryKey, (current) =>
        upsertRegular(current, waitId, regular),
      ),
  });
}
