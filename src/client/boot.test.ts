import { describe, expect, it, vi } from 'vitest';
import {
  APP_SCRIPTS_ELEMENT_ID as SHARED_ID,
  APP_INTERACTIVE_EVENT as SHARED_INTERACTIVE_EVENT,
} from '../shared/page-rendering.ts';
import { APP_INTERACTIVE_EVENT, APP_SCRIPTS_ELEMENT_ID, holdEarlyTaps, nextTask, startApp } from './boot.ts';

describe('boot', () => {
  it('reads the element the server writes (its own copy: it imports nothing, to stay one small file)', () => {
    expect(APP_SCRIPTS_ELEMENT_ID).toBe(SHARED_ID);
  });
});

describe('startApp', () => {
  it('preloads every module, then runs them one at a time in order, the entry last', async () => {
    const preloaded: string[] = [];
    const fakeDocument = {
      createElement: () => ({ rel: '', crossOrigin: null, href: '' }),
      head: { append: (link: { rel: string; href: string }) => preloaded.push(`${link.rel} ${link.href}`) },
    };
    const realDocument = (globalThis as { document?: unknown }).document;
    (globalThis as { document?: unknown }).document = fakeDocument;
    try {
      const started: string[] = [];
      const pending = new Map<string, () => void>();
      const importModule = (href: string) => {
        started.push(href);
        return new Promise<void>((resolve) => pending.set(href, resolve));
      };
      const done = startApp(
        { entry: '/entry.js', modules: ['/react.js', '/router.js', '/page.js'] },
        importModule,
      );
      // Each step is waited for, not given a fixed time: startApp yields a task between steps
      // (MessageChannel), and on a busy machine a 5 ms timer fired before two of them had run.
      // Reached, and still so a few of its tasks later: nothing more starts while one is pending.
      const reaches = async (expected: string[]) => {
        await vi.waitFor(() => expect(started).toEqual(expected), { timeout: 30_000, interval: 1 });
        for (let task = 0; task < 3; task++) await nextTask();
        expect(started).toEqual(expected);
      };
      await reaches(['/react.js']);
      expect(preloaded).toEqual([
        'modulepreload /react.js',
        'modulepreload /router.js',
        'modulepreload /page.js',
      ]);
      // One module runs at a time: the next is imported only once the one before has run.
      pending.get('/react.js')!();
      await reaches(['/react.js', '/router.js']);
      pending.get('/router.js')!();
      await reaches(['/react.js', '/router.js', '/page.js']);
      pending.get('/page.js')!();
      await reaches(['/react.js', '/router.js', '/page.js', '/entry.js']);
      pending.get('/entry.js')!();
      await done;
    } finally {
      (globalThis as { document?: unknown }).document = realDocument;
    }
  });
});

describe('holdEarlyTaps', () => {
  type Listener = (event: unknown) => void;
  function fakePage() {
    const listeners = new Map<string, Listener>();
    const document = {
      addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
      removeEventListener: (type: string) => listeners.delete(type),
    };
    const clicked: string[] = [];
    const button = (name: string, options: { disabled?: boolean; formAction?: boolean } = {}) => {
      const element = {
        disabled: options.disabled ?? false,
        isConnected: true,
        form: options.formAction ? { hasAttribute: (name: string) => name === 'action' } : null,
        click: () => clicked.push(name),
        closest: () => element,
      };
      return element;
    };
    const tap = (target: unknown) => {
      const event = {
        target,
        prevented: false,
        preventDefault: () => (event.prevented = true),
        stopImmediatePropagation: () => {},
      };
      listeners.get('click')?.(event);
      return event.prevented;
    };
    const interactive = () => listeners.get(APP_INTERACTIVE_EVENT)?.({});
    return { document, listeners, clicked, button, tap, interactive };
  }

  it('uses the event name the app fires (its own copy: shared/page-rendering.ts)', () => {
    expect(APP_INTERACTIVE_EVENT).toBe(SHARED_INTERACTIVE_EVENT);
  });

  it('holds taps on buttons until the app is interactive, then replays them in order, a double tap once', () => {
    const page = fakePage();
    holdEarlyTaps(page.document as unknown as Document);
    const service = page.button('Facials');
    const next = page.button('Next');
    expect(page.tap(service)).toBe(true);
    expect(page.tap(service)).toBe(true);
    expect(page.tap(next)).toBe(true);
    expect(page.clicked).toEqual([]);

    page.interactive();
    expect(page.clicked).toEqual(['Facials', 'Next']);
    // Then the page answers by itself: nothing is held any more.
    expect(page.listeners.has('click')).toBe(false);
  });

  it('lets a form made to work without scripts (its own action) and a disabled button be', () => {
    const page = fakePage();
    holdEarlyTaps(page.document as unknown as Document);
    expect(page.tap(page.button('Landing pick', { formAction: true }))).toBe(false);
    expect(page.tap(page.button('Sending…', { disabled: true }))).toBe(false);
    page.interactive();
    expect(page.clicked).toEqual([]);
  });

  it('drops a held tap whose button is gone by then', () => {
    const page = fakePage();
    holdEarlyTaps(page.document as unknown as Document);
    const gone = page.button('Old');
    page.tap(gone);
    gone.isConnected = false;
    page.interactive();
    expect(page.clicked).toEqual([]);
  });
});
