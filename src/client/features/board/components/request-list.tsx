import type { BoardEntry, StaffMe } from '../../../../shared/staff-schemas.ts';
import { isOpenRequest } from '../../../../shared/wait-status.ts';
import { consoleTexts } from '../../../lib/console-texts.ts';
import { useAnswerRequest, useEntryAction } from '../api/board-api.ts';

/**
 * "Requests": service requests from the add-client page, for their provider and the desk, with
 * Accept and Decline until the deadline; declined or expired ones until the customer joins the
 * next available provider (or leaves).
 */
export function RequestList({ me, entries, now }: { me: StaffMe; entries: BoardEntry[]; now: number }) {
  const answer = useAnswerRequest();
  // A declined or expired request the customer never came back to: the desk takes it off.
  const remove = useEntryAction();
  const mine = (entry: BoardEntry) => me.role !== 'provider' || entry.providerId === me.providerId;
  const shown = entries.filter((entry) => isOpenRequest(entry) && mine(entry));
  if (shown.length === 0) return null;
  return (
    <div className="board__group">
      <h2 className="board__group-title">
        {consoleTexts.request.section} <span className="board__count">{shown.length}</span>
      </h2>
      {answer.isError ? (
        <p className="form-error" role="alert">
          {consoleTexts.console.actionFailed}
        </p>
      ) : null}
      <ul className="board__list">
        {shown.map((entry) => {
          const busy = answer.isPending && answer.variables?.waitId === entry.waitId;
          const minutesLeft = entry.requestDeadline
            ? Math.max(0, Math.ceil((Date.parse(entry.requestDeadline) - now) / 60_000))
            : 0;
          return (
            <li key={entry.waitId} className="board-row board-row--request" data-wait-id={entry.waitId}>
              <div className="board-row__who">
                <p className="board-row__name">{entry.name}</p>
                <p className="board-row__meta">
                  {entry.serviceType} ·{' '}
                  {consoleTexts.request.for(entry.providerName ?? consoleTexts.console.anyProvider)}
                </p>
              </div>
              {entry.requestStatus === 'pending' ? (
                <div className="board-row__actions">
                  <span className="board-row__owner">{consoleTexts.request.answerWithin(minutesLeft)}</span>
                  <button
                    type="button"
                    className="button button--small button--secondary"
                    disabled={busy}
                    onClick={() => answer.mutate({ waitId: entry.waitId, answer: 'decline' })}
                  >
                    {consoleTexts.request.decline}
                  </button>
                  <button
                    type="button"
                    className="button button--primary board-row__main"
                    disabled={busy}
                    onClick={() => answer.mutate({ waitId: entry.waitId, answer: 'accept' })}
                  >
                    {consoleTexts.request.accept}
                  </button>
                </div>
              ) : (
                <div className="board-row__actions">
                  <span className="board-row__owner">
                    {entry.requestStatus === 'declined'
                      ? consoleTexts.request.declined
                      : consoleTexts.request.expired}
                  </span>
                  {me.role === 'provider' ? null : (
                    <button
                      type="button"
                      className="button button--small button--secondary"
                      disabled={remove.isPending}
                      onClick={() => remove.mutate({ waitId: entry.waitId, action: 'remove' })}
                    >
                      {consoleTexts.settings.remove}
                    </button>
                  )}
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
