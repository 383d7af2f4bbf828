import { createBrowserRouter } from 'react-router';
import { FullPageSpinner } from '../components/ui/spinner.tsx';
import { kioskPath } from '../features/kiosk/kiosk-path.ts';
import { walkInLandingLoader } from '../features/walk-in/api/get-walk-in-landing.ts';
import { LandingPage } from '../features/walk-in/components/landing-page.tsx';
import { withChunkTimeout } from '../lib/lazy-route.ts';
import { paths } from '../lib/paths.ts';
import { RootLayout, type RouteHandle } from './root-layout.tsx';
import { ErrorPage } from './routes/error-page.tsx';
import { HomePage } from './routes/home-page.tsx';
import { NotFoundPage } from './routes/not-found-page.tsx';

const handle = (screen: string): RouteHandle => ({ screen });
const relative = (path: string) => path.slice(1);

/**
 * The landing page is in the first bundle (it is where every walk-in starts, and its budget is
 * counted); the later steps load on demand so the landing page never downloads them.
 */
export function createRouter() {
  return createBrowserRouter([
    {
      path: '/',
      element: <RootLayout />,
      errorElement: <ErrorPage />,
      hydrateFallbackElement: <FullPageSpinner />,
      children: [
        { index: true, element: <HomePage />, handle: handle('home') },
        {
          path: 'console/*',
          handle: handle('console'),
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
          handle: handle('add_client'),
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
          loader: walkInLandingLoader,
          handle: handle('walk_in'),
        },
        {
          path: relative(paths.userInfo.path),
          handle: handle('user_info'),
          loader: walkInLandingLoader,
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
          handle: handle('checked_in'),
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
          handle: handle('kiosk'),
          loader: walkInLandingLoader,
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
          handle: handle('chat'),
          lazy: withChunkTimeout(async () => {
            const [page, { withQueryClient }] = await Promise.all([
              import('../features/chat/components/chat-page.tsx'),
              import('../lib/query-client.tsx'),
            ]);
            return { Component: withQueryClient(page.ChatPage) };
          }),
        },
        { path: '*', element: <NotFoundPage />, handle: handle('not_found') },
      ],
    },
  ]);
}
