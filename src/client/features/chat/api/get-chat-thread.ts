import { useQuery } from '@tanstack/react-query';
import { chatThreadSchema } from '../../../../shared/schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const chatThreadQueryKey = (companyId: string, waitId: string) =>
  ['chat-thread', companyId, waitId] as const;

export function useCustomerChatThread(companyId: string, waitId: string | null) {
  return useQuery({
    queryKey: chatThreadQueryKey(companyId, waitId ?? ''),
    queryFn: () =>
      apiRequest(
        `/v1/companies/${encodeURIComponent(companyId)}/chat/${encodeURIComponent(waitId ?? '')}`,
        chatThreadSchema,
        {
          asCustomer: true,
        },
      ),
    enabled: Boolean(waitId),
    // Live updates come over the socket; a refetch would only reorder what is on screen.
    staleTime: Number.POSITIVE_INFINITY,
  });
}
