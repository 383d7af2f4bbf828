import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateApiKeyRequest } from '../../../../shared/public-api-schemas.ts';
import { apiKeysResponseSchema, createdApiKeySchema } from '../../../../shared/public-api-schemas.ts';
import { noAnswer } from '../../../lib/api-client.ts';
import { staffRequest } from '../../../lib/staff-api.ts';

const apiKeysQueryKey = ['staff-api-keys'] as const;

/** The business's keys in use (docs/public-api.md); read again each minute for "last used". */
export function useApiKeys() {
  return useQuery({
    queryKey: apiKeysQueryKey,
    queryFn: () => staffRequest('/v1/staff/api-keys', apiKeysResponseSchema),
    refetchInterval: 60_000,
  });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyRequest) =>
      staffRequest('/v1/staff/api-keys', createdApiKeySchema, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) =>
      staffRequest(`/v1/staff/api-keys/${encodeURIComponent(keyId)}`, noAnswer, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
