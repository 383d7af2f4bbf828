import { readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { languageOfTag } from '../../shared/languages.ts';

/**
 * The service worker (public/sw.js, served as it is) run in a context of its own with the few things of a
 * worker's global it uses: its offline page, in each language, as a page without a network gets it.
 */
const SOURCE = readFileSync(path.join(import.meta.dirname, '../public/sw.js'), 'utf8');

type Listener = (event: Record<string, unknown>) => void;

interface Worker {
  tell(language: unknown): Promise<void>;
  offlinePage(): Promise<{ status: number; html: string }>;
  restart(): Worker;
}

function startWorker(
  browserLanguages: readonly string[] = ['en-US'],
  stored = new Map<string, Response>(),
): Worker {
  const listeners = new Map<string, Listener>();
  const cache = {
    put: async (key: string, response: Response) => void stored.set(key, response),
    match: async (key: string) => stored.get(key)?.clone(),
  };
  const worker = {
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    navigator: { languages: browserLanguages },
    caches: { open: async () => cache },
    fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    Response,
  };
  const context = vm.createContext({ ...worker, self: worker });
  vm.runInContext(SOURCE, context);
  const run = async (type: string, event: Record<string, unknown>) => {
    const waits: Promise<unknown>[] = [];
    listeners.get(type)!({ ...event, waitUntil: (promise: Promise<unknown>) => waits.push(promise) });
    await Promise.all(waits);
  };
  return {
    /** The page tells the worker its language (lib/service-worker.ts). */
    tell: (language: unknown) => run('message', { data: { type: 'page-language', language } }),
    /** A page asked for with no network. */
    async offlinePage(): Promise<{ status: number; html: string }> {
      let answer: Promise<Response> | undefined;
      listeners.get('fetch')!({
        request: { mode: 'navigate' },
        respondWith: (response: Promise<Response>) => {
          answer = response;
        },
      });
      const response = await answer!;
      return { status: response.status, html: await response.text() };
    },
    /** The browser stopped the idle worker and starts it again: its variables are gone, its cache is not. */
    restart: () => startWorker(browserLanguages, stored),
  };
}

describe('the offline page', () => {
  it('is in English as it was, word for word, for an English page', async () => {
    const worker = startWorker();
    await worker.tell('en');
    expect(await worker.offlinePage()).toEqual({
      status: 503,
      html: '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Offline · CheckN</title><style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;padding:24px;text-align:center;color:#0f172a;background:#f8fafc}</style></head><body><main><h1>You are offline</h1><p>No internet connection found. App is running in offline mode.</p><p>Your place in line is kept. This page will work again when you are back online.</p></main></body></html>',
    });
  });

  it('is in the language of the last page shown, also once the worker was stopped and started again', async () => {
    const worker = startWorker(['en-US']);
    await worker.tell('es');
    const spanish = await worker.offlinePage();
    expect(spanish.html).toContain('<html lang="es">');
    expect(spanish.html).toContain('<h1>Estás sin conexión</h1>');
    expect(spanish.html).toContain('<title>Sin conexión · CheckN</title>');

    const restarted = worker.restart();
    expect((await restarted.offlinePage()).html).toContain('<h1>Estás sin conexión</h1>');

    await restarted.tell('zh-Hans');
    expect((await restarted.offlinePage()).html).toContain('<h1>您已离线</h1>');
    await restarted.tell('vi');
    expect((await restarted.restart().offlinePage()).html).toContain(
      '<h1>Quý khách đang mất kết nối mạng</h1>',
    );
  });

  it("is in the browser's first language spoken here before any page said, else English", async () => {
    expect((await startWorker(['zh-TW', 'vi-VN', 'en']).offlinePage()).html).toContain('<html lang="vi">');
    expect((await startWorker(['zh-CN']).offlinePage()).html).toContain('<html lang="zh-Hans">');
    expect((await startWorker(['fr-FR', 'de']).offlinePage()).html).toContain('<html lang="en">');
  });

  it('takes no language it does not speak from a message', async () => {
    const worker = startWorker(['es-MX']);
    await worker.tell('fr');
    await worker.tell('__proto__');
    expect((await worker.offlinePage()).html).toContain('<html lang="es">');
  });

  it("maps a browser's languages as the server does", () => {
    // The worker's own copy of languageOfTag (it imports nothing): the same answers.
    const context = vm.createContext({
      self: { addEventListener: () => {} },
      Response,
    });
    vm.runInContext(SOURCE, context);
    const workerLanguageOf = context.languageOfTag as (tag: string) => string | null;
    for (const tag of [
      'en',
      'en-GB',
      'es',
      'es-419',
      'ES_mx',
      'vi-VN',
      'zh',
      'zh-CN',
      'zh-SG',
      'zh-Hans-HK',
      'zh-TW',
      'zh-HK',
      'zh-Hant',
      'zh-MO',
      'fr',
      'pt-BR',
    ]) {
      expect(workerLanguageOf(tag), tag).toBe(languageOfTag(tag));
    }
  });
});
