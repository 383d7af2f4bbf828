import type { WaitEntryResponse } from '../../../../shared/schemas.ts';
import { texts } from '../../../lib/texts.ts';

/** The line that changes as the business moves the customer along (place, estimate, called…). */
export function LiveStatus({ entry }: { entry: WaitEntryResponse }) {
  switch (entry.status) {
    case 'waiting':
      return (
        <div className="live-status" data-status="waiting">
          <p className="live-status__main">{texts.live.position(entry.position ?? 1)}</p>
          {entry.estimatedWaitMinutes !== null ? (
            <p className="live-status__detail">{texts.live.estimate(entry.estimatedWaitMinutes)}</p>
          ) : null}
        </div>
      );
    case 'called':
      return (
        <div className="live-status live-status--called" data-status="called">
          <p className="live-status__main">{texts.live.called}</p>
          {entry.history.providerName ? (
            <p className="live-status__detail">
              {texts.live.calledBy(entry.history.providerName, entry.history.providerStation ?? '')}
            </p>
          ) : null}
        </div>
      );
    case 'in_service':
      return (
        <div className="live-status" data-status="in_service">
          <p className="live-status__main">{texts.live.inService}</p>
        </div>
      );
    case 'done':
      return (
        <div className="live-status" data-status="done">
          <p className="live-status__main">{texts.live.done(entry.companyName)}</p>
        </div>
      );
    case 'no_show':
      return (
        <div className="live-status live-status--ended" data-status="no_show">
          <p className="live-status__main">{texts.live.noShow}</p>
        </div>
      );
    case 'cancelled':
      return (
        <div className="live-status live-status--ended" data-status="cancelled">
          <p className="live-status__main">{texts.live.cancelled}</p>
        </div>
      );
  }
}
