import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react';
import { customerTexts } from '../../../lib/customer-texts.ts';
import { useStateFromBrowser } from '../../../lib/hydration.ts';
import {
  askForNotifications,
  pushSupported,
  shouldOfferNotifications,
  subscribeToPush,
} from '../../../lib/push.ts';

/**
 * While the card is on screen, focus moved by the keyboard stops above it (WCAG 2.2, 2.4.11): the
 * card sticks to the bottom of the screen over what is below it, and its height depends on the
 * screen's width and zoom, so the browser is told its height as it is.
 */
function useScrollPaddingBelow(card: RefObject<HTMLElement | null>, shown: boolean): void {
  useLayoutEffect(() => {
    const node = card.current;
    if (!shown || !node) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      // Not stuck on a short screen (styles.css): nothing to keep clear of.
      const stuck = getComputedStyle(node).position === 'sticky';
      root.style.scrollPaddingBottom = stuck ? `${node.offsetHeight + STICKY_GAP_PX}px` : '';
    });
    observer.observe(node);
    return () => {
      observer.disconnect();
      root.style.scrollPaddingBottom = '';
    };
  }, [card, shown]);
}

/** The card's distance from the bottom of the screen, and then some (styles.css, .notify-card). */
const STICKY_GAP_PX = 24;

/**
 * Offers notifications once, after the customer has joined: a permission prompt out of the blue
 * on a landing page is what people block. Already granted: keeps the subscription saved. The offer
 * sticks to the bottom of the screen, within thumb reach, until the page is scrolled to its place
 * at the end; the answer then stays there, in the page.
 */
export function NotifyCard({ companyId, texting }: { companyId: string; texting: boolean }) {
  // The server cannot know the browser's permission: the offer appears once the page is hydrated.
  const [state, setState] = useStateFromBrowser<'offer' | 'on' | 'blocked' | 'failed' | 'asking' | 'hidden'>(
    () => (shouldOfferNotifications() ? 'offer' : 'hidden'),
    'hidden',
  );

  const card = useRef<HTMLDivElement>(null);
  const offered = state === 'offer' || state === 'failed' || state === 'asking';
  useScrollPaddingBelow(card, offered);

  useEffect(() => {
    if (pushSupported() && Notification.permission === 'granted') void subscribeToPush(companyId);
  }, [companyId]);

  if (state === 'hidden') return null;
  if (state === 'on' || state === 'blocked') {
    return (
      <p className="notice notice--quiet" role="status">
        {state === 'on' ? customerTexts.live.notifyOn : customerTexts.live.notifyBlocked}
      </p>
    );
  }
  const failed = state === 'failed';
  return (
    <div className="notify-card" ref={card}>
      <p className="notify-card__title">{customerTexts.live.notifyTitle}</p>
      <p className="notify-card__body">
        {texting ? customerTexts.live.notifyBody : customerTexts.live.notifyBodyWithoutTexts}
      </p>
      <p className="form-error" role="alert">
        {failed
          ? texting
            ? customerTexts.live.notifyFailed
            : customerTexts.live.notifyFailedWithoutTexts
          : ''}
      </p>
      <button
        type="button"
        className="button button--secondary button--block"
        disabled={state === 'asking'}
        onClick={async () => {
          setState('asking');
          setState(await askForNotifications(companyId));
        }}
      >
        {failed ? customerTexts.live.notifyRetry : customerTexts.live.notifyButton}
      </button>
    </div>
  );
}
