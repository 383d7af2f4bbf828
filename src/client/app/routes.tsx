import { data, type LoaderFunction, type RouteObject } from 'react-router';
import { FullPageSpinner } from '../components/ui/spinner.tsx';
import { kioskPath } from '../features/kiosk/kiosk-path.ts';
import { LandingPage } from '../features/walk-in/components/landing-page.tsx';
import { withChunkTimeout } from '../lib/lazy-route.ts';
import { paths } from '../lib/paths.ts';
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
 * The modules a lazy route's `lazy()` imports (paths under src/client, as Vite's manifest names
 * them): the server preloads their chunks with a page it renders, and the bench adds up their size.
 * routes.test.ts checks each list against the imports written below.
 */
export const LAZY_ROUTE_MODULES = {
  console: ['features/staff/components/console-page.tsx', 'lib/query-client.tsx'],
  add_client: ['features/service-request/components/add-client-page.tsx', 'lib/query-client.tsx'],
  user_info: ['features/wait-list/components/user-info-page.tsx', 'lib/query-client.tsx'],
  checked_in: ['features/wait-list/components/checked-in-page.tsx', 'lib/query-client.tsx'],
  kiosk: ['features/kiosk/components/kiosk-page.tsx', 'lib/query-client.tsx'],
  chat: ['features/chat/components/chat-page.tsx', 'lib/query-client.tsx'],
} as const;

type LazyScreen = keyof typeof LAZY_ROUTE_MODULES;

const handle = (screen: string, serverRendered = true): RouteHandle => ({
  screen,
  serverRendered,
  modules: (LAZY_ROUTE_MODULES as Record<string, readonly string[]>)[screen] ?? [],
});
const lazyHandle = (screen: LazyScreen, serverRendered = true) => handle(screen, serverRendered);

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
          handle: lazyHandle('console', false),
          lazy: withChunkTimeout(async () => {
            const [page, { withQueryClient }] = await Promise.all([
              import('../features/staff/components/console-page.tsx'),
              import('../lib/query-client.tsx'),
            ]);
            return { Component: withQueryClient(page.ConsolePage) };
          }),
        },
        {
          path: relative(paths.addClient.path),
          handle: lazyHandle('add_client'),
          lazy: withChunkTimeout(async () => {
            const [page, { withQueryClient }] = await Promise.all([
              import('../features/service-request/components/add-client-page.tsx'),
              import('../lib/query-client.tsx'),
            ]);
            return { Component: withQueryClient(page.AddClientPage) };
          }),
        },
        {
          path: relative(paths.landing.path),
          element: <LandingPage />,
          loader: loaders.walkInLanding,
          handle: handle('walk_in'),
        },
        {
          path: relative(paths.userInfo.path),
          handle: lazyHandle('user_info'),
          loader: loaders.walkInLanding,
          lazy: withChunkTimeout(async () => {
            const [page, { withQueryClient }] = await Promise.all([
              import('../features/wait-list/components/user-info-page.tsx'),
              import('../lib/query-client.tsx'),
            ]);
            return { Component: withQueryClient(page.UserInfoPage) };
          }),
        },
        {
          path: relative(paths.checkedIn.path),
          handle: lazyHandle('checked_in'),
          lazy: withChunkTimeout(async () => {
            const [page, { withQueryClient }] = await Promise.all([
              import('../features/wait-list/components/checked-in-page.tsx'),
              import('../lib/query-client.tsx'),
            ]);
            return { Component: withQueryClient(page.CheckedInPage) };
          }),
        },
        {
          // The tablet at the door (issue 13): loaded on demand, so the landing bundle stays the same.
          path: relative(kioskPath.path),
          handle: lazyHandle('kiosk'),
          loader: loaders.walkInLanding,
          lazy: withChunkTimeout(async () => {
            const [page, { withQueryClient }] = await Promise.all([
              import('../features/kiosk/components/kiosk-page.tsx'),
              import('../lib/query-client.tsx'),
            ]);
            return { Component: withQueryClient(page.KioskPage) };
          }),
        },
        {
          path: relative(paths.chat.path),
          handle: lazyHandle('chat'),
          lazy: withChunkTimeout(async () => {
            const [page, { withQueryClient }] = await Promise.all([
              import('../features/chat/components/chat-page.tsx'),
              import('../lib/query-client.tsx'),
            ]);
            return { Component: withQueryClient(page.ChatPage) };
          }),
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
