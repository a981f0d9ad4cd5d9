// Measures the page's endgame table builds in Chromium (the built dist/, served on loopback):
// for each variant, a position whose tables are every table of the page's size, the analysis
// switched on, and the build timed from its start to its last table stored. Prints the tables,
// the time, the bytes stored and the builder's wasm memory at the end.
// Usage: node bench/egdb-wasm.mjs [variant…]   (after trunk build --release; default: both)
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, DIST, PREFIX } from '../tests/e2e/devices.mjs';
import { startServer } from '../tests/e2e/server.mjs';

const SETS = [
  ['english', 'W:W21,22,23,24:B9,10,11,12'],
  ['international', 'W:W31,32,33,34:B17,18,19'],
];

const server = await startServer({ dir: DIST, port: 0, prefix: PREFIX });
const base = `http://127.0.0.1:${server.address().port}${PREFIX}`;
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
const only = process.argv.slice(2);
for (const [variant, fen] of SETS.filter(([v]) => !only.length || only.includes(v))) {
  const page = await (await browser.newContext()).newPage();
  await page.goto(base);
  await page.waitForFunction(() => window.draughts?.tables);
  await page.selectOption('#variant', variant);
  await page.click('#import-pdn');
  await page.fill('#import-text', fen);
  await page.click('#import-load');
  await page.click('#analysis');
  const r = await page.waitForFunction(() => window.draughts.tables.lastBuild, null, { timeout: 0, polling: 1000 });
  const build = await r.jsonValue();
  const bytes = await page.evaluate(async () => (await import('./www/egdb-store.js')).size());
  console.log(
    `${variant}: ${build.total} tables in ${(build.ms / 1000).toFixed(1)} s, ${(bytes / 1e6).toFixed(1)} MB stored, builder memory ${(build.memory / 1e6).toFixed(0)} MB`,
  );
  await page.context().close();
}
await browser.close();
server.close();
