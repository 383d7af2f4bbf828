// CheckN service worker: Web Push notifications, and a plain offline page when there is no network.
const OFFLINE_MESSAGE = 'No internet connection found. App is running in offline mode.';

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
      () =>
        new Response(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Offline · CheckN</title><style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;padding:24px;text-align:center;color:#0f172a;background:#f8fafc}</style></head><body><main><h1>You are offline</h1><p>${OFFLINE_MESSAGE}</p><p>Your place in line is kept. This page will work again when you are back online.</p></main></body></html>`,
          { status: 503, headers: { 'content-type': 'text/html; charset=utf-8' } },
        ),
    ),
  );
});
