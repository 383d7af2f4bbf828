import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createRouter, readServerRouteData } from './app/router.ts';
import { registerServiceWorker } from './lib/service-worker.ts';
import { ensureCustomerSession } from './lib/session.ts';
import './styles.css';

// Spec §1: sign in anonymously at start unless already signed in; a failure is only logged.
ensureCustomerSession().catch((error: unknown) => console.warn('Anonymous sign-in failed', error));
registerServiceWorker();

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root');
// Customer pages come rendered by the server (docs/decisions/0008) and are hydrated; the console
// is rendered here.
const serverData = readServerRouteData();
const app = (
  <StrictMode>
    <RouterProvider router={await createRouter(serverData)} />
  </StrictMode>
);
if (serverData) hydrateRoot(rootElement, app);
else createRoot(rootElement).render(app);
