import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TextAsCustomerRequest } from '../../../../shared/staff-schemas.ts';
import {
  textAsCustomerResponseSchema,
  textMessagesResponseSchema,
} from '../../../../shared/staff-schemas.ts';
import { staffRequest } from '../../../lib/staff-api.ts';

export type { TextMessage } from '../../../../shared/staff-schemas.ts';

const smsQueryKey = ['staff-sms'] as const;

export function useTextMessages() {
  return useQuery({
    queryKey: smsQueryKey,
    queryFn: () => staffRequest('/v1/staff/sms', textMessagesResponseSchema),
    // Texts are queued and sent in the background: look again every few seconds while open.
    refetchInterval: 2_000,
  });
}

export function useReplyAsCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TextAsCustomerRequest) =>
      staffRequest('/v1/staff/sms/reply', textAsCustomerResponseSchema, { method: 'POST', body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: smsQueryKey }),
  });
}
