// The site, the browser and the viewports of the end-to-end test, shared by the config, the global
// setup and the specs (measurements.spec.mjs measures the desktop and the phone in one project).

import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** DIST_DIR: test another build (e.g. one made with `trunk build --release --dist DIR`). */
export const DIST = resolve(process.env.DIST_DIR || join(ROOT, 'dist'));
/** The site is served under this sub-path: it must work from any sub-path. */
export const PREFIX = '/some/sub/path/';

/** Debian's Chromium (no browser download): set CHROMIUM to use another binary. */
export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

/** Chromium as root needs --no-sandbox; the rest keeps it quiet and off the network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** One project per viewport (playwright.config.mjs); specs pick theirs with these tags. */
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
export const SMALL_PHONE = { viewport: { width: 320, height: 568 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
export const LANDSCAPE = { viewport: { width: 844, height: 390 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
export const DESKTOP = { viewport: { width: 1366, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 };

export const VIEWPORTS = { desktop: DESKTOP, phone: PHONE, 'small-phone': SMALL_PHONE, landscape: LANDSCAPE };

/** Tags for `test.describe(title, on('desktop', 'phone'), ...)`: the projects a group runs in. */
export const on = (...projects) => ({ tag: projects.map((p) => `@${p}`) });
export const ALL_VIEWPORTS = Object.keys(VIEWPORTS);
