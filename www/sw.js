// Service worker: after the first visit the page starts from the cache, whatever the network does
// (offline, or a server that takes seconds to answer), and picks up a new build on a later load.
//
// - Each build lives in a cache of its own (`draughts-build-<hash of its page>`), and a pointer
//   (the `draughts-current` cache) names the build in use. A load is answered from one build
//   throughout: the page's navigation records which build served it, and the page's scripts,
//   styles and wasm come from that same build, so a page never runs with another build's scripts.
// - The page is served from the cache at once and revalidated in the background
//   (stale-while-revalidate). When the network's page differs, a new build is out: its page and
//   everything it references go into a new cache, and only then does the pointer move to it, in
//   one step. The next load shows the new build; the previous build is kept until the one after.
// - Files not cached yet come from the network and are cached in the build that asked for them.
// It never fetches anything from another origin.

const BUILD = 'draughts-build-';
const POINTER = 'draughts-current';
const MODULES = [
  'www/main.js', 'www/engine.js', 'www/game.js', 'www/controller.js', 'www/board-view.js', 'www/input.js',
  'www/panels.js', 'www/storage.js', 'www/library-db.js', 'www/library.js', 'www/new-game.js', 'www/online.js', 'www/rtc.js', 'www/pdn-io.js', 'www/dialogs.js', 'www/explorer.js', 'www/computer.js', 'www/engine-worker.js', 'www/engine-helper.js', 'www/share.js', 'www/editor.js', 'www/lessons.js', 'www/puzzles.js', 'www/trainer-board.js', 'www/trainer-panel.js', 'www/lazy-wasm.js', 'www/analysis.js', 'www/sound.js',
  'www/settings.js', 'www/i18n.js', 'www/lang/en.js', 'www/clock.js', 'www/endgame-tables.js', 'www/egdb-store.js',
  'manifest.webmanifest', 'www/icon.svg',
  'www/icon-192.png', 'www/icon-512.png',
];
const PAGE = new URL('./', self.location).href;

/**
 * The page's own files and the hashed files its HTML references, as absolute URLs; the computer's
 * threaded module only where the page is served cross-origin isolated (`isolated`), the only place
 * it runs (computer.js).
 */
function references(html, isolated) {
  const refs = new Set(MODULES.map((u) => new URL(u, PAGE).href));
  // Attribute values quoted or not (Trunk minifies the page), and the loader's './…' strings.
  for (const m of html.matchAll(/(?:href|src)=(?:"([^"#]+)"|([^\s>"'#]+))|'(\.\/[^']+)'/g)) {
    const url = m[1] || m[2] || m[3];
    if (url.startsWith('data:') || /^[a-z]+:\/\//i.test(url)) continue;
    if (!isolated && /(^|\/)engine-threads-/.test(url)) continue;
    refs.add(new URL(url, PAGE).href);
  }
  return refs;
}

/** A short hash of a build's page, naming its cache. */
function hashOf(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(16).padStart(8, '0');
}

/** The name of the build in use, or null before the first. */
async function current() {
  const hit = await (await caches.open(POINTER)).match('current');
  return hit ? hit.text() : null;
}

/** The build that served each page (its client id), so the page's files come from it too. */
const served = new Map();

/**
 * Fetches the page and, when it is not the build in use, everything it references into a cache
 * of its own; then points to it. A failure leaves the build in use as it was.
 */
async function refresh() {
  const res = await fetch(PAGE, { cache: 'no-store' });
  if (!res.ok) return;
  const html = await res.clone().text();
  const name = BUILD + hashOf(html);
  const before = await current();
  if (name === before) return;
  // The headers that make the page cross-origin isolated (server.mjs --isolated).
  const isolated = res.headers.get('cross-origin-embedder-policy') === 'require-corp';
  const refs = references(html, isolated);
  const files = await Promise.all(
    [...refs].map(async (url) => {
      const r = await fetch(url, { cache: 'no-store' });
      if (!r.ok) throw new Error(`${url}: ${r.status}`);
      return [url, r];
    }),
  );
  const cache = await caches.open(name);
  for (const [url, r] of files) await cache.put(url, r);
  await cache.put(PAGE, res);
  await (await caches.open(POINTER)).put('current', new Response(name));
  // Builds older than the previous one are no longer in use by any page.
  for (const key of await caches.keys()) {
    if (key !== name && key !== before && key !== POINTER) await caches.delete(key);
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
      // Caches of earlier versions of this worker (one cache for every build) go.
      for (const key of await caches.keys()) if (!key.startsWith(BUILD) && key !== POINTER) await caches.delete(key);
      await self.clients.claim();
    })(),
  );
});

/** A hashed build file: its contents never change under its name. */
function isHashed(url) {
  return /-[0-9a-f]{16}(_bg)?\.(js|wasm|css|bin)$/.test(url.pathname);
}

self.addEventListener('fetch', (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (req.method !== 'GET' || url.origin !== self.location.origin) return;
  if (req.mode === 'navigate' || url.href === PAGE || url.href === PAGE + 'index.html') {
    const answer = (async () => {
      const name = await current();
      const hit = name && (await (await caches.open(name)).match(PAGE));
      if (!hit) return fetch(req);
      if (event.resultingClientId) served.set(event.resultingClientId, name);
      return hit;
    })();
    event.respondWith(answer);
    // Revalidated after the answer, for the next load.
    event.waitUntil(answer.then(() => refresh()).catch(() => {}));
    return;
  }
  event.respondWith(
    (async () => {
      const name = served.get(event.clientId) || (await current());
      const cache = name ? await caches.open(name) : null;
      // A hashed file is the same in every build: the previous build's will do (a worker of a
      // page loaded before the switch asks for its own build's engine).
      const hit =
        (cache && (await cache.match(req, { ignoreSearch: !isHashed(url) }))) || (isHashed(url) && (await caches.match(req)));
      if (hit) return hit;
      const res = await fetch(req);
      if (res.ok && cache) cache.put(req, res.clone());
      return res;
    })(),
  );
});
