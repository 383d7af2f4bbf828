import { describe, expect, it } from 'vitest';
import { APP_SCRIPTS_ELEMENT_ID as SHARED_ID } from '../shared/page-rendering.ts';
import { APP_SCRIPTS_ELEMENT_ID, startApp } from './boot.ts';

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
      const settle = () => new Promise((resolve) => setTimeout(resolve, 5));
      await settle();
      expect(preloaded).toEqual([
        'modulepreload /react.js',
        'modulepreload /router.js',
        'modulepreload /page.js',
      ]);
      // One module runs at a time: the next is imported only once the one before has run.
      expect(started).toEqual(['/react.js']);
      pending.get('/react.js')!();
      await settle();
      expect(started).toEqual(['/react.js', '/router.js']);
      pending.get('/router.js')!();
      await settle();
      pending.get('/page.js')!();
      await settle();
      expect(started).toEqual(['/react.js', '/router.js', '/page.js', '/entry.js']);
      pending.get('/entry.js')!();
      await done;
    } finally {
      (globalThis as { document?: unknown }).document = realDocument;
    }
  });
});
