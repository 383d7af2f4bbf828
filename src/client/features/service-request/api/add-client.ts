import { useMutation } from '@tanstack/react-query';
import type { AddClientRequest, JoinWaitListResponse } from '../../../../shared/schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** The spec's addClient call (spec §7). Retries reuse the idempotency key. */
export function useAddClient() {
  return useMutation({
    mutationFn: ({ request, idempotencyKey }: { request: AddClientRequest; idempotencyKey: string }) =>
      apiRequest<JoinWaitListResponse>('/v1/functions/addClient', {
        method: 'POST',
        body: request,
        headers: { 'idempotency-key': idempotencyKey },
        asCustomer: true,
      }),
    retry: 0,
  });
}
