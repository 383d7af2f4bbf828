import { useMutation } from '@tanstack/react-query';
import type { ChatThread, SendMessageRequest } from '../../../../shared/schemas.ts';
import { chatMessageSchema } from '../../../../shared/schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** The spec's sendMessage call (spec §7), as the customer. */
export function useSendMessage() {
  return useMutation({
    mutationFn: (request: SendMessageRequest) =>
      apiRequest('/v1/functions/sendMessage', chatMessageSchema, {
        method: 'POST',
        body: request,
        asCustomer: true,
      }),
  });
}

/** The spec's sendMessage payload from one side of a thread: the sender is `user`, the other side `notify`. */
export function toSendMessageRequest(
  thread: ChatThread,
  from: 'customer' | 'staff',
  message: string,
): SendMessageRequest {
  const customer = { id: thread.customerId, name: thread.customerName };
  const provider = { id: thread.providerId, name: thread.providerName };
  return {
    historyId: thread.waitId,
    companyId: thread.companyId,
    message,
    user: from === 'customer' ? customer : provider,
    notify: from === 'customer' ? provider : customer,
    chatNode: thread.threadKey,
  };
}
