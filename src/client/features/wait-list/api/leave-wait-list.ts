import { useMutation, useQueryClient } from '@tanstack/react-query';
import { waitEntryResponseSchema } from '../../../../shared/schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { waitEntryQueryKey } from './get-wait-entry.ts';

export function useLeaveWaitList(companyId: string, waitId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest(
        `/v1/companies/${encodeURIComponent(companyId)}/wait-list/${encodeURIComponent(waitId)}/leave`,
        waitEntryResponseSchema,
        { method: 'POST', asCustomer: true },
      ),
    onSuccess: (entry) => queryClient.setQueryData(waitEntryQueryKey(companyId, waitId), entry),
  });
}
