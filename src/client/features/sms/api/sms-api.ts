import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffRequest } from '../../staff/api/staff-api.ts';

export interface TextMessage {
  id: string;
  waitId: string | null;
  direction: 'outbound' | 'inbound';
  kind: string;
  phoneNumber: string;
  body: string;
  status: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
}

const smsQueryKey = ['staff-sms'] as const;

export function useTextMessages() {
  return useQuery({
    queryKey: smsQueryKey,
    queryFn: () => staffRequest<{ driver: string; messages: TextMessage[] }>('/v1/staff/sms'),
    // Texts are queued and sent in the background: look again every few seconds while open.
    refetchInterval: 2_000,
  });
}

export function useReplyAsCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { phoneNumber: string; body: string }) =>
      staffRequest<{ outcome: string }>('/v1/staff/sms/reply', { method: 'POST', body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: smsQueryKey }),
  });
}
