import { useMutation } from '@tanstack/react-query';
import type { AddClientRequest } from '../../../../shared/schemas.ts';
import { joinWaitListResponseSchema } from '../../../../shared/schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** The spec's addClient call (spec §7). Retries reuse the idempotency key. */
export function useAddClient() {
  return useMutation({
    mutationFn: ({ request, idempotencyKey }: { request: AddClientRequest; idempotencyKey: string }) =>
      apiRequest('/v1/functions/addClient', joinWaitListResponseSchema, {
        method: 'POST',
        body: request,
        headers: { 'idempotency-key': idempotencyKey },
        asCustomer: true,
      }),
    retry: 0,
  });
}
