import { useMutation } from '@tanstack/react-query';
import type { ChatMessage, SendMessageRequest } from '../../../../shared/schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** The spec's sendMessage call (spec §7), as the customer. */
export function useSendMessage() {
  return useMutation({
    mutationFn: (request: SendMessageRequest) =>
      apiRequest<ChatMessage>('/v1/functions/sendMessage', {
        method: 'POST',
        body: request,
        asCustomer: true,
      }),
  });
}
