// Service worker: after the first visit the page starts from the cache, whatever the network does
// (offline, or a server that takes seconds to answer), and picks up a new build on a later load.
//
// - The page is served from the cache at once and revalidated in the background
//   (stale-while-revalidate). When the network's page differs from the cached one, a new build is
//   out: everything it references is fetched first and the page is stored last, so a load never
//   mixes the page of one build with the scripts of another. The next load shows the new build.
// - Trunk's hashed files (`draughts-<hash>.js`, `…_bg.wasm`, `style-<hash>.css`) never change
//   under one name: cache first.
// - The unhashed scripts and icons come from the cache too (they belong to the cached page's
//   build); anything not cached yet comes from the network and is cached.
// It never fetches anything from another origin.

const CACHE = 'draughts-v3';
const MODULES = [
  'www/main.js', 'www/engine.js', 'www/controller.js', 'www/board-view.js', 'www/input.js',
  'www/panels.js', 'www/storage.js', 'www/pdn-io.js', 'www/computer.js', 'www/engine-worker.js', 'www/share.js', 'www/editor.js', 'www/analysis.js',
  'manifest.webmanifest', 'www/icon.svg',
  'www/icon-192.png', 'www/icon-512.png',
];
const PAGE = new URL('./', self.location).href;

/** The page's own files and the hashed files its HTML references, as absolute URLs. */
function references(html) {
  const refs = new Set(MODULES.map((u) => new URL(u, PAGE).href));
  for (const m of html.matchAll(/(?:href|src)="([^"#]+)"|'(\.\/[^']+)'/g)) {
    const url = m[1] || m[2];
    if (!url.startsWith('data:') && !/^[a-z]+:\/\//i.test(url)) refs.add(new URL(url, PAGE).href);
  }
  return refs;
}

/**
 * Fetches the page and, when it is not the cached build, everything it references, then stores
 * the files before the page. A failure leaves the cached build as it was.
 */
async function refresh() {
  const cache = await caches.open(CACHE);
  const res = await fetch(PAGE, { cache: 'no-store' });
  if (!res.ok) return;
  const html = await res.clone().text();
  const cached = await cache.match(PAGE);
  if (cached && (await cached.text()) === html) return;
  const refs = references(html);
  const files = await Promise.all(
    [...refs].map(async (url) => {
      const r = await fetch(url, { cache: 'no-store' });
      if (!r.ok) throw new Error(`${url}: ${r.status}`);
      return [url, r];
    }),
  );
  for (const [url, r] of files) await cache.put(url, r);
  await cache.put(PAGE, res);
  // The previous build's hashed files are no longer referenced.
  for (const req of await cache.keys()) {
    if (req.url !== PAGE && !refs.has(req.url)) await cache.delete(req);
  }
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      await refresh().catch(() => {});
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

/** A hashed build file: its contents never change under its name. */
function isHashed(url) {
  return /-[0-9a-f]{16}(_bg)?\.(js|wasm|css)$/.test(url.pathname);
}

self.addEventListener('fetch', (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (req.method !== 'GET' || url.origin !== self.location.origin) return;
  if (req.mode === 'navigate' || url.href === PAGE || url.href === PAGE + 'index.html') {
    const cached = caches.match(PAGE);
    event.respondWith(cached.then((hit) => hit || fetch(req)));
    // Revalidated after the answer, for the next load.
    event.waitUntil(cached.then((hit) => hit && refresh()).catch(() => {}));
    return;
  }
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      const hit = await cache.match(req, { ignoreSearch: !isHashed(url) });
      if (hit) return hit;
      const res = await fetch(req);
      if (res.ok) cache.put(req, res.clone());
      return res;
    })(),
  );
});
