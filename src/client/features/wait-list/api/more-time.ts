import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type MoreTimeMinutes,
  moreTimeRequestSchema,
  waitEntryResponseSchema,
} from '../../../../shared/schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { waitEntryQueryKey } from './get-wait-entry.ts';

const entryPath = (companyId: string, waitId: string) =>
  `/v1/companies/${encodeURIComponent(companyId)}/wait-list/${encodeURIComponent(waitId)}`;

/** "I need more time" (10 or 20 minutes): the server holds the place and answers the entry. */
export function useAskMoreTime(companyId: string, waitId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (minutes: MoreTimeMinutes) =>
      apiRequest(`${entryPath(companyId, waitId)}/more-time`, waitEntryResponseSchema, {
        method: 'POST',
        // The server parses the body with the same schema.
        body: moreTimeRequestSchema.parse({ minutes }),
        asCustomer: true,
      }),
    onSuccess: (entry) => queryClient.setQueryData(waitEntryQueryKey(companyId, waitId), entry),
  });
}

/** "I'm here": the board shows the customer in the lobby. */
export function useMarkArrived(companyId: string, waitId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest(`${entryPath(companyId, waitId)}/arrived`, waitEntryResponseSchema, {
        method: 'POST',
        asCustomer: true,
      }),
    onSuccess: (entry) => queryClient.setQueryData(waitEntryQueryKey(companyId, waitId), entry),
  });
}
