// CheckN service worker: Web Push notifications, and a plain offline page when there is no network.
const OFFLINE_MESSAGE = 'No internet connection found. App is running in offline mode.';

// The offline page in each language a customer page speaks (docs/languages.md), in the words of
// the app's catalogs (this file is served as it is: it cannot import them).
const OFFLINE_PAGES = {
  en: {
    title: 'Offline',
    heading: 'You are offline',
    message: OFFLINE_MESSAGE,
    kept: 'Your place in line is kept. This page will work again when you are back online.',
  },
  es: {
    title: 'Sin conexión',
    heading: 'Estás sin conexión',
    message: 'No se encontró conexión a internet. La aplicación funciona en modo sin conexión.',
    kept: 'Conservas tu lugar en la fila. Esta página volverá a funcionar cuando vuelvas a tener conexión.',
  },
  vi: {
    title: 'Mất kết nối',
    heading: 'Quý khách đang mất kết nối mạng',
    message: 'Không tìm thấy kết nối internet. Ứng dụng đang chạy ở chế độ ngoại tuyến.',
    kept: 'Vị trí của quý khách trong danh sách chờ vẫn được giữ. Trang này sẽ hoạt động lại khi có mạng trở lại.',
  },
  'zh-Hans': {
    title: '离线',
    heading: '您已离线',
    message: '未找到网络连接。应用正在以离线模式运行。',
    kept: '您的排队位置已保留。恢复联网后，此页面即可正常使用。',
  },
};

// The language of the last page shown in this browser, which the page tells the worker
// (lib/service-worker.ts): the server chose it from the reader's choice, their browser's languages
// and the business's. Kept in the Cache Storage too, as the browser stops an idle worker and its
// variables with it.
const LANGUAGE_CACHE = 'checkn-page-language';
const LANGUAGE_KEY = '/page-language';
let pageLanguage = null;

self.addEventListener('message', (event) => {
  const language = event.data?.type === 'page-language' ? event.data.language : null;
  if (!Object.hasOwn(OFFLINE_PAGES, language)) return;
  pageLanguage = language;
  event.waitUntil(
    caches
      .open(LANGUAGE_CACHE)
      .then((cache) => cache.put(LANGUAGE_KEY, new Response(language)))
      .catch(() => {}),
  );
});

/** As shared/languages.ts languageOfTag: Traditional Chinese is not Simplified. */
function languageOfTag(tag) {
  const parts = String(tag).toLowerCase().split(/[-_]/);
  if (parts[0] === 'en' || parts[0] === 'es' || parts[0] === 'vi') return parts[0];
  if (parts[0] !== 'zh') return null;
  const traditional = parts.some(
    (part) => part === 'hant' || part === 'tw' || part === 'hk' || part === 'mo',
  );
  return traditional ? null : 'zh-Hans';
}

/** The last page's language, else the first of the browser's languages spoken here, else English. */
async function offlineLanguage() {
  if (pageLanguage) return pageLanguage;
  try {
    const cache = await caches.open(LANGUAGE_CACHE);
    const stored = await cache.match(LANGUAGE_KEY);
    const language = stored ? await stored.text() : null;
    if (Object.hasOwn(OFFLINE_PAGES, language)) return language;
  } catch {
    // No Cache Storage (a private window may refuse it): the browser's languages say.
  }
  const languages = self.navigator?.languages ?? [];
  for (const tag of languages) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return 'en';
}

function offlinePage(language) {
  const words = OFFLINE_PAGES[language];
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${words.title} · CheckN</title><style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;padding:24px;text-align:center;color:#0f172a;background:#f8fafc}</style></head><body><main><h1>${words.heading}</h1><p>${words.message}</p><p>${words.kept}</p></main></body></html>`;
}

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(data.title || 'CheckN', {
      body: data.body || '',
      tag: data.tag,
      renotify: Boolean(data.tag),
      // A PNG: Android and Windows show no SVG as a notification's icon.
      icon: '/icons/icon-192.png',
      data: { url: data.url || '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || '/', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => client.url === url) || windows[0];
      if (open) {
        if (open.url !== url && 'navigate' in open) await open.navigate(url).catch(() => {});
        return open.focus();
      }
      return self.clients.openWindow(url);
    })(),
  );
});

// Pages only: API calls and assets keep their own error handling.
self.addEventListener('fetch', (event) => {
  if (event.request.mode !== 'navigate') return;
  event.respondWith(
    fetch(event.request).catch(
      async () =>
        new Response(offlinePage(await offlineLanguage()), {
          status: 503,
          headers: { 'content-type': 'text/html; charset=utf-8' },
        }),
    ),
  );
});
