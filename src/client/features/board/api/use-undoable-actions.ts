import { useCallback, useEffect, useRef, useState } from 'react';
import type { StaffAction } from '../../../../shared/wait-status.ts';

/** Steps that end a customer's visit: they wait this long, with Undo, before anything is sent. */
export const UNDOABLE_ACTIONS: readonly StaffAction[] = ['remove', 'no-show'];
export const UNDO_MS = 5_000;

interface Pending {
  action: StaffAction;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * Remove and No-show wait 5 s on the board before they are sent, so Undo costs nothing: the
 * customer and the other consoles hear of the step only once it is final (issue 12). A page that
 * closes meanwhile sends what was pending as it goes (keepalive), so no step is lost.
 */
export function useUndoableActions(send: (waitId: string, action: StaffAction, keepalive?: boolean) => void) {
  const pending = useRef(new Map<string, Pending>());
  const [, setVersion] = useState(0);
  const changed = () => setVersion((version) => version + 1);
  const latestSend = useRef(send);
  latestSend.current = send;

  const schedule = useCallback((waitId: string, action: StaffAction) => {
    const existing = pending.current.get(waitId);
    if (existing) clearTimeout(existing.timer);
    const timer = setTimeout(() => {
      pending.current.delete(waitId);
      changed();
      latestSend.current(waitId, action);
    }, UNDO_MS);
    pending.current.set(waitId, { action, timer });
    changed();
  }, []);

  const undo = useCallback((waitId: string) => {
    const existing = pending.current.get(waitId);
    if (!existing) return;
    clearTimeout(existing.timer);
    pending.current.delete(waitId);
    changed();
  }, []);

  useEffect(() => {
    const flush = () => {
      for (const [waitId, { action, timer }] of pending.current) {
        clearTimeout(timer);
        latestSend.current(waitId, action, true);
      }
      pending.current.clear();
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      // Leaving the board for another section is not an undo.
      flush();
    };
  }, []);

  return {
    pendingAction: (waitId: string) => pending.current.get(waitId)?.action ?? null,
    schedule,
    undo,
  };
}
