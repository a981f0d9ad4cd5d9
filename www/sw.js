// Service worker: the site keeps working offline after the first visit. Network first (so a new
// build is picked up at once), falling back to the cache; every same-origin GET that succeeds is
// cached. On install it caches the page and everything the page references, so the first visit
// is enough. It never fetches anything from another origin.

const CACHE = 'draughts-v2';
const MODULES = [
  'www/main.js', 'www/engine.js', 'www/controller.js', 'www/board-view.js', 'www/input.js',
  'www/panels.js', 'www/storage.js', 'www/pdn-io.js', 'www/computer.js', 'www/engine-worker.js', 'www/share.js', 'www/editor.js',
  'manifest.webmanifest', 'www/icon.svg',
  'www/icon-192.png', 'www/icon-512.png',
];

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      const res = await fetch('./', { cache: 'no-cache' });
      const html = await res.clone().text();
      await cache.put('./', res);
      // Hashed wasm, JS and CSS names from the built index.html.
      const refs = new Set(MODULES);
      for (const m of html.matchAll(/(?:href|src)="([^"#]+)"|'(\.\/[^']+)'/g)) {
        const url = m[1] || m[2];
        if (!url.startsWith('data:') && !/^[a-z]+:\/\//i.test(url)) refs.add(url);
      }
      await Promise.all(
        [...refs].map((u) => cache.add(new Request(u, { cache: 'no-cache' })).catch(() => {})),
      );
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key !== CACHE) await caches.delete(key);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (req.method !== 'GET' || url.origin !== self.location.origin) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      try {
        const res = await fetch(req);
        if (res.ok) cache.put(req, res.clone());
        return res;
      } catch (e) {
        const hit = (await cache.match(req, { ignoreSearch: true })) ||
          (req.mode === 'navigate' ? await cache.match('./') : undefined);
        if (hit) return hit;
        throw e;
      }
    })(),
  );
});
