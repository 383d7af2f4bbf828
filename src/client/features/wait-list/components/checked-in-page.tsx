import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { paths } from '../../../../shared/paths.ts';
import { topics } from '../../../../shared/realtime.ts';
import { ACTIVE_STATUSES, CUSTOMER_CAN_LEAVE_FROM, isOpenRequest } from '../../../../shared/wait-status.ts';
import { ChatIcon, CheckIcon } from '../../../components/ui/icons.tsx';
import { LoadFailedPage, MessagePage } from '../../../components/ui/message-page.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { FullPageSpinner } from '../../../components/ui/spinner.tsx';
import { isMissingError } from '../../../lib/api-client.ts';
import { customerTexts } from '../../../lib/customer-texts.ts';
import { customerRealtime, useConnectionState, useTopic } from '../../../lib/realtime.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { DetailsErasedPage, ForgetMeButton } from '../../privacy/components/forget-me.tsx';
import { useWaitEntry, waitEntryQueryKey } from '../api/get-wait-entry.ts';
import { useJoinNextAvailable } from '../api/join-next-available.ts';
import { useLeaveWaitList } from '../api/leave-wait-list.ts';
import { usePlaceChange } from '../place-change.ts';
import { LiveStatus } from './live-status.tsx';
import { MoreTimeCard } from './more-time-card.tsx';
import { NearTurnCard } from './near-turn-card.tsx';
import { NotifyCard } from './notify-card.tsx';

/** The page's heading and tab title: what the page says the visit is, not always "on the list". */
function checkedInTitle(waitId: string | null, entry: ReturnType<typeof useWaitEntry>): string {
  if (!waitId || (entry.isError && isMissingError(entry.error))) return customerTexts.checkedIn.notFoundTitle;
  // Not "You're on the list" before it is known: the visit may have ended, or be someone else's.
  if (!entry.data) return customerTexts.checkedIn.loadingTitle;
  // A request its provider declined or let expire waits outside the line for the customer's choice.
  const request = entry.data.request?.status;
  if (entry.data.status === 'waiting' && (request === 'declined' || request === 'expired'))
    return customerTexts.checkedIn.requestEndedTitle;
  if (ACTIVE_STATUSES.includes(entry.data.status)) return customerTexts.checkedIn.title;
  return entry.data.status === 'done'
    ? customerTexts.checkedIn.doneTitle
    : customerTexts.checkedIn.offListTitle;
}

