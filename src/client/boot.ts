/**
 * The one script a server-rendered page starts with (docs/decisions/0008). The page is already
 * there in the HTML; the app's scripts only make it interactive. They are fetched once the page
 * has painted, so on a slow connection the HTML's styles and the logo get it first, and the page
 * shows sooner; then the scripts load together (each one named, none found late) and hydrate.
 * Kept tiny and import-free: it is fetched before the first paint.
 */

/** The JSON element naming the scripts (shared/page-rendering.ts APP_SCRIPTS_ELEMENT_ID; boot.test.ts). */
export const APP_SCRIPTS_ELEMENT_ID = 'checkn-app-scripts';

export interface AppScripts {
  /** The app's entry module. */
  entry: string;
  /** Every module it and the page's lazy route import, fetched at once beside it. */
  modules: string[];
}

export function startApp(): void {
  const data = document.getElementById(APP_SCRIPTS_ELEMENT_ID)?.textContent;
  if (!data) return;
  const scripts = JSON.parse(data) as AppScripts;
  for (const href of scripts.modules) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  import(/* @vite-ignore */ scripts.entry).catch((error: unknown) => {
    // The page stays readable; it only cannot be used until a reload brings the scripts.
    console.warn('The app could not load', error);
  });
}

/** Starts the app once the browser reports the page's first paint (or has nothing to wait for). */
function startAfterFirstPaint(): void {
  let started = false;
  const startOnce = () => {
    if (started) return;
    started = true;
    setTimeout(startApp, 0);
  };
  // A tab opened in the background paints nothing until it is shown: start at once.
  if (document.visibilityState === 'hidden') {
    startOnce();
    return;
  }
  try {
    new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length > 0) startOnce();
    }).observe({ type: 'paint', buffered: true });
  } catch {
    // No paint timing in this browser: the frame after the next is after the first paint.
    requestAnimationFrame(() => requestAnimationFrame(startOnce));
  }
  // Whatever happens to the paint's report, the page becomes usable.
  setTimeout(startOnce, 3000);
}

if (typeof document !== 'undefined') startAfterFirstPaint();
