import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type NearTurnChoice,
  nearTurnRequestSchema,
  waitEntryResponseSchema,
} from '../../../../shared/schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { waitEntryQueryKey } from './get-wait-entry.ts';

/** "Text me when I'm N away": the server keeps the choice and answers the entry (docs/near-turn.md). */
export function useChooseNearTurn(companyId: string, waitId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choice: NearTurnChoice) =>
      apiRequest(
        `/v1/companies/${encodeURIComponent(companyId)}/wait-list/${encodeURIComponent(waitId)}/near-turn`,
        waitEntryResponseSchema,
        {
          method: 'PUT',
          // The server parses the body with the same schema.
          body: nearTurnRequestSchema.parse({ choice }),
          asCustomer: true,
        },
      ),
    onSuccess: (entry) => queryClient.setQueryData(waitEntryQueryKey(companyId, waitId), entry),
  });
}
