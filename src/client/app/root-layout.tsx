import { Fragment, useEffect, useRef } from 'react';
import { Outlet, useLocation, useMatches, useNavigation } from 'react-router';
import { LanguageSwitcher } from '../components/language-switcher.tsx';
import { logEvent } from '../lib/analytics.ts';
import { useAnnounceInteractive } from '../lib/hydration.ts';
import { landingTexts } from '../lib/landing-texts.ts';
import { useShownLanguage } from '../lib/language-choice.ts';

export interface RouteHandle {
  /** The screen name recorded with each screen view (spec §2). */
  screen: string;
  /** False for the pages the server leaves to the browser (the console; docs/decisions/0008). */
  serverRendered: boolean;
  /** A lazy route's modules (app/routes.tsx): the server preloads their chunks with its HTML. */
  modules: readonly string[];
}

/** Records a screen_view for every page shown, with the screen name and the route params. */
function useScreenViews() {
  const location = useLocation();
  const matches = useMatches();
  const match = matches[matches.length - 1];
  const screen = (match?.handle as RouteHandle | undefined)?.screen ?? 'not_found';
  const params = JSON.stringify(match?.params ?? {});
  // The business whose page this is, so the view counts in its funnel (and no other's).
  const companyId = match?.params.companyId ?? null;
  // One event per page shown: keyed on the path, not on every re-render of its params.
  useEffect(() => {
    logEvent('screen_view', { screen_name: screen, params, companyId });
  }, [location.pathname]);
}

/** How long a new page may show its spinner before its heading appears (a slow phone's fetch). */
const HEADING_WAIT_MS = 10_000;

/**
 * After moving to another page in the app (not on the first load), the focus goes to the new
 * page's heading, once it is there: a screen reader then reads where the person landed, and Tab
 * continues from the top of the new page instead of from where the old page's button was.
 */
function useFocusOnNewPage() {
  const { pathname } = useLocation();
  const firstPage = useRef(true);
  useEffect(() => {
    if (firstPage.current) {
      firstPage.current = false;
      return;
    }
    const started = performance.now();
    let frame = 0;
    const focusHeading = () => {
      const heading = document.querySelector<HTMLElement>('main h1');
      if (heading) {
        heading.tabIndex = -1;
        heading.focus({ preventScroll: true });
      } else if (performance.now() - started < HEADING_WAIT_MS) {
        frame = requestAnimationFrame(focusHeading);
      }
    };
    focusHeading();
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
}

/**
 * Pages with a language picker of their own, or none: the console (Your account), the kiosk (a
 * guest's choice that is not kept) and the lobby screen (a TV nobody taps).
 */
const WITHOUT_LANGUAGE_SWITCHER = new Set(['console', 'kiosk', 'lobby_screen']);

export function RootLayout() {
  useAnnounceInteractive();
  useScreenViews();
  useFocusOnNewPage();
  const navigation = useNavigation();
  const matches = useMatches();
  const screen = (matches.at(-1)?.handle as RouteHandle | undefined)?.screen ?? 'not_found';
  // Another language re-renders the page from its top: every word is read as it renders.
  const language = useShownLanguage();
  return (
    <>
      {navigation.state === 'loading' ? (
        <div className="route-progress" role="progressbar" aria-label={landingTexts.loading} />
      ) : null}
      {WITHOUT_LANGUAGE_SWITCHER.has(screen) ? null : <LanguageSwitcher scope="customer" />}
      <Fragment key={language}>
        <Outlet />
      </Fragment>
    </>
  );
}
