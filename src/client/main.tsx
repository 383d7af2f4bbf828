import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createRouter } from './app/router.tsx';
import { registerServiceWorker } from './lib/service-worker.ts';
import { ensureCustomerSession } from './lib/session.ts';
import './styles.css';

// Spec §1: sign in anonymously at start unless already signed in; a failure is only logged.
ensureCustomerSession().catch((error: unknown) => console.warn('Anonymous sign-in failed', error));
registerServiceWorker();

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root');
createRoot(rootElement).render(
  <StrictMode>
    <RouterProvider router={createRouter()} />
  </StrictMode>,
);
