import { useMutation } from '@tanstack/react-query';
import type { JoinWaitListRequest, JoinWaitListResponse } from '../../../../shared/schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

interface JoinWaitListVariables {
  companyId: string;
  request: JoinWaitListRequest;
  /** One key per confirmation: a double tap or a retry lands on the same entry. */
  idempotencyKey: string;
}

function joinWaitList({ companyId, request, idempotencyKey }: JoinWaitListVariables) {
  return apiRequest<JoinWaitListResponse>(`/v1/companies/${encodeURIComponent(companyId)}/wait-list`, {
    method: 'POST',
    body: request,
    headers: { 'idempotency-key': idempotencyKey },
    asCustomer: true,
  });
}

export function useJoinWaitList() {
  // Mutation retries default to 0 (spec §9): the customer decides, with the same idempotency key.
  return useMutation({ mutationFn: joinWaitList, retry: 0 });
}
