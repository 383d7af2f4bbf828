import type { ComponentType } from 'react';
import { data, type LoaderFunction, type RouteObject } from 'react-router';
import { feedbackPath } from '../../shared/feedback-path.ts';
import { consoleWordsOf } from '../../shared/languages.ts';
import { lobbyScreenPath } from '../../shared/lobby-screen.ts';
import { paths } from '../../shared/paths.ts';
import { FullPageSpinner } from '../components/ui/spinner.tsx';
import { KioskErrorPage } from '../features/kiosk/components/kiosk-error-page.tsx';
import { kioskPath } from '../features/kiosk/kiosk-path.ts';
import { LandingPage } from '../features/walk-in/components/landing-page.tsx';
import { loadConsoleTexts, setConsoleTexts } from '../lib/console-texts.ts';
import { withChunkTimeout } from '../lib/lazy-route.ts';
import { pageWordsLanguage } from '../lib/page-language.ts';
import { RootLayout, type RouteHandle } from './root-layout.tsx';
import { ErrorPage } from './routes/error-page.tsx';
import { HomePage } from './routes/home-page.tsx';
import { NotFoundPage } from './routes/not-found-page.tsx';

const relative = (path: string) => path.slice(1);

/** What each page route's data comes from: fetched by the browser, or read in the server's process. */
export interface RouteLoaders {
  /** The business's name, location and services (the landing, user-info and kiosk pages). */
  walkInLanding: LoaderFunction;
}

/**
 * The page module each lazy route loads (paths under src/client, as Vite's manifest names them):
 * the server preloads its chunks with a page it renders, and the bench adds up their size.
 * routes.test.ts checks each against the import written below.
 */
export const LAZY_PAGES = {
  console: 'app/console/console-page.tsx',
  add_client: 'features/service-request/components/add-client-page.tsx',
  user_info: 'features/wait-list/components/user-info-page.tsx',
  checked_in: 'features/wait-list/components/checked-in-page.tsx',
  kiosk: 'features/kiosk/components/kiosk-page.tsx',
  chat: 'features/chat/components/chat-page.tsx',
  lobby_screen: 'features/lobby-screen/components/lobby-screen-page.tsx',
  feedback: 'features/feedback/components/feedback-page.tsx',
} as const;
/** What every lazy page loads beside its own module (lazyPage below): the query cache. */
export const QUERY_CLIENT_MODULE = 'lib/query-client.tsx';

type LazyScreen = keyof typeof LAZY_PAGES;
const isLazyScreen = (screen: string): screen is LazyScreen => screen in LAZY_PAGES;

const handle = (screen: string, serverRendered = true): RouteHandle => ({
  screen,
  serverRendered,
  modules: isLazyScreen(screen) ? [LAZY_PAGES[screen], QUERY_CLIENT_MODULE] : [],
});

/**
 * A page loaded on demand, with TanStack Query provided around it (the landing page's bundle has
 * none: lib/query-client.tsx), within spec §9's chunk time-out.
 */
function lazyPage(loadPage: () => Promise<ComponentType>) {
  return withChunkTimeout(async () => {
    const [Page, { withQueryClient }] = await Promise.all([loadPage(), import('../lib/query-client.tsx')]);
    return { Component: withQueryClient(Page) };
  });
}

/**
 * The app's routes, the same in the browser (router.ts) and on the server (entry-server.tsx).
 * The landing page is in the first bundle (it is where every walk-in starts, and its budget is
 * counted); the later steps load on demand so the landing page never downloads them.
 */
export function createRoutes(loaders: RouteLoaders): RouteObject[] {
  return [
    {
      path: '/',
      element: <RootLayout />,
      errorElement: <ErrorPage />,
      hydrateFallbackElement: <FullPageSpinner />,
      children: [
        { index: true, element: <HomePage />, handle: handle('home') },
        {
          path: 'console/*',
          // The staff console stays rendered in the browser (docs/decisions/0008).
          handle: handle('console', false),
          // With its words: the console's pages read them as they render (none at import).
          lazy: lazyPage(() =>
            import('../app/console/console-page.tsx').then(async (page) => {
              setConsoleTexts(await loadConsoleTexts(consoleWordsOf(pageWordsLanguage())));
              return page.ConsolePage;
            }),
          ),
        },
        {
          path: relative(paths.addClient.path),
          handle: handle('add_client'),
          lazy: lazyPage(() =>
            import('../features/service-request/components/add-client-page.tsx').then(
              (page) => page.AddClientPage,
            ),
          ),
        },
        {
          path: relative(paths.landing.path),
          element: <LandingPage />,
          loader: loaders.walkInLanding,
          handle: handle('walk_in'),
        },
        {
          path: relative(paths.userInfo.path),
          handle: handle('user_info'),
          loader: loaders.walkInLanding,
          lazy: lazyPage(() =>
            import('../features/wait-list/components/user-info-page.tsx').then((page) => page.UserInfoPage),
          ),
        },
        {
          path: relative(paths.checkedIn.path),
          handle: handle('checked_in'),
          lazy: lazyPage(() =>
            import('../features/wait-list/components/checked-in-page.tsx').then((page) => page.CheckedInPage),
          ),
        },
        {
          // The tablet at the door (issue 13): loaded on demand, so the landing bundle stays the same.
          path: relative(kioskPath.path),
          handle: handle('kiosk'),
          // Its own error page: the app's links out of the kiosk.
          errorElement: <KioskErrorPage />,
          loader: loaders.walkInLanding,
          lazy: lazyPage(() =>
            import('../features/kiosk/components/kiosk-page.tsx').then((page) => page.KioskPage),
          ),
        },
        {
          // The TV in the waiting area (issue 24): rendered in the browser (its key is in the
          // address's fragment, which the server never sees), in a chunk of its own.
          path: relative(lobbyScreenPath.path),
          handle: handle('lobby_screen', false),
          lazy: lazyPage(() =>
            import('../features/lobby-screen/components/lobby-screen-page.tsx').then(
              (page) => page.LobbyScreenPage,
            ),
          ),
        },
        {
          path: relative(paths.chat.path),
          handle: handle('chat'),
          lazy: lazyPage(() =>
            import('../features/chat/components/chat-page.tsx').then((page) => page.ChatPage),
          ),
        },
        {
          // The rating link texted after a visit (docs/feedback.md): its token is in the fragment,
          // which the server never sees, so the page is rendered in the browser.
          path: relative(feedbackPath.path),
          handle: handle('feedback', false),
          lazy: lazyPage(() =>
            import('../features/feedback/components/feedback-page.tsx').then((page) => page.FeedbackPage),
          ),
        },
        // A 404 from the server for an address that is no page (search engines, link checkers).
        {
          path: '*',
          element: <NotFoundPage />,
          loader: () => data(null, { status: 404 }),
          handle: handle('not_found'),
        },
      ],
    },
  ];
}
