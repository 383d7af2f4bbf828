import { startTransition } from 'react';
import { appElement, createRouter } from './app/router.tsx';
import { readServerRouteData } from './app/server-route-data.ts';
import { nextTask } from './lib/next-task.ts';
import { createRoot, hydrateRoot } from './lib/react-dom-client.ts';
import { startUp } from './lib/start-up.ts';
import './styles.css';

startUp();

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root');
// Customer pages come rendered by the server (docs/decisions/0008) and are hydrated; the console
// is rendered here. The start is cut into tasks (0010): the router and the hydration run in their own.
const serverData = readServerRouteData();
const router = await createRouter(serverData);
await nextTask();
const app = appElement(router);
// Hydrated as a transition: React then works in slices of a few milliseconds and lets a tap or a
// paint in between (a tap hydrates the rest at once first, then gets its answer).
if (serverData) startTransition(() => void hydrateRoot(rootElement, app));
else createRoot(rootElement).render(app);
