import type { WaitEntryResponse } from '../../../../shared/schemas.ts';
import { customerTexts } from '../../../lib/customer-texts.ts';
import { formatTimeOfDay } from '../../../lib/formats.ts';
import { useIsHydrating } from '../../../lib/hydration.ts';

/** A service request's answer, while it keeps the customer out of the general line. */
function RequestStatus({
  entry,
  onNextAvailable,
  joining,
  waitingForConnection,
  failed,
}: RequestStatusProps & { entry: WaitEntryResponse }) {
  const request = entry.request!;
  // A time in the phone's own zone, which the server does not know: shown once the page is hydrated.
  const hydrating = useIsHydrating();
  if (request.status === 'pending')
    return (
      <div className="live-status" data-status="request-pending">
        <p className="live-status__main">{customerTexts.request.pending(request.providerName)}</p>
        {request.deadline && !hydrating ? (
          <p className="live-status__detail">
            {customerTexts.request.answerBy(formatTimeOfDay(Date.parse(request.deadline)))}
          </p>
        ) : null}
      </div>
    );
  return (
    <div className="live-status live-status--ended" data-status={`request-${request.status}`}>
      <p className="live-status__main">{customerTexts.request.ended(request.providerName)}</p>
      <p className="live-status__detail">{customerTexts.request.nextAvailableHint}</p>
      <button
        type="button"
        className="button button--primary button--block"
        disabled={joining}
        onClick={onNextAvailable}
      >
        {joining ? customerTexts.request.joining : customerTexts.request.nextAvailable}
      </button>
      <p className={waitingForConnection ? 'notice' : 'form-error'} role="alert">
        {waitingForConnection
          ? customerTexts.request.joinWhenOnline
          : failed
            ? customerTexts.request.failed
            : ''}
      </p>
    </div>
  );
}

interface RequestStatusProps {
  onNextAvailable: () => void;
  joining: boolean;
  /** Tapped offline: the join waits (TanStack Query pauses it) and goes out once the phone is back. */
  waitingForConnection: boolean;
  failed: boolean;
}

type LiveStatusProps = {
  entry: WaitEntryResponse;
  /** Why their place went up, said with it (place-change.ts); null otherwise. */
  placeChange: string | null;
} & RequestStatusProps;

/**
 * The line that changes as the business moves the customer along (place, estimate, called…), in
 * one polite live region that stays mounted while its words change, so a screen reader says each
 * change once (whole, aria-atomic) and not what was already there when the page opened.
 */
export function LiveStatus(props: LiveStatusProps) {
  return (
    <div className="live-status-region" role="status" aria-live="polite" aria-atomic="true">
      <LiveStatusContent {...props} />
    </div>
  );
}

function LiveStatusContent({ entry, placeChange, ...request }: LiveStatusProps) {
  const open = entry.request && entry.request.status !== 'accepted';
  if (entry.status === 'waiting' && open) return <RequestStatus entry={entry} {...request} />;
  switch (entry.status) {
    case 'waiting':
      return (
        <div className="live-status" data-status="waiting">
          {entry.request?.status === 'accepted' ? (
            <p className="live-status__detail">
              {customerTexts.request.accepted(entry.request.providerName)}
            </p>
          ) : null}
          <p className="live-status__main">{customerTexts.live.position(entry.position ?? 1)}</p>
          {placeChange ? (
            <p className="live-status__detail live-status__why" data-testid="place-change">
              {placeChange}
            </p>
          ) : null}
          {entry.estimatedWaitRange !== null ? (
            <p className="live-status__detail">{customerTexts.live.estimate(entry.estimatedWaitRange)}</p>
          ) : null}
          {entry.runningBehindMinutes > 0 ? (
            <p className="live-status__detail">
              {customerTexts.live.runningBehind(entry.runningBehindMinutes)}
            </p>
          ) : null}
        </div>
      );
    case 'called':
      return (
        <div className="live-status live-status--called" data-status="called">
          <p className="live-status__main">{customerTexts.live.called}</p>
          {entry.history.providerName ? (
            <p className="live-status__detail">
              {customerTexts.live.calledBy(entry.history.providerName, entry.history.providerStation ?? '')}
            </p>
          ) : null}
        </div>
      );
    case 'in_service':
      return (
        <div className="live-status" data-status="in_service">
          <p className="live-status__main">{customerTexts.live.inService}</p>
        </div>
      );
    case 'done':
      return (
        <div className="live-status" data-status="done">
          <p className="live-status__main">{customerTexts.live.done(entry.companyName)}</p>
        </div>
      );
    case 'no_show':
      return (
        <div className="live-status live-status--ended" data-status="no_show">
          <p className="live-status__main">{customerTexts.live.noShow}</p>
        </div>
      );
    case 'cancelled':
      return (
        <div className="live-status live-status--ended" data-status="cancelled">
          <p className="live-status__main">{customerTexts.live.cancelled}</p>
        </div>
      );
  }
}
