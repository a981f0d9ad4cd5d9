// The fixtures every spec uses: `import { test, expect } from './fixtures.mjs'`.
//
// - `site` (one per worker): dist/ served by server.mjs under a sub-path, since the site must work
//   from any sub-path; it sets `baseURL`, so `page.goto('./')` opens the site. Cross-origin
//   isolated (as a host that lets the computer use threads) with `test.use({ isolated: true })`.
// - `page`: a fresh page (fresh context: empty storage, no service worker yet) that records
//   console errors, uncaught exceptions and requests; the test fails if any error appears or any
//   request leaves the origin.
// - `traffic`: what that page recorded (`errors`, `foreign`, `requests` URLs in order).
// - `app`: helpers.mjs' App over the page: taps on touch viewports, clicks on desktop.

import { test as base, expect } from '@playwright/test';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DIST, PREFIX } from './devices.mjs';
import { App } from './helpers.mjs';
import { startServer } from './server.mjs';

export const test = base.extend({
  // `test.use({ isolated: true })`: the site is served cross-origin isolated (server.mjs).
  isolated: [false, { option: true, scope: 'worker' }],

  site: [
    async ({ isolated }, use) => {
      if (!existsSync(join(DIST, 'index.html'))) throw new Error(`${DIST}/index.html is missing: run trunk build --release`);
      const server = await startServer({ dir: DIST, port: 0, prefix: PREFIX, isolated });
      const origin = `http://127.0.0.1:${server.address().port}`;
      await use({ origin, base: origin + PREFIX, dist: DIST, prefix: PREFIX });
      await new Promise((ok) => server.close(ok));
    },
    { scope: 'worker' },
  ],

  baseURL: async ({ site }, use) => use(site.base),

  traffic: async ({}, use) => use({ errors: [], foreign: [], requests: [] }),

  page: async ({ page, site, traffic }, use) => {
    page.on('console', (m) => {
      if (m.type() === 'error') traffic.errors.push(m.text());
    });
    page.on('pageerror', (e) => traffic.errors.push(e.message));
    page.on('request', (r) => {
      const u = r.url();
      if (u.startsWith('data:') || u.startsWith('blob:')) return;
      if (u.startsWith(site.origin)) traffic.requests.push(u);
      else traffic.foreign.push(u);
    });
    await use(page);
    expect(traffic.errors, 'no console errors').toEqual([]);
    expect(traffic.foreign, 'no request leaves the origin').toEqual([]);
  },

  app: async ({ page, hasTouch }, use, testInfo) => {
    await use(new App(page, { touch: !!hasTouch, project: testInfo.project.name, outputDir: testInfo.project.outputDir }));
  },
});

export { expect };
