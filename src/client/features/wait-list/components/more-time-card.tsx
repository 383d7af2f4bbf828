import { MORE_TIME_MINUTES, type WaitEntryResponse } from '../../../../shared/schemas.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { customerTexts } from '../../../lib/customer-texts.ts';
import { useAskMoreTime, useMarkArrived } from '../api/more-time.ts';

/**
 * "I need more time" and "I'm here" while the customer waits (docs/more-time.md): one tap each,
 * the server's word on what they did, and what happens when the held time runs out.
 */
export function MoreTimeCard({ entry }: { entry: WaitEntryResponse }) {
  const askMoreTime = useAskMoreTime(entry.companyId, entry.waitId);
  const markArrived = useMarkArrived(entry.companyId, entry.waitId);
  const busy = askMoreTime.isPending || markArrived.isPending;
  const failed = askMoreTime.error ?? markArrived.error;
  const waitingForConnection = askMoreTime.isPaused || markArrived.isPaused;
  const { heldUntil } = entry;
  // Asked for 10: the one tap left is 20 (the hold runs from the first ask).
  const offered = MORE_TIME_MINUTES.filter((minutes) => !heldUntil || minutes > heldUntil.minutes);

  return (
    <section className="more-time" aria-label={customerTexts.moreTime.label}>
      <p className="more-time__status" role="status">
        {entry.arrivedAt
          ? customerTexts.moreTime.arrived
          : heldUntil
            ? customerTexts.moreTime.heldUntil(heldUntil.clock)
            : entry.movedBack
              ? customerTexts.moreTime.movedBack
              : ''}
      </p>
      {entry.mayAskMoreTime && offered.length > 0 ? (
        <fieldset className="more-time__ask">
          <legend className="more-time__legend">
            {heldUntil ? customerTexts.moreTime.needLonger : customerTexts.moreTime.needMoreTime}
          </legend>
          <div className="more-time__choices">
            {offered.map((minutes) => (
              <button
                key={minutes}
                type="button"
                className="button button--secondary"
                disabled={busy}
                onClick={() => askMoreTime.mutate(minutes)}
              >
                {customerTexts.moreTime.minutes(minutes)}
              </button>
            ))}
          </div>
        </fieldset>
      ) : null}
      {entry.arrivedAt ? null : (
        <button
          type="button"
          className="button button--primary button--block"
          disabled={busy}
          onClick={() => markArrived.mutate()}
        >
          {customerTexts.moreTime.imHere}
        </button>
      )}
      {/* The server's own words ("Your extra time was already used…"); never a script's own error. */}
      <p className={waitingForConnection ? 'notice' : 'form-error'} role="alert">
        {waitingForConnection
          ? customerTexts.moreTime.waitingForConnection
          : failed
            ? failed instanceof ApiRequestError
              ? failed.message
              : customerTexts.moreTime.failed
            : ''}
      </p>
    </section>
  );
}
