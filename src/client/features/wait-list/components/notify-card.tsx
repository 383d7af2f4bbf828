import { useEffect } from 'react';
import { useStateFromBrowser } from '../../../lib/hydration.ts';
import {
  askForNotifications,
  pushSupported,
  shouldOfferNotifications,
  subscribeToPush,
} from '../../../lib/push.ts';
import { texts } from '../../../lib/texts.ts';

/**
 * Offers notifications once, after the customer has joined: a permission prompt out of the blue
 * on a landing page is what people block. Already granted: keeps the subscription saved.
 */
export function NotifyCard({ companyId, texting }: { companyId: string; texting: boolean }) {
  // The server cannot know the browser's permission: the offer appears once the page is hydrated.
  const [state, setState] = useStateFromBrowser<'offer' | 'on' | 'blocked' | 'failed' | 'asking' | 'hidden'>(
    () => (shouldOfferNotifications() ? 'offer' : 'hidden'),
    'hidden',
  );

  useEffect(() => {
    if (pushSupported() && Notification.permission === 'granted') void subscribeToPush(companyId);
  }, [companyId]);

  if (state === 'hidden') return null;
  if (state === 'on' || state === 'blocked') {
    return (
      <p className="notice notice--quiet" role="status">
        {state === 'on' ? texts.live.notifyOn : texts.live.notifyBlocked}
      </p>
    );
  }
  const failed = state === 'failed';
  return (
    <div className="notify-card">
      <p className="notify-card__title">{texts.live.notifyTitle}</p>
      <p className="notify-card__body">
        {texting ? texts.live.notifyBody : texts.live.notifyBodyWithoutTexts}
      </p>
      <p className="form-error" role="alert">
        {failed ? (texting ? texts.live.notifyFailed : texts.live.notifyFailedWithoutTexts) : ''}
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
        {failed ? texts.live.notifyRetry : texts.live.notifyButton}
      </button>
    </div>
  );
}
