// Playwright's test runner for the end-to-end test of the built site (dist/), in Debian's Chromium
// (no browser download). `npx playwright test -c tests/e2e` (or `npm run e2e`); one spec:
// `npx playwright test -c tests/e2e board`; one viewport: `--project=phone`.
//
// A project per viewport. Each spec group says where it runs with tags (devices.mjs' `on()`), and a
// project runs the tests tagged with its name. The `measurements` project prints sizes and
// timings; it waits for the four others so that it measures on a quiet machine, one test at a time.

import { defineConfig } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS, VIEWPORTS } from './devices.mjs';

const viewport = (name) => ({
  name,
  use: VIEWPORTS[name],
  grep: new RegExp(`@${name}\\b`),
  testIgnore: /measurements\.spec/,
});

export default defineConfig({
  testDir: '.',
  testMatch: /.*\.spec\.mjs$/,
  // Traces, failure screenshots and the screens/ the specs take.
  outputDir: '../../target/e2e',
  globalSetup: './global-setup.mjs',
  fullyParallel: true,
  retries: 0,
  workers: 2, // the machine has 2 cores
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['./figures-reporter.mjs'], ['list']],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    actionTimeout: 15_000,
  },
  projects: [
    viewport('desktop'),
    viewport('phone'),
    viewport('small-phone'),
    viewport('landscape'),
    {
      name: 'measurements',
      testMatch: /measurements\.spec\.mjs$/,
      dependencies: ['desktop', 'phone', 'small-phone', 'landscape'],
      fullyParallel: false,
      workers: 1,
    },
  ],
});
