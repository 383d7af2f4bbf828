/**
 * The contract between the server and the app's server entry (src/client/entry-server.tsx, built by
 * Vite into dist/ssr): the server asks for a page, the entry renders it with React Router's static
 * handler (docs/decisions/0008). Types only, so neither side imports the other's code.
 */
import type { WordsLanguage } from './languages.ts';
import type { ChatThread, ServiceRequestProvider, WaitEntryResponse, WalkInLanding } from './schemas.ts';

/** The `<script type="application/json">` that carries the routes' data to hydration. */
export const ROUTE_DATA_ELEMENT_ID = 'checkn-route-data';
/** The JSON element that tells src/client/boot.ts which scripts to load after the first paint. */
export const APP_SCRIPTS_ELEMENT_ID = 'checkn-app-scripts';
/** Fired at `document` once a page's scripts answer taps: boot.ts replays the taps it held until then. */
export const APP_INTERACTIVE_EVENT = 'checkn:interactive';

export interface PageRequest {
  /** The page's absolute URL (the server's own origin; only its path and query matter). */
  url: string;
  /**
   * The reader's language (shared/languages.ts chooseLanguage): the page is rendered in it; or, in
   * a browser test, the pseudo-locale.
   */
  language: WordsLanguage;
  /** Ends the rendering when the browser goes away. */
  signal?: AbortSignal;
  /** The business's landing data from the database: null when it does not exist; throws when that failed. */
  findWalkInLanding: (companyId: string) => Promise<WalkInLanding | null>;
  /** The provider an add-client link names, with whether the business takes requests now; null when none. */
  findServiceRequestProvider: (
    companyId: string,
    providerId: string,
  ) => Promise<ServiceRequestProvider | null>;
  /**
   * The customer the browser's cookie names, if any: their own place in line and chat, null for
   * what is not theirs or does not exist (the page then loads it in the browser and says so).
   */
  customer: {
    findWaitEntry: (companyId: string, waitId: string) => Promise<WaitEntryResponse | null>;
    findChatThread: (companyId: string, waitId: string) => Promise<ChatThread | null>;
  } | null;
}

export type RenderedPage =
  /** The console: rendered in the browser, so the server sends the bare shell. */
  | { kind: 'browser-only' }
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      status: number;
      /** What goes inside `<div id="root">`. */
      appHtml: string;
      title: string;
      /** The page's own meta description, or null for index.html's. */
      description: string | null;
      /** JSON for `#checkn-route-data`, already safe inside a `<script>` element. */
      routeDataJson: string;
      /** Source modules (as Vite's manifest names them) of the page's lazy route: preloaded. */
      modules: readonly string[];
      /** The page shows the customer's own data: not for shared caches. */
      personal: boolean;
      /**
       * Which script hydrates it: the whole app, or the landing page on its own, without the
       * router (src/client/landing.tsx, docs/decisions/0009).
       */
      entry: 'app' | 'landing';
    };

export type RenderPage = (request: PageRequest) => Promise<RenderedPage>;

/** JSON for a `<script type="application/json">`: `<` never appears raw, so it cannot close the element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
