import { createRoot, hydrateRoot } from 'react-dom/client';
import { appElement, createRouter } from './app/router.tsx';
import { readServerRouteData } from './app/server-route-data.ts';
import { startUp } from './lib/start-up.ts';
import './styles.css';

startUp();

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root');
// Customer pages come rendered by the server (docs/decisions/0008) and are hydrated; the console
// is rendered here.
const serverData = readServerRouteData();
const app = appElement(await createRouter(serverData));
if (serverData) hydrateRoot(rootElement, app);
else createRoot(rootElement).render(app);
