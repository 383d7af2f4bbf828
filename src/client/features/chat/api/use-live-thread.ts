import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { withMessage } from '../../../../shared/chat-format.ts';
import { ACCESS_CHANGED_EVENT, chatEventSchema, topics } from '../../../../shared/realtime.ts';
import type { ChatMessage, ChatThread } from '../../../../shared/schemas.ts';
import { useTopic } from '../../../lib/realtime.ts';
import type { RealtimeClient } from '../../../lib/realtime-client.ts';

/**
 * Keeps a loaded thread live: new messages from the socket (and the one just sent) join the
 * cached thread once each; a reset reloads it. Used by the customer's page and the console.
 * `revoked`: this member may no longer follow it (the customer went to another provider).
 */
export function useLiveThread(client: RealtimeClient, key: QueryKey, thread: ChatThread | undefined) {
  const queryClient = useQueryClient();
  const [revoked, setRevoked] = useState(false);
  const addMessage = (message: ChatMessage) =>
    queryClient.setQueryData<ChatThread>(key, (current) =>
      current ? { ...current, messages: withMessage(current.messages, message) } : current,
    );

  useTopic(client, thread ? topics.chat(thread.threadKey) : null, thread?.seq ?? null, {
    onEvent: (type, data) => {
      // An event this page does not know (a newer server's) or cannot read changes nothing.
      const parsed = chatEventSchema.safeParse({ event: type, data });
      if (!parsed.success) return;
      const event = parsed.data;
      if (event.event === 'message.created') addMessage(event.data);
      // Someone else answers now: the customer's header and the console's panel say who.
      if (event.event === 'thread.answerer') {
        const answerer = event.data;
        queryClient.setQueryData<ChatThread>(key, (current) =>
          current ? { ...current, ...answerer } : current,
        );
      }
      // Another provider now: who answers may have changed with them.
      if (event.event === ACCESS_CHANGED_EVENT) void queryClient.invalidateQueries({ queryKey: key });
    },
    onReset: () => void queryClient.invalidateQueries({ queryKey: key }),
    onRevoked: () => setRevoked(true),
  });

  return { addMessage, revoked };
}
