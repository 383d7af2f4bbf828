import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ApiKeysResponse,
  CreateApiKeyRequest,
  CreatedApiKey,
} from '../../../../shared/public-api-schemas.ts';
import { staffRequest } from '../../../lib/staff-api.ts';

const apiKeysQueryKey = ['staff-api-keys'] as const;

/** The business's keys in use (docs/public-api.md); read again each minute for "last used". */
export function useApiKeys() {
  return useQuery({
    queryKey: apiKeysQueryKey,
    queryFn: () => staffRequest<ApiKeysResponse>('/v1/staff/api-keys'),
    refetchInterval: 60_000,
  });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyRequest) =>
      staffRequest<CreatedApiKey>('/v1/staff/api-keys', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) =>
      staffRequest<void>(`/v1/staff/api-keys/${encodeURIComponent(keyId)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
