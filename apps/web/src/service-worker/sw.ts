/// <reference lib="webworker" />
// The service worker (vite-plugin-pwa, injectManifest: this file is bundled to /sw.js with the precache list put in
// place of self.__WB_MANIFEST). What it caches and how updates reach a user: docs/pwa.md.
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { API_CACHE, isCachedApiPath, SKIP_WAITING, STORED_AT_HEADER } from './contract';
import { notificationTarget, openNotificationPage, readPushPayload } from './push';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

// The app shell: index.html, the entry and every route's JavaScript and CSS, the texts, fonts and icons.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every page of the app is index.html (the server's history fallback): from the precache, so it opens offline. The
// API and the files the server serves itself (OpenAPI pages, …) are not pages of the app.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//, /\/[^/]+\.\w+$/] }));

/** Keeps a whole, well answer to a JSON GET, stamped with when it came. */
const stampAnswers: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => {
    if (response.status !== 200 || !response.headers.get('content-type')?.startsWith('application/json')) return null;
    const headers = new Headers(response.headers);
    headers.set(STORED_AT_HEADER, String(Date.now()));
    return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers });
  },
};

// GET /api/*: the network first, the last answer when the network fails. Writes (any other method) are not routed:
// they go to the network as they are, and are never cached. Sign-in answers are never kept.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && isCachedApiPath(url.pathname),
  new NetworkFirst({
    cacheName: API_CACHE,
    plugins: [stampAnswers, new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 7 * 24 * 3600 })],
  }),
  'GET',
);

// A new version waits until the user chooses to reload (the page's "A new version is ready" notice): never mid-task.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === SKIP_WAITING) void self.skipWaiting();
});
// The first version takes the open tabs at once, so they work offline without a reload.
clientsClaim();

self.addEventListener('push', (event) => {
  const payload = readPushPayload(event.data?.text());
  if (!payload) return;
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: notificationTarget(payload.url, self.location.origin) },
      ...(payload.tag ? { tag: payload.tag } : {}),
    }),
  );
});

// A click on the notification a push showed opens its page (openNotificationPage: push.ts, tested in push.test.ts).
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openNotificationPage(event.notification.data, self.clients, self.location.origin));
});
