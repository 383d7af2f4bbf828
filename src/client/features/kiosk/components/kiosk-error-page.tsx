import { useRouteErrorReport } from '../../../app/routes/error-page.tsx';
import { customerTexts } from '../../../lib/customer-texts.ts';

/**
 * The kiosk's 'Oops!' (spec §2): the app's error page links to the home page, a way out of the
 * kiosk that left the door's tablet on another page until staff came. Start over loads the kiosk
 * afresh (a full reload: the app state may be what broke), still at the same address.
 */
export function KioskErrorPage() {
  useRouteErrorReport('kiosk');
  return (
    <main className="kiosk kiosk--done">
      <h1 className="kiosk__title">{customerTexts.error.title}</h1>
      <p className="kiosk__line">{customerTexts.error.body}</p>
      <button
        type="button"
        className="button button--primary kiosk__restart"
        onClick={() => window.location.reload()}
      >
        {customerTexts.kiosk.startOverAfterError}
      </button>
    </main>
  );
}
