import { useEffect } from 'react';
import { Outlet, useLocation, useMatches, useNavigation } from 'react-router';
import { logEvent } from '../lib/analytics.ts';

export interface RouteHandle {
  /** The screen name recorded with each screen view (spec §2). */
  screen: string;
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

export function RootLayout() {
  useScreenViews();
  const navigation = useNavigation();
  return (
    <>
      {navigation.state === 'loading' ? (
        <div className="route-progress" role="progressbar" aria-label="Loading" />
      ) : null}
      <Outlet />
    </>
  );
}
