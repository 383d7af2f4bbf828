import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { type ConnectionState, RealtimeClient, type TopicHandlers } from './realtime-client.ts';
import { ensureCustomerSession } from './session.ts';

let customerClient: RealtimeClient | null = null;

/** The customer's one socket, authenticated with the anonymous token. */
export function customerRealtime(): RealtimeClient {
  customerClient ??= new RealtimeClient(async () => ({
    type: 'auth',
    token: (await ensureCustomerSession()).token,
  }));
  return customerClient;
}

/** The socket's connection state, re-rendering on each change. */
export function useConnectionState(client: RealtimeClient): ConnectionState {
  const subscribe = useCallback((onChange: () => void) => client.onStateChange(onChange), [client]);
  // The server's HTML (and its hydration) shows no connection notice: there is no socket yet.
  return useSyncExternalStore(
    subscribe,
    () => client.state,
    () => 'connecting',
  );
}

/**
 * Follows a topic while the component is mounted. Handlers may change on every render; the
 * subscription does not.
 */
export function useTopic(
  client: RealtimeClient,
  topic: string | null,
  after: number | null,
  options: TopicHandlers,
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
      onRevoked: () => latest.current.onRevoked?.(),
    });
    // `after` only matters for the first subscription of this topic: not a dependency.
  }, [client, topic]);
}