/** /{companyId}/checked-in?waitId=… (spec §2), live: place in line, status, leave, chat. */
export function CheckedInPage() {
  const companyId = useParams().companyId ?? '';
  const waitId = useSearchParams()[0].get('waitId');
  const entry = useWaitEntry(companyId, waitId);
  const queryClient = useQueryClient();
  const [confirmLeave, setConfirmLeave] = useState(false);
  /** The business's name once the customer erased their details here ("Forget me"). */
  const [erasedAt, setErasedAt] = useState<string | null>(null);
  const leave = useLeaveWaitList(companyId, waitId ?? '');
  const nextAvailable = useJoinNextAvailable(companyId, waitId ?? '');
  const connection = useConnectionState(customerRealtime());
  const placeChange = usePlaceChange(entry.data);
  useDocumentTitle(checkedInTitle(waitId, entry));

  const refresh = () =>
    void queryClient.invalidateQueries({ queryKey: waitEntryQueryKey(companyId, waitId ?? '') });
  const live = entry.isSuccess;
  useTopic(customerRealtime(), live && waitId ? topics.wait(waitId) : null, null, {
    onEvent: refresh,
    onReset: refresh,
    onSubscribed: refresh,
  });
  useTopic(customerRealtime(), live ? topics.line(companyId) : null, null, {
    onEvent: refresh,
    onReset: refresh,
  });

  const backToBusiness = (
    <Link className="button button--primary" to={paths.landing.getHref(companyId)}>
      {customerTexts.checkedIn.backToBusiness}
    </Link>
  );

  if (erasedAt !== null) return <DetailsErasedPage companyId={companyId} companyName={erasedAt} />;
  if (!waitId) {
    return (
      <MessagePage title={customerTexts.checkedIn.notFoundTitle} body={customerTexts.checkedIn.notFoundBody}>
        {backToBusiness}
      </MessagePage>
    );
  }
  if (entry.isPending) return <FullPageSpinner />;
  if (entry.isError) {
    return isMissingError(entry.error) ? (
      <MessagePage title={customerTexts.checkedIn.notFoundTitle} body={customerTexts.checkedIn.notFoundBody}>
        {backToBusiness}
      </MessagePage>
    ) : (
      <LoadFailedPage onRetry={() => void entry.refetch()} />
    );
  }

  const data = entry.data;
  const { history, serviceType, companyName } = data;
  // Until the business assigns someone, the request went to the business itself.
  const provider = history.providerName ?? companyName;
  const canLeave = CUSTOMER_CAN_LEAVE_FROM.includes(data.status);
  const ended = !ACTIVE_STATUSES.includes(data.status);
  const headline = checkedInTitle(waitId, entry);

  return (
    <main className="page checked-in">
      {headline !== customerTexts.checkedIn.title ? (
        // The visit is over, or its request was not taken: the confirmation's "You're on the list"
        // would contradict the status below.
        <div className="checked-in__head">
          <h1 className="page__title">{headline}</h1>
          <p className="page__text">{customerTexts.checkedIn.visitFor(serviceType, provider)}</p>
        </div>
      ) : (
        <div className="checked-in__head">
          <span className="success-badge">
            <CheckIcon size={40} />
          </span>
          <h1 className="page__title">{customerTexts.checkedIn.title}</h1>
          <p className="page__text page__text--strong">
            {customerTexts.checkedIn.sentTo(provider, serviceType)}
          </p>
          <p className="page__text">
            {data.textSent ? customerTexts.checkedIn.textSent : customerTexts.checkedIn.textNotSent}
          </p>
        </div>
      )}
      {data.partySize > 1 ? (
        // docs/party-size.md: this page is the lead's; its place is the party's first.
        <p className="page__text checked-in__party">{customerTexts.partySize.partyLine(data.partySize)}</p>
      ) : null}
      <LiveStatus
        entry={data}
        placeChange={placeChange}
        onNextAvailable={() => nextAvailable.mutate()}
        joining={nextAvailable.isPending}
        waitingForConnection={nextAvailable.isPaused}
        failed={nextAvailable.isError}
      />
      {/* In line and not called yet: a request still waiting for its answer is not in line. */}
      {!isOpenRequest({ status: data.status, requestStatus: data.request?.status ?? null }) &&
      data.status === 'waiting' ? (
        <>
          <MoreTimeCard entry={data} />
          <NearTurnCard entry={data} />
        </>
      ) : null}
      {connection === 'offline' ? (
        <p className="notice" role="status">
          {customerTexts.live.reconnecting}
        </p>
      ) : null}
      <div className="stack checked-in__actions">
        {ended ? null : (
          <Link
            className="button button--primary button--block"
            to={paths.chat.getHref(companyId, data.waitId)}
          >
            <ChatIcon />
            {customerTexts.live.chat(provider)}
          </Link>
        )}
        {canLeave ? (
          <button
            type="button"
            className="button button--secondary button--block"
            onClick={() => setConfirmLeave(true)}
          >
            {customerTexts.live.leave}
          </button>
        ) : null}
        {ended ? (
          <Link className="button button--secondary button--block" to={paths.landing.getHref(companyId)}>
            {customerTexts.live.joinAgain}
          </Link>
        ) : null}
        <ForgetMeButton
          companyId={companyId}
          companyName={companyName}
          inLine={!ended}
          onErased={() => setErasedAt(companyName)}
        />
      </div>
      {/* "Tell me when it is my turn" means nothing once the turn has come. Last in the page: the
          offer appears once the page is hydrated, and above the actions it would push them down. */}
      {data.status === 'waiting' ? <NotifyCard companyId={companyId} texting={data.textSent} /> : null}
      <Modal
        open={confirmLeave}
        title={customerTexts.live.leaveTitle}
        busy={leave.isPending}
        onClose={() => setConfirmLeave(false)}
      >
        <p className="modal__text">
          {data.partySize > 1
            ? customerTexts.partySize.leaveBody(data.partySize)
            : customerTexts.live.leaveBody}
        </p>
        <p className="form-error" role="alert">
          {leave.isPaused
            ? customerTexts.live.leaveWaitingForConnection
            : leave.isError
              ? customerTexts.live.leaveFailed
              : ''}
        </p>
        <div className="stack stack--full">
          <button
            type="button"
            className="button button--danger button--block"
            disabled={leave.isPending}
            onClick={() => leave.mutate(undefined, { onSuccess: () => setConfirmLeave(false) })}
          >
            {customerTexts.live.leaveConfirm}
          </button>
          <button
            type="button"
            className="button button--secondary button--block"
            disabled={leave.isPending}
            onClick={() => setConfirmLeave(false)}
          >
            {customerTexts.live.stay}
          </button>
        </div>
      </Modal>
    </main>
  );
}
