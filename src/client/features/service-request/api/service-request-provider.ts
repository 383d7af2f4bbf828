import { useQuery } from '@tanstack/react-query';
import { serviceRequestProviderSchema, UUID_PATTERN } from '../../../../shared/schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * Whether the link's provider works at the link's business, asked as the page opens: a link to
 * one who does not (left, mistyped) says so before anything is typed. An id that cannot be one
 * is not asked about (the query stays idle).
 */
/** The add-client page's provider; the server's HTML carries it already (entry-server.tsx). */
export const serviceRequestProviderQueryKey = (companyId: string, spId: string) =>
  ['service-request-provider', companyId, spId] as const;

export function useServiceRequestProvider(companyId: string, spId: string) {
  return useQuery({
    queryKey: serviceRequestProviderQueryKey(companyId, spId),
    queryFn: () =>
      apiRequest(
        `/v1/companies/${encodeURIComponent(companyId)}/providers/${encodeURIComponent(spId)}`,
        serviceRequestProviderSchema,
      ),
    enabled: Boolean(companyId) && UUID_PATTERN.test(spId),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
