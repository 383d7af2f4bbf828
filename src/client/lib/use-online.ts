import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

const subscribeToOnline = (notify: () => void) => onlineManager.subscribe(notify);

/**
 * Whether the browser is online, as TanStack Query sees it: a mutation made offline waits
 * (`isPaused`) and goes out when this turns true again. The server renders online.
 */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeToOnline,
    () => onlineManager.isOnline(),
    () => true,
  );
}
