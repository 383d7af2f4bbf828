import { useQuery } from '@tanstack/react-query';
import type { WaitEntryResponse } from '../../../../shared/schemas.ts';
import { waitEntryResponseSchema } from '../../../../shared/schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

function getWaitEntry(companyId: string, waitId: string): Promise<WaitEntryResponse> {
  return apiRequest(
    `/v1/companies/${encodeURIComponent(companyId)}/wait-list/${encodeURIComponent(waitId)}`,
    waitEntryResponseSchema,
    { asCustomer: true },
  );
}

export const waitEntryQueryKey = (companyId: string, waitId: string) =>
  ['wait-entry', companyId, waitId] as const;

export function useWaitEntry(companyId: string, waitId: string | null) {
  return useQuery({
    queryKey: waitEntryQueryKey(companyId, waitId ?? ''),
    queryFn: () => getWaitEntry(companyId, waitId ?? ''),
    enabled: Boolean(waitId),
  });
}
