import {
  type Dispatch,
  type RefObject,
  type SetStateAction,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { APP_INTERACTIVE_EVENT } from '../../shared/page-rendering.ts';
import { nextTask } from './next-task.ts';

const noSubscription = () => () => {};

/**
 * True while React renders a page on the server or hydrates the server's HTML, false in every
 * render after that (a page reached by a link). React reads the third argument in exactly those
 * two cases (https://react.dev/reference/react/useSyncExternalStore#adding-support-for-server-rendering).
 */
export function useIsHydrating(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
}

/**
 * State whose first value lives in the browser (local or session storage). The server cannot read
 * it, and hydration must start from the server's HTML, so a server-rendered page starts with
 * `serverValue` and takes the browser's value right after hydrating; a page reached in the browser
 * starts with it. Whatever the person already changed (typed before the scripts ran) is kept.
 */
export function useStateFromBrowser<T>(
  readInBrowser: () => T,
  serverValue: T,
): [T, Dispatch<SetStateAction<T>>] {
  const hydrating = useIsHydrating();
  const [value, setValue] = useState<T>(() => (hydrating ? serverValue : readInBrowser()));
  const [restoreAfterHydrating] = useState(hydrating);
  // Once, after the first (hydrating) render.
  useEffect(() => {
    if (!restoreAfterHydrating) return;
    setValue((current) => (Object.is(current, serverValue) ? readInBrowser() : current));
  }, []);
  return [value, setValue];
}

/**
 * For a text field the server rendered: what the person typed before the scripts ran is still in
 * the field when React hydrates it (React leaves it there), but the next render would put the
 * state's value back over it. Right after hydrating, it is handed to `onTyped` instead.
 */
export function useTypedBeforeHydration<
  Field extends HTMLInputElement | HTMLTextAreaElement = HTMLInputElement,
>(value: string, onTyped: (typed: string) => void): RefObject<Field | null> {
  const field = useRef<Field>(null);
  const hydrating = useIsHydrating();
  const [checkAfterHydrating] = useState(hydrating);
  // Once, in the hydrating commit: before any later render can write the field.
  useLayoutEffect(() => {
    const typed = field.current?.value;
    if (checkAfterHydrating && typed !== undefined && typed !== value) onTyped(typed);
  }, []);
  return field;
}

/**
 * Tells boot.ts the page answers taps now, once the first render (the hydration) has committed:
 * it then replays the taps it held since the first paint. Used by the app's root layout and by
 * the landing page's own entry.
 */
export function useAnnounceInteractive(): void {
  useEffect(() => {
    // A task later: what hydration's own effects set (the text typed before, useTypedBeforeHydration)
    // is rendered first, so a replayed Send reads it.
    let cancelled = false;
    void nextTask().then(() => {
      if (!cancelled) document.dispatchEvent(new Event(APP_INTERACTIVE_EVENT));
    });
    return () => {
      cancelled = true;
    };
  }, []);
}
