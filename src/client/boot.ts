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
  /**
   * Every module it and the page's lazy route import, fetched at once beside it; each after the
   * modules it imports (the server's page-html.ts orders them).
   */
  modules: string[];
}

/**
 * The event the app fires at `document` once its page is hydrated and answers taps (its own copy
 * of shared/page-rendering.ts APP_INTERACTIVE_EVENT; boot.test.ts).
 */
export const APP_INTERACTIVE_EVENT = 'checkn:interactive';

/**
 * A server-rendered page shows its buttons before its scripts run (seconds on a slow phone). A
 * tap then did nothing (a service on the kiosk: Next later said "Please select service") or worse
 * (Send on add-client submitted the bare form: the page reloaded without its link's query). From
 * the first paint until the app says it is interactive, each tap on a button (and each submit) is
 * held and then replayed on the same element, in order. A form with its own `action` is made to
 * work without scripts (the landing page's service picker reloads the page with the pick): its
 * taps go through as they are. Links are left alone: the server renders where they lead.
 */
export function holdEarlyTaps(target: Pick<Document, 'addEventListener' | 'removeEventListener'>): void {
  const held: Array<() => void> = [];
  let lastHeld: EventTarget | null = null;
  const hold = (event: Event, element: Element, replay: () => void) => {
    event.preventDefault();
    event.stopImmediatePropagation();
    // A double tap is one tap (a second Send would only be a second request).
    if (element === lastHeld) return;
    lastHeld = element;
    held.push(() => {
      if (element.isConnected) replay();
    });
  };
  const onClick = (event: Event) => {
    const element = event.target as Element | null;
    const button = element?.closest?.('button, input[type="submit"], input[type="button"]') as
      | HTMLButtonElement
      | HTMLInputElement
      | null;
    if (!button || button.disabled || button.form?.hasAttribute('action')) return;
    hold(event, button, () => button.click());
  };
  const onSubmit = (event: Event) => {
    const form = event.target as HTMLFormElement;
    if (form.hasAttribute('action')) return;
    hold(event, form, () => form.requestSubmit());
  };
  target.addEventListener('click', onClick, true);
  target.addEventListener('submit', onSubmit, true);
  target.addEventListener(
    APP_INTERACTIVE_EVENT,
    () => {
      target.removeEventListener('click', onClick, true);
      target.removeEventListener('submit', onSubmit, true);
      for (const replay of held.splice(0)) replay();
    },
    { once: true },
  );
}

/** Preload links added per task: adding one costs the browser about a millisecond on a slow phone. */
const PRELOADS_PER_TASK = 2;

/**
 * Gives the browser the main thread (input, paint) before the next piece of work. Not setTimeout:
 * a background tab runs timers at most once a second.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

/**
 * Fetches every module at once, then runs them one task each, in order (each after what it
 * imports), and the entry last. One `import()` of the entry would run the whole app's modules in
 * one task (React, the router, the schemas: ~100 ms on a slow phone's CPU, 4x that on a mid
 * phone), during which a tap waits; in order, each task runs one module's code.
 */
export async function startApp(
  scripts: AppScripts,
  importModule: (href: string) => Promise<unknown> = (href) => import(/* @vite-ignore */ href),
): Promise<void> {
  for (let start = 0; start < scripts.modules.length; start += PRELOADS_PER_TASK) {
    for (const href of scripts.modules.slice(start, start + PRELOADS_PER_TASK)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    await nextTask();
  }
  try {
    for (const href of scripts.modules) {
      await importModule(href);
      await nextTask();
    }
    await importModule(scripts.entry);
  } catch (error) {
    // The page stays readable; it only cannot be used until a reload brings the scripts.
    console.warn('The app could not load', error);
  }
}

function readAppScripts(): AppScripts | null {
  const data = document.getElementById(APP_SCRIPTS_ELEMENT_ID)?.textContent;
  return data ? (JSON.parse(data) as AppScripts) : null;
}

/** Starts the app once the browser reports the page's first paint (or has nothing to wait for). */
function startAfterFirstPaint(): void {
  let started = false;
  const startOnce = () => {
    if (started) return;
    started = true;
    const scripts = readAppScripts();
    if (scripts) setTimeout(() => void startApp(scripts), 0);
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

if (typeof document !== 'undefined') {
  holdEarlyTaps(document);
  startAfterFirstPaint();
}
