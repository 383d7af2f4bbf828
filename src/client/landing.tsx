/**
 * The landing page's own entry (docs/decisions/0009). `/{companyId}` is where every walk-in
 * starts, on a phone in the doorway: its server-rendered HTML is hydrated here with React alone,
 * without the router and the rest of the app. Picking a service starts loading them; Next then
 * hands the page to the app's router at the user-info step, in the same page (no reload).
 */
import { StrictMode, startTransition, useState } from 'react';
import { flushSync } from 'react-dom';
import type { WalkInLanding } from '../shared/schemas.ts';
import { readServerRouteData, type ServerRouteData } from './app/server-route-data.ts';
import { LanguageSwitcher } from './components/language-switcher.tsx';
import { landingInLoaderData } from './features/walk-in/api/walk-in-landing-result.ts';
import { WalkInServiceStep } from './features/walk-in/components/walk-in-service-step.tsx';
import { logEvent } from './lib/analytics.ts';
import { useAnnounceInteractive } from './lib/hydration.ts';
import { loadLandingTexts, setLandingTexts } from './lib/landing-texts.ts';
import { useShownLanguage } from './lib/language-choice.ts';
import { nextTask } from './lib/next-task.ts';
import { pageWordsLanguage } from './lib/page-language.ts';
import { createRoot, hydrateRoot, type Root } from './lib/react-dom-client.ts';
import { startUp } from './lib/start-up.ts';

let app: Promise<typeof import('./app/router.tsx')> | null = null;
/** The router and the app, fetched once: from the first tap on a service, or at Next. */
const loadApp = () => {
  // A failed load (offline, a network error) is tried again by the next caller.
  app ??= import('./app/router.tsx').catch((error: unknown) => {
    app = null;
    throw error;
  });
  return app;
};

/**
 * Next: the app's router takes the page over at the user-info step. It goes there first (its
 * data and code loaded) and only then replaces the landing page, so nothing blank shows between;
 * if anything fails to load, the browser goes there itself (the server renders that page).
 */
async function continueInApp(root: Root, rootElement: HTMLElement, data: ServerRouteData, href: string) {
  try {
    const { createRouter, appElement } = await loadApp();
    const router = await createRouter(data);
    await router.navigate(href);
    if (
      router.state.errors ||
      router.state.location.pathname !== new URL(href, window.location.href).pathname
    ) {
      throw new Error('the user-info step did not load');
    }
    root.unmount();
    flushSync(() => createRoot(rootElement).render(appElement(router)));
    // As the app does after moving to another page (root-layout.tsx): a screen reader reads where one landed.
    const heading = rootElement.querySelector<HTMLElement>('main h1');
    if (heading) {
      heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
    }
  } catch (error) {
    console.warn('Continuing with a page load', error);
    window.location.assign(href);
  }
}

function LandingIsland({ landing, onNext }: { landing: WalkInLanding; onNext: (href: string) => void }) {
  const [leaving, setLeaving] = useState(false);
  useAnnounceInteractive();
  // Another language re-renders the page: its words are read as it renders (no state is lost).
  useShownLanguage();
  // The app's root layout renders the same around this page on the server (root-layout.tsx).
  return (
    <>
      <LanguageSwitcher scope="landing" />
      <WalkInServiceStep
        landing={landing}
        search={window.location.search}
        leaving={leaving}
        // Only a head start: if it fails, Next loads it again (or loads the next page).
        onFirstSelect={() => void loadApp().catch(() => {})}
        onNext={(href) => {
          setLeaving(true);
          onNext(href);
        }}
      />
    </>
  );
}

startUp();
const rootElement = document.getElementById('root');
const data = readServerRouteData();
const landing = landingInLoaderData(data?.loaderData);
if (rootElement && data && landing) {
  // The app's root layout records this for every page it shows (spec §2); here it is alone.
  logEvent('screen_view', {
    screen_name: 'walk_in',
    params: JSON.stringify({ companyId: landing.companyId }),
    companyId: landing.companyId,
  });
  // The words the server rendered the page in (its `<html lang>`); the server preloads them.
  setLandingTexts(await loadLandingTexts(pageWordsLanguage()));
  // In a task of its own, and as a transition, in slices, as the app does (main.tsx, decisions/0010).
  await nextTask();
  startTransition(() => {
    const root = hydrateRoot(
      rootElement,
      <StrictMode>
        <LandingIsland
          landing={landing}
          onNext={(href) => void continueInApp(root, rootElement, data, href)}
        />
      </StrictMode>,
    );
  });
}
