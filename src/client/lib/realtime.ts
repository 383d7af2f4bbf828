import { useEffect, useRef } from 'react';
import { RealtimeClient, type TopicHandlers } from './realtime-client.ts';
import { ensureCustomerSession } from './session.ts';

let customerClient: RealtimeClient | null = null;

/** The customer's one socket, authenticated with the anonymous token. */
export function customerRealtime(): RealtimeClient {
  customerClient ??= new RealtimeClient(async () => (await ensureCustomerSession()).token);
  return customerClient;
}

export interface UseTopicOptions extends TopicHandlers {
  /** Called once the subscription stands: refetch what was loaded before it did. */
  onSubscribed?: () => void;
}

/**
 * Follows a topic while the component is mounted. Handlers may change on every render; the
 * subscription does not.
 */
export function useTopic(
  client: RealtimeClient,
  topic: string | null,
  after: number | null,
  options: UseTopicOptions,
) {
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    if (!topic) return;
    return client.subscribe(topic, after, {
      onEvent: (event, data, seq) => latest.current.onEvent(event, data, seq),
      onReset: () => latest.current.onReset?.(),
      onError: (message) => latest.current.onError?.(message),
      onSubscribed: () => latest.current.onSubscribed?.(),
    });
    // `after` only matters for the first subscription of this topic: not a dependency.
  }, [client, topic]);
}
